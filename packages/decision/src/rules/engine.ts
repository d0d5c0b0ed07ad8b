import { assertFinite, assertInteger, invalidArgument, rngNextFloat, type Rng, createRng } from "@tactica/core";
import { IssueList, throwDefinitionIssues, type DefinitionIssue } from "../definition-error";
import type { ConflictStrategy, RuleBaseDefinition } from "./definition";

/** A bound test: reads working memory through {@link getFact}; returns whether it holds. */
export type RuleTest = (engine: RuleEngine, args: Readonly<Record<string, unknown>>) => boolean;

/** A bound action, run when its rule fires. */
export type RuleCall = (engine: RuleEngine, args: Readonly<Record<string, unknown>>, rule: number) => void;

/** Code that rule definitions refer to by name. */
export interface RuleBindings {
  /** Tests by name. */
  tests?: Readonly<Record<string, RuleTest>>;
  /** Actions by name. */
  actions?: Readonly<Record<string, RuleCall>>;
}

const OPS = ["<", "<=", "==", "!=", ">=", ">"] as const;
const STRATEGIES: readonly ConflictStrategy[] = ["salience", "order", "random", "weighted", "recency"];

/**
 * A production-rule system (chapters 8–9): working memory (numeric facts), rules with
 * conditions and actions, salience, conflict-resolution strategies, refraction, unique rules,
 * a fallback rule, debug counters, and rule weights for training and dynamic scripting.
 *
 * Matching is incremental (a Rete alpha network with counting joins, no variables): every
 * condition is indexed by the facts it reads, each rule keeps how many of its conditions hold,
 * and a fact change re-tests only the conditions on that fact. The conflict set is maintained
 * as the counts change, so a cycle costs O(changed facts × conditions per fact + matched rules),
 * not O(rules × conditions). Create with {@link createRuleEngine}.
 */
export interface RuleEngine {
  /** The definition. */
  readonly definition: RuleBaseDefinition;
  /** Fact names. */
  readonly factNames: readonly string[];
  /** Fact name → index. */
  readonly factIndex: ReadonlyMap<string, number>;
  /** Working memory: value per fact. */
  readonly facts: Float64Array;
  /** Change sequence number of each fact's last change. */
  readonly factStamp: Float64Array;
  /** Rule names. */
  readonly ruleNames: readonly string[];
  /** Rule name → index. */
  readonly ruleIndex: ReadonlyMap<string, number>;
  /** Salience per rule. */
  readonly salience: Float64Array;
  /** Weight per rule (mutable: training, dynamic scripting). */
  readonly weight: Float64Array;
  /** 1 for unique rules. */
  readonly unique: Uint8Array;
  /** 1 when the rule takes part in matching (dynamic scripting switches rules on and off). */
  readonly enabled: Uint8Array;
  /** Number of conditions per rule. */
  readonly testCount: Int32Array;
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
  /** Number of matched rules. */
  matchedSize: number;
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
  /** Conflict-resolution strategy. */
  strategy: ConflictStrategy;
  /** Refraction on/off. */
  readonly refraction: boolean;
  /** Fallback rule index (-1 none). */
  readonly fallback: number;
  /** Generator for the random strategies. */
  readonly rng: Rng;
  /** @internal Test tables. */
  readonly t: TestTables;
}

/** @internal Compiled condition and action tables. */
export interface TestTables {
  rule: Int32Array;
  op: Uint8Array;
  fact: Int32Array;
  other: Int32Array;
  value: Float64Array;
  fn: (RuleTest | null)[];
  args: Readonly<Record<string, unknown>>[];
  truth: Uint8Array;
  factStart: Int32Array;
  factList: Int32Array;
  volatile: Int32Array;
  matchPos: Int32Array;
  dirty: Int32Array;
  dirtyFlag: Uint8Array;
  dirtySize: number;
  seq: number;
  picked: Uint8Array;
  actStart: Int32Array;
  actKind: Uint8Array;
  actFact: Int32Array;
  actValue: Float64Array;
  actFn: (RuleCall | null)[];
  actArgs: Readonly<Record<string, unknown>>[];
}

/** Validates a rule base; returns problems by JSON path (empty when valid). */
export function validateRuleBase(definition: unknown, bindings: RuleBindings = {}): DefinitionIssue[] {
  const L = new IssueList();
  if (!L.object("$", definition)) return L.issues;
  L.known("$", definition, ["version", "facts", "rules", "strategy", "refraction", "fallback"]);
  if (definition["version"] !== 1) L.add("$.version", "must be 1");
  const facts = definition["facts"];
  const factOk = (p: string, f: unknown): void => {
    if (L.string(p, f) && (facts === null || typeof facts !== "object" || !(f in facts))) L.add(p, `names undeclared fact ${JSON.stringify(f)}`);
  };
  if (L.object("$.facts", facts)) {
    for (const [k, v] of Object.entries(facts)) {
      if (typeof v !== "boolean") L.number(`$.facts.${k}`, v);
    }
  }
  const names = new Set<string>();
  if (L.array("$.rules", definition["rules"])) {
    definition["rules"].forEach((r, i) => {
      const p = `$.rules[${i}]`;
      if (!L.object(p, r)) return;
      L.known(p, r, ["name", "when", "then", "salience", "weight", "unique"]);
      if (L.string(`${p}.name`, r["name"])) {
        if (names.has(r["name"])) L.add(`${p}.name`, `duplicates rule ${JSON.stringify(r["name"])}`);
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
            if (L.string(`${cp}.test`, c["test"]) && !bindings.tests?.[c["test"]])
              L.add(`${cp}.test`, `names test ${JSON.stringify(c["test"])}, which is not bound`);
            if (c["reads"] !== undefined && L.array(`${cp}.reads`, c["reads"])) c["reads"].forEach((f, k) => factOk(`${cp}.reads[${k}]`, f));
            if (c["args"] !== undefined) L.object(`${cp}.args`, c["args"]);
            return;
          }
          L.known(cp, c, ["fact", "op", "value", "otherFact"]);
          factOk(`${cp}.fact`, c["fact"]);
          if (c["op"] !== undefined) L.oneOf(`${cp}.op`, c["op"], OPS);
          if ("otherFact" in c) {
            factOk(`${cp}.otherFact`, c["otherFact"]);
            if ("value" in c) L.add(cp, 'uses both "value" and "otherFact"');
          } else if (typeof c["value"] !== "boolean") L.number(`${cp}.value`, c["value"]);
        });
      }
      if (L.array(`${p}.then`, r["then"])) {
        r["then"].forEach((a, j) => {
          const ap = `${p}.then[${j}]`;
          if (!L.object(ap, a)) return;
          if ("call" in a) {
            L.known(ap, a, ["call", "args"]);
            if (L.string(`${ap}.call`, a["call"]) && !bindings.actions?.[a["call"]])
              L.add(`${ap}.call`, `names action ${JSON.stringify(a["call"])}, which is not bound`);
          } else if ("set" in a) {
            L.known(ap, a, ["set", "value"]);
            factOk(`${ap}.set`, a["set"]);
            if (typeof a["value"] !== "boolean") L.number(`${ap}.value`, a["value"]);
          } else if ("add" in a) {
            L.known(ap, a, ["add", "value"]);
            factOk(`${ap}.add`, a["add"]);
            L.number(`${ap}.value`, a["value"]);
          } else L.add(ap, 'needs "set", "add" or "call"');
        });
      }
    });
  }
  if (definition["strategy"] !== undefined) L.oneOf("$.strategy", definition["strategy"], STRATEGIES);
  if (definition["refraction"] !== undefined) L.boolean("$.refraction", definition["refraction"]);
  if (definition["fallback"] !== undefined && L.string("$.fallback", definition["fallback"]) && !names.has(definition["fallback"])) {
    L.add("$.fallback", `names unknown rule ${JSON.stringify(definition["fallback"])}`);
  }
  return L.issues;
}

/** Options for {@link createRuleEngine}. */
export interface RuleEngineOptions {
  /** Generator for the random strategies (default `createRng(seed ?? 0)`). */
  rng?: Rng;
  /** Seed when no `rng` is given. */
  seed?: number;
  /** Largest number of rules one cycle may fire (default 1). */
  maxFirings?: number;
}

const num = (v: number | boolean): number => (typeof v === "boolean" ? (v ? 1 : 0) : v);

/**
 * Validates and compiles a rule base, evaluates every condition once against the initial
 * working memory, and returns the engine. O(rules × conditions) once.
 *
 * @throws TacticaError `INVALID_DEFINITION` listing every problem by JSON path.
 */
export function createRuleEngine(definition: RuleBaseDefinition, bindings: RuleBindings = {}, options: RuleEngineOptions = {}): RuleEngine {
  const issues = validateRuleBase(definition, bindings);
  if (issues.length > 0) throwDefinitionIssues("@tactica/decision: createRuleEngine", issues);
  const maxFirings = assertInteger("@tactica/decision: createRuleEngine", "options.maxFirings", options.maxFirings ?? 1, 1, 1 << 20);
  const factNames = Object.keys(definition.facts);
  const factIndex = new Map(factNames.map((f, i) => [f, i]));
  const rules = definition.rules;
  const R = rules.length;
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
    for (const c of r.when) {
      const id = tRule.length;
      tRule.push(ri);
      if ("test" in c) {
        tOp.push(0);
        tFact.push(-1);
        tOther.push(-1);
        tValue.push(0);
        tFn.push(bindings.tests![c.test]!);
        tArgs.push(c.args ? Object.freeze({ ...c.args }) : empty);
        if (c.reads && c.reads.length > 0) for (const f of new Set(c.reads)) byFact[factIndex.get(f)!]!.push(id);
        else volatile.push(id);
      } else {
        tOp.push(OPS.indexOf(c.op ?? "=="));
        const f = factIndex.get(c.fact)!;
        tFact.push(f);
        byFact[f]!.push(id);
        if ("otherFact" in c) {
          const o = factIndex.get(c.otherFact)!;
          tOther.push(o);
          tValue.push(0);
          if (o !== f) byFact[o]!.push(id);
        } else {
          tOther.push(-1);
          tValue.push(num(c.value));
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
        aFn.push(bindings.actions![a.call]!);
        aArgs.push(a.args ? Object.freeze({ ...a.args }) : empty);
      } else {
        aKind.push("set" in a ? 0 : 1);
        aFact.push(factIndex.get("set" in a ? a.set : a.add)!);
        aValue.push(num(a.value));
        aFn.push(null);
        aArgs.push(empty);
      }
    }
  });
  aStart.push(aKind.length);
  const factStart = new Int32Array(factNames.length + 1);
  const factList: number[] = [];
  byFact.forEach((l, f) => {
    factStart[f] = factList.length;
    factList.push(...l);
  });
  factStart[factNames.length] = factList.length;
  const nTests = tRule.length;
  const t: TestTables = {
    rule: Int32Array.from(tRule),
    op: Uint8Array.from(tOp),
    fact: Int32Array.from(tFact),
    other: Int32Array.from(tOther),
    value: Float64Array.from(tValue),
    fn: tFn,
    args: tArgs,
    truth: new Uint8Array(nTests),
    factStart,
    factList: Int32Array.from(factList),
    volatile: Int32Array.from(volatile),
    matchPos: new Int32Array(R).fill(-1),
    dirty: new Int32Array(factNames.length),
    dirtyFlag: new Uint8Array(factNames.length),
    dirtySize: 0,
    seq: 0,
    picked: new Uint8Array(R),
    actStart: Int32Array.from(aStart),
    actKind: Uint8Array.from(aKind),
    actFact: Int32Array.from(aFact),
    actValue: Float64Array.from(aValue),
    actFn: aFn,
    actArgs: aArgs,
  };
  const e: RuleEngine = {
    definition,
    factNames,
    factIndex,
    facts: Float64Array.from(factNames, (f) => num(definition.facts[f]!)),
    factStamp: new Float64Array(factNames.length),
    ruleNames: rules.map((r) => r.name),
    ruleIndex: new Map(rules.map((r, i) => [r.name, i])),
    salience: Float64Array.from(rules, (r) => r.salience ?? 0),
    weight: Float64Array.from(rules, (r) => r.weight ?? 1),
    unique: Uint8Array.from(rules, (r) => (r.unique ? 1 : 0)),
    enabled: new Uint8Array(R).fill(1),
    testCount: Int32Array.from(rules, (r) => r.when.length),
    satisfied: new Int32Array(R),
    fired: new Uint8Array(R),
    ruleStamp: new Float64Array(R),
    fireCount: new Int32Array(R),
    matched: new Int32Array(R),
    matchedSize: 0,
    lastFired: new Int32Array(maxFirings + 1),
    lastFiredCount: 0,
    cycles: 0,
    noMatchCount: 0,
    testsEvaluated: 0,
    strategy: definition.strategy ?? "salience",
    refraction: definition.refraction ?? true,
    fallback: definition.fallback === undefined ? -1 : rules.findIndex((r) => r.name === definition.fallback),
    rng: options.rng ?? createRng(options.seed ?? 0),
    t,
  };
  for (let r = 0; r < R; r++) if (e.testCount[r] === 0) addMatch(e, r);
  for (let i = 0; i < nTests; i++) retest(e, i);
  return e;
}

function addMatch(e: RuleEngine, r: number): void {
  e.t.matchPos[r] = e.matchedSize;
  e.matched[e.matchedSize++] = r;
}

function removeMatch(e: RuleEngine, r: number): void {
  const pos = e.t.matchPos[r]!;
  const last = e.matched[--e.matchedSize]!;
  e.matched[pos] = last;
  e.t.matchPos[last] = pos;
  e.t.matchPos[r] = -1;
  e.fired[r] = 0;
}

function evalTest(e: RuleEngine, i: number): boolean {
  const t = e.t;
  e.testsEvaluated++;
  const fn = t.fn[i];
  if (fn) return fn(e, t.args[i]!) === true;
  const a = e.facts[t.fact[i]!]!;
  const o = t.other[i]!;
  const b = o >= 0 ? e.facts[o]! : t.value[i]!;
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

function retest(e: RuleEngine, i: number): void {
  const t = e.t;
  const now = evalTest(e, i) ? 1 : 0;
  const r = t.rule[i]!;
  e.ruleStamp[r] = t.seq;
  if (now === t.truth[i]) return;
  t.truth[i] = now;
  const before = e.satisfied[r] === e.testCount[r];
  e.satisfied[r]! += now === 1 ? 1 : -1;
  const after = e.satisfied[r] === e.testCount[r];
  if (after && !before) addMatch(e, r);
  else if (before && !after) removeMatch(e, r);
}

/** Index of fact `name`, or -1. */
export function getFactId(e: RuleEngine, name: string): number {
  const f = e.factIndex.get(name);
  return f === undefined ? -1 : f;
}

/** Reads fact `name` (booleans are 1/0). @throws TacticaError for an unknown fact. */
export function getFact(e: RuleEngine, name: string): number {
  const f = e.factIndex.get(name);
  if (f === undefined)
    invalidArgument("@tactica/decision: getFact", "name", `is not a declared fact (${JSON.stringify(name)})`, "Declare it in the rule base's facts.");
  return e.facts[f]!;
}

/**
 * Writes fact `name` (or index). A changed value is queued; its conditions are re-tested at the
 * next {@link runRuleCycle} (or {@link matchRules}). O(1), no allocation.
 *
 * @throws TacticaError for an unknown fact or a non-finite value.
 */
export function setFact(e: RuleEngine, fact: string | number, value: number | boolean): void {
  const f = typeof fact === "number" ? fact : (e.factIndex.get(fact) ?? -1);
  if (!(f >= 0 && f < e.facts.length))
    invalidArgument("@tactica/decision: setFact", "fact", `is not a declared fact (${String(fact)})`, "Declare it in the rule base's facts.");
  const v = typeof value === "boolean" ? (value ? 1 : 0) : value;
  if (!Number.isFinite(v)) assertFinite("@tactica/decision: setFact", "value", v);
  if (e.facts[f] === v) return;
  e.facts[f] = v;
  const t = e.t;
  if (t.dirtyFlag[f] === 0) {
    t.dirtyFlag[f] = 1;
    t.dirty[t.dirtySize++] = f;
  }
}

/**
 * Brings the conflict set up to date: re-tests only the conditions on facts changed since the
 * last match, plus volatile tests (bound tests without `reads`). O(changed facts × their
 * conditions), no allocation.
 */
export function matchRules(e: RuleEngine): void {
  const t = e.t;
  for (let k = 0; k < t.dirtySize; k++) {
    const f = t.dirty[k]!;
    t.dirtyFlag[f] = 0;
    t.seq++;
    e.factStamp[f] = t.seq;
    for (let j = t.factStart[f]!; j < t.factStart[f + 1]!; j++) retest(e, t.factList[j]!);
  }
  t.dirtySize = 0;
  for (let k = 0; k < t.volatile.length; k++) retest(e, t.volatile[k]!);
}

function eligible(e: RuleEngine, r: number, uniqueOnly: boolean): boolean {
  return e.enabled[r] === 1 && e.t.picked[r] === 0 && !(e.refraction && e.fired[r] === 1) && (!uniqueOnly || e.unique[r] === 1);
}

function pick(e: RuleEngine, uniqueOnly: boolean): number {
  let best = -1;
  const m = e.matched;
  switch (e.strategy) {
    case "random":
    case "weighted": {
      const weighted = e.strategy === "weighted";
      let total = 0;
      for (let k = 0; k < e.matchedSize; k++) {
        const r = m[k]!;
        if (eligible(e, r, uniqueOnly)) total += weighted ? e.weight[r]! : 1;
      }
      if (!(total > 0)) return -1;
      // Walk in database order so the draw does not depend on conflict-set layout.
      let x = rngNextFloat(e.rng) * total;
      for (let r = 0; r < e.ruleNames.length; r++) {
        if (e.t.matchPos[r]! < 0 || !eligible(e, r, uniqueOnly)) continue;
        const w = weighted ? e.weight[r]! : 1;
        if (!(w > 0)) continue;
        best = r;
        x -= w;
        if (x <= 0) break;
      }
      return best;
    }
    default: {
      const strat = e.strategy;
      for (let k = 0; k < e.matchedSize; k++) {
        const r = m[k]!;
        if (!eligible(e, r, uniqueOnly)) continue;
        if (best < 0) {
          best = r;
          continue;
        }
        let better: boolean;
        if (strat === "order") better = r < best;
        else if (strat === "recency") {
          better =
            e.ruleStamp[r]! > e.ruleStamp[best]! ||
            (e.ruleStamp[r] === e.ruleStamp[best] && (e.salience[r]! > e.salience[best]! || (e.salience[r] === e.salience[best] && r < best)));
        } else better = e.salience[r]! > e.salience[best]! || (e.salience[r] === e.salience[best] && r < best);
        if (better) best = r;
      }
      return best;
    }
  }
}

function fire(e: RuleEngine, r: number): void {
  const t = e.t;
  for (let a = t.actStart[r]!; a < t.actStart[r + 1]!; a++) {
    const kind = t.actKind[a]!;
    if (kind === 2) t.actFn[a]!(e, t.actArgs[a]!, r);
    else {
      const f = t.actFact[a]!;
      setFact(e, f, kind === 0 ? t.actValue[a]! : e.facts[f]! + t.actValue[a]!);
    }
  }
  e.fireCount[r]!++;
  e.lastFired[e.lastFiredCount++] = r;
}

/**
 * One recognise–act cycle: {@link matchRules}, then conflict resolution picks up to
 * `maxFirings` rules (if any matching unique rule is eligible, only unique rules are), and
 * their actions run in order (their fact changes are matched next cycle). With refraction a
 * rule fires once per continuous match. When nothing is eligible the fallback rule's actions run
 * and `noMatchCount` grows. Returns the number of rules fired (the fallback counts). No
 * allocation (unless bound actions allocate).
 */
export function runRuleCycle(e: RuleEngine): number {
  matchRules(e);
  e.cycles++;
  e.lastFiredCount = 0;
  const max = e.lastFired.length - 1;
  let uniqueOnly = false;
  for (let k = 0; k < e.matchedSize; k++) {
    const r = e.matched[k]!;
    if (e.unique[r] === 1 && eligible(e, r, false)) {
      uniqueOnly = true;
      break;
    }
  }
  let count = 0;
  while (count < max) {
    const r = pick(e, uniqueOnly);
    if (r < 0) break;
    e.t.picked[r] = 1;
    e.fired[r] = 1;
    fire(e, r);
    count++;
  }
  for (let k = 0; k < e.lastFiredCount; k++) e.t.picked[e.lastFired[k]!] = 0;
  if (count === 0) {
    e.noMatchCount++;
    if (e.fallback >= 0) {
      fire(e, e.fallback);
      count = 1;
    }
  }
  return count;
}

/** Rules in the conflict set right now (after {@link matchRules}), by name. Allocates (debugging). */
export function getMatchedRuleNames(e: RuleEngine): string[] {
  return Array.from(e.matched.subarray(0, e.matchedSize), (r) => e.ruleNames[r]!).sort();
}

/** Names of rules that have never fired (chapter 9's debug list). Allocates. */
export function getNeverFiredRules(e: RuleEngine): string[] {
  return e.ruleNames.filter((_, r) => e.fireCount[r] === 0);
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
 */
export function reinforceRule(e: RuleEngine, rule: string | number, success: boolean, options?: ReinforceRuleOptions): void {
  const step = options?.step ?? 0.1;
  const min = options?.min ?? 0;
  const max = options?.max ?? Infinity;
  const r = typeof rule === "number" ? rule : (e.ruleIndex.get(rule) ?? -1);
  if (!(r >= 0 && r < e.ruleNames.length))
    invalidArgument("@tactica/decision: reinforceRule", "rule", `is not a rule of this engine (${String(rule)})`, "Pass a rule name or index.");
  const w = e.weight[r]! + (success ? step : -step);
  e.weight[r] = w < min ? min : w > max ? max : w;
}

/** Enables or disables a rule (disabled rules stay matched but are never selected). */
export function setRuleEnabled(e: RuleEngine, rule: number, enabled: boolean): void {
  assertInteger("@tactica/decision: setRuleEnabled", "rule", rule, 0, e.ruleNames.length - 1);
  e.enabled[rule] = enabled ? 1 : 0;
}
