import type { Condition, Effect, Qualities } from "../types.js";

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
  /** Plays after a play during which the storylet is not eligible. Default 0. */
  cooldown: number;
  /** Playable once only. Default false. */
  once: boolean;
  /** Free tags. */
  tags: string[];
  /** The author's content (text, a scene id…). Default "". */
  content: string;
}

/** A validated storylet set ({@link storyletDeckFromJson}). Plain data. */
export interface StoryletDeck {
  /** Schema version, 1. */
  version: 1;
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
