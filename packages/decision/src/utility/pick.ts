import { describeValue, ErrorCodes, type Rng, TacticaError } from "@tactica/core";
import type { UtilityDefinition } from "./definition";
import { chooseUtility, createUtilitySet, createUtilityState, type UtilitySet, type UtilityState } from "./utility-set";

/** What {@link pickUtilityOption} returns: a fresh plain object. */
export interface UtilityPick {
  /** Name of the chosen option, or `null` when every option scored 0. */
  option: string | null;
  /** Index of the chosen option in the definition's `options`, or -1. */
  index: number;
  /** Score of the chosen option (0 when none). */
  score: number;
  /** Every option's score by name. */
  scores: Record<string, number>;
}

/** Options for {@link pickUtilityOption}. */
export interface PickUtilityOptionOptions {
  /** Generator for the relative and dual selection modes (required by them). */
  rng?: Rng;
}

interface Cached {
  set: UtilitySet;
  state: UtilityState;
  inputs: Float64Array;
}
const cache = new WeakMap<object, Cached>();

/**
 * Level 2: scores the options of a utility decision against named inputs and returns the pick as
 * a plain object. `utility` is a definition (compiled once, cached in a private `WeakMap` keyed
 * on the definition object) or an already compiled {@link UtilitySet}. Each call is independent
 * (no momentum carried between calls). In a hot loop, or to keep momentum per agent, use
 * {@link createUtilityState} + {@link chooseUtility} (level 1).
 *
 * @param utility - A utility definition (compiled on first use and cached per definition object) or a set from {@link createUtilitySet}.
 * @param inputs - Input values by name; every input the definition declares must be present and finite.
 * @param options - `rng`, required when the definition's `selection.mode` is `"relative"` or `"dual"`. Left out: only the best-score mode works.
 * @example
 * ```ts
 * const decision: UtilityDefinition = {
 *   version: 1,
 *   inputs: ["health", "enemyDistance"],
 *   options: [
 *     { name: "heal", considerations: [{ input: "health", curve: { type: "linear", m: -1, b: 1 } }] },
 *     { name: "attack", considerations: [{ input: "enemyDistance", curve: { type: "linear", m: -1, b: 1, input: { min: 0, max: 50 } } }] },
 *   ],
 * };
 * pickUtilityOption(decision, { health: 0.2, enemyDistance: 40 }).option; // "heal"
 * ```
 *
 * @throws TacticaError `INVALID_DEFINITION` for a bad definition; `INVALID_ARGUMENT` for a missing or non-finite input.
 */
export function pickUtilityOption(
  utility: UtilityDefinition | UtilitySet,
  inputs: Readonly<Record<string, number>>,
  options?: PickUtilityOptionOptions,
): UtilityPick {
  let c = cache.get(utility);
  if (c === undefined) {
    const set = "curves" in utility ? utility : createUtilitySet(utility);
    c = { set, state: createUtilityState(set), inputs: new Float64Array(set.inputCount) };
    cache.set(utility, c);
  }
  const { set, state } = c;
  const names = set.definition.inputs;
  for (let i = 0; i < names.length; i++) {
    const v = inputs[names[i]!];
    if (typeof v !== "number" || !Number.isFinite(v)) {
      throw new TacticaError(
        ErrorCodes.InvalidArgument,
        `@tactica/decision: pickUtilityOption: input ${describeValue(names[i])} is ${v === undefined ? "missing" : String(v)}. Pass a finite number for every input the definition declares (${names.join(", ")}).`,
        { path: `inputs.${names[i]!}` },
      );
    }
    c.inputs[i] = v;
  }
  state.current = -1;
  const index = chooseUtility(state, set, c.inputs, options?.rng === undefined ? undefined : { rng: options.rng });
  const scores: Record<string, number> = {};
  for (let o = 0; o < set.optionCount; o++) scores[set.optionNames[o]!] = state.scores[o]!;
  return { option: index >= 0 ? set.optionNames[index]! : null, index, score: index >= 0 ? state.scores[index]! : 0, scores };
}
