import {
  assertFinite,
  assertInteger,
  createRng,
  describeValue,
  invalidArgument,
  restoreRng,
  type Rng,
  rngNextFloat,
  type RngSnapshot,
  saveRng,
} from "@tactica/core";
import { indexRecord, IssueList, ownValue, throwDefinitionIssues, type DefinitionIssue } from "../definition-error";
import type { ConflictStrategy, RuleBaseDefinition } from "./definition";

/** A bound test: reads working memory through {@link getRuleFact}; returns whether it holds. */
export type RuleTest = (state: RuleState, engine: RuleEngine, args: Readonly<Record<string, unknown>>) => boolean;

/** A bound action, run when its rule fires (it may call {@link setRuleFact} on `state`). */
export type RuleCall = (state: RuleState, engine: RuleEngine, args: Readonly<Record<string, unknown>>, rule: number) => void;

/** Code that rule definitions refer to by name. */
export interface RuleBindings {
  /** Tests by name. */
  tests?: Readonly<Record<string, RuleTest>>;
  /** Actions by name. */
  actions?: Readonly<Record<string, RuleCall>>;
}

const OPS = ["<", "<=", "==", "!=", ">=", ">"] as const;
const STRATEGIES: readonly ConflictStrategy[] = ["salience", "order", "random", "weighted", "recency", "specificity"];
/** Most rules one rule base may hold. */
const MAX_RULES = 1 << 16;
/** Most facts one rule base may declare. */
const MAX_FACTS = 1 << 20;
const WHERE = "@tactica/decision";

/**
 * A compiled production-rule system (chapters 8–9): fact and rule tables, conditions indexed by
 * the facts they read, actions, salience, the conflict-resolution policy. Immutable and
 * shareable between agents; the working memory, the conflict set, weights and counters live in
 * a {@link RuleState} made by {@link createRuleState}.
 *
 * Matching is incremental (a Rete alpha network with counting joins, no variables): every
 * condition is indexed by the facts it reads, each rule keeps how many of its conditions hold,
 * and a fact change re-tests only the conditions on that fact. The conflict set is maintained
 * as the counts change, so a cycle costs O(changed facts × conditions per fact + matched rules),
 * not O(rules × conditions). Create with {@link createRuleEngine}.
 */
export interface RuleEngine {
  /** Fact names. */
  readonly factNames: readonly string[];
  /** Fact name → index (own keys only). */
  readonly factIndex: Readonly<Record<string, number>>;
  /** Initial value per fact. */
  readonly initialFacts: Float64Array;
  /** Rule names. */
  readonly ruleNames: readonly string[];
  /** Rule name → index (own keys only). */
  readonly ruleIndex: Readonly<Record<string, number>>;
  /** Salience per rule. */
  readonly salience: Float64Array;
  /** Initial weight per rule. */
  readonly initialWeight: Float64Array;
  /** 1 for unique rules. */
  readonly unique: Uint8Array;
  /** Number of conditions per rule. */
  readonly testCount: Int32Array;
  /** Default conflict-resolution strategy (a state may switch it). */
  readonly strategy: ConflictStrategy;
  /** Refraction on/off. */
  readonly refraction: boolean;
  /** Fallback rule index (-1 none). */
  readonly fallback: number;
  /**
   * Symbol table: every string the rule base mentions (symbolic facts' initial values, condition
   * constants, `set` values, `""` always), in order of first appearance. A symbolic fact holds
   * the index of its string here, or -1 for a string the rule base never mentions (such a value
   * equals no constant; `!=` every constant holds).
   */
  readonly symbols: readonly string[];
  /** Symbol string → index (own keys only). */
  readonly symbolIndex: Readonly<Record<string, number>>;
  /** 1 per symbolic fact, 0 per numeric fact. */
  readonly factKind: Uint8Array;
  /** Index of the key fact that buckets rules for `queryRules` (-1 none). */
  readonly keyFact: number;
  /** @internal Test and action tables. */
  readonly t: TestTables;
}

/** @internal Compiled condition and action tables (read-only). */
export interface TestTables {
  readonly rule: Int32Array;
  readonly op: Uint8Array;
  readonly fact: Int32Array;
  readonly other: Int32Array;
  readonly value: Float64Array;
  readonly fn: readonly (RuleTest | null)[];
  readonly args: readonly Readonly<Record<string, unknown>>[];
  readonly factStart: Int32Array;
  readonly factList: Int32Array;
  readonly volatile: Int32Array;
  readonly actStart: Int32Array;
  readonly actKind: Uint8Array;
  readonly actFact: Int32Array;
  readonly actValue: Float64Array;
  readonly actFn: readonly (RuleCall | null)[];
  readonly actArgs: readonly Readonly<Record<string, unknown>>[];
  /** First condition of each rule (conditions of rule r are `ruleTestStart[r] .. ruleTestStart[r + 1]`). */
  readonly ruleTestStart: Int32Array;
  /** Query buckets: bucket b lists `queryList[queryStart[b] .. queryStart[b + 1])`, most conditions first, then database order; the last bucket holds the rules without a key condition. */
  readonly queryStart: Int32Array;
  readonly queryList: Int32Array;
  /** Symbol id → query bucket (-1 none). */
  readonly keyBucket: Int32Array;
}

/**
 * The running state of a {@link RuleEngine} for one agent, as plain data (typed arrays, numbers,
 * a string and the seeded RNG's four words): working memory, per-condition truth, the conflict
 * set, refraction flags, weights, counters. It holds no functions and no reference to the engine,
 * so `structuredClone(state)` gives an independent copy that behaves exactly as the original.
 * Save with {@link saveRuleState}, restore with {@link restoreRuleState}.
 */
export interface RuleState {
  /** Working memory: value per fact. */
  readonly facts: Float64Array;
  /** Change sequence number of each fact's last change. */
  readonly factStamp: Float64Array;
  /** Weight per rule (mutable: training, dynamic scripting). */
  readonly weight: Float64Array;
  /** 1 when the rule takes part in matching (dynamic scripting switches rules on and off). */
  readonly enabled: Uint8Array;
  /** 1 per condition that currently holds. */
  readonly truth: Uint8Array;
  /** Number of conditions currently true per rule. */
  readonly satisfied: Int32Array;
  /** 1 when the rule fired during its current match (refraction). */
  readonly fired: Uint8Array;
  /** Highest change sequence among the rule's conditions (recency). */
  readonly ruleStamp: Float64Array;
  /** Times each rule fired. */
  readonly fireCount: Int32Array;
  /** Conflict set: matched rule indices (`matchedSize` used). */
  readonly matched: Int32Array;
  /** Position of each rule in `matched` (-1 when not matched). */
  readonly matchPos: Int32Array;
  /** Number of matched rules. */
  matchedSize: number;
  /** Facts changed since the last match (`dirtySize` used). */
  readonly dirty: Int32Array;
  /** 1 per fact queued in `dirty`. */
  readonly dirtyFlag: Uint8Array;
  /** Number of queued fact changes. */
  dirtySize: number;
  /** Change sequence counter. */
  seq: number;
  /** Scratch: rules picked in the current cycle. */
  readonly picked: Uint8Array;
  /** Rules fired by the last cycle (`lastFiredCount` used; the fallback included). */
  readonly lastFired: Int32Array;
  /** Number of entries in `lastFired`. */
  lastFiredCount: number;
  /** Cycles run. */
  cycles: number;
  /** Cycles in which no rule matched. */
  noMatchCount: number;
  /** Condition evaluations performed so far (the matching cost). */
  testsEvaluated: number;
  /** Conflict-resolution strategy (starts as the engine's). */
  strategy: ConflictStrategy;
  /** Generator for the random strategies. */
  readonly rng: Rng;
}

/**
 * Validates a rule base; returns problems by JSON path (empty when valid).
 * @param definition - The candidate rule base, typically parsed JSON of any shape; read only.
 * @param bindings - `tests` and `actions` by name; every `test` and `call` the rules name must be bound. Left out: none bound, so a rule naming
 *   one is reported.
 */
export function validateRuleBase(definition: unknown, bindings: RuleBindings = {}): DefinitionIssue[] {
  const L = new IssueList();
  if (!L.object("$", definition)) return L.issues;
  L.known("$", definition, ["version", "facts", "rules", "strategy", "refraction", "fallback", "keyFact"]);
  if (definition["version"] !== 1) L.add("$.version", "must be 1");
  const facts = definition["facts"];
  const factOk = (p: string, f: unknown): void => {
    if (L.string(p, f) && (facts === null || typeof facts !== "object" || Array.isArray(facts) || ownValue(facts as Record<string, unknown>, f) === undefined))
      L.add(p, `names undeclared fact ${describeValue(f)}`);
  };
  /** "symbol" for a declared symbolic fact, "number" for a numeric one, undefined otherwise. */
  const kindOf = (f: unknown): "symbol" | "number" | undefined => {
    if (typeof f !== "string" || facts === null || typeof facts !== "object" || Array.isArray(facts)) return undefined;
    const v = ownValue(facts as Record<string, unknown>, f);
    return v === undefined ? undefined : typeof v === "string" ? "symbol" : "number";
  };
  if (L.object("$.facts", facts)) {
    if (Object.keys(facts).length > MAX_FACTS) L.add("$.facts", `declares ${Object.keys(facts).length} facts; at most ${MAX_FACTS} are allowed`);
    for (const [k, v] of Object.entries(facts)) {
      if (typeof v !== "boolean" && typeof v !== "string") L.number(`$.facts.${k}`, v);
    }
  }
  const names = new Set<string>();
  if (L.array("$.rules", definition["rules"])) {
    if (definition["rules"].length > MAX_RULES) L.add("$.rules", `holds ${definition["rules"].length} rules; at most ${MAX_RULES} are allowed`);
    definition["rules"].forEach((r, i) => {
      const p = `$.rules[${i}]`;
      if (!L.object(p, r)) return;
      L.known(p, r, ["name", "when", "then", "salience", "weight", "unique"]);
      if (L.string(`${p}.name`, r["name"])) {
        if (names.has(r["name"])) L.add(`${p}.name`, `duplicates rule ${describeValue(r["name"])}`);
        names.add(r["name"]);
      }
      if (r["salience"] !== undefined) L.number(`${p}.salience`, r["salience"]);
      if (r["weight"] !== undefined) L.number(`${p}.weight`, r["weight"], 0);
      if (r["unique"] !== undefined) L.boolean(`${p}.unique`, r["unique"]);
      if (L.array(`${p}.when`, r["when"])) {
        r["when"].forEach((c, j) => {
          const cp = `${p}.when[${j}]`;
          if (!L.object(cp, c)) return;
          if ("test" in c) {
            L.known(cp, c, ["test", "reads", "args"]);
            if (L.string(`${cp}.test`, c["test"]) && typeof ownValue(bindings.tests, c["test"]) !== "function")
              L.add(`${cp}.test`, `names test ${describeValue(c["test"])}, which is not bound`);
            if (c["reads"] !== undefined && L.array(`${cp}.reads`, c["reads"])) c["reads"].forEach((f, k) => factOk(`${cp}.reads[${k}]`, f));
            if (c["args"] !== undefined) L.object(`${cp}.args`, c["args"]);
            return;
          }
          L.known(cp, c, ["fact", "op", "value", "otherFact"]);
          factOk(`${cp}.fact`, c["fact"]);
          if (c["op"] !== undefined) L.oneOf(`${cp}.op`, c["op"], OPS);
          const kind = kindOf(c["fact"]);
          if (kind === "symbol" && c["op"] !== undefined && c["op"] !== "==" && c["op"] !== "!=")
            L.add(`${cp}.op`, `compares symbolic fact ${describeValue(c["fact"])} with ${describeValue(c["op"])}; symbols support only "==" and "!="`);
          if ("otherFact" in c) {
            factOk(`${cp}.otherFact`, c["otherFact"]);
            if ("value" in c) L.add(cp, 'uses both "value" and "otherFact"');
            const other = kindOf(c["otherFact"]);
            if (kind !== undefined && other !== undefined && kind !== other)
              L.add(`${cp}.otherFact`, `compares a ${kind} fact with a ${other} fact; compare facts of the same kind`);
          } else if (kind === "symbol") {
            if (typeof c["value"] !== "string") L.add(`${cp}.value`, `must be a string: fact ${describeValue(c["fact"])} is symbolic (declared with a string)`);
          } else if (typeof c["value"] === "string") {
            if (kind === "number")
              L.add(
                `${cp}.value`,
                `is a string but fact ${describeValue(c["fact"])} is numeric; declare the fact with a string initial value to make it symbolic`,
              );
          } else if (typeof c["value"] !== "boolean") L.number(`${cp}.value`, c["value"]);
        });
      }
      if (L.array(`${p}.then`, r["then"])) {
        r["then"].forEach((a, j) => {
          const ap = `${p}.then[${j}]`;
          if (!L.object(ap, a)) return;
          if ("call" in a) {
            L.known(ap, a, ["call", "args"]);
            if (L.string(`${ap}.call`, a["call"]) && typeof ownValue(bindings.actions, a["call"]) !== "function")
              L.add(`${ap}.call`, `names action ${describeValue(a["call"])}, which is not bound`);
          } else if ("set" in a) {
            L.known(ap, a, ["set", "value"]);
            factOk(`${ap}.set`, a["set"]);
            const kind = kindOf(a["set"]);
            if (kind === "symbol") {
              if (typeof a["value"] !== "string") L.add(`${ap}.value`, `must be a string: fact ${describeValue(a["set"])} is symbolic`);
            } else if (typeof a["value"] === "string") {
              if (kind === "number") L.add(`${ap}.value`, `is a string but fact ${describeValue(a["set"])} is numeric`);
            } else if (typeof a["value"] !== "boolean") L.number(`${ap}.value`, a["value"]);
          } else if ("add" in a) {
            L.known(ap, a, ["add", "value"]);
            factOk(`${ap}.add`, a["add"]);
            if (kindOf(a["add"]) === "symbol") L.add(`${ap}.add`, `adds to symbolic fact ${describeValue(a["add"])}; use "set" with a string`);
            L.number(`${ap}.value`, a["value"]);
          } else L.add(ap, 'needs "set", "add" or "call"');
        });
      }
    });
  }
  if (definition["strategy"] !== undefined) L.oneOf("$.strategy", definition["strategy"], STRATEGIES);
  if (definition["refraction"] !== undefined) L.boolean("$.refraction", definition["refraction"]);
  if (definition["fallback"] !== undefined && L.string("$.fallback", definition["fallback"]) && !names.has(definition["fallback"])) {
    L.add("$.fallback", `names unknown rule ${describeValue(definition["fallback"])}`);
  }
  if (definition["keyFact"] !== undefined && L.string("$.keyFact", definition["keyFact"])) {
    const kind = kindOf(definition["keyFact"]);
    if (kind === undefined) L.add("$.keyFact", `names undeclared fact ${describeValue(definition["keyFact"])}`);
    else if (kind !== "symbol")
      L.add("$.keyFact", `names numeric fact ${describeValue(definition["keyFact"])}; the key fact must be symbolic (declared with a string)`);
  }
  return L.issues;
}

/** Options for {@link createRuleState}. */
export interface RuleStateOptions {
  /** Generator for the random strategies (default `createRng(seed ?? 0)`). */
  rng?: Rng;
  /** Seed when no `rng` is given. */
  seed?: number;
  /** Largest number of rules one cycle may fire (default 1). */
  maxFirings?: number;
}

const num = (v: number | boolean): number => (typeof v === "boolean" ? (v ? 1 : 0) : v);

/**
 * Validates and compiles a rule base into immutable tables shared by every agent. O(rules ×
 * conditions) once. Make each agent's working memory with {@link createRuleState}.
 *
 * @param definition - The rule base (`version`, `facts` with initial values, `rules`, optional `strategy`, `refraction`, `fallback`, `keyFact`);
 *   read, not kept.
 * @param bindings - `tests` and `actions` by name for rules that name them. Left out: none bound, so rules may only use fact conditions and
 *   `set` actions.
 * @example
 * ```ts
 * const engine = createRuleEngine({
 *   version: 1,
 *   facts: { enemyVisible: false, state: 0 },
 *   rules: [{ name: "attack", when: [{ fact: "enemyVisible", value: true }], then: [{ set: "state", value: 2 }] }],
 * });
 * const state = createRuleState(engine);
 * setRuleFact(state, engine, "enemyVisible", true);
 * runRuleCycle(state, engine);
 * getRuleFact(state, engine, "state"); // 2
 * ```
 *
 * @throws TacticaError `INVALID_DEFINITION` listing every problem by JSON path.
 */
export function createRuleEngine(definition: RuleBaseDefinition, bindings: RuleBindings = {}): RuleEngine {
  const issues = validateRuleBase(definition, bindings);
  if (issues.length > 0) throwDefinitionIssues(`${WHERE}: createRuleEngine`, issues);
  const factNames = Object.keys(definition.facts);
  const factIndex = indexRecord(factNames);
  const rules = definition.rules;
  const factKind = Uint8Array.from(factNames, (f) => (typeof definition.facts[f] === "string" ? 1 : 0));
  const symbols: string[] = [""];
  const symbolIds: Record<string, number> = Object.create(null) as Record<string, number>;
  symbolIds[""] = 0;
  const intern = (v: string): number => {
    let id = symbolIds[v];
    if (id === undefined) {
      id = symbols.length;
      symbols.push(v);
      symbolIds[v] = id;
    }
    return id;
  };
  const val = (v: number | boolean | string): number => (typeof v === "string" ? intern(v) : num(v));
  const initialFacts = Float64Array.from(factNames, (f) => val(definition.facts[f]!));
  const keyFact = definition.keyFact === undefined ? -1 : factIndex[definition.keyFact]!;
  const keyOf: number[] = [];
  const ruleTestStart: number[] = [];
  const tRule: number[] = [];
  const tOp: number[] = [];
  const tFact: number[] = [];
  const tOther: number[] = [];
  const tValue: number[] = [];
  const tFn: (RuleTest | null)[] = [];
  const tArgs: Readonly<Record<string, unknown>>[] = [];
  const byFact: number[][] = factNames.map(() => []);
  const volatile: number[] = [];
  const aStart: number[] = [];
  const aKind: number[] = [];
  const aFact: number[] = [];
  const aValue: number[] = [];
  const aFn: (RuleCall | null)[] = [];
  const aArgs: Readonly<Record<string, unknown>>[] = [];
  const empty = Object.freeze({});
  rules.forEach((r, ri) => {
    ruleTestStart.push(tRule.length);
    keyOf.push(-1);
    for (const c of r.when) {
      const id = tRule.length;
      tRule.push(ri);
      if ("test" in c) {
        tOp.push(0);
        tFact.push(-1);
        tOther.push(-1);
        tValue.push(0);
        tFn.push(ownValue(bindings.tests, c.test)!);
        tArgs.push(c.args ? Object.freeze({ ...c.args }) : empty);
        if (c.reads && c.reads.length > 0) for (const f of new Set(c.reads)) byFact[factIndex[f]!]!.push(id);
        else volatile.push(id);
      } else {
        tOp.push(OPS.indexOf(c.op ?? "=="));
        const f = factIndex[c.fact]!;
        tFact.push(f);
        byFact[f]!.push(id);
        if ("otherFact" in c) {
          const o = factIndex[c.otherFact]!;
          tOther.push(o);
          tValue.push(0);
          if (o !== f) byFact[o]!.push(id);
        } else {
          tOther.push(-1);
          tValue.push(val(c.value));
          if (f === keyFact && keyOf[ri] === -1 && (c.op ?? "==") === "==") keyOf[ri] = tValue[tValue.length - 1]!;
        }
        tFn.push(null);
        tArgs.push(empty);
      }
    }
    aStart.push(aKind.length);
    for (const a of r.then) {
      if ("call" in a) {
        aKind.push(2);
        aFact.push(-1);
        aValue.push(0);
        aFn.push(ownValue(bindings.actions, a.call)!);
        aArgs.push(a.args ? Object.freeze({ ...a.args }) : empty);
      } else {
        aKind.push("set" in a ? 0 : 1);
        aFact.push(factIndex["set" in a ? a.set : a.add]!);
        aValue.push(val(a.value));
        aFn.push(null);
        aArgs.push(empty);
      }
    }
  });
  aStart.push(aKind.length);
  ruleTestStart.push(tRule.length);
  // Query buckets: one per symbol when there is a key fact, plus the last one for unkeyed rules.
  const S = symbols.length;
  const nb = keyFact >= 0 ? S + 1 : 1;
  const order = rules.map((_, i) => i).sort((a, b) => rules[b]!.when.length - rules[a]!.when.length || a - b);
  const buckets: number[][] = Array.from({ length: nb }, () => []);
  for (const r of order) buckets[keyOf[r]! >= 0 ? keyOf[r]! : nb - 1]!.push(r);
  const queryStart = new Int32Array(nb + 1);
  const queryList: number[] = [];
  buckets.forEach((b, i) => {
    queryStart[i] = queryList.length;
    for (const r of b) queryList.push(r);
  });
  queryStart[nb] = queryList.length;
  const keyBucket = new Int32Array(S).fill(-1);
  if (keyFact >= 0) for (let i = 0; i < S; i++) if (buckets[i]!.length > 0) keyBucket[i] = i;
  const factStart = new Int32Array(factNames.length + 1);
  const factList: number[] = [];
  byFact.forEach((l, f) => {
    factStart[f] = factList.length;
    for (const x of l) factList.push(x);
  });
  factStart[factNames.length] = factList.length;
  const t: TestTables = Object.freeze({
    rule: Int32Array.from(tRule),
    op: Uint8Array.from(tOp),
    fact: Int32Array.from(tFact),
    other: Int32Array.from(tOther),
    value: Float64Array.from(tValue),
    fn: Object.freeze(tFn),
    args: Object.freeze(tArgs),
    factStart,
    factList: Int32Array.from(factList),
    volatile: Int32Array.from(volatile),
    actStart: Int32Array.from(aStart),
    actKind: Uint8Array.from(aKind),
    actFact: Int32Array.from(aFact),
    actValue: Float64Array.from(aValue),
    actFn: Object.freeze(aFn),
    actArgs: Object.freeze(aArgs),
    ruleTestStart: Int32Array.from(ruleTestStart),
    queryStart,
    queryList: Int32Array.from(queryList),
    keyBucket,
  });
  const ruleNames = rules.map((r) => r.name);
  return Object.freeze({
    factNames: Object.freeze(factNames),
    factIndex,
    initialFacts,
    ruleNames: Object.freeze(ruleNames),
    ruleIndex: indexRecord(ruleNames),
    salience: Float64Array.from(rules, (r) => r.salience ?? 0),
    initialWeight: Float64Array.from(rules, (r) => r.weight ?? 1),
    unique: Uint8Array.from(rules, (r) => (r.unique ? 1 : 0)),
    testCount: Int32Array.from(rules, (r) => r.when.length),
    strategy: definition.strategy ?? "salience",
    refraction: definition.refraction ?? true,
    fallback: definition.fallback === undefined ? -1 : ruleNames.indexOf(definition.fallback),
    symbols: Object.freeze(symbols),
    symbolIndex: indexRecord(symbols),
    factKind,
    keyFact,
    t,
  });
}

/**
 * Creates the working memory of `engine` for one agent: the initial facts, every condition
 * evaluated once (bound tests run here), the conflict set. Plain data; O(rules × conditions)
 * once.
 *
 * @param engine - The compiled engine; gives the initial facts, and its bound tests run once here.
 * @param options - `rng` or `seed` for the random and weighted strategies (left out: `createRng(0)`) and `maxFirings`, rules one cycle may fire,
 *   integer in [1, 2^20] (left out: 1).
 * @throws TacticaError `INVALID_ARGUMENT` for a `maxFirings` that is not an integer in [1, 2^20].
 */
export function createRuleState(engine: RuleEngine, options: RuleStateOptions = {}): RuleState {
  const maxFirings = assertInteger(`${WHERE}: createRuleState`, "options.maxFirings", options.maxFirings ?? 1, 1, 1 << 20);
  const F = engine.factNames.length;
  const R = engine.ruleNames.length;
  const st: RuleState = {
    facts: Float64Array.from(engine.initialFacts),
    factStamp: new Float64Array(F),
    weight: Float64Array.from(engine.initialWeight),
    enabled: new Uint8Array(R).fill(1),
    truth: new Uint8Array(engine.t.rule.length),
    satisfied: new Int32Array(R),
    fired: new Uint8Array(R),
    ruleStamp: new Float64Array(R),
    fireCount: new Int32Array(R),
    matched: new Int32Array(R),
    matchPos: new Int32Array(R).fill(-1),
    matchedSize: 0,
    dirty: new Int32Array(F),
    dirtyFlag: new Uint8Array(F),
    dirtySize: 0,
    seq: 0,
    picked: new Uint8Array(R),
    lastFired: new Int32Array(maxFirings + 1),
    lastFiredCount: 0,
    cycles: 0,
    noMatchCount: 0,
    testsEvaluated: 0,
    strategy: engine.strategy,
    rng: options.rng ?? createRng(options.seed ?? 0),
  };
  for (let r = 0; r < R; r++) if (engine.testCount[r] === 0) addMatch(st, r);
  for (let i = 0; i < engine.t.rule.length; i++) retest(st, engine, i);
  return st;
}

function checkState(fn: string, st: RuleState, e: RuleEngine): void {
  if (
    st === null ||
    typeof st !== "object" ||
    st.facts?.length !== e.factNames.length ||
    st.satisfied?.length !== e.ruleNames.length ||
    st.truth?.length !== e.t.rule.length
  ) {
    invalidArgument(`${WHERE}: ${fn}`, "state", "was not created for this rule engine", "Pass the state createRuleState(engine) returned for the same engine.");
  }
}

/** @internal Throws `INVALID_ARGUMENT` unless `state` was made for `engine`. */
export function checkRuleState(fn: string, state: RuleState, engine: RuleEngine): void {
  checkState(fn, state, engine);
}

/** @internal Whether every condition of rule `r` holds on the current facts (evaluated now, truth tables untouched). */
export function evaluateRuleConditions(state: RuleState, engine: RuleEngine, r: number): boolean {
  const s = engine.t.ruleTestStart;
  for (let i = s[r]!, end = s[r + 1]!; i < end; i++) if (!evalTest(state, engine, i)) return false;
  return true;
}

function addMatch(st: RuleState, r: number): void {
  st.matchPos[r] = st.matchedSize;
  st.matched[st.matchedSize++] = r;
}

function removeMatch(st: RuleState, r: number): void {
  const pos = st.matchPos[r]!;
  const last = st.matched[--st.matchedSize]!;
  st.matched[pos] = last;
  st.matchPos[last] = pos;
  st.matchPos[r] = -1;
  st.fired[r] = 0;
}

function evalTest(st: RuleState, e: RuleEngine, i: number): boolean {
  const t = e.t;
  st.testsEvaluated++;
  const fn = t.fn[i];
  if (fn) return fn(st, e, t.args[i]!) === true;
  const a = st.facts[t.fact[i]!]!;
  const o = t.other[i]!;
  const b = o >= 0 ? st.facts[o]! : t.value[i]!;
  switch (t.op[i]) {
    case 0:
      return a < b;
    case 1:
      return a <= b;
    case 2:
      return a === b;
    case 3:
      return a !== b;
    case 4:
      return a >= b;
    default:
      return a > b;
  }
}

function retest(st: RuleState, e: RuleEngine, i: number): void {
  const now = evalTest(st, e, i) ? 1 : 0;
  const r = e.t.rule[i]!;
  st.ruleStamp[r] = st.seq;
  if (now === st.truth[i]) return;
  st.truth[i] = now;
  const before = st.satisfied[r] === e.testCount[r];
  st.satisfied[r]! += now === 1 ? 1 : -1;
  const after = st.satisfied[r] === e.testCount[r];
  if (after && !before) addMatch(st, r);
  else if (before && !after) removeMatch(st, r);
}

/**
 * Index of fact `name`, or -1.
 * @param engine - The compiled engine; read only.
 * @param name - Fact name as declared in the rule base's `facts` (own keys only).
 */
export function getFactId(engine: RuleEngine, name: string): number {
  return ownValue(engine.factIndex, name) ?? -1;
}

/**
 * Reads fact `name` (booleans are 1/0; a symbolic fact reads as its symbol id, see
 * {@link getFactSymbol}) from `state`.
 * @param state - The agent's working memory; read only.
 * @param engine - The compiled engine `state` belongs to.
 * @param name - A declared fact name; an unknown name throws.
 * @throws TacticaError for an unknown fact.
 */
export function getRuleFact(state: RuleState, engine: RuleEngine, name: string): number {
  const f = ownValue(engine.factIndex, name);
  if (f === undefined)
    invalidArgument(`${WHERE}: getRuleFact`, "name", `is not a declared fact (${describeValue(name)})`, "Declare it in the rule base's facts.");
  return state.facts[f]!;
}

/**
 * Reads symbolic fact `name` as its string, or `undefined` when it holds a string the rule base
 * never mentions (symbol id -1).
 *
 * @param state - The agent's working memory; read only.
 * @param engine - The compiled engine `state` belongs to; gives the symbol table.
 * @param name - A declared symbolic fact (one with a string initial value); an unknown or numeric fact throws.
 * @throws TacticaError for an unknown or numeric fact.
 */
export function getFactSymbol(state: RuleState, engine: RuleEngine, name: string): string | undefined {
  const f = ownValue(engine.factIndex, name);
  if (f === undefined || engine.factKind[f] !== 1)
    invalidArgument(`${WHERE}: getFactSymbol`, "name", `is not a declared symbolic fact (${describeValue(name)})`, "Declare it with a string initial value.");
  const id = state.facts[f]!;
  return id >= 0 ? engine.symbols[id] : undefined;
}

/**
 * Id of symbol `text` in `engine`'s symbol table, or -1 when the rule base never mentions it.
 * Pass ids to {@link setRuleFact} in hot loops to skip the string lookup.
 * @param engine - The compiled engine whose symbol table (every string the rule base mentions) is searched.
 * @param text - The symbol's string.
 */
export function getSymbolId(engine: RuleEngine, text: string): number {
  return ownValue(engine.symbolIndex, text) ?? -1;
}

/**
 * Writes fact `fact` (name or index) into `state`. A changed value is queued; its conditions are
 * re-tested at the next {@link runRuleCycle} (or {@link matchRules}). O(1), no allocation.
 *
 * A symbolic fact takes a string (one the rule base never mentions is stored as symbol -1, which
 * equals no constant) or a symbol id from {@link getSymbolId} (an integer in [-1, symbols)).
 *
 * @param state - The agent's working memory; the fact is written in place and, when it changed, queued for re-matching.
 * @param engine - The compiled engine `state` belongs to.
 * @param fact - Fact name, or fact index from {@link getFactId} (an integer in [0, facts)).
 * @param value - New value: a finite number or boolean (stored as 1/0) for a numeric fact; a string or a symbol id from {@link getSymbolId} for
 *   a symbolic fact.
 * @throws TacticaError for an unknown fact, a non-finite value, a string for a numeric fact, or
 * a number that is no symbol id (or a boolean) for a symbolic fact.
 */
export function setRuleFact(state: RuleState, engine: RuleEngine, fact: string | number, value: number | boolean | string): void {
  const f = typeof fact === "number" ? fact : (ownValue(engine.factIndex, fact) ?? -1);
  if (!(f >= 0 && f < engine.factNames.length && f === Math.floor(f)))
    invalidArgument(`${WHERE}: setRuleFact`, "fact", `is not a declared fact (${String(fact)})`, "Declare it in the rule base's facts.");
  let v: number;
  if (engine.factKind[f] === 1) {
    if (typeof value === "string") v = ownValue(engine.symbolIndex, value) ?? -1;
    else if (typeof value === "number" && Number.isInteger(value) && value >= -1 && value < engine.symbols.length) v = value;
    else
      invalidArgument(
        `${WHERE}: setRuleFact`,
        "value",
        `must be a string or a symbol id for symbolic fact ${describeValue(engine.factNames[f])} (got ${String(value)})`,
        "Pass a string, or an id from getSymbolId.",
      );
  } else {
    if (typeof value === "string")
      invalidArgument(`${WHERE}: setRuleFact`, "value", `is a string but fact ${describeValue(engine.factNames[f])} is numeric`, "Pass a number or a boolean.");
    v = typeof value === "boolean" ? (value ? 1 : 0) : value;
  }
  if (!Number.isFinite(v)) assertFinite(`${WHERE}: setRuleFact`, "value", v);
  if (state.facts[f] === v) return;
  state.facts[f] = v;
  if (state.dirtyFlag[f] === 0) {
    state.dirtyFlag[f] = 1;
    state.dirty[state.dirtySize++] = f;
  }
}

/**
 * Brings the conflict set of `state` up to date: re-tests only the conditions on facts changed
 * since the last match, plus volatile tests (bound tests without `reads`). O(changed facts ×
 * their conditions), no allocation.
 * @param state - The agent's working memory; its condition truths and conflict set are updated in place.
 * @param engine - The compiled engine `state` belongs to; its bound tests run as needed.
 */
export function matchRules(state: RuleState, engine: RuleEngine): void {
  checkState("matchRules", state, engine);
  const t = engine.t;
  for (let k = 0; k < state.dirtySize; k++) {
    const f = state.dirty[k]!;
    state.dirtyFlag[f] = 0;
    state.seq++;
    state.factStamp[f] = state.seq;
    for (let j = t.factStart[f]!; j < t.factStart[f + 1]!; j++) retest(state, engine, t.factList[j]!);
  }
  state.dirtySize = 0;
  for (let k = 0; k < t.volatile.length; k++) retest(state, engine, t.volatile[k]!);
}

function eligible(st: RuleState, e: RuleEngine, r: number, uniqueOnly: boolean): boolean {
  return st.enabled[r] === 1 && st.picked[r] === 0 && !(e.refraction && st.fired[r] === 1) && (!uniqueOnly || e.unique[r] === 1);
}

function pick(st: RuleState, e: RuleEngine, uniqueOnly: boolean): number {
  let best = -1;
  const m = st.matched;
  switch (st.strategy) {
    case "random":
    case "weighted": {
      const weighted = st.strategy === "weighted";
      let total = 0;
      for (let k = 0; k < st.matchedSize; k++) {
        const r = m[k]!;
        if (eligible(st, e, r, uniqueOnly)) total += weighted ? st.weight[r]! : 1;
      }
      if (!(total > 0)) return -1;
      // Walk in database order so the draw does not depend on conflict-set layout.
      let x = rngNextFloat(st.rng) * total;
      for (let r = 0; r < e.ruleNames.length; r++) {
        if (st.matchPos[r]! < 0 || !eligible(st, e, r, uniqueOnly)) continue;
        const w = weighted ? st.weight[r]! : 1;
        if (!(w > 0)) continue;
        best = r;
        x -= w;
        if (x <= 0) break;
      }
      return best;
    }
    case "specificity": {
      // The most conditions among eligible rules with a positive weight; ties by a seeded weighted pick.
      let tier = -1;
      let total = 0;
      let count = 0;
      for (let k = 0; k < st.matchedSize; k++) {
        const r = m[k]!;
        const w = st.weight[r]!;
        if (!(w > 0) || !eligible(st, e, r, uniqueOnly)) continue;
        const n = e.testCount[r]!;
        if (n > tier) {
          tier = n;
          total = 0;
          count = 0;
          best = r;
        }
        if (n === tier) {
          total += w;
          count++;
          if (r < best) best = r;
        }
      }
      if (count < 2) return best;
      let x = rngNextFloat(st.rng) * total;
      for (let r = 0; r < e.ruleNames.length; r++) {
        if (e.testCount[r] !== tier || st.matchPos[r]! < 0 || !(st.weight[r]! > 0) || !eligible(st, e, r, uniqueOnly)) continue;
        best = r;
        if (x < st.weight[r]!) break;
        x -= st.weight[r]!;
      }
      return best;
    }
    default: {
      const strat = st.strategy;
      for (let k = 0; k < st.matchedSize; k++) {
        const r = m[k]!;
        if (!eligible(st, e, r, uniqueOnly)) continue;
        if (best < 0) {
          best = r;
          continue;
        }
        let better: boolean;
        if (strat === "order") better = r < best;
        else if (strat === "recency") {
          better =
            st.ruleStamp[r]! > st.ruleStamp[best]! ||
            (st.ruleStamp[r] === st.ruleStamp[best] && (e.salience[r]! > e.salience[best]! || (e.salience[r] === e.salience[best] && r < best)));
        } else better = e.salience[r]! > e.salience[best]! || (e.salience[r] === e.salience[best] && r < best);
        if (better) best = r;
      }
      return best;
    }
  }
}

function fire(st: RuleState, e: RuleEngine, r: number): void {
  const t = e.t;
  for (let a = t.actStart[r]!; a < t.actStart[r + 1]!; a++) {
    const kind = t.actKind[a]!;
    if (kind === 2) t.actFn[a]!(st, e, t.actArgs[a]!, r);
    else {
      const f = t.actFact[a]!;
      setRuleFact(st, e, f, kind === 0 ? t.actValue[a]! : st.facts[f]! + t.actValue[a]!);
    }
  }
  st.fireCount[r]!++;
  st.lastFired[st.lastFiredCount++] = r;
}

/**
 * One recognise–act cycle: {@link matchRules}, then conflict resolution picks up to
 * `maxFirings` rules (if any matching unique rule is eligible, only unique rules are), and
 * their actions run in order (their fact changes are matched next cycle). With refraction a
 * rule fires once per continuous match. When nothing is eligible the fallback rule's actions run
 * and `noMatchCount` grows. Returns the number of rules fired (the fallback counts). No
 * allocation (unless bound actions allocate).
 * @param state - The agent's working memory, updated in place (conflict set, flags, counters, facts set by actions).
 * @param engine - The compiled engine `state` belongs to; bound actions of the fired rules run.
 */
export function runRuleCycle(state: RuleState, engine: RuleEngine): number {
  matchRules(state, engine);
  const st = state;
  const e = engine;
  st.cycles++;
  st.lastFiredCount = 0;
  const max = st.lastFired.length - 1;
  let uniqueOnly = false;
  for (let k = 0; k < st.matchedSize; k++) {
    const r = st.matched[k]!;
    if (e.unique[r] === 1 && eligible(st, e, r, false)) {
      uniqueOnly = true;
      break;
    }
  }
  let count = 0;
  while (count < max) {
    const r = pick(st, e, uniqueOnly);
    if (r < 0) break;
    st.picked[r] = 1;
    st.fired[r] = 1;
    fire(st, e, r);
    count++;
  }
  for (let k = 0; k < st.lastFiredCount; k++) st.picked[st.lastFired[k]!] = 0;
  if (count === 0) {
    st.noMatchCount++;
    if (e.fallback >= 0) {
      fire(st, e, e.fallback);
      count = 1;
    }
  }
  return count;
}

/**
 * Rules in the conflict set right now (after {@link matchRules}), by name. Allocates (debugging).
 * @param state - The agent's working memory; its conflict set is read (call {@link matchRules} first for an up-to-date answer).
 * @param engine - The compiled engine `state` belongs to; gives the rule names.
 */
export function getMatchedRuleNames(state: RuleState, engine: RuleEngine): string[] {
  return Array.from(state.matched.subarray(0, state.matchedSize), (r) => engine.ruleNames[r]!).sort();
}

/**
 * Names of rules that have never fired (chapter 9's debug list). Allocates.
 * @param state - The agent's working memory; its per-rule fire counts are read.
 * @param engine - The compiled engine `state` belongs to; gives the rule names.
 */
export function getNeverFiredRules(state: RuleState, engine: RuleEngine): string[] {
  return engine.ruleNames.filter((_, r) => state.fireCount[r] === 0);
}

/** Options for {@link reinforceRule}. */
export interface ReinforceRuleOptions {
  /** Weight change per outcome (default 0.1). */
  step?: number;
  /** Lowest weight (default 0). */
  min?: number;
  /** Highest weight (default `Infinity`). */
  max?: number;
}

/**
 * Weight training (chapter 9): adds `options.step` to rule `rule`'s weight on success and
 * subtracts it on failure, clamped to `[min, max]`. Used with the `"weighted"` strategy.
 * @param state - The agent's working memory; the rule's weight is changed in place.
 * @param engine - The compiled engine `state` belongs to.
 * @param rule - Rule name, or rule index (an integer in [0, rules)).
 * @param success - True adds `step` to the weight, false subtracts it.
 * @param options - `step` (weight change per outcome, default 0.1), `min` (default 0) and `max` (default `Infinity`) clamps of the weight.
 */
export function reinforceRule(state: RuleState, engine: RuleEngine, rule: string | number, success: boolean, options?: ReinforceRuleOptions): void {
  const step = options?.step ?? 0.1;
  const min = options?.min ?? 0;
  const max = options?.max ?? Infinity;
  const r = typeof rule === "number" ? rule : (ownValue(engine.ruleIndex, rule) ?? -1);
  if (!(r >= 0 && r < engine.ruleNames.length && r === Math.floor(r)))
    invalidArgument(`${WHERE}: reinforceRule`, "rule", `is not a rule of this engine (${String(rule)})`, "Pass a rule name or index.");
  const w = state.weight[r]! + (success ? step : -step);
  state.weight[r] = w < min ? min : w > max ? max : w;
}

/**
 * Enables or disables a rule in `state` (disabled rules stay matched but are never selected).
 * @param state - The agent's working memory; the rule's enabled flag is set in place.
 * @param engine - The compiled engine `state` belongs to.
 * @param rule - Rule index, an integer in [0, `engine.ruleNames.length` − 1].
 * @param enabled - False keeps the rule matching but never selected; true makes it selectable again.
 */
export function setRuleEnabled(state: RuleState, engine: RuleEngine, rule: number, enabled: boolean): void {
  assertInteger(`${WHERE}: setRuleEnabled`, "rule", rule, 0, engine.ruleNames.length - 1);
  state.enabled[rule] = enabled ? 1 : 0;
}

/**
 * JSON-safe snapshot of a {@link RuleState} made by {@link saveRuleState}: facts by name, the
 * truth of every condition at the last match, rule flags and counters per rule index, the RNG
 * state. The conflict set is rebuilt from the condition truths on restore (no test runs).
 */
export interface RuleSnapshot {
  /** Format tag. */
  format: "tactica-rule-state";
  /** Format version (1). */
  version: 1;
  /** Fact values by name (a symbolic fact as its string, `null` for a string the rule base never mentions). */
  facts: Record<string, number | string | null>;
  /** Change sequence of each fact's last change, by fact index. */
  factStamp: number[];
  /** 1/0 per condition (database order): held at the last match. */
  truth: number[];
  /** Facts changed since the last match (indices, not yet matched). */
  dirty: number[];
  /** Change sequence counter. */
  seq: number;
  /** Weight per rule. */
  weight: number[];
  /** 1/0 per rule: enabled. */
  enabled: number[];
  /** 1/0 per rule: fired during its current match (refraction). */
  fired: number[];
  /** Recency stamp per rule. */
  ruleStamp: number[];
  /** Fire count per rule. */
  fireCount: number[];
  /** Rules fired by the last cycle. */
  lastFired: number[];
  /** Cycles run. */
  cycles: number;
  /** Cycles with no match. */
  noMatchCount: number;
  /** Condition evaluations so far. */
  testsEvaluated: number;
  /** Conflict-resolution strategy. */
  strategy: ConflictStrategy;
  /** RNG state. */
  rng: RngSnapshot;
}

/**
 * Saves `state` as JSON-safe plain data (see {@link RuleSnapshot}). O(facts + rules), allocates.
 * @param state - The agent's working memory to copy; read only.
 * @param engine - The compiled engine `state` belongs to; facts are saved by name.
 */
export function saveRuleState(state: RuleState, engine: RuleEngine): RuleSnapshot {
  checkState("saveRuleState", state, engine);
  const facts: Record<string, number | string | null> = {};
  engine.factNames.forEach((f, i) => {
    const v = state.facts[i]!;
    const value = engine.factKind[i] === 1 ? (v >= 0 ? engine.symbols[v]! : null) : v;
    Object.defineProperty(facts, f, { value, enumerable: true, writable: true, configurable: true });
  });
  return {
    format: "tactica-rule-state",
    version: 1,
    facts,
    factStamp: Array.from(state.factStamp),
    truth: Array.from(state.truth),
    dirty: Array.from(state.dirty.subarray(0, state.dirtySize)),
    seq: state.seq,
    weight: Array.from(state.weight),
    enabled: Array.from(state.enabled),
    fired: Array.from(state.fired),
    ruleStamp: Array.from(state.ruleStamp),
    fireCount: Array.from(state.fireCount),
    lastFired: Array.from(state.lastFired.subarray(0, state.lastFiredCount)),
    cycles: state.cycles,
    noMatchCount: state.noMatchCount,
    testsEvaluated: state.testsEvaluated,
    strategy: state.strategy,
    rng: saveRng(state.rng),
  };
}

/**
 * Restores `state` from {@link saveRuleState} output: facts, weights, flags, counters and the RNG,
 * then recomputes condition truth and the conflict set from the restored facts (bound tests
 * run). The whole snapshot is checked first: when it throws, `state` is unchanged.
 *
 * @param state - A working memory of the same engine (from {@link createRuleState}), overwritten in place; unchanged when the call throws.
 * @param engine - The compiled engine; fact names and symbols in the snapshot are resolved against it.
 * @param snapshot - The value {@link saveRuleState} returned (possibly through JSON); checked in full first.
 * @throws TacticaError `INVALID_ARGUMENT` naming the snapshot path when the snapshot is malformed or from another rule base.
 */
export function restoreRuleState(state: RuleState, engine: RuleEngine, snapshot: RuleSnapshot): void {
  const where = `${WHERE}: restoreRuleState`;
  checkState("restoreRuleState", state, engine);
  const fix = "Restore a snapshot saved from the same rule base.";
  const F = engine.factNames.length;
  const R = engine.ruleNames.length;
  const snap = snapshot as unknown as Record<string, unknown> | null;
  if (snap === null || typeof snap !== "object" || Array.isArray(snap) || snap["format"] !== "tactica-rule-state" || snap["version"] !== 1)
    invalidArgument(where, "snapshot", "is not a rule-state snapshot (format tactica-rule-state, version 1)", "Pass the value saveRuleState returned.");
  const count = (path: string, v: unknown, max = Number.MAX_SAFE_INTEGER): number => {
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > max) invalidArgument(where, path, `must be an integer in [0, ${max}]`, fix);
    return v;
  };
  const array = (path: string, v: unknown, length: number, check: (x: unknown) => boolean, what: string): number[] => {
    if (!Array.isArray(v) || v.length !== length) invalidArgument(where, path, `must be an array of ${length} ${what}`, fix);
    for (let i = 0; i < length; i++) if (!check(v[i])) invalidArgument(where, `${path}[${i}]`, `must be ${what.replace(/s$/, "")}`, fix);
    return v as number[];
  };
  const finite = (x: unknown): boolean => typeof x === "number" && Number.isFinite(x);
  const flag = (x: unknown): boolean => x === 0 || x === 1;
  const factsIn = snap["facts"];
  if (factsIn === null || typeof factsIn !== "object" || Array.isArray(factsIn))
    invalidArgument(where, "snapshot.facts", "must be an object of fact values by name", fix);
  const factRec = factsIn as Record<string, unknown>;
  for (const k of Object.keys(factRec))
    if (ownValue(engine.factIndex, k) === undefined) invalidArgument(where, `snapshot.facts.${k}`, "is not a declared fact", fix);
  const facts = engine.factNames.map((f, i) => {
    const v = ownValue(factRec, f);
    if (engine.factKind[i] === 1) {
      if (v === null) return -1;
      if (typeof v !== "string") invalidArgument(where, `snapshot.facts.${f}`, "must be a string or null (a symbolic fact)", fix);
      return ownValue(engine.symbolIndex, v) ?? -1;
    }
    if (!finite(v)) invalidArgument(where, `snapshot.facts.${f}`, "must be a finite number", fix);
    return v as number;
  });
  const seq = count("snapshot.seq", snap["seq"]);
  const factStamp = array(
    "snapshot.factStamp",
    snap["factStamp"],
    F,
    (x) => typeof x === "number" && Number.isInteger(x) && x >= 0 && x <= seq,
    "integers in [0, seq]",
  );
  const dirtyIn = snap["dirty"];
  if (!Array.isArray(dirtyIn) || dirtyIn.length > F) invalidArgument(where, "snapshot.dirty", `must be an array of at most ${F} fact indices`, fix);
  const seen = new Uint8Array(F);
  dirtyIn.forEach((x: unknown, i) => {
    if (typeof x !== "number" || !Number.isInteger(x) || x < 0 || x >= F || seen[x] === 1)
      invalidArgument(where, `snapshot.dirty[${i}]`, "must be a distinct fact index", fix);
    seen[x] = 1;
  });
  const truth = array("snapshot.truth", snap["truth"], engine.t.rule.length, flag, "0/1 flags");
  const satisfied = new Int32Array(R);
  for (let i = 0; i < truth.length; i++) satisfied[engine.t.rule[i]!]! += truth[i]!;
  const weight = array("snapshot.weight", snap["weight"], R, (x) => finite(x) && (x as number) >= 0, "finite numbers >= 0");
  const enabled = array("snapshot.enabled", snap["enabled"], R, flag, "0/1 flags");
  const fired = array("snapshot.fired", snap["fired"], R, flag, "0/1 flags");
  for (let r = 0; r < R; r++)
    if (fired[r] === 1 && satisfied[r] !== engine.testCount[r])
      invalidArgument(where, `snapshot.fired[${r}]`, "marks a rule whose conditions do not all hold", fix);
  const ruleStamp = array(
    "snapshot.ruleStamp",
    snap["ruleStamp"],
    R,
    (x) => typeof x === "number" && Number.isInteger(x) && x >= 0 && x <= seq,
    "integers in [0, seq]",
  );
  const fireCount = array(
    "snapshot.fireCount",
    snap["fireCount"],
    R,
    (x) => typeof x === "number" && Number.isInteger(x) && x >= 0 && x <= 0x7fffffff,
    "non-negative 32-bit integers",
  );
  const lastIn = snap["lastFired"];
  if (!Array.isArray(lastIn) || lastIn.length > state.lastFired.length)
    invalidArgument(where, "snapshot.lastFired", `must be an array of at most ${state.lastFired.length} rule indices (this state's maxFirings + 1)`, fix);
  lastIn.forEach((x: unknown, i) => {
    if (typeof x !== "number" || !Number.isInteger(x) || x < 0 || x >= R) invalidArgument(where, `snapshot.lastFired[${i}]`, "must be a rule index", fix);
  });
  const cycles = count("snapshot.cycles", snap["cycles"]);
  const noMatchCount = count("snapshot.noMatchCount", snap["noMatchCount"], cycles);
  const testsEvaluated = count("snapshot.testsEvaluated", snap["testsEvaluated"]);
  const strategy = snap["strategy"];
  if (typeof strategy !== "string" || !(STRATEGIES as readonly string[]).includes(strategy))
    invalidArgument(where, "snapshot.strategy", `must be one of ${STRATEGIES.join(", ")}`, fix);
  const rngIn = snap["rng"];
  const probe = createRng(1);
  try {
    restoreRng(probe, rngIn as ArrayLike<number>);
  } catch {
    invalidArgument(where, "snapshot.rng", "must be an RNG snapshot (four uint32 words, not all zero)", fix);
  }
  // Everything checked: write, then rebuild truth and the conflict set from the facts.
  state.facts.set(facts);
  state.factStamp.set(factStamp);
  state.dirtyFlag.fill(0);
  (dirtyIn as number[]).forEach((f, i) => {
    state.dirty[i] = f;
    state.dirtyFlag[f] = 1;
  });
  state.dirtySize = dirtyIn.length;
  state.seq = seq;
  state.weight.set(weight);
  state.enabled.set(enabled);
  state.ruleStamp.set(ruleStamp);
  state.fireCount.set(fireCount);
  (lastIn as number[]).forEach((r, i) => (state.lastFired[i] = r));
  state.lastFiredCount = lastIn.length;
  state.cycles = cycles;
  state.noMatchCount = noMatchCount;
  state.testsEvaluated = testsEvaluated;
  state.strategy = strategy as ConflictStrategy;
  restoreRng(state.rng, rngIn as ArrayLike<number>);
  state.truth.set(truth);
  state.satisfied.set(satisfied);
  state.matchPos.fill(-1);
  state.matchedSize = 0;
  state.picked.fill(0);
  for (let r = 0; r < R; r++) if (satisfied[r] === engine.testCount[r]) addMatch(state, r);
  state.fired.set(fired);
}
