import { assertFinite, assertInteger, ErrorCodes, TacticaError } from "@tactica/core";

/** The four lists of the commander's blackboard ("Implementing a Blackboard-like System for Squad AI"). */
export const SquadLists = ["objectives", "threats", "unitsInTrouble", "supportCapable"] as const;

/** One of {@link SquadLists}. */
export type SquadList = (typeof SquadLists)[number];

/** One entry of a squad blackboard list. */
export interface SquadEntry {
  /** What the entry is about: a unit, enemy or objective id. */
  subject: number;
  /** Priority (higher first). */
  priority: number;
  /** Position x. */
  x: number;
  /** Position y. */
  y: number;
  /** Which knowledge source posted it (e.g. `"squad-2"`). */
  source: string;
  /** Time it was posted or last updated, seconds. */
  time: number;
}

/**
 * The commander's blackboard: four prioritised lists — objectives, threats, units in trouble,
 * units capable of support. Knowledge sources (squads, platoons) post entries and read the
 * whole board; the commander answers circumstances by editing priorities ("what to win, not
 * how"), never by issuing orders. Plain data.
 */
export interface SquadBlackboard {
  /** Entries per list (at most `capacity` each). */
  readonly lists: Record<SquadList, SquadEntry[]>;
  /** Maximum entries per list. */
  readonly capacity: number;
  /** Number of edits so far (posts, re-prioritisations, removals). */
  edits: number;
}

/** Options for {@link createSquadBlackboard}. */
export interface SquadBlackboardOptions {
  /** Entries per list (default 64). */
  capacity?: number;
}

/**
 * Creates an empty squad blackboard holding up to `options.capacity` entries per list.
 * @param options - `capacity`: most entries per list, an integer in [1, 2^20]. Left out: 64.
 */
export function createSquadBlackboard(options?: SquadBlackboardOptions): SquadBlackboard {
  const capacity = options?.capacity ?? 64;
  assertInteger("@tactica/decision: createSquadBlackboard", "capacity", capacity, 1, 1 << 20);
  return { lists: { objectives: [], threats: [], unitsInTrouble: [], supportCapable: [] }, capacity, edits: 0 };
}

function sortList(list: SquadEntry[]): void {
  // Stable insertion sort by descending priority (lists are short and nearly sorted).
  for (let i = 1; i < list.length; i++) {
    const e = list[i]!;
    let j = i - 1;
    while (j >= 0 && list[j]!.priority < e.priority) {
      list[j + 1] = list[j]!;
      j--;
    }
    list[j + 1] = e;
  }
}

/**
 * Posts (or updates, when `subject` is already listed) an entry; the list stays sorted by
 * descending priority, earlier posts first among equals.
 *
 * @param board - The squad blackboard; the list is changed in place and re-sorted.
 * @param list - Which list: `"objectives"`, `"threats"`, `"unitsInTrouble"` or `"supportCapable"`.
 * @param entry - The entry, copied: `subject` id (an entry with the same subject is replaced), finite `priority` (higher first), position `x`,
 *   `y` in world units, `source` and `time` in seconds.
 * @throws TacticaError `CAPACITY_EXCEEDED` when the list is full.
 */
export function postSquadEntry(board: SquadBlackboard, list: SquadList, entry: SquadEntry): void {
  assertFinite("@tactica/decision: postSquadEntry", "entry.priority", entry.priority);
  const l = board.lists[list];
  const i = l.findIndex((e) => e.subject === entry.subject);
  if (i >= 0) l[i] = { ...entry };
  else {
    if (l.length >= board.capacity) {
      throw new TacticaError(
        ErrorCodes.CapacityExceeded,
        `@tactica/decision: postSquadEntry: list ${list} is full (${board.capacity}). Remove entries or create the board with a larger capacity.`,
      );
    }
    l.push({ ...entry });
  }
  sortList(l);
  board.edits++;
}

/**
 * The commander's tool: changes the priority of `subject` in `list` (e.g. raise a unit in
 * trouble, raise a threat). Returns false when the subject is not listed.
 * @param board - The squad blackboard; the entry's priority is changed in place and the list re-sorted.
 * @param list - Which of the four lists.
 * @param subject - The id the entry is about.
 * @param priority - New priority, finite; higher comes first.
 */
export function reprioritizeSquadEntry(board: SquadBlackboard, list: SquadList, subject: number, priority: number): boolean {
  assertFinite("@tactica/decision: reprioritizeSquadEntry", "priority", priority);
  const e = board.lists[list].find((x) => x.subject === subject);
  if (e === undefined) return false;
  e.priority = priority;
  sortList(board.lists[list]);
  board.edits++;
  return true;
}

/**
 * Removes `subject` from `list`; returns whether it was there.
 * @param board - The squad blackboard; the entry is removed in place.
 * @param list - Which of the four lists.
 * @param subject - The id the entry is about.
 */
export function removeSquadEntry(board: SquadBlackboard, list: SquadList, subject: number): boolean {
  const l = board.lists[list];
  const i = l.findIndex((x) => x.subject === subject);
  if (i < 0) return false;
  l.splice(i, 1);
  board.edits++;
  return true;
}

/**
 * The highest-priority entry of `list`, or undefined when empty.
 * @param board - The squad blackboard; read only.
 * @param list - Which of the four lists.
 */
export function getTopSquadEntry(board: SquadBlackboard, list: SquadList): SquadEntry | undefined {
  return board.lists[list][0];
}

/**
 * A squad's experience memory ("thoughts"): situations (feature vectors) with the response that
 * worked and a confidence. Recall the nearest case when similar enough; otherwise improvise and
 * record the guess; reinforce it with the outcome. Similarity is `1 / (1 + d)` with `d` the
 * Euclidean distance between feature vectors.
 */
export interface CaseMemory {
  /** Features per case. */
  readonly featureCount: number;
  /** Maximum number of cases. */
  readonly capacity: number;
  /** Features, `capacity × featureCount`. */
  readonly features: Float64Array;
  /** Response id per case. */
  readonly responses: Int32Array;
  /** Confidence per case in [0, 1]. */
  readonly confidence: Float64Array;
  /** Number of stored cases. */
  size: number;
}

/** Options for {@link createCaseMemory}. */
export interface CaseMemoryOptions {
  /** Most cases kept (default 256); when full the least confident case is replaced. */
  capacity?: number;
}

/**
 * Creates an empty case memory over `featureCount` situation features.
 * @param featureCount - Features per situation vector, an integer in [1, 65536].
 * @param options - `capacity`: most cases kept, an integer in [1, 2^24]; when full the least confident case is replaced. Left out: 256.
 */
export function createCaseMemory(featureCount: number, options?: CaseMemoryOptions): CaseMemory {
  const capacity = options?.capacity ?? 256;
  const where = "@tactica/decision: createCaseMemory";
  assertInteger(where, "featureCount", featureCount, 1, 1 << 16);
  assertInteger(where, "capacity", capacity, 1, 1 << 24);
  return {
    featureCount,
    capacity,
    features: new Float64Array(featureCount * capacity),
    responses: new Int32Array(capacity),
    confidence: new Float64Array(capacity),
    size: 0,
  };
}

/** Options of {@link recallCase}. */
export interface RecallCaseOptions {
  /** When given, written in place: `out[0]` = the best similarity found (in [0, 1], 0 for an empty memory). */
  readonly out?: Float64Array;
}

/**
 * Finds the most similar stored case; returns its index when its similarity is ≥ `threshold`
 * (in (0, 1]), else -1. Writes the best similarity to `options.out[0]` when `options.out` is
 * given. O(cases × features), no allocation.
 *
 * @param mem - The case memory (read only).
 * @param situation - The current situation, `mem.featureCount` feature values.
 * @param threshold - Least similarity `1 / (1 + distance)` that counts as a match, in (0, 1].
 * @param options - `out`: receives the best similarity in `out[0]`.
 */
export function recallCase(mem: CaseMemory, situation: ArrayLike<number>, threshold: number, options: RecallCaseOptions = {}): number {
  const out = options.out;
  const f = mem.featureCount;
  let best = -1;
  let bestSim = 0;
  for (let c = 0; c < mem.size; c++) {
    let d2 = 0;
    for (let k = 0; k < f; k++) {
      const d = mem.features[c * f + k]! - situation[k]!;
      d2 += d * d;
    }
    const sim = 1 / (1 + Math.sqrt(d2));
    if (sim > bestSim) {
      bestSim = sim;
      best = c;
    }
  }
  if (out) out[0] = bestSim;
  return bestSim >= threshold ? best : -1;
}

/**
 * Records a new case (an improvised response) with `options.confidence` (default 0.5) and returns
 * its index. When full, the case with the lowest confidence is replaced.
 * @param mem - The case memory; the case is stored in place.
 * @param situation - Feature vector, at least `featureCount` numbers in the units the memory's features use; copied.
 * @param response - Id of the response tried in this situation.
 * @param options - `confidence`: starting confidence in [0, 1] (not checked). Left out: 0.5.
 */
export function recordCase(mem: CaseMemory, situation: ArrayLike<number>, response: number, options?: { confidence?: number }): number {
  const confidence = options?.confidence ?? 0.5;
  let c = mem.size;
  if (c >= mem.capacity) {
    c = 0;
    for (let i = 1; i < mem.capacity; i++) if (mem.confidence[i]! < mem.confidence[c]!) c = i;
  } else mem.size++;
  for (let k = 0; k < mem.featureCount; k++) mem.features[c * mem.featureCount + k] = situation[k]!;
  mem.responses[c] = response;
  mem.confidence[c] = confidence;
  return c;
}

/**
 * Outcome feedback: confidence moves toward 1 on success and toward 0 on failure by
 * `options.rate` (default 0.25; `c += rate·(target − c)`, rate in (0, 1]). "If an old reaction
 * works again, increase confidence in it."
 * @param mem - The case memory; the case's confidence is changed in place.
 * @param index - Case index from {@link recordCase} or `recallCase`, an integer in [0, `mem.size` − 1].
 * @param success - True moves the confidence toward 1, false toward 0.
 * @param options - `rate`: fraction of the distance moved, in (0, 1] (not checked). Left out: 0.25.
 */
export function reinforceCase(mem: CaseMemory, index: number, success: boolean, options?: { rate?: number }): void {
  const rate = options?.rate ?? 0.25;
  assertInteger("@tactica/decision: reinforceCase", "index", index, 0, mem.size - 1);
  const c = mem.confidence[index]!;
  mem.confidence[index] = c + rate * ((success ? 1 : 0) - c);
}
