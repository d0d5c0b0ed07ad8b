import { type ReadonlyVec2, type Vec2 } from "@tactica/core";
import type { CircleObstacle } from "../behaviors/obstacle-avoidance";
import { computeBrakingSpeed } from "../behaviors/arrive";
import type { SteeringPath } from "../behaviors/path-following";
import { gatherCrowdNeighbors, integrateCrowd, isCrowdAgentAlive, type Crowd } from "../crowd/crowd";
import { getFormationSlotPosition, type Formation } from "./formation";

/**
 * A virtual group anchor (chapter 20's invisible group entity): pose, velocity and progress along
 * its path. Plain data; members follow it, it is not an agent of the crowd.
 */
export interface GroupAnchor {
  /** Anchor position (world units). */
  readonly position: Vec2;
  /** Anchor velocity (world units / s). */
  readonly velocity: Vec2;
  /** Formation heading (radians, 0 = world +x, counter-clockwise positive); turns towards the velocity at `maxTurnRate`. */
  heading: number;
  /** Index of the path waypoint being approached. */
  waypoint: number;
}

/**
 * Creates a {@link GroupAnchor} at `position` facing `heading`.
 *
 * @param position - Start position of the anchor (world units), read and copied.
 * @param heading - Start heading of the formation (radians, 0 = +x, counter-clockwise).
 * @returns An anchor at rest, heading for waypoint 0.
 */
export function createGroupAnchor(position: ReadonlyVec2, heading: number): GroupAnchor {
  return { position: { x: position.x, y: position.y }, velocity: { x: 0, y: 0 }, heading, waypoint: 0 };
}

/** How the anchor moves in {@link stepGroupAnchor}. */
export interface GroupAnchorParams {
  /** Anchor speed (world units / s): keep it below the slowest member's `maxSpeed` (chapter 20). */
  readonly speed: number;
  /** Largest heading change per second (radians / s): the formation rotates no faster. */
  readonly maxTurnRate: number;
  /** A waypoint counts as reached within this distance. */
  readonly waypointRadius: number;
  /** Braking deceleration at the end of an open path (world units / s²). */
  readonly deceleration: number;
}

/**
 * Moves the anchor one fixed step of `dt` along `path` (waypoint following, stopping exactly at the
 * end of an open path with the discrete braking curve of {@link computeBrakingSpeed}) and turns its heading
 * towards its velocity by at most `maxTurnRate · dt` (formation rotation). Returns true when it
 * has stopped at the end of an open path. O(1), no allocation.
 *
 * @param anchor - The anchor; `position`, `velocity`, `heading` and `waypoint` are written in place.
 *   `waypoint` past the end is reset (to 0 on a loop, else the last); it must not be negative.
 * @param path - The path to follow (world units), read, e.g. from {@link createSteeringPath}.
 * @param params - `speed` (world units per second; keep it below the slowest member's), `maxTurnRate`
 *   (radians per second), `waypointRadius` (world units) and `deceleration` (world units per
 *   second², the braking at the end of an open path; ≤ 0 means no braking curve: full `speed`
 *   until the end is less than one step away).
 * @param dt - Step length in seconds (> 0).
 * @returns True once the anchor has stopped on the end of an open path (within 1e-6).
 */
export function stepGroupAnchor(anchor: GroupAnchor, path: SteeringPath, params: GroupAnchorParams, dt: number): boolean {
  const pts = path.points;
  const n = pts.length;
  if (anchor.waypoint >= n) anchor.waypoint = path.loop ? 0 : n - 1;
  let p = pts[anchor.waypoint]!;
  let dx = p.x - anchor.position.x;
  let dy = p.y - anchor.position.y;
  const last = !path.loop && anchor.waypoint === n - 1;
  if (!last && dx * dx + dy * dy <= params.waypointRadius * params.waypointRadius) {
    anchor.waypoint = anchor.waypoint + 1 >= n ? 0 : anchor.waypoint + 1;
    p = pts[anchor.waypoint]!;
    dx = p.x - anchor.position.x;
    dy = p.y - anchor.position.y;
  }
  const dist = Math.sqrt(dx * dx + dy * dy);
  let speed = params.speed;
  if (!path.loop && anchor.waypoint === n - 1) speed = Math.min(speed, computeBrakingSpeed(dist, params.deceleration, dt));
  if (dist < 1e-12) speed = 0;
  const vx = dist > 0 ? (dx / dist) * speed : 0;
  const vy = dist > 0 ? (dy / dist) * speed : 0;
  anchor.velocity.x = vx;
  anchor.velocity.y = vy;
  anchor.position.x += vx * dt;
  anchor.position.y += vy * dt;
  if (speed > 1e-9) {
    const target = Math.atan2(vy, vx);
    let diff = target - anchor.heading;
    diff = Math.atan2(Math.sin(diff), Math.cos(diff));
    const m = params.maxTurnRate * dt;
    anchor.heading += diff > m ? m : diff < -m ? -m : diff;
    anchor.heading = Math.atan2(Math.sin(anchor.heading), Math.cos(anchor.heading));
  }
  return !path.loop && anchor.waypoint === n - 1 && dist < 1e-6;
}

/** Parameters of {@link stepFormationMembers}. */
export interface FormationMemberParams {
  /**
   * Slot extrapolation period (seconds, ≥ 0): members steer to their slot predicted this far ahead
   * along the anchor's velocity, so it is never reached in one step (chapter 20; larger is a
   * looser formation). A stationary group extrapolates to the slot itself.
   */
  readonly extrapolation: number;
  /** Members slow down within this distance of their target (world units, > 0). */
  readonly slowingRadius: number;
  /** Weight of separation from other crowd agents within `separationRadius` (default 1). */
  readonly separationWeight?: number;
  /** Separation radius (world units, default 2 × agent radius). */
  readonly separationRadius?: number;
  /** Weight of the obstacle repulsion (default 4). */
  readonly obstacleWeight?: number;
  /** Obstacles repel members within this clearance of their edge (world units, default 1). */
  readonly obstacleClearance?: number;
}

const slot: Vec2 = { x: 0, y: 0 };
const acc: Vec2 = { x: 0, y: 0 };

// Buckland's AccumulateForce: adds as much of (fx, fy) as the remaining budget allows; false when spent.
function accumulate(total: Vec2, fx: number, fy: number, max: number): boolean {
  const remaining = max - Math.sqrt(total.x * total.x + total.y * total.y);
  if (remaining <= 0) return false;
  const len = Math.sqrt(fx * fx + fy * fy);
  if (len < remaining) {
    total.x += fx;
    total.y += fy;
    return true;
  }
  if (len > 0) {
    total.x += (fx / len) * remaining;
    total.y += (fy / len) * remaining;
  }
  return false;
}

/**
 * One fixed step of a formation's members (chapter 20's autonomous following, Tactical Thinking's
 * potential-field formation): each member `members[m]` (a crowd handle) is attracted to its slot
 * `slots[m]` (extrapolated along the anchor velocity; arrive-style, so members settle on it), is
 * repelled by nearby crowd agents (separation) and by circular obstacles within
 * `obstacleClearance` — so members **break formation around an obstacle and re-form** behind it —
 * and the crowd is then integrated ({@link integrateCrowd}). Agents of the crowd that are not
 * members are integrated with whatever force they already hold (normally set by their own
 * step). No allocation.
 *
 * @param crowd - The crowd holding the members; members' forces are written, then every live
 *   agent is integrated (velocity, position, forward vector, hash entry written).
 * @param members - Crowd handles of the members; dead or stale handles are skipped.
 * @param slots - `slots[m]` is member m's slot index in `formation` (e.g. from
 *   {@link assignFormationSlots}); throws `INVALID_ARGUMENT` when out of range.
 * @param count - Number of entries of `members`/`slots` to use.
 * @param formation - The formation, read.
 * @param anchor - The group anchor, read (position, velocity, heading); move it first with
 *   {@link stepGroupAnchor}.
 * @param obstacles - Circles members steer around (world units), read; `[]` for none.
 * @param params - `extrapolation` (seconds ≥ 0 ahead along the anchor's velocity), `slowingRadius`
 *   (world units, > 0), `separationWeight` (default 1), `separationRadius` (world units, default
 *   2 × the member's radius), `obstacleWeight` (default 4) and `obstacleClearance` (world units,
 *   default 1). Forces scale with each member's `maxForce`.
 * @param dt - Step length in seconds (> 0): the integration step and the step members brake for.
 */
export function stepFormationMembers(
  crowd: Crowd,
  members: ArrayLike<number>,
  slots: ArrayLike<number>,
  count: number,
  formation: Formation,
  anchor: GroupAnchor,
  obstacles: ArrayLike<CircleObstacle>,
  params: FormationMemberParams,
  dt: number,
): void {
  const { posX, posY, velX, velY, radius, maxSpeed, maxForce, mass, forceX, forceY } = crowd;
  const ex = params.extrapolation;
  const ws = params.separationWeight ?? 1;
  const wo = params.obstacleWeight ?? 4;
  const clearance = params.obstacleClearance ?? 1;
  const nb = crowd.neighbors;
  for (let m = 0; m < count; m++) {
    const handle = members[m] as number;
    if (!isCrowdAgentAlive(crowd, handle)) continue;
    const h = handle & ((1 << crowd.indexBits) - 1);
    getFormationSlotPosition(slot, formation, slots[m] as number, anchor.position, anchor.heading);
    const tx = slot.x + anchor.velocity.x * ex;
    const ty = slot.y + anchor.velocity.y * ex;
    const px = posX[h] as number;
    const py = posY[h] as number;
    const dx = tx - px;
    const dy = ty - py;
    const dist = Math.sqrt(dx * dx + dy * dy);
    const ms = maxSpeed[h] as number;
    const ma = (maxForce[h] as number) / (mass[h] as number);
    let speed = Math.min(ms, (ms * dist) / params.slowingRadius, computeBrakingSpeed(dist, ma, dt));
    if (dist < 1e-12) speed = 0;
    const vx = velX[h] as number;
    const vy = velY[h] as number;
    const k = (mass[h] as number) / dt;
    const ax = dist > 0 ? ((dx / dist) * speed - vx) * k : -vx * k;
    const ay = dist > 0 ? ((dy / dist) * speed - vy) * k : -vy * k;
    let fx = 0;
    let fy = 0;
    // Priorities (prioritized truncated running sum): obstacles, then separation, then the slot.
    let ofx = 0;
    let ofy = 0;
    // Separation from other agents (members or not).
    const r = radius[h] as number;
    const sepR = params.separationRadius ?? 2 * r;
    const c = gatherCrowdNeighbors(crowd, h, px, py, sepR, 16);
    for (let q = 0; q < c; q++) {
      const j = nb[q] as number;
      const ox = px - (posX[j] as number);
      const oy = py - (posY[j] as number);
      const d2 = ox * ox + oy * oy;
      if (d2 < 1e-18) continue;
      const d = Math.sqrt(d2);
      const push = (ws * (sepR - d)) / sepR;
      fx += (ox / d) * push * (maxForce[h] as number);
      fy += (oy / d) * push * (maxForce[h] as number);
    }
    // Obstacle repulsion: strong, short-range (Tactical Thinking's third field).
    for (let o = 0; o < obstacles.length; o++) {
      const ob = obstacles[o]!;
      const ox = px - ob.x;
      const oy = py - ob.y;
      const d = Math.sqrt(ox * ox + oy * oy);
      const gap = d - ob.radius - r;
      if (gap >= clearance || d < 1e-12) continue;
      const push = wo * (1 - Math.max(gap, 0) / clearance) * (maxForce[h] as number);
      // push outwards and sideways (around the obstacle, towards the side the member is already on)
      const tnx = -oy / d;
      const tny = ox / d;
      const side = tnx * (tx - ob.x) + tny * (ty - ob.y) >= 0 ? 1 : -1;
      ofx += (ox / d) * push + tnx * side * push * 0.5;
      ofy += (oy / d) * push + tny * side * push * 0.5;
    }
    const mf = maxForce[h] as number;
    acc.x = 0;
    acc.y = 0;
    if (accumulate(acc, ofx, ofy, mf) && accumulate(acc, fx, fy, mf)) accumulate(acc, ax, ay, mf);
    forceX[h] = acc.x;
    forceY[h] = acc.y;
  }
  integrateCrowd(crowd, dt);
}

/** Derived properties of a group (chapter 20's composite entity), written by {@link computeGroupProperties}. */
export interface GroupProperties {
  /** Barycenter x of the members. */
  x: number;
  /** Barycenter y of the members. */
  y: number;
  /** Bulk radius: the smallest circle around the barycenter containing every member's disc. */
  radius: number;
  /** The slowest member's max speed (a group must move below it). */
  maxSpeed: number;
  /** Number of live members counted. */
  count: number;
}

/**
 * Derives a group's position (the members' barycenter), bulk radius (containing every member
 * disc) and speed limit (the slowest member's max speed) from crowd `members` (handles).
 * Removed or stale handles are skipped; with no live member everything is 0. O(count), no allocation.
 *
 * @param out - Receives barycenter, bulk radius (world units), slowest `maxSpeed` (world units per
 *   second) and live `count`; written in place and returned.
 * @param crowd - The crowd holding the members, read.
 * @param members - Crowd handles of the members; dead or stale handles are skipped.
 * @param count - Number of entries of `members` to read.
 */
export function computeGroupProperties(out: GroupProperties, crowd: Crowd, members: ArrayLike<number>, count: number): GroupProperties {
  let sx = 0;
  let sy = 0;
  let n = 0;
  let ms = Infinity;
  for (let m = 0; m < count; m++) {
    const handle = members[m] as number;
    if (!isCrowdAgentAlive(crowd, handle)) continue;
    const h = handle & ((1 << crowd.indexBits) - 1);
    sx += crowd.posX[h] as number;
    sy += crowd.posY[h] as number;
    const s = crowd.maxSpeed[h] as number;
    if (s < ms) ms = s;
    n++;
  }
  out.count = n;
  if (n === 0) {
    out.x = 0;
    out.y = 0;
    out.radius = 0;
    out.maxSpeed = 0;
    return out;
  }
  out.x = sx / n;
  out.y = sy / n;
  let r = 0;
  for (let m = 0; m < count; m++) {
    const handle = members[m] as number;
    if (!isCrowdAgentAlive(crowd, handle)) continue;
    const h = handle & ((1 << crowd.indexBits) - 1);
    const d = Math.hypot((crowd.posX[h] as number) - out.x, (crowd.posY[h] as number) - out.y) + (crowd.radius[h] as number);
    if (d > r) r = d;
  }
  out.radius = r;
  out.maxSpeed = ms;
  return out;
}
