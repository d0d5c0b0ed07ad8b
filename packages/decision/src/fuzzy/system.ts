import { assertInteger, describeValue, invalidArgument } from "@tactica/core";
import { indexRecord, IssueList, ownValue, throwDefinitionIssues, type DefinitionIssue } from "../definition-error";
import type { DefuzzifyMethod, FuzzyExpression, FuzzySetDefinition, FuzzySystemDefinition } from "./definition";

const SET_TYPES = ["triangle", "trapezoid", "leftShoulder", "rightShoulder", "singleton"] as const;
/** Most rules (explicit plus FAM cells) one system may hold. */
const MAX_RULES = 1 << 16;
const OP = { Push: 0, And: 1, Or: 2, Not: 3, Very: 4, Fairly: 5 } as const;

/**
 * A compiled fuzzy system: sets in flat tables, rule antecedents as small postfix programs.
 * Immutable plain data (arrays, typed arrays, a string-keyed record), shareable between any
 * number of agents; the degrees of membership live in a {@link FuzzyState} made by
 * {@link createFuzzyState}. Create with {@link createFuzzySystem}.
 */
export interface FuzzySystem {
  /** Variable names. */
  readonly variables: readonly string[];
  /** Variable name → index (own keys only; look names up with {@link fuzzify}'s name form). */
  readonly variableIndex: Readonly<Record<string, number>>;
  /** First set of each variable. */
  readonly setStart: Int32Array;
  /** Set count per variable. */
  readonly setCount: Int32Array;
  /** Range minimum per variable. */
  readonly min: Float64Array;
  /** Range maximum per variable. */
  readonly max: Float64Array;
  /** Set names (global set index). */
  readonly setNames: readonly string[];
  /** Shape per set (index into the set types). */
  readonly setType: Uint8Array;
  /** Four points per set. */
  readonly setPoints: Float64Array;
  /** Representative value per set. */
  readonly setRep: Float64Array;
  /** 1 for output variables (those in rule consequents). */
  readonly isOutput: Uint8Array;
  /** Concatenated antecedent programs. */
  readonly program: Int32Array;
  /** Program start per rule (length rules + 1). */
  readonly ruleStart: Int32Array;
  /** Output set per rule. */
  readonly ruleOutput: Int32Array;
  /** Weight per rule. */
  readonly ruleWeight: Float64Array;
  /** Evaluation stack size a {@link FuzzyState} needs. */
  readonly stackSize: number;
}

/**
 * The running state of a {@link FuzzySystem} for one agent, as plain data: degrees of membership
 * per set and firing strengths per rule. It holds no reference to the system (pass both to every
 * call), so `structuredClone(state)` gives an independent copy. Create with {@link createFuzzyState}.
 */
export interface FuzzyState {
  /** Degree of membership per set (inputs after {@link fuzzify}, outputs after {@link inferFuzzy}). */
  readonly dom: Float64Array;
  /** Firing strength per rule at the last inference. */
  readonly ruleStrength: Float64Array;
  /** Evaluation stack (scratch). */
  readonly stack: Float64Array;
}

function membership(type: number, p: Float64Array, o: number, x: number): number {
  const a = p[o]!;
  const b = p[o + 1]!;
  const c = p[o + 2]!;
  const d = p[o + 3]!;
  switch (type) {
    case 0: // triangle a b c
      if (x === b) return 1;
      if (x <= a || x >= c) return 0;
      return x < b ? (x - a) / (b - a) : (c - x) / (c - b);
    case 1: // trapezoid a b c d
      if (x < a || x > d) return 0;
      if (x >= b && x <= c) return 1;
      return x < b ? (x - a) / (b - a) : (d - x) / (d - c);
    case 2: // left shoulder a b c
      if (x < a) return 0;
      if (x <= b) return 1;
      if (x >= c) return 0;
      return (c - x) / (c - b);
    case 3: // right shoulder a b c
      if (x > c) return 0;
      if (x >= b) return 1;
      if (x <= a) return 0;
      return (x - a) / (b - a);
    default: // singleton a..c
      return x >= a && x <= c ? 1 : 0;
  }
}

function validateSet(L: IssueList, p: string, s: unknown): void {
  if (!L.object(p, s)) return;
  L.known(p, s, ["type", "points"]);
  if (!L.oneOf(`${p}.type`, s["type"], SET_TYPES)) return;
  const need = s["type"] === "trapezoid" ? [4] : s["type"] === "singleton" ? [1, 3] : [3];
  const pts = s["points"];
  if (!Array.isArray(pts) || !need.includes(pts.length)) {
    L.add(`${p}.points`, `must be an array of ${need.join(" or ")} numbers`);
    return;
  }
  pts.forEach((v, i) => L.number(`${p}.points[${i}]`, v));
  for (let i = 1; i < pts.length; i++) {
    const a: unknown = pts[i - 1];
    const b: unknown = pts[i];
    if (typeof a === "number" && typeof b === "number" && b < a) L.add(`${p}.points[${i}]`, "must not be smaller than the previous point");
  }
}

/**
 * Validates a fuzzy-system definition; returns problems by JSON path (empty when valid).
 * @param definition - The candidate fuzzy-system definition, typically parsed JSON of any shape; read only.
 */
export function validateFuzzySystem(definition: unknown): DefinitionIssue[] {
  const L = new IssueList();
  if (!L.object("$", definition)) return L.issues;
  L.known("$", definition, ["version", "variables", "rules", "fams"]);
  if (definition["version"] !== 1) L.add("$.version", "must be 1");
  const vars = definition["variables"];
  if (!L.object("$.variables", vars)) return L.issues;
  for (const [name, v] of Object.entries(vars)) {
    const p = `$.variables.${name}`;
    if (!L.object(p, v)) continue;
    L.known(p, v, ["sets", "range"]);
    if (L.object(`${p}.sets`, v["sets"])) {
      if (Object.keys(v["sets"]).length === 0) L.add(`${p}.sets`, "must declare at least one set");
      for (const [sn, s] of Object.entries(v["sets"])) validateSet(L, `${p}.sets.${sn}`, s);
    }
    if (v["range"] !== undefined) {
      const r = v["range"];
      if (!Array.isArray(r) || r.length !== 2 || !(typeof r[0] === "number" && typeof r[1] === "number" && r[0] < r[1]))
        L.add(`${p}.range`, "must be [min, max] with min < max");
    }
  }
  const isVar = (v: unknown): v is string => typeof v === "string" && ownValue(vars, v) !== undefined;
  const setsOf = (v: string): Record<string, unknown> | undefined => {
    const vd = ownValue(vars, v);
    const sets = vd !== null && typeof vd === "object" ? (vd as Record<string, unknown>)["sets"] : undefined;
    return sets !== null && typeof sets === "object" && !Array.isArray(sets) ? (sets as Record<string, unknown>) : undefined;
  };
  const hasSet = (v: unknown, s: unknown): boolean => typeof s === "string" && isVar(v) && ownValue(setsOf(v), s) !== undefined;
  const inputs = new Set<string>();
  const outputs = new Set<string>();
  const expr = (p: string, e: unknown, depth: number): void => {
    if (depth > 64) return L.add(p, "is nested deeper than 64 levels");
    if (!L.object(p, e)) return;
    const keys = Object.keys(e);
    if ("var" in e) {
      L.known(p, e, ["var", "is"]);
      if (!isVar(e["var"])) L.add(`${p}.var`, `names unknown variable ${describeValue(e["var"])}`);
      else {
        inputs.add(e["var"]);
        if (!hasSet(e["var"], e["is"])) L.add(`${p}.is`, `names unknown set ${describeValue(e["is"])} of ${e["var"]}`);
      }
    } else if ("and" in e || "or" in e) {
      const k = "and" in e ? "and" : "or";
      L.known(p, e, [k]);
      if (L.array(`${p}.${k}`, e[k], 1)) e[k].forEach((x, i) => expr(`${p}.${k}[${i}]`, x, depth + 1));
    } else if ("not" in e || "very" in e || "fairly" in e) {
      const k = keys[0]!;
      L.known(
        p,
        e,
        ["not", "very", "fairly"].filter((x) => x === k),
      );
      expr(`${p}.${k}`, e[k], depth + 1);
    } else L.add(p, 'needs one of "var"/"is", "and", "or", "not", "very", "fairly"');
  };
  const consequent = (p: string, v: unknown, s: unknown): void => {
    if (!isVar(v)) L.add(`${p}.var`, `names unknown variable ${describeValue(v)}`);
    else {
      outputs.add(v);
      if (!hasSet(v, s)) L.add(`${p}.is`, `names unknown set ${describeValue(s)} of ${v}`);
    }
  };
  if (definition["rules"] !== undefined && L.array("$.rules", definition["rules"])) {
    if (definition["rules"].length > MAX_RULES) L.add("$.rules", `holds ${definition["rules"].length} rules; at most ${MAX_RULES} are allowed`);
    definition["rules"].forEach((r, i) => {
      const p = `$.rules[${i}]`;
      if (!L.object(p, r)) return;
      L.known(p, r, ["if", "then", "weight"]);
      expr(`${p}.if`, r["if"], 0);
      if (L.object(`${p}.then`, r["then"])) consequent(`${p}.then`, r["then"]["var"], r["then"]["is"]);
      if (r["weight"] !== undefined) L.number(`${p}.weight`, r["weight"], 0, 1);
    });
  }
  if (definition["fams"] !== undefined && L.array("$.fams", definition["fams"])) {
    definition["fams"].forEach((f, i) => {
      const p = `$.fams[${i}]`;
      if (!L.object(p, f)) return;
      L.known(p, f, ["inputs", "output", "table"]);
      const ins = f["inputs"];
      if (!Array.isArray(ins) || ins.length !== 2 || !ins.every(isVar)) {
        L.add(`${p}.inputs`, "must name two declared variables");
        return;
      }
      ins.forEach((v) => inputs.add(v));
      const rows = Object.keys(setsOf(ins[0] as string) ?? {});
      const cols = Object.keys(setsOf(ins[1] as string) ?? {});
      const out = f["output"];
      if (!isVar(out)) return L.add(`${p}.output`, "must name a declared variable");
      outputs.add(out);
      const t = f["table"];
      if (!Array.isArray(t) || t.length !== rows.length) return L.add(`${p}.table`, `must have ${rows.length} rows (the sets of ${String(ins[0])})`);
      t.forEach((row: unknown, r) => {
        if (!Array.isArray(row) || row.length !== cols.length)
          return L.add(`${p}.table[${r}]`, `must have ${cols.length} cells (the sets of ${String(ins[1])})`);
        row.forEach((cell: unknown, c) => {
          if (cell !== null && !hasSet(out, cell)) L.add(`${p}.table[${r}][${c}]`, `names unknown set ${describeValue(cell)} of ${out}`);
        });
      });
    });
  }
  for (const v of outputs) if (inputs.has(v)) L.add(`$.variables.${v}`, "is used both as an input (antecedent) and an output (consequent)");
  return L.issues;
}

/**
 * Validates and compiles a fuzzy system (variables, rules, FAMs). O(sets + rule size).
 *
 * @param definition - The system: `version: 1`, `variables` (each with its fuzzy `sets` and their points in the variable's units), `rules` and
 *   optional `fams`; read, not kept.
 * @throws TacticaError `INVALID_DEFINITION` listing every problem by JSON path.
 */
export function createFuzzySystem(definition: FuzzySystemDefinition): FuzzySystem {
  const issues = validateFuzzySystem(definition);
  if (issues.length > 0) throwDefinitionIssues("@tactica/decision: createFuzzySystem", issues);
  const variables = Object.keys(definition.variables);
  const variableIndex = indexRecord(variables);
  const setStart = new Int32Array(variables.length);
  const setCount = new Int32Array(variables.length);
  const min = new Float64Array(variables.length);
  const max = new Float64Array(variables.length);
  const setNames: string[] = [];
  const setIds = new Map<string, number>();
  const types: number[] = [];
  const pts: number[] = [];
  const reps: number[] = [];
  variables.forEach((v, vi) => {
    const vd = definition.variables[v]!;
    setStart[vi] = setNames.length;
    let lo = Infinity;
    let hi = -Infinity;
    for (const [sn, s] of Object.entries<FuzzySetDefinition>(vd.sets)) {
      setIds.set(`${v}\u0000${sn}`, setNames.length);
      setNames.push(sn);
      const t = SET_TYPES.indexOf(s.type);
      types.push(t);
      const p = s.points.length === 1 ? [s.points[0]!, s.points[0]!, s.points[0]!] : s.points;
      pts.push(p[0]!, p[1]!, p[2]!, p[3] ?? p[2]!);
      lo = Math.min(lo, p[0]!);
      hi = Math.max(hi, p[p.length - 1]!);
      reps.push(t === 0 ? p[1]! : t === 1 ? (p[1]! + p[2]!) / 2 : t === 2 ? (p[0]! + p[1]!) / 2 : t === 3 ? (p[1]! + p[2]!) / 2 : p[1]!);
    }
    setCount[vi] = setNames.length - setStart[vi];
    min[vi] = vd.range?.[0] ?? lo;
    max[vi] = vd.range?.[1] ?? hi;
  });
  const program: number[] = [];
  const ruleStart: number[] = [];
  const ruleOutput: number[] = [];
  const ruleWeight: number[] = [];
  const isOutput = new Uint8Array(variables.length);
  let depth = 0;
  let maxDepth = 1;
  const emit = (e: FuzzyExpression): void => {
    if ("var" in e) {
      program.push(OP.Push, setIds.get(`${e.var}\u0000${e.is}`)!);
      maxDepth = Math.max(maxDepth, ++depth);
    } else if ("and" in e || "or" in e) {
      const list = "and" in e ? e.and : e.or;
      for (const x of list) emit(x);
      program.push("and" in e ? OP.And : OP.Or, list.length);
      depth -= list.length - 1;
    } else if ("not" in e) {
      emit(e.not);
      program.push(OP.Not, 0);
    } else if ("very" in e) {
      emit(e.very);
      program.push(OP.Very, 0);
    } else {
      emit(e.fairly);
      program.push(OP.Fairly, 0);
    }
  };
  const addRule = (e: FuzzyExpression, v: string, s: string, w: number): void => {
    ruleStart.push(program.length);
    depth = 0;
    emit(e);
    ruleOutput.push(setIds.get(`${v}\u0000${s}`)!);
    ruleWeight.push(w);
    isOutput[variableIndex[v]!] = 1;
  };
  for (const r of definition.rules ?? []) addRule(r.if, r.then.var, r.then.is, r.weight ?? 1);
  for (const f of definition.fams ?? []) {
    const rows = Object.keys(definition.variables[f.inputs[0]]!.sets);
    const cols = Object.keys(definition.variables[f.inputs[1]]!.sets);
    f.table.forEach((row, i) =>
      row.forEach((cell, j) => {
        if (cell !== null)
          addRule(
            {
              and: [
                { var: f.inputs[0], is: rows[i]! },
                { var: f.inputs[1], is: cols[j]! },
              ],
            },
            f.output,
            cell,
            1,
          );
      }),
    );
  }
  ruleStart.push(program.length);
  return Object.freeze({
    variables: Object.freeze(variables),
    variableIndex,
    setStart,
    setCount,
    min,
    max,
    setNames: Object.freeze(setNames),
    setType: Uint8Array.from(types),
    setPoints: Float64Array.from(pts),
    setRep: Float64Array.from(reps),
    isOutput,
    program: Int32Array.from(program),
    ruleStart: Int32Array.from(ruleStart),
    ruleOutput: Int32Array.from(ruleOutput),
    ruleWeight: Float64Array.from(ruleWeight),
    stackSize: maxDepth + 1,
  });
}

/**
 * Creates the running state of `sys` for one agent (all memberships 0). Plain data; O(sets +
 * rules) allocation once.
 *
 * @param sys - The compiled system; its set, rule and expression-stack sizes size the arrays.
 * @example
 * ```ts
 * const sys = createFuzzySystem({
 *   version: 1,
 *   variables: {
 *     distance: { sets: { close: { type: "leftShoulder", points: [0, 25, 150] }, far: { type: "rightShoulder", points: [25, 150, 300] } } },
 *     desirability: { sets: { low: { type: "leftShoulder", points: [0, 25, 50] }, high: { type: "rightShoulder", points: [50, 75, 100] } } },
 *   },
 *   rules: [
 *     { if: { var: "distance", is: "close" }, then: { var: "desirability", is: "low" } },
 *     { if: { var: "distance", is: "far" }, then: { var: "desirability", is: "high" } },
 *   ],
 * });
 * const state = createFuzzyState(sys); // one per agent
 * fuzzify(state, sys, "distance", 200);
 * inferFuzzy(state, sys);
 * defuzzify(state, sys, "desirability"); // above 50: mostly "high"
 * ```
 */
export function createFuzzyState(sys: FuzzySystem): FuzzyState {
  return { dom: new Float64Array(sys.setNames.length), ruleStrength: new Float64Array(sys.ruleOutput.length), stack: new Float64Array(sys.stackSize) };
}

function checkState(fn: string, st: FuzzyState, sys: FuzzySystem): void {
  // Two length comparisons: cheap enough for the per-call hot path.
  if (st?.dom?.length !== sys.setNames.length || st.ruleStrength?.length !== sys.ruleOutput.length || !(st.stack?.length >= sys.stackSize)) {
    invalidArgument(
      `@tactica/decision: ${fn}`,
      "state",
      "was not created for this fuzzy system",
      "Pass the state createFuzzyState(sys) returned for the same system.",
    );
  }
}

function varId(sys: FuzzySystem, v: string | number, fn: string): number {
  const i = typeof v === "number" ? v : (ownValue(sys.variableIndex, v) ?? -1);
  if (!(i >= 0 && i < sys.variables.length))
    invalidArgument(`@tactica/decision: ${fn}`, "variable", `is not a variable of this system (${String(v)})`, `Use one of ${sys.variables.join(", ")}.`);
  return i;
}

/**
 * Degree of membership of `x` in set `set` (global set index). O(1).
 * @param sys - The compiled system; read only.
 * @param set - Global set index, `0 .. sys.setType.length − 1`.
 * @param x - Crisp value in the variable's units.
 * @throws TacticaError `INVALID_ARGUMENT` when `set` is `undefined`, not an integer or out of range.
 */
export function getFuzzyMembership(sys: FuzzySystem, set: number, x: number): number {
  if (set >>> 0 !== set || set >= sys.setType.length) assertInteger("@tactica/decision: getFuzzyMembership", "set", set, 0, sys.setType.length - 1);
  return membership(sys.setType[set]!, sys.setPoints, set * 4, x);
}

/**
 * Fuzzifies a crisp input: clamps `value` into the variable's range (NaN counts as the minimum)
 * and writes the degree of membership of every set of the variable into `state`. O(sets), no
 * allocation.
 * @param state - The agent's fuzzy state; the memberships of the variable's sets are written in place.
 * @param sys - The compiled system `state` belongs to.
 * @param variable - Input variable name, or its index in `sys.variables`.
 * @param value - Crisp input in the variable's own units; clamped to the variable's range (NaN counts as its minimum).
 */
export function fuzzify(state: FuzzyState, sys: FuzzySystem, variable: string | number, value: number): void {
  checkState("fuzzify", state, sys);
  const v = varId(sys, variable, "fuzzify");
  let x = value;
  if (!(x >= sys.min[v]!)) x = sys.min[v]!;
  else if (x > sys.max[v]!) x = sys.max[v]!;
  for (let s = sys.setStart[v]!; s < sys.setStart[v]! + sys.setCount[v]!; s++) state.dom[s] = membership(sys.setType[s]!, sys.setPoints, s * 4, x);
}

/**
 * Fires every rule on the current input memberships: AND = min, OR = max, NOT = 1 − x, very =
 * x², fairly = √x; each output set's membership is the maximum strength (× weight) of the rules
 * concluding it. Reads and writes `state`. O(rule size), no allocation.
 * @param state - The agent's fuzzy state: input memberships are read, output memberships and rule strengths written in place.
 * @param sys - The compiled system `state` belongs to; its rules are evaluated.
 */
export function inferFuzzy(state: FuzzyState, sys: FuzzySystem): void {
  checkState("inferFuzzy", state, sys);
  const dom = state.dom;
  for (let v = 0; v < sys.variables.length; v++) {
    if (sys.isOutput[v] === 1) dom.fill(0, sys.setStart[v], sys.setStart[v]! + sys.setCount[v]!);
  }
  const prog = sys.program;
  const st = state.stack;
  for (let r = 0; r < sys.ruleOutput.length; r++) {
    let sp = 0;
    for (let pc = sys.ruleStart[r]!; pc < sys.ruleStart[r + 1]!; pc += 2) {
      const op = prog[pc]!;
      const arg = prog[pc + 1]!;
      if (op === OP.Push) st[sp++] = dom[arg]!;
      else if (op === OP.And || op === OP.Or) {
        let acc = st[sp - arg]!;
        for (let k = sp - arg + 1; k < sp; k++) acc = op === OP.And ? Math.min(acc, st[k]!) : Math.max(acc, st[k]!);
        sp -= arg;
        st[sp++] = acc;
      } else if (op === OP.Not) st[sp - 1] = 1 - st[sp - 1]!;
      else if (op === OP.Very) st[sp - 1] = st[sp - 1]! * st[sp - 1]!;
      else st[sp - 1] = Math.sqrt(st[sp - 1]!);
    }
    const strength = st[0]! * sys.ruleWeight[r]!;
    state.ruleStrength[r] = strength;
    const o = sys.ruleOutput[r]!;
    if (strength > dom[o]!) dom[o] = strength;
  }
}

/** Options for {@link defuzzify} and {@link evaluateFuzzy}. */
export interface DefuzzifyOptions {
  /** Defuzzification method (default `"centroid"`). */
  method?: DefuzzifyMethod;
  /** Sample points over the output range for centroid / mean of maximum (default 101, at least 2). */
  samples?: number;
}

/**
 * Defuzzifies output variable `variable` after {@link inferFuzzy}:
 * `"centroid"` — Σx·μ(x)/Σμ(x) over `samples` evenly spaced points of the range (ends included),
 * with μ(x) = max over sets of min(set membership, set strength);
 * `"meanOfMaximum"` — the mean of the sample points where μ is maximal;
 * `"maxAverage"` — Σ rep·strength / Σ strength over the sets (Buckland's MaxAv).
 * Returns 0 when no rule fired. O(samples × sets) or O(sets), no allocation.
 * @param state - The agent's fuzzy state after {@link inferFuzzy}; read only.
 * @param sys - The compiled system `state` belongs to.
 * @param variable - Output variable name, or its index in `sys.variables`; the result is in its units and range.
 * @param options - `method` (`"centroid"`, `"meanOfMaximum"` or `"maxAverage"`; default `"centroid"`) and `samples` over the output range
 *   (integer >= 2, default 101).
 */
export function defuzzify(state: FuzzyState, sys: FuzzySystem, variable: string | number, options?: DefuzzifyOptions): number {
  checkState("defuzzify", state, sys);
  const v = varId(sys, variable, "defuzzify");
  const dom = state.dom;
  const method = options?.method ?? "centroid";
  const samples = options?.samples ?? 101;
  if (method !== "centroid" && method !== "meanOfMaximum" && method !== "maxAverage") {
    invalidArgument(
      "@tactica/decision: defuzzify",
      "options.method",
      `must be "centroid", "meanOfMaximum" or "maxAverage" but is ${String(method)}`,
      "Pick one of the three methods.",
    );
  }
  assertInteger("@tactica/decision: defuzzify", "options.samples", samples, 2, 1 << 20);
  const s0 = sys.setStart[v]!;
  const s1 = s0 + sys.setCount[v]!;
  if (method === "maxAverage") {
    let top = 0;
    let bottom = 0;
    for (let s = s0; s < s1; s++) {
      bottom += dom[s]!;
      top += sys.setRep[s]! * dom[s]!;
    }
    return bottom === 0 ? 0 : top / bottom;
  }
  const lo = sys.min[v]!;
  const step = (sys.max[v]! - lo) / (samples - 1);
  let area = 0;
  let moment = 0;
  let best = 0;
  let bestSum = 0;
  let bestCount = 0;
  for (let k = 0; k < samples; k++) {
    const x = lo + k * step;
    let mu = 0;
    for (let s = s0; s < s1; s++) {
      const d = dom[s]!;
      if (d <= mu) continue;
      const m = Math.min(d, getFuzzyMembership(sys, s, x));
      if (m > mu) mu = m;
    }
    area += mu;
    moment += x * mu;
    if (mu > best + 1e-12) {
      best = mu;
      bestSum = x;
      bestCount = 1;
    } else if (mu > 0 && Math.abs(mu - best) <= 1e-12) {
      bestSum += x;
      bestCount++;
    }
  }
  if (method === "meanOfMaximum") return bestCount === 0 ? 0 : bestSum / bestCount;
  return area === 0 ? 0 : moment / area;
}

const level2 = new WeakMap<FuzzySystem, FuzzyState>();

/**
 * Level-2 convenience: fuzzifies every input in `inputs` (by name), infers, and defuzzifies
 * `output`, using a state cached per system (a private `WeakMap`). Iterates the record's keys;
 * in hot loops keep a {@link FuzzyState} per agent and call {@link fuzzify}, {@link inferFuzzy},
 * {@link defuzzify}.
 *
 * @param sys - The compiled system; a private state per system is created on first use and reused.
 * @param inputs - Crisp input values by variable name, each in that variable's units (clamped to its range). Inputs left out keep the membership
 *   of the previous call on the same system.
 * @param output - Name of the output variable to defuzzify.
 * @param options - `method` and `samples` as for {@link defuzzify}. Left out: centroid over 101 samples.
 * @example
 * ```ts
 * const sys = createFuzzySystem({
 *   version: 1,
 *   variables: {
 *     distance: { sets: { close: { type: "leftShoulder", points: [0, 25, 150] }, far: { type: "rightShoulder", points: [25, 150, 300] } } },
 *     desirability: { sets: { low: { type: "leftShoulder", points: [0, 25, 50] }, high: { type: "rightShoulder", points: [50, 75, 100] } } },
 *   },
 *   rules: [
 *     { if: { var: "distance", is: "close" }, then: { var: "desirability", is: "low" } },
 *     { if: { var: "distance", is: "far" }, then: { var: "desirability", is: "high" } },
 *   ],
 * });
 * evaluateFuzzy(sys, { distance: 200 }, "desirability"); // above 50: mostly "high"
 * ```
 */
export function evaluateFuzzy(sys: FuzzySystem, inputs: Readonly<Record<string, number>>, output: string, options?: DefuzzifyOptions): number {
  let state = level2.get(sys);
  if (state === undefined) {
    state = createFuzzyState(sys);
    level2.set(sys, state);
  }
  for (const k of Object.keys(inputs)) fuzzify(state, sys, k, inputs[k]!);
  inferFuzzy(state, sys);
  return defuzzify(state, sys, output, options);
}

/** JSON-safe snapshot of a {@link FuzzyState} made by {@link saveFuzzyState}. */
export interface FuzzySnapshot {
  /** Format tag. */
  format: "tactica-fuzzy-state";
  /** Format version (1). */
  version: 1;
  /** Degree of membership per set, each in [0, 1]. */
  dom: number[];
  /** Firing strength per rule, each in [0, 1]. */
  ruleStrength: number[];
}

/**
 * Saves the memberships and rule strengths of `state` as JSON-safe plain data. Allocates.
 * @param state - The fuzzy state to copy; read only.
 * @param sys - The compiled system `state` belongs to (checked against the state's sizes).
 */
export function saveFuzzyState(state: FuzzyState, sys: FuzzySystem): FuzzySnapshot {
  checkState("saveFuzzyState", state, sys);
  return { format: "tactica-fuzzy-state", version: 1, dom: Array.from(state.dom), ruleStrength: Array.from(state.ruleStrength) };
}

function checkUnitArray(where: string, path: string, v: unknown, length: number): number[] {
  if (!Array.isArray(v) || v.length !== length)
    invalidArgument(where, path, `must be an array of ${length} numbers in [0, 1]`, "Restore a snapshot saved from the same fuzzy system.");
  for (let i = 0; i < length; i++) {
    const x: unknown = v[i];
    if (typeof x !== "number" || !(x >= 0 && x <= 1)) invalidArgument(where, `${path}[${i}]`, "must be a number in [0, 1]", "Restore an unmodified snapshot.");
  }
  return v as number[];
}

/**
 * Restores `state` from {@link saveFuzzyState} output. The whole snapshot is checked first: when
 * it throws, `state` is unchanged.
 *
 * @param state - A fuzzy state of the same system, overwritten in place; unchanged when the call throws.
 * @param sys - The compiled system `state` belongs to.
 * @param snapshot - The value {@link saveFuzzyState} returned (possibly through JSON); every entry must be in [0, 1].
 * @throws TacticaError `INVALID_ARGUMENT` naming the snapshot path when the snapshot is malformed or from a system of another size.
 */
export function restoreFuzzyState(state: FuzzyState, sys: FuzzySystem, snapshot: FuzzySnapshot): void {
  const where = "@tactica/decision: restoreFuzzyState";
  checkState("restoreFuzzyState", state, sys);
  const snap = snapshot as unknown as Record<string, unknown> | null;
  if (snap === null || typeof snap !== "object" || Array.isArray(snap) || snap["format"] !== "tactica-fuzzy-state" || snap["version"] !== 1)
    invalidArgument(where, "snapshot", "is not a fuzzy-state snapshot (format tactica-fuzzy-state, version 1)", "Pass the value saveFuzzyState returned.");
  const dom = checkUnitArray(where, "snapshot.dom", snap["dom"], state.dom.length);
  const strength = checkUnitArray(where, "snapshot.ruleStrength", snap["ruleStrength"], state.ruleStrength.length);
  state.dom.set(dom);
  state.ruleStrength.set(strength);
}
