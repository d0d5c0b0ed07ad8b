// Loaders of @tactica/decision: every definition compiler and validator (behaviour trees, state
// machines, utility, rules, resource rules, fuzzy systems, post selectors, personalities), MLP
// weights, and every restore of saved running state (trees, machines, blackboards, fuzzy and rule
// states). Restores run into a live target whose hash must not change when the input is rejected.
import { createRng, createSnapshotCodecs, registerSnapshotCodec, restoreSnapshot, saveSnapshot } from "@tactica/core";
import {
  BtStatus,
  createBehaviorTree,
  createBlackboard,
  createFuzzyState,
  createFuzzySystem,
  createMachineState,
  createMlp,
  createPersonality,
  createPostSelector,
  createResourceRules,
  createResourceWorld,
  createRuleEngine,
  createRuleState,
  createStateMachine,
  createTreeState,
  createUtilitySet,
  dispatchMachineEvent,
  fuzzify,
  inferFuzzy,
  mlpFromJson,
  mlpToJson,
  postMachineEvent,
  restoreBlackboard,
  restoreFuzzyState,
  restoreMachine,
  restoreRuleState,
  restoreTree,
  queryRules,
  runRuleCycle,
  saveBlackboard,
  saveFuzzyState,
  saveMachine,
  saveRuleState,
  saveTree,
  setRuleFact,
  startMachine,
  tickTree,
  validateBehaviorTree,
  validateFuzzySystem,
  validateResourceRules,
  validateRuleBase,
  validateStateMachine,
  validateUtility,
  writeBlackboard,
  type BehaviorTreeDefinition,
  type Blackboard,
  type BlackboardSnapshot,
  type BtSnapshot,
  type BtState,
  type FuzzySnapshot,
  type FuzzyState,
  type FuzzySystemDefinition,
  type MachineSnapshot,
  type MachineState,
  type PersonalityDefinition,
  type PostSelectorDefinition,
  type ResourceRulesDefinition,
  type RuleBaseDefinition,
  type RuleSnapshot,
  type RuleState,
  type StateMachineDefinition,
  type UtilityDefinition,
  createMachineSnapshotCodec,
  treeSnapshotCodec,
} from "@tactica/decision";
import fc from "fast-check";
import type { LoaderCase } from "../kit";

const PKG = "decision";

/** Validators must never throw: they return a list of issues for any JSON value. */
function mustList(v: unknown, what: string): void {
  if (!Array.isArray(v)) throw new Error(`${what} did not return an issue list`);
}

/** Nests `leaf` `depth` times with `wrap`. */
function nest(depth: number, leaf: unknown, wrap: (inner: unknown) => unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = wrap(v);
  return v;
}

// ----------------------------------------------------------------------------------------------------
// Behaviour trees

const btBindings = {
  actions: { run: () => BtStatus.Success, work: () => BtStatus.Running },
  conditions: { ok: () => true, low: () => false },
  blackboard: { hp: "number", alert: "boolean", target: "string" },
} as const;

const trees: BehaviorTreeDefinition[] = [
  {
    version: 1,
    root: {
      type: "selector",
      children: [
        {
          type: "sequence",
          children: [
            { type: "condition", condition: "ok" },
            { type: "action", action: "run" },
          ],
        },
        { type: "wait", duration: 1 },
      ],
    },
  },
  {
    version: 1,
    root: {
      type: "parallel",
      children: [
        { type: "repeat", count: 3, child: { type: "action", action: "work" } },
        { type: "compare", key: "hp", op: "<", value: 30 },
        { type: "cooldown", duration: 2, child: { type: "set", key: "alert", value: true } },
      ],
    },
  } as unknown as BehaviorTreeDefinition,
];

const treeWrong: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 150, max: 800 }).map((d) => ({ version: 1, root: nest(d, { type: "wait", duration: 1 }, (c) => ({ type: "inverter", child: c })) })),
  fc.constantFrom("missing", "constructor", "__proto__", "toString").map((a) => ({ version: 1, root: { type: "action", action: a } })),
  fc.constantFrom("nope", "constructor", "__proto__").map((k) => ({ version: 1, root: { type: "compare", key: k, value: 1 } })),
  fc.integer({ min: -5, max: 1e9 }).map((n) => ({ version: 1, root: { type: "repeat", count: n, child: { type: "action", action: "run" } } })),
  fc
    .nat({ max: 20_000 })
    .map((n) => ({ version: 1, root: { type: "sequence", children: Array.from({ length: n % 3000 }, () => ({ type: "action", action: "run" })) } })),
);

const btCreate: LoaderCase<unknown> = {
  pkg: PKG,
  name: "createBehaviorTree",
  covers: ["createBehaviorTree", "validateBehaviorTree"],
  kind: "json",
  // Mutated definitions are large (nested, duplicated subtrees): fewer in the unit suite; `pnpm fuzz` runs 100,000.
  ciRuns: 800,
  seeds: trees,
  wrong: treeWrong,
  load(input) {
    mustList(validateBehaviorTree(input, btBindings), "validateBehaviorTree");
    return createBehaviorTree(input as BehaviorTreeDefinition, btBindings);
  },
};

const tree = createBehaviorTree(trees[0]!, btBindings);
function liveTree(): BtState {
  const s = createTreeState(tree);
  tickTree(s, tree, null, 0.25);
  tickTree(s, tree, null, 0.25);
  return s;
}
const btSeeds = [saveTree(createTreeState(tree)), saveTree(liveTree())];

const btRestore: LoaderCase<unknown> = {
  pkg: PKG,
  name: "restoreTree",
  kind: "json",
  ciRuns: 1000,
  seeds: btSeeds,
  wrong: fc.record({ time: fc.double(), ticks: fc.integer({ min: -10, max: 1e12 }) }).map((o) => ({ ...btSeeds[1]!, ...o })),
  target: {
    create: () => liveTree(),
    hash: (t) => JSON.stringify(saveTree(t as BtState)),
    restore: (t, input) => {
      restoreTree(t as BtState, input as BtSnapshot);
      tickTree(t as BtState, tree, null, 0.1);
    },
  },
};

// ----------------------------------------------------------------------------------------------------
// State machines

const machineCallbacks = { callbacks: { log: () => undefined }, guards: { yes: () => true } };
const machines: StateMachineDefinition[] = [
  {
    version: 1,
    initial: "idle",
    states: {
      idle: {
        onEnter: "log",
        transitions: [
          { event: "see", to: "combat" },
          { event: "hurt", to: "combat", push: true },
        ],
      },
      combat: {
        history: "shallow",
        states: { aim: { transitions: [{ after: 0.5, to: "fire" }] }, fire: { transitions: [{ event: "empty", to: "aim", guard: "yes" }] } },
        transitions: [
          { event: "lost", to: "idle" },
          { event: "back", pop: true },
        ],
      },
    },
  },
  { version: 1, states: { a: { transitions: [{ to: "b" }] }, b: { transitions: [{ after: 1, to: "a", action: "log" }] } } },
];

const machineWrong: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 150, max: 800 }).map((d) => ({ version: 1, states: nest(d, { leaf: {} }, (s) => ({ n: { states: s } })) })),
  fc.constantFrom("nowhere", "constructor", "__proto__", "toString").map((to) => ({ version: 1, states: { a: { transitions: [{ event: "e", to }] } } })),
  fc.constantFrom("nowhere", "constructor", "valueOf").map((initial) => ({ version: 1, initial, states: { a: {}, b: {} } })),
  fc.constantFrom("nowhere", "hasOwnProperty").map((g) => ({ version: 1, states: { a: { transitions: [{ to: "a", guard: g }] } } })),
  fc.double().map((after) => ({ version: 1, states: { a: { transitions: [{ after, to: "a" }] } } })),
);

const fsmCreate: LoaderCase<unknown> = {
  pkg: PKG,
  name: "createStateMachine",
  covers: ["createStateMachine", "validateStateMachine"],
  kind: "json",
  ciRuns: 1000,
  seeds: machines,
  wrong: machineWrong,
  load(input) {
    mustList(validateStateMachine(input, machineCallbacks), "validateStateMachine");
    return createStateMachine(input as StateMachineDefinition, machineCallbacks);
  },
};

const machine = createStateMachine(machines[0]!, machineCallbacks);
function liveMachine(): MachineState {
  const s = createMachineState(machine, { stackCapacity: 4, queueCapacity: 4 });
  startMachine(s, machine, null);
  dispatchMachineEvent(s, machine, null, "hurt");
  postMachineEvent(s, machine, "lost", { delay: 2 });
  postMachineEvent(s, machine, "see", { delay: 3 });
  return s;
}
const fsmSeeds = [saveMachine(liveMachine(), machine), saveMachine(createMachineState(machine), machine)];

const fsmRestore: LoaderCase<unknown> = {
  pkg: PKG,
  name: "restoreMachine",
  kind: "json",
  seeds: fsmSeeds,
  wrong: fc.oneof(
    fc.record({ time: fc.double(), timeInState: fc.double() }).map((o) => ({ ...fsmSeeds[0]!, ...o })),
    fc.array(fc.constantFrom("idle", "aim", "fire", "combat", "x", "__proto__"), { minLength: 0, maxLength: 8 }).map((stack) => ({ ...fsmSeeds[0]!, stack })),
    fc.array(fc.integer({ min: -2, max: 5 }), { minLength: 4, maxLength: 4 }).map((remembered) => ({ ...fsmSeeds[0]!, remembered })),
  ),
  target: {
    create: () => liveMachine(),
    hash: (t) => JSON.stringify(saveMachine(t as MachineState, machine)),
    restore: (t, input) => {
      restoreMachine(t as MachineState, machine, input as MachineSnapshot);
    },
  },
};

// ----------------------------------------------------------------------------------------------------
// Blackboards

const bbSchema = { hp: "number", alert: "boolean", target: "string" } as const;
function liveBoard(): Blackboard {
  const bb = createBlackboard(bbSchema, { hp: 50 });
  writeBlackboard(bb, "target", "door");
  writeBlackboard(bb, "alert", true);
  return bb;
}
const bbSeeds = [saveBlackboard(liveBoard()), saveBlackboard(createBlackboard(bbSchema))];

const bbRestore: LoaderCase<unknown> = {
  pkg: PKG,
  name: "restoreBlackboard",
  kind: "json",
  seeds: bbSeeds,
  wrong: fc.array(fc.oneof(fc.double(), fc.constantFrom(0, 1, 2, -1)), { minLength: 3, maxLength: 3 }).map((num) => ({ ...bbSeeds[0]!, num })),
  target: {
    create: () => liveBoard(),
    hash: (t) => JSON.stringify(saveBlackboard(t as Blackboard)),
    restore: (t, input) => restoreBlackboard(t as Blackboard, input as BlackboardSnapshot),
  },
};

// ----------------------------------------------------------------------------------------------------
// Utility

const utilities: UtilityDefinition[] = [
  {
    version: 1,
    inputs: ["hunger", "threat", "fleeRank"],
    options: [
      {
        name: "eat",
        considerations: [
          { input: "hunger", curve: { type: "logistic", m: 12, c: 0.5 } },
          { input: "threat", curve: { type: "linear", m: -1, b: 1 } },
        ],
      },
      { name: "flee", rankInput: "fleeRank", considerations: [{ input: "threat", curve: { type: "step", threshold: 0.6, low: 0, high: 1 } }] },
    ],
    selection: { mode: "dual", cutoff: 0.3, momentum: 0.25 },
  } as unknown as UtilityDefinition,
  {
    version: 1,
    inputs: ["health", "enemyDistance"],
    options: [
      { name: "heal", considerations: [{ input: "health", curve: { type: "linear", m: -1, b: 1 } }] },
      { name: "attack", considerations: [{ input: "enemyDistance", curve: { type: "linear", m: -1, b: 1, input: { min: 0, max: 50 } } }] },
    ],
  } as unknown as UtilityDefinition,
];

const utilityCreate: LoaderCase<unknown> = {
  pkg: PKG,
  name: "createUtilitySet",
  covers: ["createUtilitySet", "validateUtility"],
  kind: "json",
  ciRuns: 1000,
  seeds: utilities,
  wrong: fc.oneof(
    fc.constantFrom("nowhere", "constructor", "__proto__").map((input) => ({
      version: 1,
      inputs: ["a"],
      options: [{ name: "x", considerations: [{ input, curve: { type: "linear", m: 1, b: 0 } }] }],
    })),
    fc.nat({ max: 100_000 }).map((n) => ({ version: 1, inputs: Array.from({ length: n % 5000 }, (_, i) => `i${i % 7}`), options: [] })),
  ),
  load(input) {
    mustList(validateUtility(input), "validateUtility");
    return createUtilitySet(input as UtilityDefinition);
  },
};

// ----------------------------------------------------------------------------------------------------
// Production rules

const ruleBases: RuleBaseDefinition[] = [
  {
    version: 1,
    facts: { health: 100, enemyVisible: false, ammo: 10, state: 0 },
    strategy: "weighted",
    refraction: false,
    rules: [
      {
        name: "flee",
        salience: 10,
        when: [
          { fact: "health", op: "<", value: 30 },
          { fact: "enemyVisible", value: true },
        ],
        then: [{ set: "state", value: 3 }],
      },
      {
        name: "attack",
        salience: 5,
        when: [
          { fact: "enemyVisible", value: true },
          { fact: "ammo", op: ">", value: 0 },
        ],
        then: [
          { set: "state", value: 2 },
          { add: "ammo", value: -1 },
        ],
      },
      {
        name: "check",
        when: [
          { test: "far", reads: ["health"], args: { r: 5 } },
          { fact: "ammo", op: ">=", otherFact: "state" },
        ],
        then: [{ call: "bark", args: { line: "hey" } }],
      },
      { name: "idle", when: [], then: [{ set: "state", value: 0 }] },
    ],
    fallback: "idle",
  },
];
// Symbolic facts, a key fact and the specificity strategy (Valve's dynamic-dialog query).
const dialogBase: RuleBaseDefinition = {
  version: 1,
  facts: { concept: "", "speaker.class": "", "speaker.health": 100, friendly: false },
  keyFact: "concept",
  strategy: "specificity",
  rules: [
    { name: "hit", when: [{ fact: "concept", value: "onHit" }], then: [] },
    {
      name: "hit-medic",
      when: [
        { fact: "concept", value: "onHit" },
        { fact: "speaker.class", value: "medic" },
      ],
      then: [],
      weight: 2,
    },
    {
      name: "hit-not-medic-low",
      when: [
        { fact: "concept", value: "onHit" },
        { fact: "speaker.class", op: "!=", value: "medic" },
        { fact: "speaker.health", op: "<", value: 30 },
      ],
      then: [{ set: "speaker.class", value: "wounded" }],
    },
    { name: "same-class", when: [{ fact: "speaker.class", otherFact: "concept" }], then: [{ add: "speaker.health", value: -1 }] },
  ],
};
ruleBases.push(dialogBase);

const ruleBindings = {
  tests: { far: () => true },
  actions: { bark: () => undefined },
};

const rulesCreate: LoaderCase<unknown> = {
  pkg: PKG,
  name: "createRuleEngine",
  covers: ["createRuleEngine", "validateRuleBase"],
  kind: "json",
  seeds: ruleBases,
  wrong: fc.oneof(
    fc
      .constantFrom("nowhere", "constructor", "__proto__", "toString")
      .map((fact) => ({ version: 1, facts: { a: 1 }, rules: [{ name: "r", when: [{ fact, value: 1 }], then: [] }] })),
    fc.constantFrom("nowhere", "constructor", "valueOf").map((call) => ({ version: 1, facts: {}, rules: [{ name: "r", when: [], then: [{ call }] }] })),
    fc.constantFrom("nowhere", "constructor").map((fallback) => ({ version: 1, facts: {}, rules: [{ name: "r", when: [], then: [] }], fallback })),
    fc.nat({ max: 50 }).map((n) => ({ version: 1, facts: {}, rules: Array.from({ length: n }, () => ({ name: "same", when: [], then: [] })) })),
    // Symbol misuse: ordering on a symbol, a string on a numeric fact, a numeric or missing key fact.
    fc.constantFrom("<", "<=", ">", ">=").map((op) => ({ ...dialogBase, rules: [{ name: "r", when: [{ fact: "concept", op, value: "x" }], then: [] }] })),
    fc
      .constantFrom<unknown>("x", 1, true, null)
      .map((value) => ({ ...dialogBase, rules: [{ name: "r", when: [{ fact: "speaker.health", value }], then: [{ set: "concept", value }] }] })),
    fc.constantFrom("speaker.health", "friendly", "nowhere", "__proto__", "").map((keyFact) => ({ ...dialogBase, keyFact })),
  ),
  load(input) {
    mustList(validateRuleBase(input, ruleBindings), "validateRuleBase");
    const engine = createRuleEngine(input as RuleBaseDefinition, ruleBindings);
    const state = createRuleState(engine, { seed: 1 });
    runRuleCycle(state, engine);
    queryRules(state, engine, createRng(1));
    return engine;
  },
};

const engine = createRuleEngine(ruleBases[0]!, ruleBindings);
function liveRules(): RuleState {
  const s = createRuleState(engine, { seed: 3, maxFirings: 2 });
  runRuleCycle(s, engine);
  setRuleFact(s, engine, "enemyVisible", true);
  runRuleCycle(s, engine);
  setRuleFact(s, engine, "health", 20);
  return s;
}
const ruleSeeds = [saveRuleState(liveRules(), engine), saveRuleState(createRuleState(engine), engine)];

const rulesRestore: LoaderCase<unknown> = {
  pkg: PKG,
  name: "restoreRuleState",
  kind: "json",
  ciRuns: 1000,
  seeds: ruleSeeds,
  wrong: fc.oneof(
    fc.array(fc.integer({ min: -1, max: 2 }), { minLength: 5, maxLength: 5 }).map((truth) => ({ ...ruleSeeds[0]!, truth })),
    fc.array(fc.integer({ min: -1, max: 2 }), { minLength: 4, maxLength: 4 }).map((fired) => ({ ...ruleSeeds[0]!, fired })),
    fc.array(fc.integer({ min: -1, max: 5 }), { minLength: 0, maxLength: 6 }).map((dirty) => ({ ...ruleSeeds[0]!, dirty })),
  ),
  target: {
    create: () => liveRules(),
    hash: (t) => JSON.stringify(saveRuleState(t as RuleState, engine)),
    restore: (t, input) => {
      restoreRuleState(t as RuleState, engine, input as RuleSnapshot);
      runRuleCycle(t as RuleState, engine);
    },
  },
};

const dialogEngine = createRuleEngine(dialogBase);
function liveDialog(): RuleState {
  const s = createRuleState(dialogEngine, { seed: 5 });
  setRuleFact(s, dialogEngine, "concept", "onHit");
  setRuleFact(s, dialogEngine, "speaker.class", "ghost");
  setRuleFact(s, dialogEngine, "speaker.health", 10);
  runRuleCycle(s, dialogEngine);
  return s;
}
const dialogSeeds = [saveRuleState(liveDialog(), dialogEngine), saveRuleState(createRuleState(dialogEngine), dialogEngine)];

const rulesRestoreSymbolic: LoaderCase<unknown> = {
  pkg: PKG,
  name: "restoreRuleState(symbolic facts)",
  kind: "json",
  ciRuns: 1000,
  seeds: dialogSeeds,
  wrong: fc
    .constantFrom<unknown>(3, -1, true, {}, ["onHit"], "never-mentioned", null)
    .map((concept) => ({ ...dialogSeeds[0]!, facts: { ...dialogSeeds[0]!.facts, concept } })),
  target: {
    create: () => liveDialog(),
    hash: (t) => JSON.stringify(saveRuleState(t as RuleState, dialogEngine)),
    restore: (t, input) => {
      restoreRuleState(t as RuleState, dialogEngine, input as RuleSnapshot);
      queryRules(t as RuleState, dialogEngine, createRng(2));
    },
  },
};

// ----------------------------------------------------------------------------------------------------
// Resource rules (1849): JSON whose statements are a small text language

const resourceSets: ResourceRulesDefinition[] = [
  {
    version: 1,
    resources: ["workers", "meat", "leather", "fire-hazard"],
    rules: {
      doWork: { outputs: ["unit 6 meat", "unit 6 leather", "map 0.04 fire-hazard max 1"] },
      deliverWork: {
        every: 5,
        checks: ["unit workers > 0"],
        inputs: ["unit 20 leather"],
        outputs: ["player 20 leather"],
        success: ["_ spawn-walker kind cart speed 2"],
        failedInputs: ["_ spawn-walker kind empty"],
      },
    },
  },
];
const resourceActions = { "spawn-walker": () => undefined };

const resourceCreate: LoaderCase<unknown> = {
  pkg: PKG,
  name: "createResourceRules",
  covers: ["createResourceRules", "validateResourceRules"],
  kind: "json",
  seeds: resourceSets,
  wrong: fc.oneof(
    fc.constantFrom("unit 5 gold", "planet 1 meat", "unit x meat", "unit 1e309 meat", "unit -1 meat max", "", "unit 1 constructor").map((o) => ({
      version: 1,
      resources: ["meat"],
      rules: { r: { outputs: [o] } },
    })),
    fc.constantFrom("_ nothing", "_ constructor", "_ __proto__", "_").map((a) => ({ version: 1, resources: ["meat"], rules: { r: { success: [a] } } })),
    fc.integer({ min: -5, max: 1e12 }).map((every) => ({ version: 1, resources: ["meat"], rules: { r: { every } } })),
  ),
  load(input) {
    mustList(validateResourceRules(input, resourceActions), "validateResourceRules");
    return createResourceWorld(createResourceRules(input as ResourceRulesDefinition, resourceActions));
  },
};

// ----------------------------------------------------------------------------------------------------
// Fuzzy systems

const fuzzySystems: FuzzySystemDefinition[] = [
  {
    version: 1,
    variables: {
      distance: {
        sets: {
          close: { type: "leftShoulder", points: [0, 25, 150] },
          medium: { type: "triangle", points: [25, 150, 300] },
          far: { type: "rightShoulder", points: [150, 300, 1000] },
        },
      },
      ammo: {
        sets: {
          low: { type: "triangle", points: [0, 0, 10] },
          okay: { type: "trapezoid", points: [0, 10, 20, 30] },
          loads: { type: "rightShoulder", points: [10, 30, 100] },
        },
        range: [0, 100],
      },
      desirability: {
        sets: {
          undesirable: { type: "leftShoulder", points: [0, 25, 50] },
          desirable: { type: "triangle", points: [25, 50, 75] },
          veryDesirable: { type: "rightShoulder", points: [50, 75, 100] },
          exact: { type: "singleton", points: [60] },
        },
      },
    },
    fams: [
      {
        inputs: ["distance", "ammo"],
        output: "desirability",
        table: [
          ["undesirable", "undesirable", "undesirable"],
          ["desirable", "veryDesirable", null],
          ["undesirable", "undesirable", "desirable"],
        ],
      },
    ],
    rules: [
      { if: { and: [{ very: { var: "distance", is: "far" } }, { not: { var: "ammo", is: "low" } }] }, then: { var: "desirability", is: "exact" }, weight: 0.5 },
      { if: { or: [{ fairly: { var: "distance", is: "close" } }, { var: "ammo", is: "okay" }] }, then: { var: "desirability", is: "desirable" } },
    ],
  },
];

const fuzzyCreate: LoaderCase<unknown> = {
  pkg: PKG,
  name: "createFuzzySystem",
  covers: ["createFuzzySystem", "validateFuzzySystem"],
  kind: "json",
  ciRuns: 1000,
  seeds: fuzzySystems,
  wrong: fc.oneof(
    fc.integer({ min: 150, max: 800 }).map((d) => ({
      version: 1,
      variables: { a: { sets: { s: { type: "singleton", points: [1] } } }, b: { sets: { t: { type: "singleton", points: [1] } } } },
      rules: [{ if: nest(d, { var: "a", is: "s" }, (e) => ({ not: e })), then: { var: "b", is: "t" } }],
    })),
    fc.constantFrom("nowhere", "constructor", "__proto__", "toString").map((v) => ({
      version: 1,
      variables: { a: { sets: { s: { type: "singleton", points: [1] } } } },
      fams: [{ inputs: [v, "a"], output: v, table: [[null]] }],
      rules: [{ if: { var: v, is: "valueOf" }, then: { var: "a", is: v } }],
    })),
    fc.array(fc.double(), { minLength: 0, maxLength: 5 }).map((points) => ({
      version: 1,
      variables: { a: { sets: { s: { type: "trapezoid", points } } }, b: { sets: { t: { type: "singleton", points: [0] } } } },
      rules: [{ if: { var: "a", is: "s" }, then: { var: "b", is: "t" } }],
    })),
  ),
  load(input) {
    mustList(validateFuzzySystem(input), "validateFuzzySystem");
    const sys = createFuzzySystem(input as FuzzySystemDefinition);
    const st = createFuzzyState(sys);
    for (let v = 0; v < sys.variables.length; v++) if (sys.isOutput[v] === 0) fuzzify(st, sys, v, 0.5);
    inferFuzzy(st, sys);
    return sys;
  },
};

const fuzzySys = createFuzzySystem(fuzzySystems[0]!);
function liveFuzzy(): FuzzyState {
  const st = createFuzzyState(fuzzySys);
  fuzzify(st, fuzzySys, "distance", 200);
  fuzzify(st, fuzzySys, "ammo", 8);
  inferFuzzy(st, fuzzySys);
  return st;
}
const fuzzySeeds = [saveFuzzyState(liveFuzzy(), fuzzySys), saveFuzzyState(createFuzzyState(fuzzySys), fuzzySys)];

const fuzzyRestore: LoaderCase<unknown> = {
  pkg: PKG,
  name: "restoreFuzzyState",
  kind: "json",
  seeds: fuzzySeeds,
  wrong: fc.array(fc.double(), { minLength: 10, maxLength: 10 }).map((dom) => ({ ...fuzzySeeds[0]!, dom })),
  target: {
    create: () => liveFuzzy(),
    hash: (t) => JSON.stringify(saveFuzzyState(t as FuzzyState, fuzzySys)),
    restore: (t, input) => restoreFuzzyState(t as FuzzyState, fuzzySys, input as FuzzySnapshot),
  },
};

// ----------------------------------------------------------------------------------------------------
// Post selectors and personalities (designer JSON)

const posts: PostSelectorDefinition[] = [
  {
    name: "cover",
    postType: "cover",
    criteria: [
      { criterion: "near", args: { radius: 10 } },
      { criterion: "hidden", weight: 0.5 },
    ],
  } as unknown as PostSelectorDefinition,
];
const postCriteria = { near: () => 1, hidden: () => 0.5 };

const postCreate: LoaderCase<unknown> = {
  pkg: PKG,
  name: "createPostSelector",
  kind: "json",
  seeds: posts,
  wrong: fc.constantFrom("nowhere", "constructor", "__proto__", "toString").map((criterion) => ({ name: "x", criteria: [{ criterion }] })),
  load: (input) => createPostSelector(input as PostSelectorDefinition, postCriteria),
};

const personalities: PersonalityDefinition[] = [
  {
    version: 1,
    traits: ["aggression", "safety", "gain"],
    archetypes: { coward: { safety: 1, aggression: -0.5 }, psycho: { aggression: 1 }, defender: { safety: 0.5, gain: 0.5 } },
  },
];

const personalityCreate: LoaderCase<unknown> = {
  pkg: PKG,
  name: "createPersonality",
  kind: "json",
  seeds: personalities,
  wrong: fc.constantFrom("nowhere", "constructor", "__proto__").map((t) => ({ version: 1, traits: ["a"], archetypes: { x: { [t]: 1 } } })),
  load: (input) => createPersonality(input as PersonalityDefinition),
};

// ----------------------------------------------------------------------------------------------------
// MLP weights

const mlpSeeds = [mlpToJson(createMlp([3, 4, 2], createRng(7))), mlpToJson(createMlp([1, 1], createRng(8)))];

const mlpLoad: LoaderCase<unknown> = {
  pkg: PKG,
  name: "mlpFromJson",
  kind: "json",
  seeds: mlpSeeds,
  wrong: fc.oneof(
    // Declared sizes that would allocate gigabytes, with short arrays.
    fc.array(fc.integer({ min: -3, max: 1 << 17 }), { minLength: 0, maxLength: 5 }).map((layers) => ({ layers, weights: [0.1, 0.2], biases: [0] })),
    fc.constantFrom([65536, 65536], [65536, 65536, 65536], [1e9, 1e9]).map((layers) => ({ layers, weights: [], biases: [] })),
  ),
  load: (input) => mlpFromJson(input),
};

// ----------------------------------------------------------------------------------------------------
// The snapshot envelope (core) over the tree and machine codecs: one save holding both.

const DECISION_CODECS = createSnapshotCodecs();
registerSnapshotCodec(DECISION_CODECS, "guard.tree", treeSnapshotCodec);
registerSnapshotCodec(DECISION_CODECS, "guard.fsm", createMachineSnapshotCodec(machine));

interface DecisionWorld {
  "guard.tree": BtState;
  "guard.fsm": MachineState;
}

const decisionWorld = (): DecisionWorld => ({ "guard.tree": liveTree(), "guard.fsm": liveMachine() });
const decisionEnvelope = (w: DecisionWorld, tick: number): unknown => JSON.parse(JSON.stringify(saveSnapshot(DECISION_CODECS, { ...w }, { tick })));
const goodDecision = decisionEnvelope(decisionWorld(), 7) as { sections: Record<string, { version: number; data: unknown }> };

const snapshotCodecs: LoaderCase<unknown> = {
  pkg: PKG,
  name: "treeSnapshotCodec+createMachineSnapshotCodec",
  kind: "json",
  ciRuns: 1000,
  seeds: [goodDecision, decisionEnvelope({ "guard.tree": createTreeState(tree), "guard.fsm": createMachineState(machine) }, 0)],
  // Well-formed but wrong: the sections swapped, a newer section version, a section missing.
  wrong: fc.oneof(
    fc.constant({ ...goodDecision, sections: { "guard.tree": goodDecision.sections["guard.fsm"], "guard.fsm": goodDecision.sections["guard.tree"] } }),
    fc.constant({ ...goodDecision, sections: { ...goodDecision.sections, "guard.fsm": { version: 2, data: goodDecision.sections["guard.fsm"]!.data } } }),
    fc.constant({ ...goodDecision, sections: { "guard.tree": goodDecision.sections["guard.tree"] } }),
  ),
  target: {
    create: decisionWorld,
    hash: (t) => JSON.stringify([saveTree((t as DecisionWorld)["guard.tree"]), saveMachine((t as DecisionWorld)["guard.fsm"], machine)]),
    restore: (t, input) => {
      restoreSnapshot(DECISION_CODECS, { ...(t as DecisionWorld) }, input);
      tickTree((t as DecisionWorld)["guard.tree"], tree, null, 0.1);
    },
  },
};

/** Every loader of the package, for the unit suite and `pnpm fuzz`. */
export const cases: readonly LoaderCase<unknown>[] = [
  btCreate,
  btRestore,
  fsmCreate,
  fsmRestore,
  bbRestore,
  utilityCreate,
  rulesCreate,
  rulesRestore,
  rulesRestoreSymbolic,
  resourceCreate,
  fuzzyCreate,
  fuzzyRestore,
  postCreate,
  personalityCreate,
  mlpLoad,
  snapshotCodecs,
];
