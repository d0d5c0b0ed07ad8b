import { checkIndex, checkNumber, checkPosition, configError, describeValue } from "../errors";

/**
 * Changed-object events (*Splinter Cell Blacklist*, *Game AI Pro 2* ch. 28) as plain data: the
 * NPCs' last known state of each object (`known[o]`, −1 unknown), and events `e < count` for objects
 * found in a different state (a door left open, a light shot out), each with a position, an age, a
 * lifetime and the NPC that claimed it (−1 none). The first NPC to witness an event claims it and
 * may investigate; the others leave it alone.
 */
export interface ChangedObjects {
  /** Last known state per object id (`0 .. objects − 1`), −1 while unknown. */
  readonly known: Int32Array;
  /** Most events at once. */
  readonly capacity: number;
  /** Live events: slots `0 .. count − 1`. */
  count: number;
  /** Object id per event. */
  readonly object: Int32Array;
  /** Event position x, y. */
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** Seconds since the event was created. */
  readonly age: Float64Array;
  /** NPC that claimed the event, or −1. */
  readonly claimedBy: Int32Array;
  /** Seconds an event lives. */
  readonly lifetime: number;
}

/** Options for {@link createChangedObjects}. */
export interface ChangedObjectsOptions {
  /** Seconds an event lives, > 0 (default 30). */
  readonly lifetime?: number;
}

/**
 * Creates the store for `objects` object ids and up to `capacity` live events; events live `options.lifetime` seconds (default 30).
 *
 * @param objects - Number of object ids (`0 .. objects − 1`), an integer in [1, 2^24].
 * @param capacity - Most live events at once, an integer in [1, 2^24].
 * @param options - `lifetime`: seconds an event lives, > 0 (default 30).
 */
export function createChangedObjects(objects: number, capacity: number, options?: ChangedObjectsOptions): ChangedObjects {
  const lifetime = options === undefined ? 30 : (options.lifetime ?? 30);
  if (!Number.isInteger(objects) || objects < 1 || objects > 1 << 24)
    configError("createChangedObjects", `"objects" is ${objects}; pass an integer in [1, 2^24].`, "objects");
  if (!Number.isInteger(capacity) || capacity < 1 || capacity > 1 << 24)
    configError("createChangedObjects", `"capacity" is ${describeValue(capacity)}; pass an integer in [1, 2^24].`, "capacity");
  checkNumber("createChangedObjects", "lifetime", lifetime, Number.MIN_VALUE);
  return {
    known: new Int32Array(objects).fill(-1),
    capacity,
    count: 0,
    object: new Int32Array(capacity),
    x: new Float64Array(capacity),
    y: new Float64Array(capacity),
    age: new Float64Array(capacity),
    claimedBy: new Int32Array(capacity),
    lifetime,
  };
}

/**
 * An NPC sees object `object` (at `(x, y)`) in state `state` (an integer ≥ 0). The first sighting
 * only records the state. If the state differs from the known one, an event is created (its index
 * returned; −1 when the store is full, no throw mid-frame) and the known state updated; an object
 * that already has a live event gets no second one. Returns −1 when nothing changed.
 *
 * @param store - The store, changed in place: the object's known state is always updated; an event may be added.
 * @param object - Object id in `[0, objects)` (else `PERCEPTION_CONFIG`).
 * @param state - The state seen, an integer ≥ 0 (your encoding: open / closed, lit / dark).
 * @param x - Where the object is, x, world units, finite (stored with the event; else `PERCEPTION_CONFIG`).
 * @param y - Where the object is, y, world units, finite.
 */
export function observeObjectState(store: ChangedObjects, object: number, state: number, x: number, y: number): number {
  if (!(Number.isInteger(object) && object >= 0 && object < store.known.length))
    configError("observeObjectState", `object ${describeValue(object)} does not exist (${store.known.length} objects).`, "object");
  if (!(Number.isInteger(state) && state >= 0 && state <= 0x7fffffff))
    configError("observeObjectState", `"state" is ${describeValue(state)}; pass an integer ≥ 0.`, "state");
  checkPosition("observeObjectState", x, y);
  const before = store.known[object]!;
  store.known[object] = state;
  if (before === -1 || before === state) return -1;
  for (let e = 0; e < store.count; e++) if (store.object[e] === object) return -1;
  if (store.count >= store.capacity) return -1;
  const e = store.count++;
  store.object[e] = object;
  store.x[e] = x;
  store.y[e] = y;
  store.age[e] = 0;
  store.claimedBy[e] = -1;
  return e;
}

/**
 * NPC `npc` (an integer id ≥ 0) witnesses live event `event` (in `[0, count)`): it claims it when nobody has (returns true), else false. Throws `PERCEPTION_CONFIG` for any other event or npc.
 *
 * @param store - The store, changed in place (the event's `claimedBy`).
 * @param event - Live event index in `[0, count)`, e.g. from {@link observeObjectState}.
 * @param npc - Your id of the witnessing NPC, an integer ≥ 0.
 */
export function claimChangedObject(store: ChangedObjects, event: number, npc: number): boolean {
  if (!(Number.isInteger(event) && event >= 0 && event < store.count))
    configError("claimChangedObject", `event ${event} does not exist (${store.count} live).`, "event");
  checkIndex("claimChangedObject", "npc", npc, 0, 0x7fffffff);
  if (store.claimedBy[event] !== -1) return false;
  store.claimedBy[event] = npc;
  return true;
}

/**
 * Ages the events by `dt` seconds and removes expired ones (the last event moves into a freed slot). Returns how many expired.
 *
 * @param store - The store, changed in place: events aged, expired ones removed (the last event moves into a freed slot).
 * @param dt - Time step in seconds, finite and ≥ 0.
 */
export function advanceChangedObjects(store: ChangedObjects, dt: number): number {
  if (!(dt >= 0) || dt === Infinity) configError("advanceChangedObjects", `"dt" is ${describeValue(dt)}; pass a finite time step ≥ 0 in seconds.`, "dt");
  let removed = 0;
  let e = 0;
  while (e < store.count) {
    const a = store.age[e]! + dt;
    if (a < store.lifetime) {
      store.age[e] = a;
      e++;
      continue;
    }
    const last = --store.count;
    store.object[e] = store.object[last]!;
    store.x[e] = store.x[last]!;
    store.y[e] = store.y[last]!;
    store.age[e] = store.age[last]!;
    store.claimedBy[e] = store.claimedBy[last]!;
    removed++;
    // the moved event has not been aged yet: visit slot e again
  }
  return removed;
}
