import { compileResponseCurve, describeValue, invalidArgument, type Rng, validateResponseCurve } from "@tactica/core";
import { indexRecord, IssueList, throwDefinitionIssues, type DefinitionIssue } from "../definition-error";
import type { UtilityDefinition } from "./definition";
import { pickWeightedMasked, selectDualUtility } from "./dual-utility";

/**
 * A compiled utility decision: considerations flattened into tables with compiled response
 * curves. Share one set between all agents that decide the same way. Create with
 * {@link createUtilitySet}.
 */
export interface UtilitySet {
  /** The definition it was compiled from. */
  readonly definition: UtilityDefinition;
  /** Number of inputs per agent. */
  readonly inputCount: number;
  /** Input name → index. */
  readonly inputIndex: Readonly<Record<string, number>>;
  /** Number of options. */
  readonly optionCount: number;
  /** Option names. */
  readonly optionNames: readonly string[];
  /** Option weights. */
  readonly weights: Float64Array;
  /** Constant ranks (used when `rankInput` is -1). */
  readonly ranks: Float64Array;
  /** Rank input index per option (-1 = constant rank). */
  readonly rankInput: Int32Array;
  /** First consideration per option. */
  readonly considerationStart: Int32Array;
  /** Consideration count per option. */
  readonly considerationCount: Int32Array;
  /** Input index per consideration. */
  readonly considerationInput: Int32Array;
  /** Curve evaluator per consideration. */
  readonly curves: readonly ((x: number) => number)[];
  /** Consideration labels. */
  readonly considerationNames: readonly string[];
  /** Total number of considerations. */
  readonly considerationTotal: number;
  /** Selection mode: 0 absolute, 1 relative, 2 dual. */
  readonly mode: number;
  /** Dual-utility cutoff. */
  readonly cutoff: number;
  /** Momentum bonus of the current choice. */
  readonly momentum: number;
  /** Whether the compensation factor is applied. */
  readonly compensation: boolean;
}

/**
 * Per-agent (or per-batch) scratch and result of a utility evaluation: final scores, ranks,
 * per-consideration scores (the breakdown) and the current choice for momentum.
 */
export interface UtilityState {
  /** Final score per option (after weight, compensation and momentum). */
  readonly scores: Float64Array;
  /** Rank per option at the last evaluation. */
  readonly ranks: Float64Array;
  /** Score per consideration after compensation (breakdown). */
  readonly considerationScores: Float64Array;
  /** Scratch mask for dual utility. */
  readonly mask: Uint8Array;
  /** The current choice (-1 = none); receives the momentum bonus. */
  current: number;
}

const WHERE = "@tactica/decision: createUtilitySet";

/**
 * Validates a utility definition; returns problems by JSON path (empty when valid).
 * @param definition - The candidate utility definition, typically parsed JSON of any shape; read only.
 */
export function validateUtility(definition: unknown): DefinitionIssue[] {
  const L = new IssueList();
  if (!L.object("$", definition)) return L.issues;
  L.known("$", definition, ["version", "inputs", "options", "selection"]);
  if (definition["version"] !== 1) L.add("$.version", "must be 1");
  const inputs = new Set<string>();
  if (L.array("$.inputs", definition["inputs"])) {
    definition["inputs"].forEach((n, i) => {
      if (L.string(`$.inputs[${i}]`, n)) {
        if (inputs.has(n)) L.add(`$.inputs[${i}]`, `duplicates input ${describeValue(n)}`);
        inputs.add(n);
      }
    });
  }
  const names = new Set<string>();
  if (L.array("$.options", definition["options"], 1)) {
    definition["options"].forEach((o, i) => {
      const p = `$.options[${i}]`;
      if (!L.object(p, o)) return;
      L.known(p, o, ["name", "weight", "rank", "rankInput", "considerations"]);
      if (L.string(`${p}.name`, o["name"])) {
        if (names.has(o["name"])) L.add(`${p}.name`, `duplicates option ${describeValue(o["name"])}`);
        names.add(o["name"]);
      }
      if (o["weight"] !== undefined) L.number(`${p}.weight`, o["weight"], 0);
      if (o["rank"] !== undefined) L.number(`${p}.rank`, o["rank"]);
      if (o["rankInput"] !== undefined && L.string(`${p}.rankInput`, o["rankInput"]) && !inputs.has(o["rankInput"])) {
        L.add(`${p}.rankInput`, `names undeclared input ${describeValue(o["rankInput"])}`);
      }
      if (L.array(`${p}.considerations`, o["considerations"], 1)) {
        o["considerations"].forEach((c, j) => {
          const cp = `${p}.considerations[${j}]`;
          if (!L.object(cp, c)) return;
          L.known(cp, c, ["name", "input", "curve"]);
          if (c["name"] !== undefined) L.string(`${cp}.name`, c["name"]);
          if (L.string(`${cp}.input`, c["input"]) && !inputs.has(c["input"])) L.add(`${cp}.input`, `names undeclared input ${describeValue(c["input"])}`);
          try {
            validateResponseCurve(c["curve"], { path: `${cp}.curve` });
          } catch (e) {
            L.add((e as { path?: string }).path ?? `${cp}.curve`, (e as Error).message.replace(/^@tactica\/core: validateResponseCurve: \S+ /, ""));
          }
        });
      }
    });
  }
  const sel = definition["selection"];
  if (sel !== undefined && L.object("$.selection", sel)) {
    L.known("$.selection", sel, ["mode", "cutoff", "momentum", "compensation"]);
    if (sel["mode"] !== undefined) L.oneOf("$.selection.mode", sel["mode"], ["absolute", "relative", "dual"]);
    if (sel["cutoff"] !== undefined) L.number("$.selection.cutoff", sel["cutoff"], 0, 1);
    if (sel["momentum"] !== undefined) L.number("$.selection.momentum", sel["momentum"], 0);
    if (sel["compensation"] !== undefined) L.boolean("$.selection.compensation", sel["compensation"]);
  }
  return L.issues;
}

/**
 * Validates and compiles a utility definition. O(considerations).
 *
 * @param definition - The utility definition (`version`, `inputs`, `options` with considerations and curves, optional `selection`); kept by
 *   reference as `set.definition`.
 * @throws TacticaError `INVALID_DEFINITION` listing every problem by JSON path.
 */
export function createUtilitySet(definition: UtilityDefinition): UtilitySet {
  const issues = validateUtility(definition);
  if (issues.length > 0) throwDefinitionIssues(WHERE, issues);
  const inputIndex = indexRecord(definition.inputs);
  const opts = definition.options;
  const considerationStart = new Int32Array(opts.length);
  const considerationCount = new Int32Array(opts.length);
  const cin: number[] = [];
  const curves: ((x: number) => number)[] = [];
  const cnames: string[] = [];
  opts.forEach((o, i) => {
    considerationStart[i] = cin.length;
    considerationCount[i] = o.considerations.length;
    for (const c of o.considerations) {
      cin.push(inputIndex[c.input]!);
      curves.push(compileResponseCurve(c.curve).evaluate);
      cnames.push(c.name ?? c.input);
    }
  });
  const sel = definition.selection ?? {};
  return {
    definition,
    inputCount: definition.inputs.length,
    inputIndex,
    optionCount: opts.length,
    optionNames: opts.map((o) => o.name),
    weights: Float64Array.from(opts, (o) => o.weight ?? 1),
    ranks: Float64Array.from(opts, (o) => o.rank ?? 0),
    rankInput: Int32Array.from(opts, (o) => (o.rankInput === undefined ? -1 : inputIndex[o.rankInput]!)),
    considerationStart,
    considerationCount,
    considerationInput: Int32Array.from(cin),
    curves,
    considerationNames: cnames,
    considerationTotal: cin.length,
    mode: sel.mode === "relative" ? 1 : sel.mode === "dual" ? 2 : 0,
    cutoff: sel.cutoff ?? 0,
    momentum: sel.momentum ?? 0,
    compensation: sel.compensation ?? true,
  };
}

/**
 * Creates the scratch/result state for one agent (or one batch).
 * @param set - The compiled set; its option and consideration counts size the score arrays.
 */
export function createUtilityState(set: UtilitySet): UtilityState {
  return {
    scores: new Float64Array(set.optionCount),
    ranks: new Float64Array(set.optionCount),
    considerationScores: new Float64Array(set.considerationTotal),
    mask: new Uint8Array(set.optionCount),
    current: -1,
  };
}

/** Options for {@link scoreUtility} and {@link explainUtility}. */
export interface ScoreUtilityOptions {
  /** Index of the agent's first input in `inputs` (default 0), for packed per-agent inputs. */
  offset?: number;
}

/** Options for {@link chooseUtility} and {@link chooseUtilityBatch}. */
export interface ChooseUtilityOptions {
  /** Generator for the relative and dual selection modes (required by them). */
  rng?: Rng;
  /** Index of the agent's first input in `inputs` (default 0; {@link chooseUtility} only). */
  offset?: number;
}

/**
 * Scores every option for one agent whose inputs are `inputs[offset … offset + inputCount)`:
 * `score = weight × Π c'_j`, where each consideration `c_j = curve_j(input)` is compensated for
 * the number of considerations `n` (Mark's compensation factor: `c' = c + c·(1 − c)·(1 − 1/n)`),
 * and the option equal to `state.current` is multiplied by `1 + momentum`. A product stops
 * early at 0. Writes `state.scores`, `state.ranks`, `state.considerationScores`. Returns the
 * best-scoring option (ties to the lower index) or -1 when all scores are 0. O(considerations),
 * no allocation.
 * @param state - Scratch state from {@link createUtilityState}; `scores`, `ranks` and `considerationScores` are written in place, `current` is
 *   read for the momentum bonus.
 * @param set - The compiled utility set; read only.
 * @param inputs - Input values in the order of the definition's `inputs`, starting at `options.offset`; read only. Values are not checked: a
 *   missing one is read as `undefined`.
 * @param options - `offset`: index of the agent's first input in `inputs`, for packed per-agent inputs. Left out: 0.
 */
export function scoreUtility(state: UtilityState, set: UtilitySet, inputs: ArrayLike<number>, options?: ScoreUtilityOptions): number {
  return scoreAt(state, set, inputs, options?.offset ?? 0);
}

function scoreAt(state: UtilityState, set: UtilitySet, inputs: ArrayLike<number>, offset: number): number {
  const cs = state.considerationScores;
  let best = -1;
  let bestScore = 0;
  for (let o = 0; o < set.optionCount; o++) {
    const start = set.considerationStart[o]!;
    const n = set.considerationCount[o]!;
    const mod = set.compensation ? 1 - 1 / n : 0;
    let score = set.weights[o]!;
    for (let j = 0; j < n; j++) {
      const c = start + j;
      if (score === 0) {
        cs[c] = 0;
        continue;
      }
      let v = set.curves[c]!(inputs[offset + set.considerationInput[c]!]!);
      v += v * (1 - v) * mod;
      cs[c] = v;
      score *= v;
    }
    if (o === state.current) score *= 1 + set.momentum;
    state.scores[o] = score;
    const ri = set.rankInput[o]!;
    const rank = ri >= 0 ? inputs[offset + ri]! : set.ranks[o]!;
    state.ranks[o] = rank === rank ? rank : 0;
    if (score > bestScore) {
      bestScore = score;
      best = o;
    }
  }
  return best;
}

/**
 * Scores (see {@link scoreUtility}) and chooses an option by the set's selection mode, makes it
 * `state.current` (so it gets the momentum bonus next time) and returns it, or -1 when every
 * option scores 0 (then `state.current` is left unchanged). `options.rng` is needed for the
 * relative and dual modes. No allocation. For a one-liner over named inputs, see
 * {@link pickUtilityOption}.
 *
 * @param state - The agent's utility state from {@link createUtilityState}; scores are written and `current` is set to the pick (kept when the
 *   result is -1).
 * @param set - The compiled utility set; its `selection.mode` decides between best-score, relative and dual selection.
 * @param inputs - Input values in the order of the definition's `inputs`, starting at `options.offset`; read only.
 * @param options - `rng` (required by the relative and dual modes; the best-score mode draws nothing) and `offset` (index of the agent's first
 *   input, default 0).
 * @throws TacticaError `INVALID_ARGUMENT` when a random mode is used without an `rng`.
 */
export function chooseUtility(state: UtilityState, set: UtilitySet, inputs: ArrayLike<number>, options?: ChooseUtilityOptions): number {
  return chooseAt(state, set, inputs, options?.rng, options?.offset ?? 0);
}

function chooseAt(state: UtilityState, set: UtilitySet, inputs: ArrayLike<number>, rng: Rng | undefined, offset: number): number {
  const best = scoreAt(state, set, inputs, offset);
  let pick = best;
  if (set.mode !== 0 && best >= 0) {
    if (rng === undefined) invalidArgument("@tactica/decision: chooseUtility", "rng", "is required for relative and dual selection", "Pass a core Rng.");
    pick =
      set.mode === 1
        ? pickWeightedMasked(rng, state.scores, set.optionCount, undefined)
        : selectDualUtility(state.mask, state.ranks, state.scores, set.optionCount, set.cutoff, rng);
  }
  if (pick >= 0) state.current = pick;
  return pick;
}

/**
 * Chooses for `current.length` agents in one call: agent `a` reads
 * `inputs[a × inputCount … (a+1) × inputCount)`, its current choice from `current[a]` (-1 =
 * none) and receives its new choice there (`current` is the output). Uses one scratch `state`.
 * O(agents × considerations), no allocation.
 * @param current - One choice per agent, option index or -1 for none: read as the agent's current choice (momentum) and overwritten with its new
 *   choice (left as is when every option scores 0).
 * @param state - One scratch state shared by all agents; after the call it holds the last agent's scores.
 * @param set - The compiled utility set; read only.
 * @param inputs - Packed inputs, `set.inputCount` values per agent, agent `a` at `a × inputCount`; read only.
 * @param options - `rng`, required by the relative and dual modes; `offset` is ignored (agents are packed from index 0).
 */
export function chooseUtilityBatch(current: Int32Array, state: UtilityState, set: UtilitySet, inputs: ArrayLike<number>, options?: ChooseUtilityOptions): void {
  const stride = set.inputCount;
  const rng = options?.rng;
  for (let a = 0; a < current.length; a++) {
    state.current = current[a]!;
    const pick = chooseAt(state, set, inputs, rng, a * stride);
    if (pick >= 0) current[a] = pick;
  }
}

/** One line of a score breakdown. */
export interface UtilityBreakdown {
  /** Option name. */
  option: string;
  /** Final score. */
  score: number;
  /** Rank. */
  rank: number;
  /** True when this is the current choice. */
  current: boolean;
  /** Consideration details. */
  considerations: { name: string; input: string; value: number; score: number }[];
}

/**
 * The breakdown of the last {@link scoreUtility} for debugging: per option its score, rank and
 * each consideration's raw input and compensated score. Allocates (level 2).
 * @param state - The state the last {@link scoreUtility} or {@link chooseUtility} wrote; read only.
 * @param set - The compiled utility set the state was scored with; gives option, consideration and input names.
 * @param inputs - The inputs that scoring used, for the reported raw values; read only.
 * @param options - `offset`: index of the agent's first input in `inputs`. Left out: 0.
 */
export function explainUtility(state: UtilityState, set: UtilitySet, inputs: ArrayLike<number>, options?: ScoreUtilityOptions): UtilityBreakdown[] {
  const offset = options?.offset ?? 0;
  const out: UtilityBreakdown[] = [];
  for (let o = 0; o < set.optionCount; o++) {
    const list: UtilityBreakdown["considerations"] = [];
    for (let j = 0; j < set.considerationCount[o]!; j++) {
      const c = set.considerationStart[o]! + j;
      const ii = set.considerationInput[c]!;
      list.push({ name: set.considerationNames[c]!, input: set.definition.inputs[ii]!, value: inputs[offset + ii]!, score: state.considerationScores[c]! });
    }
    out.push({ option: set.optionNames[o]!, score: state.scores[o]!, rank: state.ranks[o]!, current: state.current === o, considerations: list });
  }
  return out;
}
