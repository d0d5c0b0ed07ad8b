import type { Condition, Effect, Qualities, QualityValue } from "../types.js";

/** One storylet: a piece of content available while its preconditions hold. */
export interface Storylet {
  /** Unique id. */
  id: string;
  /** All must hold for the storylet to be eligible. */
  conditions: Condition[];
  /** Applied in order when the storylet is played. */
  effects: Effect[];
  /** Higher salience wins: only the eligible storylets of the highest salience are drawn from. Default 0. */
  salience: number;
  /** Relative weight of the seeded pick among equally salient storylets (> 0). Default 1. */
  weight: number;
  /**
   * Plays (of any storylet) after a play during which this storylet is not eligible, an integer
   * ≥ 0. Default 0. Counted in plays, not seconds: time-based cooldowns elsewhere (barks,
   * decision's blackboard) are called `cooldown` and are in seconds. Version 1 decks called this
   * field `cooldown`; {@link storyletDeckFromJson} migrates them.
   */
  cooldownPlays: number;
  /** Playable once only. Default false. */
  once: boolean;
  /** Free tags. */
  tags: string[];
  /** The author's content (text, a scene id…). Default "". */
  content: string;
}

/** A validated storylet set ({@link storyletDeckFromJson}). Plain data. */
export interface StoryletDeck {
  /** Schema version, 2 (version 1 decks are migrated on load). */
  version: 2;
  /** The storylets in authoring order. */
  storylets: Storylet[];
}

/** Running state of a storylet deck: the qualities and what was played when. Plain data. */
export interface StoryletState {
  /** Number of plays so far. */
  turn: number;
  /** World qualities the conditions read and the effects write. */
  qualities: Qualities;
  /** Storylet id → the turn it was last played. */
  lastPlayed: Record<string, number>;
  /** Storylet id → how many times it was played. */
  playCount: Record<string, number>;
}

/**
 * A selection index over a {@link StoryletDeck} ({@link createStoryletIndex}): an inverted index
 * from quality to the conditions that read it, a per-condition "holds" bit, a per-storylet count
 * of failing conditions and the storylets grouped by salience tier. Before a selection the index
 * compares the value of every quality it reads with the value it last saw (per-quality dirty
 * tracking) and re-evaluates only the conditions of the qualities that changed. Plain data (arrays
 * and typed arrays); a derived cache, never saved: rebuild it after editing the deck.
 */
export interface StoryletIndex {
  /** The deck's `storylets` array the index was built from (identity checked by the level-2 cache). */
  readonly storylets: readonly unknown[];
  /** Number of storylets. */
  readonly count: number;
  /** The quality names the conditions read, in first-use order. */
  readonly keys: readonly string[];
  /** Per key (same order as `keys`): the last value seen, `undefined` when missing; stale until the first sync. */
  readonly seen: (QualityValue | undefined)[];
  /** Per key: false until the key was synchronised once. */
  readonly synced: Uint8Array;
  /** Conditions by key: `keyConditions[keyStart[k] .. keyStart[k + 1])` are flat condition indices. */
  readonly keyStart: Int32Array;
  /** Flat condition indices grouped by key. */
  readonly keyConditions: Int32Array;
  /** Per flat condition: the storylet it belongs to. */
  readonly conditionStorylet: Int32Array;
  /** Per storylet: its first flat condition (`conditionStart[s] .. conditionStart[s + 1]`). */
  readonly conditionStart: Int32Array;
  /** Per flat condition: 1 when it holds for the last synchronised qualities. */
  readonly holds: Uint8Array;
  /** Per storylet: how many of its conditions fail (0 = conditions hold). */
  readonly failing: Int32Array;
  /** Distinct saliences, highest first. */
  readonly tierSalience: Float64Array;
  /** Storylets by tier, each tier in deck order: `tierMembers[tierStart[t] .. tierStart[t + 1])`. */
  readonly tierStart: Int32Array;
  /** Storylet indices grouped by tier. */
  readonly tierMembers: Int32Array;
  /** Per storylet: its tier. */
  readonly tierOf: Int32Array;
  /** Per tier: how many members have every condition holding. */
  readonly tierReady: Int32Array;
}
