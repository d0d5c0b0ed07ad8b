import {
  assertFinite,
  assertInteger,
  assertNonNegative,
  assertPositive,
  invalidArgument,
  type ReadonlyVec2,
  type Vec2,
} from "@tactica/core";
import { advanceCrowdPositions, gatherCrowdNeighbors, type Crowd } from "./crowd";
import { createOrcaLines, orcaLinearProgram2, orcaLinearProgram3, ORCA_EPSILON, type OrcaLines } from "./orca-lp";

/** ORCA parameters with RVO2's meaning (uniform for the crowd). */
export interface OrcaParams {
  /** Neighbor search radius for other agents (world units, ≥ 0). RVO2 `neighborDist`. */
  readonly neighborDist: number;
  /** At most this many nearest agents are considered (integer ≥ 0). RVO2 `maxNeighbors`. */
  readonly maxNeighbors: number;
  /** Time horizon against other agents (seconds, > 0). RVO2 `timeHorizon`. */
  readonly timeHorizon: number;
  /** Time horizon against static obstacles (seconds, > 0). RVO2 `timeHorizonObst`. */
  readonly timeHorizonObst: number;
}

/**
 * Static polygonal obstacles in RVO2's representation: a ring of vertices per polygon (counter-
 * clockwise; a 2-vertex polygon is a two-sided segment), each with `next`/`prev` links, the unit
 * direction to the next vertex and RVO2's convexity flag. Plain typed arrays; build with
 * {@link createOrcaObstacles}. Edge `i` runs from vertex `i` to `next[i]`.
 */
export interface OrcaObstacles {
  /** Number of vertices (= number of edges). */
  readonly count: number;
  /** Vertex x. */
  readonly pointX: Float64Array;
  /** Vertex y. */
  readonly pointY: Float64Array;
  /** Unit direction x from this vertex to the next. */
  readonly unitDirX: Float64Array;
  /** Unit direction y from this vertex to the next. */
  readonly unitDirY: Float64Array;
  /** 1 when the vertex is convex (RVO2's `isConvex_`). */
  readonly isConvex: Uint8Array;
  /** Index of the next vertex of the same polygon. */
  readonly next: Int32Array;
  /** Index of the previous vertex of the same polygon. */
  readonly prev: Int32Array;
}

/**
 * Builds {@link OrcaObstacles} from polygons given **counter-clockwise** (y-up; the agents are
 * outside), as RVO2's `addObstacle`. A polygon needs at least 2 vertices. Throws
 * `INVALID_ARGUMENT` naming `polygons[i][j].x` for a non-finite coordinate or `polygons[i]` for
 * fewer than 2 vertices.
 */
export function createOrcaObstacles(polygons: readonly ArrayLike<ReadonlyVec2>[]): OrcaObstacles {
  const where = "@tactica/steering: createOrcaObstacles";
  let total = 0;
  polygons.forEach((poly, i) => {
    if (poly.length < 2) invalidArgument(where, `polygons[${i}]`, `has ${poly.length} vertices`, "Give each obstacle at least 2 vertices, counter-clockwise.");
    for (let j = 0; j < poly.length; j++) {
      assertFinite(where, `polygons[${i}][${j}].x`, poly[j]!.x);
      assertFinite(where, `polygons[${i}][${j}].y`, poly[j]!.y);
    }
    total += poly.length;
  });
  const o: OrcaObstacles = {
    count: total,
    pointX: new Float64Array(total),
    pointY: new Float64Array(total),
    unitDirX: new Float64Array(total),
    unitDirY: new Float64Array(total),
    isConvex: new Uint8Array(total),
    next: new Int32Array(total),
    prev: new Int32Array(total),
  };
  let base = 0;
  for (const poly of polygons) {
    const n = poly.length;
    for (let i = 0; i < n; i++) {
      const id = base + i;
      const p = poly[i]!;
      const q = poly[i === n - 1 ? 0 : i + 1]!;
      const r = poly[i === 0 ? n - 1 : i - 1]!;
      o.pointX[id] = p.x;
      o.pointY[id] = p.y;
      o.next[id] = base + (i === n - 1 ? 0 : i + 1);
      o.prev[id] = base + (i === 0 ? n - 1 : i - 1);
      const dx = q.x - p.x;
      const dy = q.y - p.y;
      const l = Math.sqrt(dx * dx + dy * dy);
      o.unitDirX[id] = l > 0 ? dx / l : 0;
      o.unitDirY[id] = l > 0 ? dy / l : 0;
      // leftOf(prev, this, next) = det(prev − next, this − prev) >= 0
      o.isConvex[id] = n === 2 || (r.x - q.x) * (p.y - r.y) - (r.y - q.y) * (p.x - r.x) >= 0 ? 1 : 0;
    }
    base += n;
  }
  return o;
}

/** The ORCA solver state for one crowd: parameters, obstacles and preallocated scratch. */
export interface Orca {
  /** The parameters used by {@link stepCrowdOrca}. */
  readonly params: OrcaParams;
  /** Static obstacles (possibly empty). */
  readonly obstacles: OrcaObstacles;
  /** Scratch: ORCA lines of the agent being solved. */
  readonly lines: OrcaLines;
  /** Scratch: projected lines of linear program 3. */
  readonly projLines: OrcaLines;
  /** Scratch: obstacle neighbors (edge index) sorted by squared distance. */
  readonly obstacleNeighbors: Int32Array;
  /** Scratch: squared distances of `obstacleNeighbors`. */
  readonly obstacleDistSq: Float64Array;
  /** New velocity x per crowd slot (written for every agent before any moves: synchronous). */
  readonly newVelX: Float64Array;
  /** New velocity y per crowd slot. */
  readonly newVelY: Float64Array;
  /** Number of agents whose last solve needed linear program 3 (over-constrained). */
  lastInfeasibleCount: number;
}

/** Options for {@link createOrca}. */
export interface OrcaOptions {
  /** Static obstacles from {@link createOrcaObstacles} (default none). */
  readonly obstacles?: OrcaObstacles;
}

/**
 * Creates the {@link Orca} solver for `crowd` (its capacity sizes the buffers). Throws
 * `INVALID_ARGUMENT` for bad parameters.
 */
export function createOrca(crowd: Crowd, params: OrcaParams, options?: OrcaOptions): Orca {
  const obstacles = options?.obstacles ?? createOrcaObstacles([]);
  const where = "@tactica/steering: createOrca";
  assertNonNegative(where, "neighborDist", params.neighborDist);
  assertInteger(where, "maxNeighbors", params.maxNeighbors, 0, 1 << 20);
  assertPositive(where, "timeHorizon", params.timeHorizon);
  assertPositive(where, "timeHorizonObst", params.timeHorizonObst);
  const cap = params.maxNeighbors + obstacles.count + 1;
  return {
    params: { ...params },
    obstacles,
    lines: createOrcaLines(cap),
    projLines: createOrcaLines(cap),
    obstacleNeighbors: new Int32Array(obstacles.count + 1),
    obstacleDistSq: new Float64Array(obstacles.count + 1),
    newVelX: new Float64Array(crowd.capacity),
    newVelY: new Float64Array(crowd.capacity),
    lastInfeasibleCount: 0,
  };
}

const result: Vec2 = { x: 0, y: 0 };

function pushLine(lines: OrcaLines, px: number, py: number, dx: number, dy: number): void {
  const i = lines.count++;
  lines.pointX[i] = px;
  lines.pointY[i] = py;
  lines.dirX[i] = dx;
  lines.dirY[i] = dy;
}

function distSqPointSegment(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const ex = bx - ax;
  const ey = by - ay;
  const l2 = ex * ex + ey * ey;
  const r = l2 > 0 ? ((cx - ax) * ex + (cy - ay) * ey) / l2 : 0;
  let qx: number;
  let qy: number;
  if (r < 0) {
    qx = ax;
    qy = ay;
  } else if (r > 1) {
    qx = bx;
    qy = by;
  } else {
    qx = ax + r * ex;
    qy = ay + r * ey;
  }
  return (cx - qx) * (cx - qx) + (cy - qy) * (cy - qy);
}

function gatherObstacles(orca: Orca, px: number, py: number, rangeSq: number): number {
  const o = orca.obstacles;
  const ids = orca.obstacleNeighbors;
  const dist = orca.obstacleDistSq;
  let n = 0;
  for (let e = 0; e < o.count; e++) {
    const ax = o.pointX[e] as number;
    const ay = o.pointY[e] as number;
    const nx = o.next[e] as number;
    const bx = o.pointX[nx] as number;
    const by = o.pointY[nx] as number;
    // The agent must be on the right of the edge (outside, facing it): leftOf(a, b, p) < 0.
    const left = (ax - px) * (by - ay) - (ay - py) * (bx - ax);
    if (!(left < 0)) continue;
    const d = distSqPointSegment(ax, ay, bx, by, px, py);
    if (!(d < rangeSq)) continue;
    let i = n++;
    while (i > 0 && d < (dist[i - 1] as number)) {
      dist[i] = dist[i - 1] as number;
      ids[i] = ids[i - 1] as number;
      i--;
    }
    dist[i] = d;
    ids[i] = e;
  }
  return n;
}

/**
 * Computes the ORCA velocity of agent `i` into `orca.newVelX/newVelY` (RVO2's
 * `computeNeighbors` + `computeNewVelocity`): obstacle lines first (sorted by distance,
 * skipping obstacles already covered, with RVO2's vertex/leg/cut-off cases and foreign legs),
 * then one line per neighbor agent (cut-off circle or legs of the truncated velocity obstacle,
 * with the time step's cut-off when already colliding; each agent takes half the avoidance), then
 * linear program 2, falling back to linear program 3 when infeasible. A non-finite preferred
 * velocity gives a zero velocity (never NaN). Returns true when LP3 was needed. No allocation.
 */
export function computeOrcaVelocity(crowd: Crowd, orca: Orca, i: number, dt: number): boolean {
  const { posX, posY, velX, velY, radius, maxSpeed, prefVelX, prefVelY } = crowd;
  const p = orca.params;
  const o = orca.obstacles;
  const lines = orca.lines;
  lines.count = 0;
  const px = posX[i] as number;
  const py = posY[i] as number;
  const vx = velX[i] as number;
  const vy = velY[i] as number;
  const r = radius[i] as number;
  const ms = maxSpeed[i] as number;
  const radiusSq = r * r;

  if (o.count > 0) {
    const range = p.timeHorizonObst * ms + r;
    const nObst = gatherObstacles(orca, px, py, range * range);
    const invT = 1 / p.timeHorizonObst;
    for (let q = 0; q < nObst; q++) {
      let o1 = orca.obstacleNeighbors[q] as number;
      let o2 = o.next[o1] as number;
      const rp1x = (o.pointX[o1] as number) - px;
      const rp1y = (o.pointY[o1] as number) - py;
      const rp2x = (o.pointX[o2] as number) - px;
      const rp2y = (o.pointY[o2] as number) - py;
      // Already covered by previous obstacle lines?
      let covered = false;
      for (let j = 0; j < lines.count; j++) {
        const ljx = lines.dirX[j] as number;
        const ljy = lines.dirY[j] as number;
        const lpx = lines.pointX[j] as number;
        const lpy = lines.pointY[j] as number;
        const a1 = (invT * rp1x - lpx) * ljy - (invT * rp1y - lpy) * ljx - invT * r;
        const a2 = (invT * rp2x - lpx) * ljy - (invT * rp2y - lpy) * ljx - invT * r;
        if (a1 >= -ORCA_EPSILON && a2 >= -ORCA_EPSILON) {
          covered = true;
          break;
        }
      }
      if (covered) continue;
      const distSq1 = rp1x * rp1x + rp1y * rp1y;
      const distSq2 = rp2x * rp2x + rp2y * rp2y;
      const ovx = (o.pointX[o2] as number) - (o.pointX[o1] as number);
      const ovy = (o.pointY[o2] as number) - (o.pointY[o1] as number);
      const ovl2 = ovx * ovx + ovy * ovy;
      const s = ovl2 > 0 ? (-rp1x * ovx - rp1y * ovy) / ovl2 : 0;
      const lx0 = -rp1x - s * ovx;
      const ly0 = -rp1y - s * ovy;
      const distSqLine = lx0 * lx0 + ly0 * ly0;

      if (s < 0 && distSq1 <= radiusSq) {
        // Collision with left vertex; ignore if non-convex.
        if (o.isConvex[o1] === 1) {
          const l = Math.sqrt(distSq1) || 1;
          pushLine(lines, 0, 0, -rp1y / l, rp1x / l);
        }
        continue;
      } else if (s > 1 && distSq2 <= radiusSq) {
        // Collision with right vertex; ignore if non-convex or handled by the neighboring edge.
        if (o.isConvex[o2] === 1 && rp2x * (o.unitDirY[o2] as number) - rp2y * (o.unitDirX[o2] as number) >= 0) {
          const l = Math.sqrt(distSq2) || 1;
          pushLine(lines, 0, 0, -rp2y / l, rp2x / l);
        }
        continue;
      } else if (s >= 0 && s < 1 && distSqLine <= radiusSq) {
        // Collision with the segment.
        pushLine(lines, 0, 0, -(o.unitDirX[o1] as number), -(o.unitDirY[o1] as number));
        continue;
      }

      // No collision: compute the legs (both may come from one vertex when viewed obliquely).
      let llx: number;
      let lly: number;
      let rlx: number;
      let rly: number;
      if (s < 0 && distSqLine <= radiusSq) {
        if (o.isConvex[o1] !== 1) continue;
        o2 = o1;
        const leg1 = Math.sqrt(distSq1 - radiusSq);
        llx = (rp1x * leg1 - rp1y * r) / distSq1;
        lly = (rp1x * r + rp1y * leg1) / distSq1;
        rlx = (rp1x * leg1 + rp1y * r) / distSq1;
        rly = (-rp1x * r + rp1y * leg1) / distSq1;
      } else if (s > 1 && distSqLine <= radiusSq) {
        if (o.isConvex[o2] !== 1) continue;
        o1 = o2;
        const leg2 = Math.sqrt(distSq2 - radiusSq);
        llx = (rp2x * leg2 - rp2y * r) / distSq2;
        lly = (rp2x * r + rp2y * leg2) / distSq2;
        rlx = (rp2x * leg2 + rp2y * r) / distSq2;
        rly = (-rp2x * r + rp2y * leg2) / distSq2;
      } else {
        if (o.isConvex[o1] === 1) {
          const leg1 = Math.sqrt(distSq1 - radiusSq);
          llx = (rp1x * leg1 - rp1y * r) / distSq1;
          lly = (rp1x * r + rp1y * leg1) / distSq1;
        } else {
          llx = -(o.unitDirX[o1] as number);
          lly = -(o.unitDirY[o1] as number);
        }
        if (o.isConvex[o2] === 1) {
          const leg2 = Math.sqrt(distSq2 - radiusSq);
          rlx = (rp2x * leg2 + rp2y * r) / distSq2;
          rly = (-rp2x * r + rp2y * leg2) / distSq2;
        } else {
          rlx = o.unitDirX[o1] as number;
          rly = o.unitDirY[o1] as number;
        }
      }
      // Legs never point into the neighboring edge at a convex vertex: take that edge's cut-off.
      const leftNeighbor = o.prev[o1] as number;
      let leftForeign = false;
      let rightForeign = false;
      const lnx = -(o.unitDirX[leftNeighbor] as number);
      const lny = -(o.unitDirY[leftNeighbor] as number);
      if (o.isConvex[o1] === 1 && llx * lny - lly * lnx >= 0) {
        llx = lnx;
        lly = lny;
        leftForeign = true;
      }
      const u2x = o.unitDirX[o2] as number;
      const u2y = o.unitDirY[o2] as number;
      if (o.isConvex[o2] === 1 && rlx * u2y - rly * u2x <= 0) {
        rlx = u2x;
        rly = u2y;
        rightForeign = true;
      }
      // Cut-off centers.
      const lcx = invT * ((o.pointX[o1] as number) - px);
      const lcy = invT * ((o.pointY[o1] as number) - py);
      const rcx = invT * ((o.pointX[o2] as number) - px);
      const rcy = invT * ((o.pointY[o2] as number) - py);
      const cvx = rcx - lcx;
      const cvy = rcy - lcy;
      const same = o1 === o2;
      const cvl2 = cvx * cvx + cvy * cvy;
      const t = same || cvl2 === 0 ? 0.5 : ((vx - lcx) * cvx + (vy - lcy) * cvy) / cvl2;
      const tLeft = (vx - lcx) * llx + (vy - lcy) * lly;
      const tRight = (vx - rcx) * rlx + (vy - rcy) * rly;
      if ((t < 0 && tLeft < 0) || (same && tLeft < 0 && tRight < 0)) {
        // Project on the left cut-off circle.
        let wx = vx - lcx;
        let wy = vy - lcy;
        const wl = Math.sqrt(wx * wx + wy * wy) || 1;
        wx /= wl;
        wy /= wl;
        pushLine(lines, lcx + r * invT * wx, lcy + r * invT * wy, wy, -wx);
        continue;
      } else if (t > 1 && tRight < 0) {
        // Project on the right cut-off circle.
        let wx = vx - rcx;
        let wy = vy - rcy;
        const wl = Math.sqrt(wx * wx + wy * wy) || 1;
        wx /= wl;
        wy /= wl;
        pushLine(lines, rcx + r * invT * wx, rcy + r * invT * wy, wy, -wx);
        continue;
      }
      // Project on the left leg, right leg or cut-off line, whichever is closest to the velocity.
      let distSqCutoff = Infinity;
      if (!(t < 0 || t > 1 || same)) {
        const ex = vx - (lcx + t * cvx);
        const ey = vy - (lcy + t * cvy);
        distSqCutoff = ex * ex + ey * ey;
      }
      let distSqLeft = Infinity;
      if (!(tLeft < 0)) {
        const ex = vx - (lcx + tLeft * llx);
        const ey = vy - (lcy + tLeft * lly);
        distSqLeft = ex * ex + ey * ey;
      }
      let distSqRight = Infinity;
      if (!(tRight < 0)) {
        const ex = vx - (rcx + tRight * rlx);
        const ey = vy - (rcy + tRight * rly);
        distSqRight = ex * ex + ey * ey;
      }
      if (distSqCutoff <= distSqLeft && distSqCutoff <= distSqRight) {
        const dx = -(o.unitDirX[o1] as number);
        const dy = -(o.unitDirY[o1] as number);
        pushLine(lines, lcx + r * invT * -dy, lcy + r * invT * dx, dx, dy);
        continue;
      } else if (distSqLeft <= distSqRight) {
        if (leftForeign) continue;
        pushLine(lines, lcx + r * invT * -lly, lcy + r * invT * llx, llx, lly);
        continue;
      } else {
        if (rightForeign) continue;
        const dx = -rlx;
        const dy = -rly;
        pushLine(lines, rcx + r * invT * -dy, rcy + r * invT * dx, dx, dy);
        continue;
      }
    }
  }

  const numObstLines = lines.count;
  const invTH = 1 / p.timeHorizon;
  const nb = crowd.neighbors;
  const count = p.maxNeighbors > 0 ? gatherCrowdNeighbors(crowd, i, px, py, p.neighborDist, p.maxNeighbors) : 0;
  for (let q = 0; q < count; q++) {
    const j = nb[q] as number;
    const rpx = (posX[j] as number) - px;
    const rpy = (posY[j] as number) - py;
    const rvx = vx - (velX[j] as number);
    const rvy = vy - (velY[j] as number);
    const distSq = rpx * rpx + rpy * rpy;
    const cr = r + (radius[j] as number);
    const crSq = cr * cr;
    let dx: number;
    let dy: number;
    let ux: number;
    let uy: number;
    if (distSq > crSq) {
      // No collision. w: from the cut-off center to the relative velocity.
      const wx = rvx - invTH * rpx;
      const wy = rvy - invTH * rpy;
      const wl2 = wx * wx + wy * wy;
      const dot1 = wx * rpx + wy * rpy;
      if (dot1 < 0 && dot1 * dot1 > crSq * wl2) {
        // Project on the cut-off circle.
        const wl = Math.sqrt(wl2);
        const uwx = wx / wl;
        const uwy = wy / wl;
        dx = uwy;
        dy = -uwx;
        ux = (cr * invTH - wl) * uwx;
        uy = (cr * invTH - wl) * uwy;
      } else {
        // Project on the legs.
        const leg = Math.sqrt(distSq - crSq);
        if (rpx * wy - rpy * wx > 0) {
          dx = (rpx * leg - rpy * cr) / distSq;
          dy = (rpx * cr + rpy * leg) / distSq;
        } else {
          dx = -(rpx * leg + rpy * cr) / distSq;
          dy = -(-rpx * cr + rpy * leg) / distSq;
        }
        const dot2 = rvx * dx + rvy * dy;
        ux = dot2 * dx - rvx;
        uy = dot2 * dy - rvy;
      }
    } else {
      // Collision: project on the cut-off circle of time dt.
      const invDt = 1 / dt;
      const wx = rvx - invDt * rpx;
      const wy = rvy - invDt * rpy;
      const wl = Math.sqrt(wx * wx + wy * wy);
      let uwx: number;
      let uwy: number;
      if (wl > 1e-12) {
        uwx = wx / wl;
        uwy = wy / wl;
      } else {
        // Coincident with equal velocities: push apart along a deterministic axis.
        uwx = j < i ? 1 : -1;
        uwy = 0;
      }
      dx = uwy;
      dy = -uwx;
      ux = (cr * invDt - wl) * uwx;
      uy = (cr * invDt - wl) * uwy;
    }
    pushLine(lines, vx + 0.5 * ux, vy + 0.5 * uy, dx, dy);
  }

  const total = lines.count;
  const fail = orcaLinearProgram2(lines, total, ms, prefVelX[i] as number, prefVelY[i] as number, false, result);
  let infeasible = false;
  if (fail < total) {
    orcaLinearProgram3(lines, total, numObstLines, fail, ms, result, orca.projLines);
    infeasible = true;
  }
  if (Number.isFinite(result.x) && Number.isFinite(result.y)) {
    orca.newVelX[i] = result.x;
    orca.newVelY[i] = result.y;
  } else {
    // Only a non-finite preferred velocity gets here: stop rather than poison the state.
    orca.newVelX[i] = 0;
    orca.newVelY[i] = 0;
  }
  return infeasible;
}

/**
 * One fixed step of ORCA with RVO2's semantics (`RVOSimulator::doStep`): every live agent's new
 * velocity is computed from the current state ({@link computeOrcaVelocity}, using
 * `crowd.prefVelX/prefVelY` as the preferred velocity), then all agents take their new velocity
 * and move `v·dt` together. Deterministic (slot order, no randomness). No allocation.
 */
export function stepCrowdOrca(crowd: Crowd, orca: Orca, dt: number): void {
  let infeasible = 0;
  const alive = crowd.alive;
  for (let i = 0, n = crowd.highWater; i < n; i++) {
    if (alive[i] !== 1) continue;
    if (computeOrcaVelocity(crowd, orca, i, dt)) infeasible++;
  }
  orca.lastInfeasibleCount = infeasible;
  const { velX, velY } = crowd;
  for (let i = 0, n = crowd.highWater; i < n; i++) {
    if (alive[i] !== 1) continue;
    velX[i] = orca.newVelX[i] as number;
    velY[i] = orca.newVelY[i] as number;
  }
  advanceCrowdPositions(crowd, dt);
}
