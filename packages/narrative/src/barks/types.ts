import type { RuleEngine } from "@tactica/decision";
import type { Condition } from "../types.js";

/** One bark or dialogue rule: lines said for a concept when every criterion matches the query's facts. */
export interface BarkRule {
  /** Unique id. */
  id: string;
  /** The concept it answers (`"seeEnemy"`, `"reload"`…). */
  concept: string;
  /** All must match; more criteria = more specific (a specific rule beats a class rule beats a generic one). */
  criteria: Condition[];
  /** The lines; one is picked at random among those not on cooldown and not just said. */
  lines: string[];
  /** Relative weight among equally specific matching rules (> 0). Default 1. */
  weight: number;
  /** Seconds after use during which the whole rule is skipped. Default 0. */
  cooldown: number;
  /** Seconds after a line is said during which that line is skipped (by every speaker sharing the state). Default 0. */
  lineCooldown: number;
}

/**
 * A validated rule set ({@link barkRulesFromJson}): the rules, grouped by concept, compiled into
 * a `@tactica/decision` rule engine. Plain data (typed arrays and frozen records).
 */
export interface BarkRuleSet {
  /** The rules in authoring order. */
  rules: BarkRule[];
  /** Concept → rule indices, most specific first (stable in authoring order). */
  byConcept: Record<string, number[]>;
  /**
   * The compiled decision rule engine: rule `i` is `rules[i]` (named by its id) with the
   * conditions `concept == rule.concept` and its criteria; key fact `concept`; strategy
   * `"specificity"`. {@link findBark} sets the query's facts and calls decision's `queryRules`.
   */
  engine: RuleEngine;
}

/**
 * Memory of what was said: share one between agents so two of them do not say the same line
 * within its cooldown. Plain data.
 */
export interface BarkState {
  /** Seconds since creation (advanced by {@link stepBarks}). */
  time: number;
  /** Rule id → time it was last used. */
  ruleUsed: Record<string, number>;
  /** `ruleId#lineIndex` → time that line was last said. */
  lineUsed: Record<string, number>;
  /** Concept → the last line key said for it (never said twice in a row while another is available). */
  lastLine: Record<string, string>;
}

/** A bark query: the concept plus every fact about the speaker, listener and world the criteria read. */
export interface BarkQuery {
  /** The concept. */
  concept: string;
  /** Facts (`"speaker.class": "medic"`, `"health": 0.3`…). */
  facts: Record<string, number | string | boolean>;
}

/** A chosen line. */
export interface BarkChoice {
  /** The rule's id. */
  ruleId: string;
  /** The rule's specificity: its number of criteria (0 generic, more = more specific). */
  specificity: number;
  /** The line's index in the rule. */
  lineIndex: number;
  /** The line. */
  text: string;
}
