import { assertInteger, assertNonNegative, invalidArgument } from "@tactica/core";

/** Priority classes of {@link AnimationBlackboard} entries (chapter 6). */
export const AnimationPriority = {
  /** Ordinary animations: 1 s minimum delay by default. */
  Normal: 0,
  /** Reactions: 300 ms minimum delay by default. */
  Reaction: 1,
} as const;

/**
 * The anti-twinning blackboard of chapter 6 (Dawe): a fixed circular queue of recently started
 * animations shared by all agents. Before playing an animation an agent asks whether another
 * agent started the same one within that entry's priority delay; after starting it, it registers.
 * Works for barks and dialogue lines too. Plain typed arrays; no allocation per query.
 */
export interface AnimationBlackboard {
  /** Animation id (hash) per slot. */
  readonly ids: Int32Array;
  /** Start time per slot, seconds of game time. */
  readonly times: Float64Array;
  /** Priority class per slot. */
  readonly priorities: Uint8Array;
  /** World position per slot (x, y, z). */
  readonly positions: Float64Array;
  /** Minimum delay per priority class, seconds. */
  readonly delays: Float64Array;
  /** Largest delay (entries older than this are dropped). */
  readonly maxDelay: number;
  /** Minimum distance at which a duplicate is allowed anyway (Infinity = never). */
  readonly minDistance: number;
  /** Index of the oldest entry. */
  front: number;
  /** Number of live entries. */
  count: number;
}

/** Options for {@link createAnimationBlackboard}. */
export interface AnimationBlackboardOptions {
  /** Ring capacity ("sized for population"), default 32. */
  capacity?: number;
  /** Minimum delay per priority class in seconds, default `[1, 0.3]` (Normal, Reaction). */
  delays?: readonly number[];
  /** A duplicate at least this far from every matching entry is allowed (default Infinity: off). */
  minDistance?: number;
}

/**
 * Creates an anti-twinning blackboard (defaults: 32 entries, 1 s normal, 300 ms reaction).
 * @param options - `capacity` (ring entries, default 32), `delays` (minimum seconds between twins per priority class, default `[1, 0.3]`) and
 *   `minDistance` (world units; default `Infinity`, off).
 */
export function createAnimationBlackboard(options: AnimationBlackboardOptions = {}): AnimationBlackboard {
  const where = "@tactica/decision: createAnimationBlackboard";
  const cap = assertInteger(where, "options.capacity", options.capacity ?? 32, 1, 1 << 20);
  const delays = options.delays ?? [1, 0.3];
  if (delays.length === 0 || delays.length > 255) invalidArgument(where, "options.delays", "must list 1 to 255 delays", "Give one delay per priority class.");
  delays.forEach((d, i) => assertNonNegative(where, `options.delays[${i}]`, d));
  const minDistance = options.minDistance ?? Infinity;
  if (!(minDistance > 0)) invalidArgument(where, "options.minDistance", "must be > 0", "Pass a distance or omit it.");
  return {
    ids: new Int32Array(cap),
    times: new Float64Array(cap),
    priorities: new Uint8Array(cap),
    positions: new Float64Array(cap * 3),
    delays: Float64Array.from(delays),
    maxDelay: Math.max(...delays),
    minDistance,
    front: 0,
    count: 0,
  };
}

/** Where an animation plays, for the blackboard's `minDistance` rule (default the origin). */
export interface AnimationPlaceOptions {
  /** Position x (default 0). */
  x?: number;
  /** Position y (default 0). */
  y?: number;
  /** Position z (default 0). */
  z?: number;
}

/** Options for {@link registerAnimation} and {@link tryPlayAnimation}. */
export interface AnimationPlayOptions extends AnimationPlaceOptions {
  /** Priority class (default {@link AnimationPriority.Normal}). */
  priority?: number;
}

/**
 * Listing 6.3 `CanPlayAnim`: walks the queue from the oldest entry; entries older than the largest
 * delay are dropped (the front advances); a matching id started less than its entry's priority
 * delay ago refuses the request — unless a `minDistance` is configured and the request at
 * `options` (x, y, z) is at least that far from the entry (then every entry is checked).
 * O(entries), no allocation.
 *
 * @param bb - The shared anti-twinning blackboard; entries older than its largest delay are dropped in place.
 * @param animId - Animation id, e.g. from {@link hashAnimationName}.
 * @param now - current game time, seconds
 * @param options - `x`, `y`, `z`: where the animation would play, in world units, used only when the board has a `minDistance`. Left out: the
 *   origin.
 */
export function canPlayAnimation(bb: AnimationBlackboard, animId: number, now: number, options?: AnimationPlaceOptions): boolean {
  return canPlayAt(bb, animId, now, options?.x ?? 0, options?.y ?? 0, options?.z ?? 0);
}

function canPlayAt(bb: AnimationBlackboard, animId: number, now: number, x: number, y: number, z: number): boolean {
  const cap = bb.ids.length;
  while (bb.count > 0 && now - bb.times[bb.front]! >= bb.maxDelay) {
    bb.front = (bb.front + 1) % cap;
    bb.count--;
  }
  const md2 = bb.minDistance * bb.minDistance;
  for (let k = 0; k < bb.count; k++) {
    const i = (bb.front + k) % cap;
    if (bb.ids[i] !== animId) continue;
    if (now - bb.times[i]! >= bb.delays[bb.priorities[i]!]!) continue;
    if (md2 !== Infinity) {
      const dx = bb.positions[i * 3]! - x;
      const dy = bb.positions[i * 3 + 1]! - y;
      const dz = bb.positions[i * 3 + 2]! - z;
      if (dx * dx + dy * dy + dz * dz >= md2) continue;
    }
    return false;
  }
  return true;
}

/**
 * Registers an animation that just started. When the queue is full the oldest entry is
 * overwritten. O(1), no allocation.
 * @param bb - The shared anti-twinning blackboard; an entry is appended in place (the oldest is overwritten when full).
 * @param animId - Animation id, e.g. from {@link hashAnimationName}.
 * @param now - Current game time in seconds: the animation's start time.
 * @param options - `priority` (class index into the board's `delays`, default {@link AnimationPriority}.Normal) and position `x`, `y`, `z` in
 *   world units (default the origin).
 */
export function registerAnimation(bb: AnimationBlackboard, animId: number, now: number, options?: AnimationPlayOptions): void {
  registerAt(bb, animId, now, options?.priority ?? AnimationPriority.Normal, options?.x ?? 0, options?.y ?? 0, options?.z ?? 0);
}

function registerAt(bb: AnimationBlackboard, animId: number, now: number, priority: number, x: number, y: number, z: number): void {
  if (!(priority >= 0 && priority < bb.delays.length)) {
    invalidArgument(
      "@tactica/decision: registerAnimation",
      "priority",
      `must be a priority class in [0, ${bb.delays.length - 1}]`,
      "Use AnimationPriority or an index into delays.",
    );
  }
  const cap = bb.ids.length;
  if (bb.count === cap) {
    bb.front = (bb.front + 1) % cap;
    bb.count--;
  }
  const i = (bb.front + bb.count) % cap;
  bb.ids[i] = animId;
  bb.times[i] = now;
  bb.priorities[i] = priority;
  bb.positions[i * 3] = x;
  bb.positions[i * 3 + 1] = y;
  bb.positions[i * 3 + 2] = z;
  bb.count++;
}

/**
 * {@link canPlayAnimation}, then {@link registerAnimation} when allowed. Returns whether it may play.
 * @param bb - The shared anti-twinning blackboard; stale entries are dropped and, when allowed, the animation registered in place.
 * @param animId - Animation id, e.g. from {@link hashAnimationName}.
 * @param now - Current game time in seconds.
 * @param options - `priority` (class index into the board's `delays`, default Normal) and position `x`, `y`, `z` in world units (default the
 *   origin).
 */
export function tryPlayAnimation(bb: AnimationBlackboard, animId: number, now: number, options?: AnimationPlayOptions): boolean {
  const x = options?.x ?? 0;
  const y = options?.y ?? 0;
  const z = options?.z ?? 0;
  if (!canPlayAt(bb, animId, now, x, y, z)) return false;
  registerAt(bb, animId, now, options?.priority ?? AnimationPriority.Normal, x, y, z);
  return true;
}

/**
 * 32-bit FNV-1a hash of an animation name, for use as an id.
 * @param name - The animation (or bark line) name; hashed by UTF-16 code unit.
 */
export function hashAnimationName(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}
