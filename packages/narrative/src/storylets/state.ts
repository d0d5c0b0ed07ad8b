import { isQualityValue } from "../conditions.js";
import { checkOptions, fail, isFiniteNumber, isRecord, jsonPathKey } from "../internal/fail.js";
import type { Qualities } from "../types.js";
import type { StoryletDeck, StoryletState } from "./types.js";

/**
 * Makes the running state of a storylet deck, starting from a copy of `qualities`.
 * @param qualities - Starting qualities (name → finite number, string or boolean); copied, so later changes to the object are not seen. Left
 *   out: no qualities, turn 0.
 */
export function createStoryletState(qualities: Qualities = {}): StoryletState {
  return { turn: 0, qualities: { ...qualities }, lastPlayed: {}, playCount: {} };
}

/**
 * A JSON-safe snapshot of `state` for {@link restoreStoryletState}.
 * @param state - The running storylet state to copy (turn, qualities, play history); read only.
 */
export function saveStoryletState(state: StoryletState): StoryletState {
  return JSON.parse(JSON.stringify(state)) as StoryletState;
}

/** What {@link restoreStoryletState} did not keep. */
export interface RestoreStoryletReport {
  /** Storylet ids the snapshot mentions that the deck no longer has (their history was dropped). */
  missing: string[];
}

const FN = "restoreStoryletState";

function readCounts(json: unknown, path: string): Record<string, number> {
  if (!isRecord(json)) fail("NARRATIVE_BAD_INPUT", FN, `${path} must be an object of id → integer.`, path);
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(json)) {
    if (!isFiniteNumber(v) || !Number.isInteger(v) || v < 0) fail("NARRATIVE_BAD_INPUT", FN, `${path}.${k} must be an integer ≥ 0.`, jsonPathKey(path, k));
    out[k] = v;
  }
  return out;
}

/**
 * Restores `state` from a {@link saveStoryletState} snapshot. The whole snapshot is checked first
 * (`TacticaError` `NARRATIVE_BAD_INPUT` naming the JSON path; `state` is then untouched). When
 * `options.deck` is given, history of storylets it no longer contains is dropped and reported instead of
 * failing, so a save loads against an edited storylet set.
 *
 * @param state - The state to overwrite in place (turn, qualities, `lastPlayed`, `playCount`); untouched when the snapshot is rejected.
 * @param snapshot - Parsed JSON of any shape, normally {@link saveStoryletState} output; checked in full first.
 * @param options - `deck`: the current deck; history of storylets it no longer has is dropped and listed in `missing`. Left out: all history is
 *   kept.
 * @example
 * ```ts
 * const deck = storyletDeckFromJson([{ id: "a" }]);
 * const saved = { turn: 2, qualities: {}, lastPlayed: { a: 0, gone: 1 }, playCount: { a: 1, gone: 1 } };
 * const report = restoreStoryletState(createStoryletState(), saved, { deck });
 * report.missing; // → ["gone"]
 * ```
 */
export function restoreStoryletState(state: StoryletState, snapshot: unknown, options: { readonly deck?: StoryletDeck } = {}): RestoreStoryletReport {
  checkOptions("restoreStoryletState", options);
  const deck = options.deck;
  if (!isRecord(snapshot)) fail("NARRATIVE_BAD_INPUT", FN, "snapshot must be an object made by saveStoryletState.", "$");
  const turn = snapshot.turn;
  if (!isFiniteNumber(turn) || !Number.isInteger(turn) || turn < 0) fail("NARRATIVE_BAD_INPUT", FN, "turn must be an integer ≥ 0.", "$.turn");
  if (!isRecord(snapshot.qualities)) fail("NARRATIVE_BAD_INPUT", FN, "qualities must be an object.", "$.qualities");
  const qualities: Qualities = {};
  for (const [k, v] of Object.entries(snapshot.qualities)) {
    if (!isQualityValue(v)) fail("NARRATIVE_BAD_INPUT", FN, `qualities.${k} must be a finite number, a string or a boolean.`, jsonPathKey("$.qualities", k));
    qualities[k] = v;
  }
  const lastPlayed = readCounts(snapshot.lastPlayed, "$.lastPlayed");
  const playCount = readCounts(snapshot.playCount, "$.playCount");
  const missing: string[] = [];
  if (deck !== undefined) {
    const ids = new Set(deck.storylets.map((s) => s.id));
    for (const id of new Set([...Object.keys(lastPlayed), ...Object.keys(playCount)])) {
      if (ids.has(id)) continue;
      missing.push(id);
      delete lastPlayed[id];
      delete playCount[id];
    }
  }
  state.turn = turn;
  state.qualities = qualities;
  state.lastPlayed = lastPlayed;
  state.playCount = playCount;
  return { missing };
}
