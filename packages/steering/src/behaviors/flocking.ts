import type { Vec2 } from "@tactica/core";
import type { ReadonlySteeringAgent } from "../agent";
import { seek } from "./seek";

/**
 * View arcs from the lecture notes (which neighbors a flock member sees). With `(x, y)` the
 * neighbor in the agent's local frame (core convention: +x forward, +y port) and `k` the back-view
 * factor: `Full` sees all around; `Wide`: `x ≥ 0 || |y| > |x|·k` (a blind cone behind);
 * `Limited`: `x > 0` (the front half-plane); `Narrow`: `x > 0 && |y| < |x|·k` (a cone ahead —
 * a very narrow view turns a flock into a follow-the-leader line).
 */
export const ViewArcs = {
  /** 360°: every neighbor in range. */
  Full: 0,
  /** Everything but a blind cone behind. */
  Wide: 1,
  /** The front half-plane. */
  Limited: 2,
  /** A cone ahead. */
  Narrow: 3,
} as const;

/** One of the values of {@link ViewArcs}. */
export type ViewArc = (typeof ViewArcs)[keyof typeof ViewArcs];

/**
 * True when a neighbor at local `(x, y)` (core frame: +x forward, +y port; what core's `toLocal`
 * gives) is inside the view `arc` with back-view factor `k` (≥ 0; see {@link ViewArcs}; the notes'
 * `backViewAngle`). O(1).
 *
 * @param x - How far ahead the neighbor is (local +x, world units).
 * @param y - How far to the left the neighbor is (local +y, world units).
 * @param arc - The view arc.
 * @param k - The back-view factor (≥ 0): the tangent of the blind or seen cone's half-angle.
 * @returns Whether the neighbor is seen.
 */
export function isInViewArc(x: number, y: number, arc: ViewArc, k: number): boolean {
  switch (arc) {
    case ViewArcs.Full:
      return true;
    case ViewArcs.Wide:
      return x >= 0 || Math.abs(y) > Math.abs(x) * k;
    case ViewArcs.Limited:
      return x > 0;
    default:
      return x > 0 && Math.abs(y) < Math.abs(x) * k;
  }
}

/** Which neighbors a flocking rule considers. */
export interface FlockView {
  /** Neighborhood radius (world units, ≥ 0). */
  readonly radius: number;
  /** View arc (default {@link ViewArcs.Full}). */
  readonly arc?: ViewArc;
  /** Back-view factor `k` of the arc (default 1: 45° cones). */
  readonly backViewFactor?: number;
}

/**
 * True when `other` is a visible neighbor of `agent`: a different object, within `view.radius`
 * and inside the view arc. O(1).
 *
 * @param agent - The viewer; `position` and `heading` (radians, 0 = +x, counter-clockwise) are read.
 * @param other - The candidate neighbor; its `position` is read. The same object as `agent` is never visible.
 * @param view - Which neighbors count: `radius` (world units, ≥ 0), `arc` (omitted means
 *   {@link ViewArcs.Full}) and `backViewFactor` (≥ 0, omitted means 1), relative to the agent's heading.
 * @returns Whether `other` is within `view.radius` (inclusive) and inside the arc.
 */
export function isVisibleNeighbor(agent: ReadonlySteeringAgent, other: ReadonlySteeringAgent, view: FlockView): boolean {
  if (other === agent) return false;
  const dx = other.position.x - agent.position.x;
  const dy = other.position.y - agent.position.y;
  if (dx * dx + dy * dy > view.radius * view.radius) return false;
  const c = Math.cos(agent.heading);
  const s = Math.sin(agent.heading);
  return isInViewArc(dx * c + dy * s, -dx * s + dy * c, view.arc ?? ViewArcs.Full, view.backViewFactor ?? 1);
}

/**
 * Separation: the sum over visible neighbors of `(p − p_j) / |p − p_j|²` (a push away, inversely
 * proportional to distance, as in the notes and Buckland). Coincident neighbors are skipped.
 * O(count), no allocation.
 *
 * @param out - Receives the separation force (1 / world units: each neighbor at distance d adds a
 *   push of length 1/d); written in place and returned. Zero with no visible neighbor.
 * @param agent - The flock member; `position` and `heading` are read.
 * @param neighbors - Candidate neighbors (may include `agent` itself, which is skipped), read.
 * @param view - Which neighbors count: `radius` (world units, ≥ 0), `arc` (omitted means
 *   {@link ViewArcs.Full}) and `backViewFactor` (≥ 0, omitted means 1), relative to the agent's heading.
 */
export function separation(out: Vec2, agent: ReadonlySteeringAgent, neighbors: ArrayLike<ReadonlySteeringAgent>, view: FlockView): Vec2 {
  let fx = 0;
  let fy = 0;
  for (let i = 0; i < neighbors.length; i++) {
    const o = neighbors[i]!;
    if (!isVisibleNeighbor(agent, o, view)) continue;
    const dx = agent.position.x - o.position.x;
    const dy = agent.position.y - o.position.y;
    const d2 = dx * dx + dy * dy;
    if (d2 < 1e-18) continue;
    fx += dx / d2;
    fy += dy / d2;
  }
  out.x = fx;
  out.y = fy;
  return out;
}

/**
 * Alignment: the average forward direction of the visible neighbors minus the agent's own
 * forward direction. Zero with no visible neighbor. O(count), no allocation.
 *
 * @param out - Receives the alignment force (unitless: a difference of unit headings, length ≤ 2);
 *   written in place and returned.
 * @param agent - The flock member; `position` and `heading` are read.
 * @param neighbors - Candidate neighbors (may include `agent` itself, which is skipped); their
 *   `heading` (radians, not velocity) is averaged.
 * @param view - Which neighbors count: `radius` (world units, ≥ 0), `arc` (omitted means
 *   {@link ViewArcs.Full}) and `backViewFactor` (≥ 0, omitted means 1), relative to the agent's heading.
 */
export function alignment(out: Vec2, agent: ReadonlySteeringAgent, neighbors: ArrayLike<ReadonlySteeringAgent>, view: FlockView): Vec2 {
  let hx = 0;
  let hy = 0;
  let n = 0;
  for (let i = 0; i < neighbors.length; i++) {
    const o = neighbors[i]!;
    if (!isVisibleNeighbor(agent, o, view)) continue;
    hx += Math.cos(o.heading);
    hy += Math.sin(o.heading);
    n++;
  }
  if (n === 0) {
    out.x = 0;
    out.y = 0;
    return out;
  }
  out.x = hx / n - Math.cos(agent.heading);
  out.y = hy / n - Math.sin(agent.heading);
  return out;
}

const center: Vec2 = { x: 0, y: 0 };

/**
 * Cohesion: {@link seek} towards the center of mass of the visible neighbors. Zero with no
 * visible neighbor. O(count), no allocation.
 *
 * @param out - Receives a {@link seek} force (world units per second) towards the neighbors'
 *   center; written in place and returned.
 * @param agent - The flock member; `position`, `velocity`, `heading` and `maxSpeed` are read.
 * @param neighbors - Candidate neighbors (may include `agent` itself, which is skipped), read.
 * @param view - Which neighbors count: `radius` (world units, ≥ 0), `arc` (omitted means
 *   {@link ViewArcs.Full}) and `backViewFactor` (≥ 0, omitted means 1), relative to the agent's heading.
 */
export function cohesion(out: Vec2, agent: ReadonlySteeringAgent, neighbors: ArrayLike<ReadonlySteeringAgent>, view: FlockView): Vec2 {
  let cx = 0;
  let cy = 0;
  let n = 0;
  for (let i = 0; i < neighbors.length; i++) {
    const o = neighbors[i]!;
    if (!isVisibleNeighbor(agent, o, view)) continue;
    cx += o.position.x;
    cy += o.position.y;
    n++;
  }
  if (n === 0) {
    out.x = 0;
    out.y = 0;
    return out;
  }
  center.x = cx / n;
  center.y = cy / n;
  return seek(out, agent, center);
}

/** Options for {@link isImplicitLeader}. */
export interface ImplicitLeaderOptions {
  /** Back-view factor of the narrow cone (default 1: ±45°). */
  readonly backViewFactor?: number;
}

/**
 * The lecture notes' implicit-leader rule (emergent leadership): an agent with **no other unit
 * directly in front of it and within view** leads; the others flock. "Directly in front" is the
 * {@link ViewArcs.Narrow} cone with back-view factor `options.backViewFactor` (default 1: ±45°) within
 * `viewDistance`. In a queue only the front unit leads, and removing it promotes the next one on
 * the next call. O(count), no allocation.
 *
 * @param agent - The candidate leader; `position` and `heading` (radians, 0 = +x, counter-clockwise) are read.
 * @param others - The rest of the group (may include `agent` itself, which is skipped), read.
 * @param viewDistance - How far ahead another unit blocks leadership (world units, ≥ 0).
 * @param options - `backViewFactor`: tangent of the half-angle of the cone ahead (omitted means 1, ±45°).
 * @returns True when no other unit is in the cone ahead within `viewDistance`.
 */
export function isImplicitLeader(
  agent: ReadonlySteeringAgent,
  others: ArrayLike<ReadonlySteeringAgent>,
  viewDistance: number,
  options?: ImplicitLeaderOptions,
): boolean {
  const k = options?.backViewFactor ?? 1;
  const view: FlockView = leaderView;
  leaderView.radius = viewDistance;
  leaderView.backViewFactor = k;
  for (let i = 0; i < others.length; i++) {
    if (isVisibleNeighbor(agent, others[i]!, view)) return false;
  }
  return true;
}

const leaderView: { radius: number; arc: ViewArc; backViewFactor: number } = { radius: 0, arc: ViewArcs.Narrow, backViewFactor: 1 };

/** Parameters of {@link computeFlockingTurnForce} (the lecture notes' rigid-body flocking). */
export interface FlockingTurnParams {
  /** Neighbors within this distance count for cohesion and alignment (the notes' `fLength · radiusFactor`). */
  readonly radius: number;
  /** Neighbors closer than this push the agent away (the notes' `fLength · separationFactor`). */
  readonly separationDistance: number;
  /** View arc (default {@link ViewArcs.Wide}). */
  readonly arc?: ViewArc;
  /** Back-view factor of the arc (default 1). */
  readonly backViewFactor?: number;
  /** The notes' `steeringForce`: the largest lateral force of one rule. */
  readonly steeringForce: number;
  /** Rule switches (all default true). */
  readonly cohesion?: boolean;
  /** Alignment on/off (default true). */
  readonly alignment?: boolean;
  /** Separation on/off (default true). */
  readonly separation?: boolean;
}

/**
 * The lecture notes' flocking for rigid bodies that steer with a **lateral** force: cohesion and
 * alignment each add `steeringForce · angle / π` towards the side of the neighbors' average
 * position / heading (proportional to the angle between the current and desired heading);
 * separation adds `steeringForce · separationDistance / d` away from each neighbor closer than
 * `separationDistance` (inversely proportional to distance). The notes' snippet bugs are fixed:
 * separation and cohesion use two independent tests (the `else if` made separation unreachable),
 * separation pushes *away* (the snippet's sign steered towards), every `j ≠ i` is visited and the
 * neighbor count is incremented. Writes the world-space force (perpendicular to the heading) into
 * `out`. O(count), no allocation.
 *
 * @param out - Receives the lateral force in world space (perpendicular to the heading, force
 *   units of `params.steeringForce`); written in place and returned.
 * @param agent - The flock member; `position` and `heading` (radians, 0 = +x, counter-clockwise) are read.
 * @param neighbors - Candidate neighbors (may include `agent` itself, which is skipped); their
 *   `position` and `heading` are read.
 * @param params - `radius` (world units: cohesion/alignment range), `separationDistance` (world
 *   units), `steeringForce` (largest lateral force of one rule), `arc` (omitted means
 *   {@link ViewArcs.Wide}), `backViewFactor` (omitted means 1) and the `cohesion` / `alignment` /
 *   `separation` switches (omitted means on).
 */
export function computeFlockingTurnForce(
  out: Vec2,
  agent: ReadonlySteeringAgent,
  neighbors: ArrayLike<ReadonlySteeringAgent>,
  params: FlockingTurnParams,
): Vec2 {
  const c = Math.cos(agent.heading);
  const s = Math.sin(agent.heading);
  const arc = params.arc ?? ViewArcs.Wide;
  const k = params.backViewFactor ?? 1;
  const r2 = params.radius * params.radius;
  let px = 0;
  let py = 0;
  let hx = 0;
  let hy = 0;
  let n = 0;
  let lateral = 0;
  for (let i = 0; i < neighbors.length; i++) {
    const o = neighbors[i]!;
    if (o === agent) continue;
    const dx = o.position.x - agent.position.x;
    const dy = o.position.y - agent.position.y;
    // Core's local frame: lx ahead, ly to port; the lateral rules below count to starboard (−ly).
    const lx = dx * c + dy * s;
    const ly = -dx * s + dy * c;
    if (!isInViewArc(lx, ly, arc, k)) continue;
    const d2 = dx * dx + dy * dy;
    if (d2 <= r2) {
      px += o.position.x;
      py += o.position.y;
      hx += Math.cos(o.heading);
      hy += Math.sin(o.heading);
      n++;
    }
    if (params.separation !== false && d2 < params.separationDistance * params.separationDistance && d2 > 1e-18) {
      const m = ly < 0 ? 1 : ly > 0 ? -1 : 1;
      lateral -= (m * params.steeringForce * params.separationDistance) / Math.sqrt(d2);
    }
  }
  if (n > 0) {
    if (params.cohesion !== false) lateral += turnTowards(agent, px / n - agent.position.x, py / n - agent.position.y, params.steeringForce, c, s);
    if (params.alignment !== false) lateral += turnTowards(agent, hx, hy, params.steeringForce, c, s);
  }
  // lateral > 0 pushes to starboard: world = lateral · right, right = (sin h, −cos h)
  out.x = lateral * s;
  out.y = -lateral * c;
  return out;
}

// steeringForce · angle(forward, u) / π, signed towards the side u is on (+ = starboard).
function turnTowards(_agent: ReadonlySteeringAgent, ux: number, uy: number, force: number, c: number, s: number): number {
  const len = Math.sqrt(ux * ux + uy * uy);
  if (len < 1e-12) return 0;
  const ahead = (ux * c + uy * s) / len;
  const port = (-ux * s + uy * c) / len;
  const dot = ahead < -1 ? -1 : ahead > 1 ? 1 : ahead;
  const m = port < 0 ? 1 : port > 0 ? -1 : 0;
  return (m * force * Math.acos(dot)) / Math.PI;
}
