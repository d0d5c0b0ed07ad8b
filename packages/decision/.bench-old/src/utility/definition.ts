import type { ResponseCurveDef } from "@tactica/core";

/** One consideration: an input mapped through a response curve into [0, 1]. */
export interface ConsiderationDefinition {
  /** Optional label shown in score breakdowns. */
  name?: string;
  /** Name of the input it reads (declared in {@link UtilityDefinition.inputs}). */
  input: string;
  /** Response curve (core's JSON curve format); its `input` range normalises the raw value. */
  curve: ResponseCurveDef;
}

/** An option (action) the agent can choose. */
export interface UtilityOptionDefinition {
  /** Option name (unique). */
  name: string;
  /** Multiplier of the option's score, ≥ 0 (default 1). */
  weight?: number;
  /** Dual-utility rank (category), default 0. Ignored when `rankInput` is given. */
  rank?: number;
  /** Name of an input whose value is the rank at decision time (e.g. set by a script FSM). */
  rankInput?: string;
  /** Considerations multiplied together (at least one). */
  considerations: ConsiderationDefinition[];
}

/** How {@link chooseUtility} picks among scored options. */
export interface UtilitySelectionDefinition {
  /**
   * `"absolute"` (default): the highest score, ties to the lower index; `"relative"`: weighted
   * random in proportion to scores; `"dual"`: dual utility (highest rank, cutoff, weighted random).
   */
  mode?: "absolute" | "relative" | "dual";
  /** Dual mode: fraction in [0, 1] of the best score an option needs to stay in the draw (default 0). */
  cutoff?: number;
  /** Momentum: the current choice's score is multiplied by `1 + momentum` (default 0; e.g. 0.25). */
  momentum?: number;
  /** Apply the compensation factor for the number of considerations (default true). */
  compensation?: boolean;
}

/** A utility-AI decision: inputs, options and selection policy. Plain JSON. */
export interface UtilityDefinition {
  /** Schema version; must be 1. */
  version: 1;
  /** Input names, in the order of the input vectors passed at run time. */
  inputs: string[];
  /** The options. */
  options: UtilityOptionDefinition[];
  /** Selection policy. */
  selection?: UtilitySelectionDefinition;
}
