import { ORCA_EPSILON, type OrcaLines } from "./linear-program";
import type { Crowd } from "../crowd";
import type { Orca, OrcaObstacles } from "./types";

/**
 * The agent and edge being processed, shared by the steps below through one module-level object
 * (plain double fields) so that no step passes doubles as arguments: a call that V8 does not
 * inline would box them, and this code must not allocate.
 */
const q = { px: 0, py: 0, vx: 0, vy: 0, r: 0, invT: 0, rp1x: 0, rp1y: 0, rp2x: 0, rp2y: 0, distSq1: 0, distSq2: 0, distSqLine: 0, s: 0, rangeSq: 0 };

// Step 1 of the obstacle lines: which edges are close enough to matter, nearest first.

/**
 * RVO2's `computeObstacleNeighbors`: writes into `orca.obstacleNeighbors` the edges the agent at
 * `(q.px, q.py)` faces (it is on their right, outside) within `sqrt(q.rangeSq)`, sorted by squared
 * distance (insertion sort, ties by edge index). Returns the count. No allocation.
 *
 * @internal
 */
export function gatherOrcaObstacles(orca: Orca): number {
  const px = q.px;
  const py = q.py;
  const rangeSq = q.rangeSq;
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
    // Squared distance from the agent to the edge (written out: a helper taking and returning
    // fractional numbers would box them when V8 does not inline it).
    const ex = bx - ax;
    const ey = by - ay;
    const l2 = ex * ex + ey * ey;
    const r = l2 > 0 ? ((px - ax) * ex + (py - ay) * ey) / l2 : 0;
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
    const d = (px - qx) * (px - qx) + (py - qy) * (py - qy);
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

/** The next line's point x, y and direction x, y, for {@link pushLine} (doubles through a typed array, not as arguments). */
const line = new Float64Array(4);

/** Appends the line in `line` to `lines` (pushOrcaLine without fractional arguments). */
function pushLine(lines: OrcaLines): void {
  const i = lines.count++;
  lines.pointX[i] = line[0] as number;
  lines.pointY[i] = line[1] as number;
  lines.dirX[i] = line[2] as number;
  lines.dirY[i] = line[3] as number;
}

// Step 2: an edge whose both ends already satisfy an earlier obstacle line adds nothing.

function isCoveredByLines(lines: OrcaLines): boolean {
  const { invT, r, rp1x, rp1y, rp2x, rp2y } = q;
  for (let j = 0; j < lines.count; j++) {
    const ljx = lines.dirX[j] as number;
    const ljy = lines.dirY[j] as number;
    const lpx = lines.pointX[j] as number;
    const lpy = lines.pointY[j] as number;
    const a1 = (invT * rp1x - lpx) * ljy - (invT * rp1y - lpy) * ljx - invT * r;
    const a2 = (invT * rp2x - lpx) * ljy - (invT * rp2y - lpy) * ljx - invT * r;
    if (a1 >= -ORCA_EPSILON && a2 >= -ORCA_EPSILON) return true;
  }
  return false;
}

// Step 3: the legs of the obstacle's velocity obstacle (RVO2's leftLegDirection/rightLegDirection),
// possibly both from one vertex when viewed obliquely, and the foreign-leg correction.

/** Scratch of {@link obstacleLegs}: the (possibly merged) edge ends and the two leg directions. */
const legs = { o1: 0, o2: 0, llx: 0, lly: 0, rlx: 0, rly: 0, leftForeign: false, rightForeign: false };

/** Writes `legs` for edge `o1 → o2`; returns false when the obstacle is skipped (a non-convex vertex seen obliquely). */
function obstacleLegs(o: OrcaObstacles, o1: number, o2: number): boolean {
  const { r, s, rp1x, rp1y, rp2x, rp2y, distSq1, distSq2, distSqLine } = q;
  const radiusSq = r * r;
  let llx: number;
  let lly: number;
  let rlx: number;
  let rly: number;
  if (s < 0 && distSqLine <= radiusSq) {
    if (o.isConvex[o1] !== 1) return false;
    o2 = o1;
    const leg1 = Math.sqrt(distSq1 - radiusSq);
    llx = (rp1x * leg1 - rp1y * r) / distSq1;
    lly = (rp1x * r + rp1y * leg1) / distSq1;
    rlx = (rp1x * leg1 + rp1y * r) / distSq1;
    rly = (-rp1x * r + rp1y * leg1) / distSq1;
  } else if (s > 1 && distSqLine <= radiusSq) {
    if (o.isConvex[o2] !== 1) return false;
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
  legs.o1 = o1;
  legs.o2 = o2;
  legs.llx = llx;
  legs.lly = lly;
  legs.rlx = rlx;
  legs.rly = rly;
  legs.leftForeign = leftForeign;
  legs.rightForeign = rightForeign;
  return true;
}

// Step 4: project the current velocity on the truncated obstacle cone (left/right cut-off
// circle, cut-off line, left/right leg) and add the line of the closest feature.

function pushObstacleConeLine(lines: OrcaLines, o: OrcaObstacles): void {
  const { o1, o2, llx, lly, rlx, rly } = legs;
  const { invT, px, py, vx, vy, r } = q;
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
    line[0] = lcx + r * invT * wx;
    line[1] = lcy + r * invT * wy;
    line[2] = wy;
    line[3] = -wx;
    pushLine(lines);
    return;
  } else if (t > 1 && tRight < 0) {
    // Project on the right cut-off circle.
    let wx = vx - rcx;
    let wy = vy - rcy;
    const wl = Math.sqrt(wx * wx + wy * wy) || 1;
    wx /= wl;
    wy /= wl;
    line[0] = rcx + r * invT * wx;
    line[1] = rcy + r * invT * wy;
    line[2] = wy;
    line[3] = -wx;
    pushLine(lines);
    return;
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
    line[0] = lcx + r * invT * -dy;
    line[1] = lcy + r * invT * dx;
    line[2] = dx;
    line[3] = dy;
    pushLine(lines);
  } else if (distSqLeft <= distSqRight) {
    if (legs.leftForeign) return;
    line[0] = lcx + r * invT * -lly;
    line[1] = lcy + r * invT * llx;
    line[2] = llx;
    line[3] = lly;
    pushLine(lines);
  } else {
    if (legs.rightForeign) return;
    const dx = -rlx;
    const dy = -rly;
    line[0] = rcx + r * invT * -dy;
    line[1] = rcy + r * invT * dx;
    line[2] = dx;
    line[3] = dy;
    pushLine(lines);
  }
}

/**
 * Adds the ORCA lines of the static obstacles for the agent in slot `i` of `crowd` to `orca.lines` (RVO2's obstacle part of
 * `computeNewVelocity`): edges within `timeHorizonObst · maxSpeed + r`, nearest first
 * ({@link gatherOrcaObstacles}); an edge already covered by earlier lines is skipped; a collision
 * with a vertex or the segment gives a hard line through the origin; otherwise the legs are
 * built ({@link obstacleLegs}) and the velocity is projected on the truncated cone. No allocation.
 *
 * @internal
 */
export function addOrcaObstacleLines(orca: Orca, crowd: Crowd, i: number): void {
  const o = orca.obstacles;
  if (o.count === 0) return;
  const lines = orca.lines;
  const p = orca.params;
  const px = crowd.posX[i] as number;
  const py = crowd.posY[i] as number;
  const r = crowd.radius[i] as number;
  q.px = px;
  q.py = py;
  q.vx = crowd.velX[i] as number;
  q.vy = crowd.velY[i] as number;
  q.r = r;
  const radiusSq = r * r;
  const range = p.timeHorizonObst * (crowd.maxSpeed[i] as number) + r;
  q.rangeSq = range * range;
  const nObst = gatherOrcaObstacles(orca);
  q.invT = 1 / p.timeHorizonObst;
  for (let k = 0; k < nObst; k++) {
    const o1 = orca.obstacleNeighbors[k] as number;
    const o2 = o.next[o1] as number;
    const rp1x = (o.pointX[o1] as number) - px;
    const rp1y = (o.pointY[o1] as number) - py;
    const rp2x = (o.pointX[o2] as number) - px;
    const rp2y = (o.pointY[o2] as number) - py;
    q.rp1x = rp1x;
    q.rp1y = rp1y;
    q.rp2x = rp2x;
    q.rp2y = rp2y;
    if (isCoveredByLines(lines)) continue;
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
        line[0] = 0;
        line[1] = 0;
        line[2] = -rp1y / l;
        line[3] = rp1x / l;
        pushLine(lines);
      }
      continue;
    } else if (s > 1 && distSq2 <= radiusSq) {
      // Collision with right vertex; ignore if non-convex or handled by the neighboring edge.
      if (o.isConvex[o2] === 1 && rp2x * (o.unitDirY[o2] as number) - rp2y * (o.unitDirX[o2] as number) >= 0) {
        const l = Math.sqrt(distSq2) || 1;
        line[0] = 0;
        line[1] = 0;
        line[2] = -rp2y / l;
        line[3] = rp2x / l;
        pushLine(lines);
      }
      continue;
    } else if (s >= 0 && s < 1 && distSqLine <= radiusSq) {
      // Collision with the segment.
      line[0] = 0;
      line[1] = 0;
      line[2] = -(o.unitDirX[o1] as number);
      line[3] = -(o.unitDirY[o1] as number);
      pushLine(lines);
      continue;
    }
    // No collision.
    q.distSq1 = distSq1;
    q.distSq2 = distSq2;
    q.distSqLine = distSqLine;
    q.s = s;
    if (!obstacleLegs(o, o1, o2)) continue;
    pushObstacleConeLine(lines, o);
  }
}
