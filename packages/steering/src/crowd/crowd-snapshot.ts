import { describeValue, ErrorCodes, spatialHashClear, spatialHashInsert, TacticaError } from "@tactica/core";
import { agentAccelerationProblem, agentScalarProblem, type Crowd } from "./crowd";

/** Name of one per-slot number column of a {@link Crowd} saved in a {@link CrowdSnapshot}. */
export type CrowdColumn =
  | "posX"
  | "posY"
  | "velX"
  | "velY"
  | "fwdX"
  | "fwdY"
  | "prefVelX"
  | "prefVelY"
  | "forceX"
  | "forceY"
  | "radius"
  | "maxSpeed"
  | "maxForce"
  | "mass"
  | "wanderX"
  | "wanderY";

/** The per-slot number columns a {@link CrowdSnapshot} carries, in this order. */
const COLUMNS: readonly CrowdColumn[] = [
  "posX",
  "posY",
  "velX",
  "velY",
  "fwdX",
  "fwdY",
  "prefVelX",
  "prefVelY",
  "forceX",
  "forceY",
  "radius",
  "maxSpeed",
  "maxForce",
  "mass",
  "wanderX",
  "wanderY",
];

/**
 * A JSON-safe snapshot of a {@link Crowd}'s running state, made by {@link saveCrowd} and read by
 * {@link restoreCrowd}. Plain data: `JSON.stringify` and `structuredClone` keep it exactly.
 * Per-slot arrays have `highWater` entries (slot order).
 */
export interface CrowdSnapshot {
  /** Always `"tactica-crowd"`. */
  readonly format: "tactica-crowd";
  /** Snapshot layout version (1). */
  readonly version: 1;
  /** Capacity of the saved crowd; a snapshot restores only into a crowd of the same capacity. */
  readonly capacity: number;
  /** Slots at or above this were never used. */
  readonly highWater: number;
  /** 1 for a live slot, 0 for a free one. */
  readonly alive: readonly number[];
  /** Generation per slot (handle layout of {@link Crowd}). */
  readonly generation: readonly number[];
  /** The free-slot stack, bottom first (every free slot below `highWater` exactly once). */
  readonly freeSlots: readonly number[];
  /**
   * The live slots in the order they are re-inserted into the spatial hash, so that neighbor
   * queries return them in the same order as before and the restored crowd continues
   * bit-identically.
   */
  readonly hashOrder: readonly number[];
  /** The crowd's random stream state (`s0..s3`, uint32 each). */
  readonly rng: readonly [number, number, number, number];
  /** Per-slot columns (positions, velocities, forces, radii, limits, wander targets). */
  readonly columns: Readonly<Record<CrowdColumn, readonly number[]>>;
}

/**
 * Saves the running state of `crowd` as a JSON-safe {@link CrowdSnapshot} (allocates; not for a
 * hot loop). Restoring it with {@link restoreCrowd} into a crowd of the same capacity gives a
 * crowd that continues bit-identically. O(highWater).
 *
 * @example
 * ```ts
 * const crowd = createCrowd({ capacity: 8, cellSize: 2, rng: createRng(1) });
 * addCrowdAgent(crowd, { x: 0, y: 0 });
 * const text = JSON.stringify(saveCrowd(crowd));
 * const copy = createCrowd({ capacity: 8, cellSize: 2, rng: createRng(99) });
 * restoreCrowd(copy, JSON.parse(text)); // copy now equals crowd
 * ```
 *
 * @param crowd - The crowd to save, read (slots below `highWater`, counters, spatial-hash order
 *   and the random state).
 * @returns A fresh JSON-safe snapshot that shares nothing with `crowd`.
 */
export function saveCrowd(crowd: Crowd): CrowdSnapshot {
  const n = crowd.highWater;
  const columns = {} as Record<CrowdColumn, number[]>;
  for (const c of COLUMNS) columns[c] = Array.from(crowd[c].subarray(0, n));
  // Each cell's list is head-first and insertion links at the head: re-insert tail first.
  const { prev, next } = crowd.hash;
  const hashOrder: number[] = [];
  const chain: number[] = [];
  for (let s = 0; s < n; s++) {
    if (crowd.alive[s] !== 1 || prev[s] !== -1) continue;
    chain.length = 0;
    for (let id = s; id !== -1; id = next[id] as number) chain.push(id);
    for (let k = chain.length - 1; k >= 0; k--) hashOrder.push(chain[k] as number);
  }
  return {
    format: "tactica-crowd",
    version: 1,
    capacity: crowd.capacity,
    highWater: n,
    alive: Array.from(crowd.alive.subarray(0, n)),
    generation: Array.from(crowd.generation.subarray(0, n)),
    freeSlots: Array.from(crowd.freeSlots.subarray(0, crowd.freeCount)),
    hashOrder,
    rng: [crowd.rng.s0 >>> 0, crowd.rng.s1 >>> 0, crowd.rng.s2 >>> 0, crowd.rng.s3 >>> 0],
    columns,
  };
}

const WHERE = "@tactica/steering: restoreCrowd";

function bad(path: string, problem: string, fix: string): never {
  throw new TacticaError(ErrorCodes.InvalidArgument, `${WHERE}: ${path} ${problem}. ${fix}`, { path });
}

function intArray(value: unknown, path: string, length: number | undefined, min: number, max: number): number[] {
  if (!Array.isArray(value)) bad(path, "is not an array", "Pass the object saveCrowd returned.");
  if (length !== undefined && value.length !== length)
    bad(path, `has ${value.length} entries, not ${length}`, "Pass the object saveCrowd returned, unmodified.");
  for (let i = 0; i < value.length; i++) {
    const v: unknown = value[i];
    if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max)
      bad(`${path}[${i}]`, `is ${describeValue(v)}, not an integer in [${min}, ${max}]`, "Pass the object saveCrowd returned, unmodified.");
  }
  return value as number[];
}

/**
 * Restores `crowd` to a {@link CrowdSnapshot} from {@link saveCrowd} (or its JSON text parsed).
 * The whole snapshot is checked first — format, capacity, array lengths, finite numbers, limits
 * (`radius`, `maxSpeed`, `maxForce` ≥ 0, `mass` > 0), generations, a consistent free-slot stack
 * and hash order, a valid random state — and a bad one throws `INVALID_ARGUMENT` naming the JSON
 * path (`$.columns.posX[3]`) **before anything is written**, so a failed restore leaves `crowd`
 * exactly as it was. Handles issued before the save are valid again afterwards. O(capacity).
 *
 * @param crowd - The crowd to overwrite (every buffer, counter, the spatial hash and `crowd.rng`'s
 *   state); must have the snapshot's capacity. Its cell size is kept.
 * @param snapshot - A {@link CrowdSnapshot} from {@link saveCrowd}, or its JSON text parsed;
 *   untrusted input is fine: it is validated in full before anything is written.
 */
export function restoreCrowd(crowd: Crowd, snapshot: unknown): void {
  if (typeof snapshot !== "object" || snapshot === null) bad("$", "is not an object", "Pass the object saveCrowd returned.");
  const s = snapshot as Record<string, unknown>;
  if (s["format"] !== "tactica-crowd") bad("$.format", `is ${describeValue(s["format"])}, not "tactica-crowd"`, "Pass the object saveCrowd returned.");
  if (s["version"] !== 1) bad("$.version", `is ${describeValue(s["version"])}, not 1`, "This version of @tactica/steering reads snapshot version 1.");
  if (s["capacity"] !== crowd.capacity) {
    bad(
      "$.capacity",
      `is ${describeValue(s["capacity"])}, but the crowd's capacity is ${crowd.capacity}`,
      "Restore into a crowd created with the snapshot's capacity.",
    );
  }
  const highWater = s["highWater"];
  if (typeof highWater !== "number" || !Number.isInteger(highWater) || highWater < 0 || highWater > crowd.capacity) {
    bad("$.highWater", `is ${describeValue(highWater)}, not an integer in [0, ${crowd.capacity}]`, "Pass the object saveCrowd returned, unmodified.");
  }
  const alive = intArray(s["alive"], "$.alive", highWater, 0, 1);
  const generation = intArray(s["generation"], "$.generation", highWater, 0, (1 << (31 - crowd.indexBits)) - 1);
  let live = 0;
  for (let i = 0; i < highWater; i++) live += alive[i] as number;
  const freeSlots = intArray(s["freeSlots"], "$.freeSlots", highWater - live, 0, highWater - 1);
  const hashOrder = intArray(s["hashOrder"], "$.hashOrder", live, 0, highWater - 1);
  const seen = new Uint8Array(highWater);
  freeSlots.forEach((slot, i) => {
    if (alive[slot] !== 0 || seen[slot] !== 0)
      bad(`$.freeSlots[${i}]`, `is slot ${slot}, which is live or listed twice`, "Pass the object saveCrowd returned, unmodified.");
    seen[slot] = 1;
  });
  hashOrder.forEach((slot, i) => {
    if (alive[slot] !== 1 || seen[slot] !== 0)
      bad(`$.hashOrder[${i}]`, `is slot ${slot}, which is free or listed twice`, "Pass the object saveCrowd returned, unmodified.");
    seen[slot] = 1;
  });
  const rng = intArray(s["rng"], "$.rng", 4, 0, 0xffffffff);
  if ((rng[0] as number) + (rng[1] as number) + (rng[2] as number) + (rng[3] as number) === 0)
    bad("$.rng", "is all zero", "Pass the object saveCrowd returned, unmodified.");
  const cols = s["columns"];
  if (typeof cols !== "object" || cols === null) bad("$.columns", "is not an object", "Pass the object saveCrowd returned.");
  const columns = cols as Record<string, unknown>;
  for (const c of COLUMNS) {
    const path = `$.columns.${c}`;
    const col = columns[c];
    if (!Array.isArray(col)) bad(path, "is not an array", "Pass the object saveCrowd returned.");
    if (col.length !== highWater) bad(path, `has ${col.length} entries, not ${highWater}`, "Pass the object saveCrowd returned, unmodified.");
    const min = c === "radius" || c === "maxSpeed" || c === "maxForce" ? 0 : -Infinity;
    for (let i = 0; i < highWater; i++) {
      const v: unknown = col[i];
      if (typeof v !== "number" || !Number.isFinite(v) || v < min || (c === "mass" && !(v > 0))) {
        bad(
          `${path}[${i}]`,
          `is ${describeValue(v)}`,
          c === "mass" ? "Masses must be finite and > 0." : min === 0 ? "Use a finite number ≥ 0." : "Use a finite number.",
        );
      }
      if ((c === "posX" || c === "posY") && Math.abs(v) * crowd.hash.inverseCellSize >= 2 ** 30) {
        bad(`${path}[${i}]`, `is ${v}, more than 2^30 cells from the origin`, "Keep positions within the spatial hash's range.");
      }
      if (c === "radius" || c === "maxSpeed" || c === "maxForce" || c === "mass") {
        const problem = agentScalarProblem(c, v);
        if (problem !== null) bad(`${path}[${i}]`, problem, "Pass the object saveCrowd returned, unmodified.");
      }
    }
  }
  const force = columns["maxForce"] as number[];
  const mass = columns["mass"] as number[];
  for (let i = 0; i < highWater; i++) {
    const problem = agentAccelerationProblem(force[i]!, mass[i]!);
    if (problem !== null) bad(`$.columns.maxForce[${i}]`, problem, "Pass the object saveCrowd returned, unmodified.");
  }

  // Valid: write. Slots at or above highWater go back to their never-used state.
  const cap = crowd.capacity;
  for (const c of COLUMNS) {
    const dst = crowd[c];
    dst.set(columns[c] as number[]);
    dst.fill(0, highWater, cap);
  }
  crowd.alive.set(alive);
  crowd.alive.fill(0, highWater, cap);
  crowd.generation.set(generation);
  crowd.generation.fill(0, highWater, cap);
  crowd.freeSlots.set(freeSlots);
  crowd.freeCount = freeSlots.length;
  crowd.highWater = highWater;
  crowd.count = live;
  crowd.rng.s0 = rng[0] as number;
  crowd.rng.s1 = rng[1] as number;
  crowd.rng.s2 = rng[2] as number;
  crowd.rng.s3 = rng[3] as number;
  spatialHashClear(crowd.hash);
  for (const slot of hashOrder) spatialHashInsert(crowd.hash, slot, crowd.posX[slot] as number, crowd.posY[slot] as number);
}
