import { applyEffects, matchConditions } from "../conditions.js";
import { checkOptions, fail } from "../internal/fail.js";
import type { Qualities } from "../types.js";
import type { StoryletDeck } from "./types.js";

/** Result of {@link analyzeStoryletDeck}. */
export interface StoryletAnalysis {
  /** Ids of storylets eligible in no explored state (never playable, if `complete`). */
  unreachable: string[];
  /** Explored states in which no storylet is eligible (at most `maxDeadEnds` of them). */
  deadEnds: Qualities[];
  /** How many distinct states were explored. */
  statesExplored: number;
  /** True when every reachable state was explored; false when `maxStates` cut the search short. */
  complete: boolean;
}

function keyOf(q: Qualities, used: readonly string[]): string {
  return JSON.stringify([
    Object.keys(q)
      .sort()
      .map((k) => [k, q[k]]),
    used,
  ]);
}

/**
 * Static analysis of a storylet deck: explores, breadth first, every state reachable from
 * `initial` by playing eligible storylets (once-only ones once; cooldowns are ignored, they only
 * delay), and reports storylets no sequence of effects makes eligible and dead-end states. Decks
 * whose counters grow without bound have infinitely many states: then `complete` is false and
 * `unreachable` means "not reached within `maxStates`" (default 10,000).
 *
 * @param deck - The deck to analyse; read only.
 * @param initial - Qualities of the starting state; copied, not changed.
 * @param options - `maxStates` (integer >= 1, most states explored, default 10,000) and `maxDeadEnds` (most dead-end states reported, default
 *   10).
 * @example
 * ```ts
 * const deck = storyletDeckFromJson([
 *   { id: "start", once: true, effects: [{ key: "door", op: "set", value: "open" }] },
 *   { id: "enter", conditions: [{ key: "door", op: "==", value: "open" }], once: true, effects: [{ key: "inside", op: "set", value: true }] },
 *   { id: "secret", conditions: [{ key: "door", op: "==", value: "broken" }] },
 * ]);
 * const report = analyzeStoryletDeck(deck, {});
 * report.unreachable;      // → ["secret"]
 * report.deadEnds.length;  // → 1 (door open, inside, both once-only storylets used)
 * ```
 */
export function analyzeStoryletDeck(deck: StoryletDeck, initial: Qualities, options: { maxStates?: number; maxDeadEnds?: number } = {}): StoryletAnalysis {
  checkOptions("analyzeStoryletDeck", options);
  const maxStates = options.maxStates ?? 10_000;
  const maxDeadEnds = options.maxDeadEnds ?? 10;
  if (!Number.isInteger(maxStates) || maxStates < 1)
    fail("INVALID_ARGUMENT", "analyzeStoryletDeck", `options.maxStates must be an integer ≥ 1, got ${maxStates}.`, "options.maxStates");
  const reached = new Set<string>();
  const deadEnds: Qualities[] = [];
  const seen = new Set<string>();
  const queue: { q: Qualities; used: string[] }[] = [{ q: { ...initial }, used: [] }];
  seen.add(keyOf(initial, []));
  let explored = 0;
  let complete = true;
  while (queue.length > 0) {
    if (explored >= maxStates) {
      complete = false;
      break;
    }
    const { q, used } = queue.shift()!;
    explored++;
    let any = false;
    for (const s of deck.storylets) {
      if (s.once && used.includes(s.id)) continue;
      if (!matchConditions(s.conditions, q)) continue;
      any = true;
      reached.add(s.id);
      const next = applyEffects({ ...q }, s.effects);
      const nextUsed = s.once ? [...used, s.id].sort() : used;
      const key = keyOf(next, nextUsed);
      if (!seen.has(key)) {
        seen.add(key);
        queue.push({ q: next, used: nextUsed });
      }
    }
    if (!any && deadEnds.length < maxDeadEnds) deadEnds.push(q);
  }
  return { unreachable: deck.storylets.filter((s) => !reached.has(s.id)).map((s) => s.id), deadEnds, statesExplored: explored, complete };
}
