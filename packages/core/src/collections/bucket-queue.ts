import { ErrorCodes, TacticaError } from "../errors/errors";
import { assertInteger, assertPositive, invalidArgument } from "../errors/validate";

/**
 * A monotone bucket queue (Dial's algorithm): a priority queue for integer or quantised
 * priorities where every pushed priority is at least the last popped one and at most a bounded
 * distance above it — the situation in Dijkstra/A* with bounded edge costs, and in
 * bounded-suboptimal searches that accept "roughly smallest first".
 *
 * Quantisation: an entry with priority `p` goes into bucket `floor(p / bucketWidth)`. Buckets come
 * out in increasing order, so popped priorities never decrease by more than `bucketWidth`. Inside
 * one bucket the order is last-in-first-out, regardless of the exact priorities. With integer
 * priorities and `bucketWidth = 1` the order is exact; with a width `w`, each popped priority is
 * less than `w` above the true minimum of the queue at that moment (the search built on top turns
 * that into its own suboptimality bound).
 *
 * Range: buckets form a ring of `bucketCount` slots, so all queued entries must lie within
 * `bucketCount` consecutive buckets. Size it as `maxEdgeCost / bucketWidth + 2`
 * (for A*: the largest possible increase of `f` along one edge, plus 2).
 *
 * Monotonicity: a push below the bucket of the last popped entry (an inconsistent heuristic) is
 * placed in that bucket, so it comes out next-ish and is never lost. Pushes at or above it are
 * ordered normally, even below entries already queued. A push into an empty queue starts afresh
 * and may go anywhere, negative priorities included.
 *
 * Entries, not ids: the same id may be queued several times (lazy deletion — skip stale pops).
 * Push and pop are O(1) amortised (pop also steps over empty buckets, O(bucketCount) worst case).
 * Entry storage starts at `capacity` entries and doubles when full (amortised O(1), the only
 * allocation); pass the expected peak to stay allocation-free.
 */
export interface BucketQueue {
  /** Number of bucket slots in the ring. */
  readonly bucketCount: number;
  /** Priority span of one bucket (> 0). */
  readonly bucketWidth: number;
  /** Per bucket slot, the first entry of its list or -1. */
  readonly heads: Int32Array;
  /** Per entry, the id it carries. Replaced when entry storage grows. */
  entryIds: Int32Array;
  /** Per entry, its exact (unquantised) priority. Replaced when entry storage grows. */
  entryPriorities: Float64Array;
  /** Per entry, the next entry in the same bucket or free list, or -1. Replaced when storage grows. */
  entryNext: Int32Array;
  /** First entry of the free list, or -1. */
  freeHead: number;
  /** Entries ever handed out (the high-water mark of entry storage). */
  used: number;
  /** Number of queued entries. */
  size: number;
  /** Absolute index (`floor(p / bucketWidth)`) of a bucket at or below every queued entry. */
  cursor: number;
  /**
   * Absolute index of the bucket of the last popped entry (`-Number.MAX_VALUE` if none since the
   * queue was last empty); pushes below it are raised to it.
   */
  floor: number;
  /** Absolute index of the highest bucket pushed since the queue was last empty. */
  maxBucket: number;
}

/**
 * Creates an empty {@link BucketQueue}.
 *
 * @param bucketCount - ring size, integer in `[1, 2^24]`; see the range note on {@link BucketQueue}
 * @param bucketWidth - priority units per bucket, finite > 0 (1 for exact integer priorities)
 * @param capacity - initial entry storage, integer ≥ 1 (grows by doubling)
 */
export function createBucketQueue(bucketCount: number, bucketWidth: number, capacity: number): BucketQueue {
  const where = "@tactica/core: createBucketQueue";
  assertInteger(where, "bucketCount", bucketCount, 1, 1 << 24);
  assertPositive(where, "bucketWidth", bucketWidth);
  assertInteger(where, "capacity", capacity, 1, 0x3fffffff);
  const heads = new Int32Array(bucketCount);
  heads.fill(-1);
  return {
    bucketCount,
    bucketWidth,
    heads,
    entryIds: new Int32Array(capacity),
    entryPriorities: new Float64Array(capacity),
    entryNext: new Int32Array(capacity),
    freeHead: -1,
    used: 0,
    size: 0,
    cursor: 0,
    floor: -Number.MAX_VALUE,
    maxBucket: 0,
  };
}

function growEntries(queue: BucketQueue): void {
  const n = queue.entryIds.length * 2;
  const ids = new Int32Array(n);
  const priorities = new Float64Array(n);
  const next = new Int32Array(n);
  ids.set(queue.entryIds);
  priorities.set(queue.entryPriorities);
  next.set(queue.entryNext);
  queue.entryIds = ids;
  queue.entryPriorities = priorities;
  queue.entryNext = next;
}

/**
 * Queues `id` (an `int32`) with `priority` (finite). O(1) amortised, no allocation unless entry
 * storage doubles.
 *
 * @param queue - The queue, changed in place.
 * @param id - The value to queue (node or cell id), an `int32`; duplicates are allowed.
 * @param priority - Its key, finite, smaller first (e.g. a path cost); a priority below the last popped bucket is queued in that
 *   bucket (monotone use).
 * @throws TacticaError `INVALID_ARGUMENT` for an `id` that is not an `int32` (e.g. `undefined`, `1.5`)
 * or a non-finite priority; `CAPACITY_EXCEEDED` when the
 * queued entries would span more than `bucketCount` buckets (create the queue with more buckets or
 * a wider `bucketWidth`).
 */
export function bucketQueuePush(queue: BucketQueue, id: number, priority: number): void {
  if ((id | 0) !== id) invalidArgument("@tactica/core: bucketQueuePush", "id", `must be an int32 but is ${id}`, "Pass an integer id.");
  if (!(priority - priority === 0)) {
    invalidArgument("@tactica/core: bucketQueuePush", "priority", `must be finite but is ${priority}`, "Pass a finite number.");
  }
  let bucket = Math.floor(priority / queue.bucketWidth);
  if (queue.size === 0) {
    queue.cursor = bucket;
    queue.floor = -Number.MAX_VALUE; // nothing popped since the queue was empty
    queue.maxBucket = bucket;
  } else {
    if (bucket < queue.floor) bucket = queue.floor;
    if (bucket < queue.cursor) {
      if (queue.maxBucket - bucket >= queue.bucketCount) rangeExceeded(queue, priority, queue.maxBucket - bucket);
      queue.cursor = bucket;
    } else if (bucket > queue.maxBucket) {
      if (bucket - queue.cursor >= queue.bucketCount) rangeExceeded(queue, priority, bucket - queue.cursor);
      queue.maxBucket = bucket;
    }
  }
  let e = queue.freeHead;
  if (e >= 0) {
    queue.freeHead = queue.entryNext[e]!;
  } else {
    if (queue.used === queue.entryIds.length) growEntries(queue);
    e = queue.used++;
  }
  const n = queue.bucketCount;
  const slot = ((bucket % n) + n) % n;
  queue.entryIds[e] = id;
  queue.entryPriorities[e] = priority;
  queue.entryNext[e] = queue.heads[slot]!;
  queue.heads[slot] = e;
  queue.size++;
}

function rangeExceeded(queue: BucketQueue, priority: number, span: number): never {
  throw new TacticaError(
    ErrorCodes.CapacityExceeded,
    `@tactica/core: bucketQueuePush: priority ${priority} makes the queued entries span ${span + 1} buckets, ` +
      `but the queue has ${queue.bucketCount}. Create it with more buckets (max step / bucketWidth + 2) or a wider bucketWidth.`,
    { path: "priority" },
  );
}

/** Advances the cursor to the first non-empty bucket and returns its slot, or -1 when empty. */
function firstSlot(queue: BucketQueue): number {
  if (queue.size === 0) return -1;
  const heads = queue.heads;
  const n = queue.bucketCount;
  let cursor = queue.cursor;
  let slot = ((cursor % n) + n) % n;
  while (heads[slot]! < 0) {
    cursor++;
    if (++slot === n) slot = 0;
  }
  queue.cursor = cursor;
  return slot;
}

/**
 * Removes and returns an id from the lowest non-empty bucket (the most recently pushed one in
 * that bucket), or `-1` when the queue is empty. O(1) amortised, no allocation.
 * @param queue - The queue, changed in place.
 */
export function bucketQueuePop(queue: BucketQueue): number {
  const slot = firstSlot(queue);
  if (slot < 0) return -1;
  const e = queue.heads[slot]!;
  const next = queue.entryNext;
  queue.heads[slot] = next[e]!;
  queue.floor = queue.cursor;
  next[e] = queue.freeHead;
  queue.freeHead = e;
  queue.size--;
  return queue.entryIds[e]!;
}

/**
 * The id {@link bucketQueuePop} would return next, or `-1` when empty. O(1) amortised.
 * @param queue - The queue; only its cursor may advance (to the first non-empty bucket).
 */
export function bucketQueuePeek(queue: BucketQueue): number {
  const slot = firstSlot(queue);
  return slot < 0 ? -1 : queue.entryIds[queue.heads[slot]!]!;
}

/**
 * The exact priority of the entry {@link bucketQueuePop} would return next, or `Infinity` when
 * empty. O(1) amortised.
 * @param queue - The queue; only its cursor may advance (to the first non-empty bucket).
 */
export function bucketQueuePeekPriority(queue: BucketQueue): number {
  const slot = firstSlot(queue);
  return slot < 0 ? Infinity : queue.entryPriorities[queue.heads[slot]!]!;
}

/**
 * Empties the queue in O(bucketCount); entry storage is kept.
 * @param queue - The queue to empty in place; bucket count, width and entry storage are kept.
 */
export function bucketQueueClear(queue: BucketQueue): void {
  queue.heads.fill(-1);
  queue.freeHead = -1;
  queue.used = 0;
  queue.size = 0;
  queue.cursor = 0;
  queue.floor = -Number.MAX_VALUE;
  queue.maxBucket = 0;
}
