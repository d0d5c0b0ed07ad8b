import {
  assertFinite,
  assertInteger,
  assertNonNegative,
  assertPositive,
  createSpatialHash,
  describeValue,
  ErrorCodes,
  invalidArgument,
  spatialHashInsert,
  spatialHashQueryAabb,
  spatialHashRemove,
  spatialHashUpdate,
  TacticaError,
  type Rng,
  type SpatialHash,
} from "@tactica/core";

/** Options for {@link createCrowd}. */
export interface CrowdOptions {
  /** Largest number of live agents (integer in [1, 2^24]); every buffer is allocated once at this size. */
  readonly capacity: number;
  /**
   * Cell size of the crowd's spatial hash (world units, > 0): about the most common neighbor
   * query radius. Neighbor queries go through core's `createSpatialHash`.
   */
  readonly cellSize: number;
  /** Random stream for wander and jitter; forked per crowd by the caller (determinism). */
  readonly rng: Rng;
}

/** Per-agent settings for {@link addCrowdAgent}; omitted fields take the listed defaults. */
export interface CrowdAgentOptions {
  /** Start x (world units). */
  readonly x: number;
  /** Start y (world units). */
  readonly y: number;
  /** Start velocity x (default 0). */
  readonly vx?: number;
  /** Start velocity y (default 0). */
  readonly vy?: number;
  /** Radius (world units, ≥ 0, default 0.5). */
  readonly radius?: number;
  /** Top speed (≥ 0, default 1). */
  readonly maxSpeed?: number;
  /** Largest steering force (≥ 0, default 1). */
  readonly maxForce?: number;
  /** Mass (> 0, default 1). */
  readonly mass?: number;
}

/**
 * A crowd of agents as structure-of-arrays typed buffers (plain data: `structuredClone`-safe and
 * transferable; the `rng` is a plain object too). The buffers are indexed by **slot**; agents are
 * addressed by **handles** that carry a generation:
 *
 * `handle = (generation << indexBits) | slot`, with `indexBits = ⌈log2(capacity)⌉` (at least 1)
 * and the generation taking the remaining `31 − indexBits` bits (so a handle is a non-negative
 * int32). A handle is valid from {@link addCrowdAgent} until {@link removeCrowdAgent}; removing
 * bumps the slot's generation, so a later add that reuses the slot returns a different handle
 * and the stale one fails {@link isCrowdAgentAlive} (until the generation wraps after
 * `2^(31 − indexBits)` reuses of the same slot). The first handle of every slot equals the slot
 * index. Turn a handle into a buffer index with {@link getCrowdAgentSlot}, a slot into its handle
 * with {@link getCrowdAgentHandle}. Slot order is the iteration order of every step, so the same
 * seed and the same calls give bit-identical state.
 *
 * Treat the buffers as read-mostly: set a goal with {@link setCrowdAgentPreferredVelocity} (or write
 * `prefVelX/prefVelY` directly), teleport with {@link setCrowdAgentPosition}. The step functions
 * ({@link stepCrowdBoids}, {@link stepCrowdTtc}, {@link stepCrowdOrca}, {@link stepCrowdFlow},
 * {@link stepCrowdPotential}) never allocate.
 */
export interface Crowd {
  /** Largest number of live agents. */
  readonly capacity: number;
  /** Number of live agents. */
  count: number;
  /** Every live slot is below this (slots at or above it were never used). */
  highWater: number;
  /** Number of low handle bits holding the slot index (see the layout above). */
  readonly indexBits: number;
  /** Generation per slot (bumped on remove, wraps at `2^(31 − indexBits)`). */
  readonly generation: Uint32Array;
  /** 1 for a live slot, 0 for a free one. */
  readonly alive: Uint8Array;
  /** Position x per slot (world units). */
  readonly posX: Float64Array;
  /** Position y per slot. */
  readonly posY: Float64Array;
  /** Velocity x per slot (world units / s). */
  readonly velX: Float64Array;
  /** Velocity y per slot. */
  readonly velY: Float64Array;
  /**
   * Unit forward vector x per slot (follows the velocity while moving; (1, 0), heading 0, for an
   * agent added at rest). The heading is `Math.atan2(fwdY, fwdX)` (0 = world +x, counter-clockwise).
   */
  readonly fwdX: Float64Array;
  /** Unit forward vector y per slot. */
  readonly fwdY: Float64Array;
  /** Preferred (goal) velocity x per slot, used by TTC, ORCA and flow steps. */
  readonly prefVelX: Float64Array;
  /** Preferred (goal) velocity y per slot. */
  readonly prefVelY: Float64Array;
  /** Steering force x computed by the last step (world units · mass / s²). */
  readonly forceX: Float64Array;
  /** Steering force y computed by the last step. */
  readonly forceY: Float64Array;
  /** Radius per slot (world units). */
  readonly radius: Float64Array;
  /** Top speed per slot. */
  readonly maxSpeed: Float64Array;
  /** Largest steering force per slot. */
  readonly maxForce: Float64Array;
  /** Mass per slot (> 0). */
  readonly mass: Float64Array;
  /** Wander target x per slot (core's local frame: +x forward, +y port; on the wander circle). */
  readonly wanderX: Float64Array;
  /** Wander target y per slot. */
  readonly wanderY: Float64Array;
  /** Stack of free slots below `highWater`. */
  readonly freeSlots: Int32Array;
  /** Number of entries in `freeSlots`. */
  freeCount: number;
  /** Spatial hash of the live agents' positions (core), kept in sync by the step functions. */
  readonly hash: SpatialHash;
  /** Scratch: neighbor slots of the agent being processed. */
  readonly neighbors: Int32Array;
  /** Scratch: squared distances matching `neighbors` when a neighbor cap is applied. */
  readonly neighborDistSq: Float64Array;
  /** The crowd's random stream (wander). */
  readonly rng: Rng;
}

/**
 * Creates an empty {@link Crowd}. Throws `INVALID_ARGUMENT` for a bad capacity or cell size.
 *
 * @param options - `capacity` (largest number of live agents, integer in [1, 2^24]; every buffer
 *   is allocated at this size now), `cellSize` (world units, > 0: the spatial hash's cell, about
 *   the usual neighbor radius) and `rng` (core `Rng` the crowd keeps and draws wander jitter from;
 *   not copied, so fork one per crowd).
 * @returns An empty crowd.
 */
export function createCrowd(options: CrowdOptions): Crowd {
  const where = "@tactica/steering: createCrowd";
  const capacity = assertInteger(where, "capacity", options.capacity, 1, 1 << 24);
  assertPositive(where, "cellSize", options.cellSize);
  const f = (): Float64Array => new Float64Array(capacity);
  let indexBits = 1;
  while (1 << indexBits < capacity) indexBits++;
  return {
    capacity,
    count: 0,
    highWater: 0,
    indexBits,
    generation: new Uint32Array(capacity),
    alive: new Uint8Array(capacity),
    posX: f(),
    posY: f(),
    velX: f(),
    velY: f(),
    fwdX: f(),
    fwdY: f(),
    prefVelX: f(),
    prefVelY: f(),
    forceX: f(),
    forceY: f(),
    radius: f(),
    maxSpeed: f(),
    maxForce: f(),
    mass: f(),
    wanderX: f(),
    wanderY: f(),
    freeSlots: new Int32Array(capacity),
    freeCount: 0,
    hash: createSpatialHash({ cellSize: options.cellSize, capacity }),
    neighbors: new Int32Array(capacity),
    neighborDistSq: new Float64Array(capacity),
    rng: options.rng,
  };
}

/** Smallest positive normal double: a positive value below it is subnormal, and its inverse overflows. */
const MIN_NORMAL = 2 ** -1022;
/** Largest acceleration bound `maxForce / mass` an agent may have (a larger one overflows to Infinity within a step). */
const MAX_ACCELERATION = 1e300;

/**
 * What is wrong with an agent's radius, speed, force or mass value (already known finite and in
 * range), or `null`: subnormal values (`mass: 5e-324`, whose inverse is Infinity) poison the
 * integration, and the step then fails deep inside the spatial hash.
 * @internal
 */
export function agentScalarProblem(column: "radius" | "maxSpeed" | "maxForce" | "mass", value: number): string | null {
  if (value !== 0 && Math.abs(value) < MIN_NORMAL)
    return column === "mass"
      ? `is ${value}, too small: its inverse is not finite. Use a mass ≥ 2^-1022 (about 2.2e-308).`
      : `is ${value}, a subnormal number. Use 0 or a value ≥ 2^-1022 (about 2.2e-308).`;
  return null;
}

/** What is wrong with an agent's acceleration bound `maxForce / mass`, or `null`. @internal */
export function agentAccelerationProblem(maxForce: number, mass: number): string | null {
  const a = maxForce / mass;
  return a <= MAX_ACCELERATION ? null : `makes maxForce / mass = ${maxForce} / ${mass} = ${a}, more than ${MAX_ACCELERATION}; the integration would overflow.`;
}

/**
 * Adds an agent and returns its handle (the most recently freed slot is reused first, LIFO, with
 * a new generation). Can be called at any time, also between steps of a running simulation.
 * Returns **-1** (and changes nothing) when the crowd is full — never throws mid-frame for that;
 * throws `INVALID_ARGUMENT` for bad values (checked before anything changes). O(1).
 *
 * @example
 * ```ts
 * const crowd = createCrowd({ capacity: 2, cellSize: 2, rng: createRng(1) });
 * const a = addCrowdAgent(crowd, { x: 0, y: 0, maxSpeed: 2 });
 * addCrowdAgent(crowd, { x: 3, y: 0 });
 * addCrowdAgent(crowd, { x: 6, y: 0 }); // -1: full
 * removeCrowdAgent(crowd, a);
 * const b = addCrowdAgent(crowd, { x: 1, y: 1 }); // reuses a's slot with a new generation
 * isCrowdAgentAlive(crowd, a); // false: a is stale
 * crowd.posX[getCrowdAgentSlot(crowd, b)]; // 1
 * ```
 *
 * @param crowd - The crowd the agent joins; its buffers, counters and spatial hash are written.
 * @param options - Start state and limits: `x`, `y` (world units, finite), `vx`, `vy` (world
 *   units per second, default 0; the forward vector follows a non-zero start velocity, else
 *   faces +x), `radius` (world units, ≥ 0, default 0.5), `maxSpeed` (world units per second,
 *   ≥ 0, default 1), `maxForce` (≥ 0, default 1) and `mass` (> 0, default 1). The preferred
 *   velocity starts at (0, 0).
 * @returns The new agent's handle, or -1 when the crowd is full.
 */
export function addCrowdAgent(crowd: Crowd, options: CrowdAgentOptions): number {
  const where = "@tactica/steering: addCrowdAgent";
  if (typeof options !== "object" || options === null)
    invalidArgument(where, "options", `must be an object but is ${describeValue(options)}`, "Pass { x, y, … }.");
  const x = assertFinite(where, "x", options.x);
  const y = assertFinite(where, "y", options.y);
  const vx = assertFinite(where, "vx", options.vx ?? 0);
  const vy = assertFinite(where, "vy", options.vy ?? 0);
  const radius = assertNonNegative(where, "radius", options.radius ?? 0.5);
  const maxSpeed = assertNonNegative(where, "maxSpeed", options.maxSpeed ?? 1);
  const maxForce = assertNonNegative(where, "maxForce", options.maxForce ?? 1);
  const mass = assertPositive(where, "mass", options.mass ?? 1);
  for (const [name, v] of [
    ["radius", radius],
    ["maxSpeed", maxSpeed],
    ["maxForce", maxForce],
    ["mass", mass],
  ] as const) {
    const problem = agentScalarProblem(name, v);
    if (problem !== null) invalidArgument(where, name, problem, "Pass a value of a real agent's scale.");
  }
  const accel = agentAccelerationProblem(maxForce, mass);
  if (accel !== null) invalidArgument(where, "maxForce", accel, "Lower maxForce or raise mass.");
  let h: number;
  if (crowd.freeCount > 0) h = crowd.freeSlots[--crowd.freeCount] as number;
  else if (crowd.highWater < crowd.capacity) h = crowd.highWater++;
  else return -1;
  crowd.alive[h] = 1;
  crowd.count++;
  crowd.posX[h] = x;
  crowd.posY[h] = y;
  crowd.velX[h] = vx;
  crowd.velY[h] = vy;
  const sp = Math.sqrt(vx * vx + vy * vy);
  // A stationary agent faces heading 0 (world +x).
  crowd.fwdX[h] = sp > 1e-9 ? vx / sp : 1;
  crowd.fwdY[h] = sp > 1e-9 ? vy / sp : 0;
  crowd.prefVelX[h] = 0;
  crowd.prefVelY[h] = 0;
  crowd.forceX[h] = 0;
  crowd.forceY[h] = 0;
  crowd.radius[h] = radius;
  crowd.maxSpeed[h] = maxSpeed;
  crowd.maxForce[h] = maxForce;
  crowd.mass[h] = mass;
  crowd.wanderX[h] = 0;
  crowd.wanderY[h] = 0;
  spatialHashInsert(crowd.hash, h, x, y);
  return ((crowd.generation[h] as number) << crowd.indexBits) | h;
}

/**
 * True when `handle` is a live agent of `crowd` (right slot range, slot alive, same generation:
 * a handle whose agent was removed stays false even after its slot is reused). O(1).
 *
 * @param crowd - The crowd, read.
 * @param handle - A value from {@link addCrowdAgent}; any number is accepted (non-integers,
 *   negatives and -1 give false).
 * @returns Whether the handle names a live agent of this crowd.
 */
export function isCrowdAgentAlive(crowd: Crowd, handle: number): boolean {
  if (!Number.isInteger(handle) || handle < 0 || handle > 0x7fffffff) return false;
  const slot = handle & ((1 << crowd.indexBits) - 1);
  return slot < crowd.highWater && crowd.alive[slot] === 1 && crowd.generation[slot] === handle >>> crowd.indexBits;
}

/**
 * The buffer index (slot) of the live agent `handle`: read its state as `crowd.posX[slot]`.
 * Throws `INVALID_HANDLE` for a removed, stale or foreign handle. O(1).
 *
 * @param crowd - The crowd, read.
 * @param handle - A live agent's handle from {@link addCrowdAgent}.
 * @returns The slot: the index into every per-agent buffer (`posX`, `velX`, …).
 */
export function getCrowdAgentSlot(crowd: Crowd, handle: number): number {
  checkHandle("@tactica/steering: getCrowdAgentSlot", crowd, handle);
  return handle & ((1 << crowd.indexBits) - 1);
}

/**
 * The handle of the live agent in `slot`, or -1 when the slot is free or out of range. O(1).
 *
 * @param crowd - The crowd, read.
 * @param slot - A buffer index (integer, 0 ≤ slot < `crowd.highWater` for a possible hit).
 * @returns The live agent's current handle, or -1.
 */
export function getCrowdAgentHandle(crowd: Crowd, slot: number): number {
  if (!Number.isInteger(slot) || slot < 0 || slot >= crowd.highWater || crowd.alive[slot] !== 1) return -1;
  return ((crowd.generation[slot] as number) << crowd.indexBits) | slot;
}

/**
 * Removes the agent `handle` and bumps its slot's generation; returns false (and does nothing)
 * when it is not live. O(1).
 *
 * @param crowd - The crowd; the slot is freed (alive flag, generation, free list, spatial hash
 *   written). Its buffer values are left as they were until the slot is reused.
 * @param handle - The agent's handle; a removed, stale or foreign handle is ignored.
 * @returns True when an agent was removed.
 */
export function removeCrowdAgent(crowd: Crowd, handle: number): boolean {
  if (!isCrowdAgentAlive(crowd, handle)) return false;
  handle = handle & ((1 << crowd.indexBits) - 1);
  crowd.alive[handle] = 0;
  crowd.count--;
  crowd.generation[handle] = ((crowd.generation[handle] as number) + 1) & ((1 << (31 - crowd.indexBits)) - 1);
  spatialHashRemove(crowd.hash, handle);
  crowd.freeSlots[crowd.freeCount++] = handle;
  return true;
}

function checkHandle(where: string, crowd: Crowd, handle: number): number {
  if (!isCrowdAgentAlive(crowd, handle)) {
    throw new TacticaError(
      ErrorCodes.InvalidHandle,
      `${where}: handle ${handle} is not a live agent (removed, stale or from another crowd). Use the value addCrowdAgent returned and check isCrowdAgentAlive.`,
      { path: "handle" },
    );
  }
  return handle & ((1 << crowd.indexBits) - 1);
}

/**
 * Sets the preferred (goal) velocity of `handle`. Throws `INVALID_HANDLE` for a dead handle. O(1).
 *
 * @param crowd - The crowd; `prefVelX`/`prefVelY` of the agent's slot are written.
 * @param handle - A live agent's handle.
 * @param vx - Preferred velocity x (world units per second): where and how fast the agent wants to
 *   go; the TTC, ORCA and flow steps steer towards it. Not validated: pass finite values.
 * @param vy - Preferred velocity y (world units per second), as `vx`.
 */
export function setCrowdAgentPreferredVelocity(crowd: Crowd, handle: number, vx: number, vy: number): void {
  const slot = checkHandle("@tactica/steering: setCrowdAgentPreferredVelocity", crowd, handle);
  crowd.prefVelX[slot] = vx;
  crowd.prefVelY[slot] = vy;
}

/**
 * Teleports `handle` to `(x, y)` (finite) and keeps the spatial hash in sync. Throws `INVALID_HANDLE` for a dead handle. O(1).
 *
 * @param crowd - The crowd; the agent's `posX`/`posY` and its spatial-hash entry are written.
 * @param handle - A live agent's handle.
 * @param x - New position x (world units, finite; throws `INVALID_ARGUMENT` otherwise).
 * @param y - New position y (world units, finite; throws `INVALID_ARGUMENT` otherwise).
 */
export function setCrowdAgentPosition(crowd: Crowd, handle: number, x: number, y: number): void {
  const where = "@tactica/steering: setCrowdAgentPosition";
  handle = checkHandle(where, crowd, handle);
  crowd.posX[handle] = assertFinite(where, "x", x);
  crowd.posY[handle] = assertFinite(where, "y", y);
  spatialHashUpdate(crowd.hash, handle, x, y);
}

/**
 * Sets the velocity of `handle` (and its forward vector when non-zero). Throws `INVALID_HANDLE` for a dead handle. O(1).
 *
 * @param crowd - The crowd; the agent's `velX`/`velY` (and `fwdX`/`fwdY` when the speed is above
 *   1e-9) are written.
 * @param handle - A live agent's handle.
 * @param vx - New velocity x (world units per second). Not validated or truncated to `maxSpeed`:
 *   pass finite values.
 * @param vy - New velocity y (world units per second), as `vx`.
 */
export function setCrowdAgentVelocity(crowd: Crowd, handle: number, vx: number, vy: number): void {
  handle = checkHandle("@tactica/steering: setCrowdAgentVelocity", crowd, handle);
  crowd.velX[handle] = vx;
  crowd.velY[handle] = vy;
  const sp = Math.sqrt(vx * vx + vy * vy);
  if (sp > 1e-9) {
    crowd.fwdX[handle] = vx / sp;
    crowd.fwdY[handle] = vy / sp;
  }
}

/**
 * The neighbor queries' scratch: the centre and radius go to the search below, and the box to core's
 * `spatialHashQueryAabb`, through fields and typed-array entries rather than as arguments. A
 * fractional number passed as an argument to a call V8 does not inline is boxed (16 bytes) at the
 * caller's side, and the step functions' loops are too large for V8 to inline every call into
 * them; in a user's process that was 32–48 bytes per agent per step (`pnpm bench:alloc`).
 */
const queryBox = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
const queryCentre = new Float64Array(2);

/**
 * The radius of the next {@link gatherSlotNeighbors} query (world units): the step functions write
 * it here instead of passing it (see `queryBox`). Scratch, not state.
 *
 * @internal
 */
export const slotNeighborRadius = new Float64Array(1);

/**
 * Collects into `crowd.neighbors` the slots of the live agents other than slot `self` (-1: none) within `radius` of
 * `(x, y)`, keeping only the `maxNeighbors` closest (sorted by distance, ties by query order)
 * when there are more. Returns the count. Allocation-free; O(k + k·maxNeighbors) for k agents in range.
 *
 * @param crowd - The crowd; its spatial hash and positions are read, and the result is written to
 *   its `crowd.neighbors` scratch (and `neighborDistSq` when capped), overwriting the previous query.
 * @param self - Slot to leave out of the result (the querying agent), or -1 to keep every agent.
 * @param x - Query center x (world units).
 * @param y - Query center y (world units).
 * @param radius - Query radius (world units, ≥ 0; inclusive). Negative or NaN finds nothing.
 * @param maxNeighbors - Most slots to keep (integer ≥ 0); when more are in range the closest are
 *   kept, sorted by distance. Pass `crowd.capacity` for no cap.
 * @returns How many slots were written to `crowd.neighbors[0 … count − 1]`.
 */
export function gatherCrowdNeighbors(crowd: Crowd, self: number, x: number, y: number, radius: number, maxNeighbors: number): number {
  queryCentre[0] = x;
  queryCentre[1] = y;
  slotNeighborRadius[0] = radius;
  return gatherNeighbors(crowd, self, maxNeighbors);
}

/**
 * {@link gatherCrowdNeighbors} around slot `self`'s own position with the radius in
 * `slotNeighborRadius[0]`: the form the step functions call, with no fractional argument (see
 * `queryBox`). Allocation-free.
 *
 * @internal
 */
export function gatherSlotNeighbors(crowd: Crowd, self: number, maxNeighbors: number): number {
  queryCentre[0] = crowd.posX[self] as number;
  queryCentre[1] = crowd.posY[self] as number;
  return gatherNeighbors(crowd, self, maxNeighbors);
}

/**
 * The neighbor search on `queryCentre` and `slotNeighborRadius[0]`: exactly core's
 * `spatialHashQueryRadius` (same padded cell range, same cell order, same inclusive distance test,
 * so the same ids in the same order) done as a `spatialHashQueryAabb` over the padded box, then
 * the distance filter here.
 */
function gatherNeighbors(crowd: Crowd, self: number, maxNeighbors: number): number {
  const nb = crowd.neighbors;
  const x = queryCentre[0] as number;
  const y = queryCentre[1] as number;
  const radius = slotNeighborRadius[0] as number;
  if (!(radius >= 0) || Number.isNaN(x) || Number.isNaN(y)) return 0;
  const ext = radius + (Math.abs(x) + Math.abs(y) + radius) * 1e-12 + 1e-150;
  queryBox.minX = x - ext;
  queryBox.maxX = x + ext;
  queryBox.minY = y - ext;
  queryBox.maxY = y + ext;
  const inBox = spatialHashQueryAabb(nb, crowd.hash, queryBox);
  const hx = crowd.hash.posX;
  const hy = crowd.hash.posY;
  const rSq = radius * radius;
  let found = 0;
  for (let k = 0, n = inBox < nb.length ? inBox : nb.length; k < n; k++) {
    const j = nb[k] as number;
    const dx = (hx[j] as number) - x;
    const dy = (hy[j] as number) - y;
    if (dx * dx + dy * dy <= rSq) nb[found++] = j;
  }
  const total = found;
  let n = 0;
  if (maxNeighbors >= total) {
    for (let k = 0; k < total; k++) {
      const j = nb[k] as number;
      if (j !== self) nb[n++] = j;
    }
    return n;
  }
  const dist = crowd.neighborDistSq;
  const px = crowd.posX;
  const py = crowd.posY;
  // Partial insertion sort into the first maxNeighbors entries (RVO2's insertAgentNeighbor).
  for (let k = 0; k < total; k++) {
    const j = nb[k] as number;
    if (j === self) continue;
    const dx = (px[j] as number) - x;
    const dy = (py[j] as number) - y;
    const d = dx * dx + dy * dy;
    if (n === maxNeighbors && d >= (dist[n - 1] as number)) continue;
    let i = n < maxNeighbors ? n++ : n - 1;
    while (i > 0 && d < (dist[i - 1] as number)) {
      dist[i] = dist[i - 1] as number;
      nb[i] = nb[i - 1] as number;
      i--;
    }
    dist[i] = d;
    nb[i] = j;
  }
  return n;
}

/**
 * Integrates every live agent by one fixed step of `dt` seconds from its `forceX/forceY`
 * (semi-implicit Euler as in {@link applySteeringForce}: force truncated to `maxForce`,
 * acceleration = force / mass, speed truncated to `maxSpeed`), updates the forward vectors and the
 * spatial hash. Non-finite forces count as zero. O(n), no allocation.
 *
 * @param crowd - The crowd; every live agent's velocity, position, forward vector and hash entry
 *   are written, from its `forceX/forceY` (read), `mass`, `maxForce` and `maxSpeed`.
 * @param dt - Step length in seconds (> 0 for a meaningful step; not validated here).
 */
export function integrateCrowd(crowd: Crowd, dt: number): void {
  const { alive, posX, posY, velX, velY, fwdX, fwdY, forceX, forceY, maxForce, maxSpeed, mass, hash } = crowd;
  for (let i = 0, n = crowd.highWater; i < n; i++) {
    if (alive[i] !== 1) continue;
    let fx = forceX[i] as number;
    let fy = forceY[i] as number;
    if (!Number.isFinite(fx) || !Number.isFinite(fy)) {
      fx = 0;
      fy = 0;
    }
    const mf = maxForce[i] as number;
    const f2 = fx * fx + fy * fy;
    if (f2 > mf * mf) {
      const s = mf / Math.sqrt(f2);
      fx *= s;
      fy *= s;
    }
    const inv = dt / (mass[i] as number);
    let vx = (velX[i] as number) + fx * inv;
    let vy = (velY[i] as number) + fy * inv;
    const ms = maxSpeed[i] as number;
    const s2 = vx * vx + vy * vy;
    if (s2 > ms * ms) {
      const s = ms / Math.sqrt(s2);
      vx *= s;
      vy *= s;
    }
    velX[i] = vx;
    velY[i] = vy;
    const x = (posX[i] as number) + vx * dt;
    const y = (posY[i] as number) + vy * dt;
    posX[i] = x;
    posY[i] = y;
    const sp2 = vx * vx + vy * vy;
    if (sp2 > 1e-18) {
      const inv2 = 1 / Math.sqrt(sp2);
      fwdX[i] = vx * inv2;
      fwdY[i] = vy * inv2;
    }
    spatialHashUpdate(hash, i, x, y);
  }
}

/**
 * Moves every live agent with its current velocity for `dt` seconds (no forces), updating forward
 * vectors and the spatial hash. Used by velocity-based steps (ORCA). O(n), no allocation.
 *
 * @param crowd - The crowd; every live agent's position, forward vector (when moving) and hash
 *   entry are written from its velocity (read).
 * @param dt - Step length in seconds (> 0 for a meaningful step; not validated here).
 */
export function advanceCrowdPositions(crowd: Crowd, dt: number): void {
  const { alive, posX, posY, velX, velY, fwdX, fwdY, hash } = crowd;
  for (let i = 0, n = crowd.highWater; i < n; i++) {
    if (alive[i] !== 1) continue;
    const vx = velX[i] as number;
    const vy = velY[i] as number;
    const x = (posX[i] as number) + vx * dt;
    const y = (posY[i] as number) + vy * dt;
    posX[i] = x;
    posY[i] = y;
    const sp2 = vx * vx + vy * vy;
    if (sp2 > 1e-18) {
      const inv = 1 / Math.sqrt(sp2);
      fwdX[i] = vx * inv;
      fwdY[i] = vy * inv;
    }
    spatialHashUpdate(hash, i, x, y);
  }
}
