import type { Vec2 } from "@tactica/core";

/**
 * A set of directed lines (half-planes) for ORCA's linear programs, as parallel typed arrays:
 * line `i` passes through `(pointX[i], pointY[i])` with unit direction `(dirX[i], dirY[i])`, and
 * the permitted half-plane is on its **left** (RVO2's convention). Plain data, fixed capacity.
 */
export interface OrcaLines {
  /** Number of lines in use. */
  count: number;
  /** Point x of each line. */
  readonly pointX: Float64Array;
  /** Point y of each line. */
  readonly pointY: Float64Array;
  /** Unit direction x of each line. */
  readonly dirX: Float64Array;
  /** Unit direction y of each line. */
  readonly dirY: Float64Array;
}

/** RVO2's `RVO_EPSILON`: lines with |det| below it count as parallel.
 *
 * @internal */
export const ORCA_EPSILON = 0.00001;

/** Allocates an empty {@link OrcaLines} with room for `capacity` lines.
 *
 * @internal */
export function createOrcaLines(capacity: number): OrcaLines {
  return {
    count: 0,
    pointX: new Float64Array(capacity),
    pointY: new Float64Array(capacity),
    dirX: new Float64Array(capacity),
    dirY: new Float64Array(capacity),
  };
}

/**
 * RVO2's `linearProgram1`: optimizes on line `lineNo` subject to lines `0 … lineNo − 1` and the
 * speed circle of `radius`. With `directionOpt` it maximises along the unit direction `opt`,
 * otherwise it finds the point closest to `opt`. Writes `result` and returns true, or returns
 * false (leaving `result`) when infeasible. O(lineNo), no allocation.
 *
 * @internal
 */
export function orcaLinearProgram1(lines: OrcaLines, lineNo: number, radius: number, optX: number, optY: number, directionOpt: boolean, result: Vec2): boolean {
  orcaLpArgs[0] = radius;
  orcaLpArgs[1] = optX;
  orcaLpArgs[2] = optY;
  return linearProgram1(lines, lineNo, directionOpt, result);
}

/**
 * The speed-circle radius and the optimisation target `(optX, optY)` of the linear programs'
 * `…At` forms: doubles go through this typed array, because passed as arguments to a call V8 does
 * not inline they would be boxed (16 bytes each) and the crowd step must not allocate.
 *
 * @internal
 */
export const orcaLpArgs = new Float64Array(3);

/** {@link orcaLinearProgram1} with `radius, optX, optY` in {@link orcaLpArgs}. */
function linearProgram1(lines: OrcaLines, lineNo: number, directionOpt: boolean, result: Vec2): boolean {
  const radius = orcaLpArgs[0] as number;
  const optX = orcaLpArgs[1] as number;
  const optY = orcaLpArgs[2] as number;
  const { pointX, pointY, dirX, dirY } = lines;
  const px = pointX[lineNo] as number;
  const py = pointY[lineNo] as number;
  const dx = dirX[lineNo] as number;
  const dy = dirY[lineNo] as number;
  const dot = px * dx + py * dy;
  const discriminant = dot * dot + radius * radius - (px * px + py * py);
  if (discriminant < 0) return false; // the speed circle fully invalidates line lineNo
  const sq = Math.sqrt(discriminant);
  let tLeft = -dot - sq;
  let tRight = -dot + sq;
  for (let i = 0; i < lineNo; i++) {
    const ix = dirX[i] as number;
    const iy = dirY[i] as number;
    const denominator = dx * iy - dy * ix;
    const numerator = ix * (py - (pointY[i] as number)) - iy * (px - (pointX[i] as number));
    if (Math.abs(denominator) <= ORCA_EPSILON) {
      if (numerator < 0) return false; // (almost) parallel and on the wrong side
      continue;
    }
    const t = numerator / denominator;
    if (denominator >= 0) {
      if (t < tRight) tRight = t; // line i bounds line lineNo on the right
    } else if (t > tLeft) tLeft = t; // on the left
    if (tLeft > tRight) return false;
  }
  let t: number;
  if (directionOpt) {
    t = optX * dx + optY * dy > 0 ? tRight : tLeft;
  } else {
    t = dx * (optX - px) + dy * (optY - py);
    if (t < tLeft) t = tLeft;
    else if (t > tRight) t = tRight;
  }
  result.x = px + t * dx;
  result.y = py + t * dy;
  return true;
}

/**
 * RVO2's `linearProgram2`: the point of the speed circle of `radius` that satisfies lines
 * `0 … count − 1` and is closest to `opt` (or, with `directionOpt`, furthest along the unit vector
 * `opt`), by incremental randomised-order LP (deterministic here: lines in order). Writes `result`
 * and returns `count` on success, or the index of the line where it failed (then `result` holds
 * the last feasible optimum). O(count²) worst case, expected O(count); no allocation.
 *
 * @internal
 */
export function orcaLinearProgram2(lines: OrcaLines, count: number, radius: number, optX: number, optY: number, directionOpt: boolean, result: Vec2): number {
  orcaLpArgs[0] = radius;
  orcaLpArgs[1] = optX;
  orcaLpArgs[2] = optY;
  return orcaLinearProgram2At(lines, count, directionOpt, result);
}

/**
 * {@link orcaLinearProgram2} with `radius, optX, optY` in {@link orcaLpArgs} (left unchanged): no
 * fractional number crosses a call. No allocation.
 *
 * @internal
 */
export function orcaLinearProgram2At(lines: OrcaLines, count: number, directionOpt: boolean, result: Vec2): number {
  const radius = orcaLpArgs[0] as number;
  const optX = orcaLpArgs[1] as number;
  const optY = orcaLpArgs[2] as number;
  if (directionOpt) {
    result.x = optX * radius;
    result.y = optY * radius;
  } else if (optX * optX + optY * optY > radius * radius) {
    const l = Math.sqrt(optX * optX + optY * optY);
    result.x = (optX / l) * radius;
    result.y = (optY / l) * radius;
  } else {
    result.x = optX;
    result.y = optY;
  }
  const { pointX, pointY, dirX, dirY } = lines;
  for (let i = 0; i < count; i++) {
    // det(direction, point − result) > 0: result is on the right of line i (violates it).
    const v = (dirX[i] as number) * ((pointY[i] as number) - result.y) - (dirY[i] as number) * ((pointX[i] as number) - result.x);
    if (v > 0) {
      const tx = result.x;
      const ty = result.y;
      if (!linearProgram1(lines, i, directionOpt, result)) {
        result.x = tx;
        result.y = ty;
        return i;
      }
    }
  }
  return count;
}

/**
 * RVO2's `linearProgram3`: when {@link orcaLinearProgram2} fails at `beginLine`, finds the
 * velocity that minimises the largest penetration into the agent lines (lines at or after
 * `numObstLines`), keeping the obstacle lines (before `numObstLines`) hard. `proj` is scratch
 * with at least `count` capacity. Updates `result` in place. No allocation.
 *
 * @internal
 */
export function orcaLinearProgram3(
  lines: OrcaLines,
  count: number,
  numObstLines: number,
  beginLine: number,
  radius: number,
  result: Vec2,
  proj: OrcaLines,
): void {
  orcaLpArgs[0] = radius;
  orcaLinearProgram3At(lines, count, numObstLines, beginLine, result, proj);
}

/**
 * {@link orcaLinearProgram3} with the radius in `orcaLpArgs[0]` (it overwrites `orcaLpArgs[1..3)`):
 * no fractional number crosses a call. No allocation.
 *
 * @internal
 */
export function orcaLinearProgram3At(lines: OrcaLines, count: number, numObstLines: number, beginLine: number, result: Vec2, proj: OrcaLines): void {
  const { pointX, pointY, dirX, dirY } = lines;
  let distance = 0;
  for (let i = beginLine; i < count; i++) {
    const ix = dirX[i] as number;
    const iy = dirY[i] as number;
    const ipx = pointX[i] as number;
    const ipy = pointY[i] as number;
    if (ix * (ipy - result.y) - iy * (ipx - result.x) > distance) {
      // Result does not satisfy constraint of line i.
      let m = 0;
      for (let j = 0; j < numObstLines; j++) {
        proj.pointX[m] = pointX[j] as number;
        proj.pointY[m] = pointY[j] as number;
        proj.dirX[m] = dirX[j] as number;
        proj.dirY[m] = dirY[j] as number;
        m++;
      }
      for (let j = numObstLines; j < i; j++) {
        const jx = dirX[j] as number;
        const jy = dirY[j] as number;
        const jpx = pointX[j] as number;
        const jpy = pointY[j] as number;
        const determinant = ix * jy - iy * jx;
        let lpx: number;
        let lpy: number;
        if (Math.abs(determinant) <= ORCA_EPSILON) {
          if (ix * jx + iy * jy > 0) continue; // same direction
          lpx = 0.5 * (ipx + jpx); // opposite directions
          lpy = 0.5 * (ipy + jpy);
        } else {
          const s = (jx * (ipy - jpy) - jy * (ipx - jpx)) / determinant;
          lpx = ipx + s * ix;
          lpy = ipy + s * iy;
        }
        let ldx = jx - ix;
        let ldy = jy - iy;
        const l = Math.sqrt(ldx * ldx + ldy * ldy);
        if (l > 0) {
          ldx /= l;
          ldy /= l;
        }
        proj.pointX[m] = lpx;
        proj.pointY[m] = lpy;
        proj.dirX[m] = ldx;
        proj.dirY[m] = ldy;
        m++;
      }
      proj.count = m;
      const tx = result.x;
      const ty = result.y;
      orcaLpArgs[1] = -iy;
      orcaLpArgs[2] = ix;
      if (orcaLinearProgram2At(proj, m, true, result) < m) {
        // In principle impossible; floating-point error: keep the current result.
        result.x = tx;
        result.y = ty;
      }
      distance = ix * (ipy - result.y) - iy * (ipx - result.x);
    }
  }
}

/**
 * Appends the line through `(px, py)` with direction `(dx, dy)` to `lines` (capacity is the
 * caller's concern: {@link createOrca} sizes it for every obstacle edge and neighbor). No allocation.
 *
 * @internal
 */
export function pushOrcaLine(lines: OrcaLines, px: number, py: number, dx: number, dy: number): void {
  const i = lines.count++;
  lines.pointX[i] = px;
  lines.pointY[i] = py;
  lines.dirX[i] = dx;
  lines.dirY[i] = dy;
}
