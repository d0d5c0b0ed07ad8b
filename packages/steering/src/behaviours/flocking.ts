import type { Vec2 } from "@tactica/core";
import type { ReadonlySteeringAgent } from "../agent";
import { seek } from "./seek";

/**
 * View arcs from the lecture notes (which neighbours a flock member sees). With `(x, y)` the
 * neighbour in the agent's local frame (+y forward) and `k` the back-view factor:
 * `Full` sees all around; `Wide`: `y ≥ 0 || |x| > |y|·k` (a blind cone behind);
 * `Limited`: `y > 0` (the front half-plane); `Narrow`: `y > 0 && |x| < |y|·k` (a cone ahead —
 * a very narrow view turns a flock into a follow-the-leader line).
 */
export const ViewArcs = {
  /** 360°: every neighbour in range. */
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
 * True when a neighbour at local `(x, y)` (core frame: +y forward, +x starboard) is inside the
 * view `arc` with back-view factor `k` (≥ 0; see {@link ViewArcs}; the notes' `backViewAngle`). O(1).
 */
export function isInViewArc(x: number, y: number, arc: ViewArc, k: number): boolean {
  switch (arc) {
    case ViewArcs.Full:
      return true;
    case ViewArcs.Wide:
      return y >= 0 || Math.abs(x) > Math.abs(y) * k;
    case ViewArcs.Limited:
      return y > 0;
    default:
      return y > 0 && Math.abs(x) < Math.abs(y) * k;
  }
}

/** Which neighbours a flocking rule considers. */
export interface FlockView {
  /** Neighbourhood radius (world units, ≥ 0). */
  readonly radius: number;
  /** View arc (default {@link ViewArcs.Full}). */
  readonly arc?: ViewArc;
  /** Back-view factor `k` of the arc (default 1: 45° cones). */
  readonly backViewFactor?: number;
}

/**
 * True when `other` is a visible neighbour of `agent`: a different object, within `view.radius`
 * and inside the view arc. O(1).
 */
export function isVisibleNeighbour(agent: ReadonlySteeringAgent, other: ReadonlySteeringAgent, view: FlockView): boolean {
  if (other === agent) return false;
  const dx = other.position.x - agent.position.x;
  const dy = other.position.y - agent.position.y;
  if (dx * dx + dy * dy > view.radius * view.radius) return false;
  const c = Math.cos(agent.heading);
  const s = Math.sin(agent.heading);
  return isInViewArc(dx * c + dy * s, -dx * s + dy * c, view.arc ?? ViewArcs.Full, view.backViewFactor ?? 1);
}

/**
 * Separation: the sum over visible neighbours of `(p − p_j) / |p − p_j|²` (a push away, inversely
 * proportional to distance, as in the notes and Buckland). Coincident neighbours are skipped.
 * O(count), no allocation.
 */
export function separation(
  out: Vec2,
  agent: ReadonlySteeringAgent,
  neighbours: ArrayLike<ReadonlySteeringAgent>,
  view: FlockView,
): Vec2 {
  let fx = 0;
  let fy = 0;
  for (let i = 0; i < neighbours.length; i++) {
    const o = neighbours[i]!;
    if (!isVisibleNeighbour(agent, o, view)) continue;
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
 * Alignment: the average forward direction of the visible neighbours minus the agent's own
 * forward direction. Zero with no visible neighbour. O(count), no allocation.
 */
export function alignment(
  out: Vec2,
  agent: ReadonlySteeringAgent,
  neighbours: ArrayLike<ReadonlySteeringAgent>,
  view: FlockView,
): Vec2 {
  let hx = 0;
  let hy = 0;
  let n = 0;
  for (let i = 0; i < neighbours.length; i++) {
    const o = neighbours[i]!;
    if (!isVisibleNeighbour(agent, o, view)) continue;
    hx += -Math.sin(o.heading);
    hy += Math.cos(o.heading);
    n++;
  }
  if (n === 0) {
    out.x = 0;
    out.y = 0;
    return out;
  }
  out.x = hx / n + Math.sin(agent.heading);
  out.y = hy / n - Math.cos(agent.heading);
  return out;
}

const centre: Vec2 = { x: 0, y: 0 };

/**
 * Cohesion: {@link seek} towards the centre of mass of the visible neighbours. Zero with no
 * visible neighbour. O(count), no allocation.
 */
export function cohesion(
  out: Vec2,
  agent: ReadonlySteeringAgent,
  neighbours: ArrayLike<ReadonlySteeringAgent>,
  view: FlockView,
): Vec2 {
  let cx = 0;
  let cy = 0;
  let n = 0;
  for (let i = 0; i < neighbours.length; i++) {
    const o = neighbours[i]!;
    if (!isVisibleNeighbour(agent, o, view)) continue;
    cx += o.position.x;
    cy += o.position.y;
    n++;
  }
  if (n === 0) {
    out.x = 0;
    out.y = 0;
    return out;
  }
  centre.x = cx / n;
  centre.y = cy / n;
  return seek(out, agent, centre);
}

/**
 * The lecture notes' implicit-leader rule (emergent leadership): an agent with **no other unit
 * directly in front of it and within view** leads; the others flock. "Directly in front" is the
 * {@link ViewArcs.Narrow} cone with back-view factor `k` (default 1: ±45°) within
 * `viewDistance`. In a queue only the front unit leads, and removing it promotes the next one on
 * the next call. O(count), no allocation.
 */
export function isImplicitLeader(
  agent: ReadonlySteeringAgent,
  others: ArrayLike<ReadonlySteeringAgent>,
  viewDistance: number,
  k = 1,
): boolean {
  const view: FlockView = leaderView;
  leaderView.radius = viewDistance;
  leaderView.backViewFactor = k;
  for (let i = 0; i < others.length; i++) {
    if (isVisibleNeighbour(agent, others[i]!, view)) return false;
  }
  return true;
}

const leaderView: { radius: number; arc: ViewArc; backViewFactor: number } = { radius: 0, arc: ViewArcs.Narrow, backViewFactor: 1 };
