import { TacticaError } from "@tactica/core";
import { NavMeshErrorCodes } from "../errors";

/**
 * A blocking primitive (C.1.2): a cheap stand-in for collision geometry with a fast segment test.
 * `box` is axis-aligned; `polygon` is any convex polygon (x, y pairs, either winding), e.g. an
 * oriented box; `circle` is a cylinder seen from above.
 */
export type Blocker =
  | { readonly kind: "box"; readonly minX: number; readonly minY: number; readonly maxX: number; readonly maxY: number }
  | { readonly kind: "circle"; readonly x: number; readonly y: number; readonly radius: number }
  | { readonly kind: "polygon"; readonly points: ArrayLike<number> };

function bad(fn: string, path: string, message: string): never {
  throw new TacticaError(NavMeshErrorCodes.BadInput, `@tactica/navmesh: ${fn}: ${message}`, { path });
}

function finite(fn: string, path: string, v: unknown): number {
  if (typeof v !== "number" || !Number.isFinite(v)) bad(fn, path, `must be a finite number, got ${typeof v === "number" ? v : typeof v}.`);
  return v;
}

/** Validates blockers; throws `NAVMESH_BAD_INPUT` naming the blocker and field. @internal */
export function checkBlockers(fn: string, blockers: unknown): readonly Blocker[] {
  if (blockers === undefined) return [];
  if (!Array.isArray(blockers)) bad(fn, "blockers", "must be an array of { kind: 'box' | 'circle' | 'polygon', … }.");
  for (let i = 0; i < blockers.length; i++) {
    const b = blockers[i] as Record<string, unknown> | null;
    const p = `blockers[${i}]`;
    if (b === null || typeof b !== "object") bad(fn, p, "must be an object.");
    if (b["kind"] === "box") {
      const minX = finite(fn, `${p}.minX`, b["minX"]),
        minY = finite(fn, `${p}.minY`, b["minY"]);
      if (finite(fn, `${p}.maxX`, b["maxX"]) < minX || finite(fn, `${p}.maxY`, b["maxY"]) < minY) bad(fn, p, "a box needs maxX ≥ minX and maxY ≥ minY.");
    } else if (b["kind"] === "circle") {
      finite(fn, `${p}.x`, b["x"]);
      finite(fn, `${p}.y`, b["y"]);
      if (finite(fn, `${p}.radius`, b["radius"]) < 0) bad(fn, `${p}.radius`, "must be ≥ 0.");
    } else if (b["kind"] === "polygon") {
      const pts = b["points"] as ArrayLike<unknown> | undefined;
      if (!pts || typeof pts.length !== "number" || pts.length < 6 || pts.length % 2 !== 0) bad(fn, `${p}.points`, "must hold at least 3 x, y pairs.");
      for (let k = 0; k < pts.length; k++) finite(fn, `${p}.points[${k}]`, pts[k]);
    } else bad(fn, `${p}.kind`, `must be "box", "circle" or "polygon".`);
  }
  return blockers as Blocker[];
}

function pointSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax,
    dy = by - ay;
  const l2 = dx * dx + dy * dy;
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

function cross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/** True when (px, py), known to be collinear with segment q–r, lies within its bounding box. */
function withinBox(qx: number, qy: number, rx: number, ry: number, px: number, py: number): boolean {
  return px >= Math.min(qx, rx) && px <= Math.max(qx, rx) && py >= Math.min(qy, ry) && py <= Math.max(qy, ry);
}

/**
 * Closed segments a–b and c–d share a point (touching counts). Collinear segments (and degenerate,
 * point-like ones) intersect only when they overlap, not merely when they lie on one line.
 */
function segmentsIntersect(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): boolean {
  const d1 = cross(ax, ay, bx, by, cx, cy),
    d2 = cross(ax, ay, bx, by, dx, dy),
    d3 = cross(cx, cy, dx, dy, ax, ay),
    d4 = cross(cx, cy, dx, dy, bx, by);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && withinBox(ax, ay, bx, by, cx, cy)) ||
    (d2 === 0 && withinBox(ax, ay, bx, by, dx, dy)) ||
    (d3 === 0 && withinBox(cx, cy, dx, dy, ax, ay)) ||
    (d4 === 0 && withinBox(cx, cy, dx, dy, bx, by))
  );
}

function insideConvex(pts: ArrayLike<number>, x: number, y: number): boolean {
  const n = pts.length / 2;
  let pos = false,
    neg = false;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const c = cross(pts[2 * i]!, pts[2 * i + 1]!, pts[2 * j]!, pts[2 * j + 1]!, x, y);
    if (c > 0) pos = true;
    else if (c < 0) neg = true;
  }
  return !(pos && neg);
}

const boxPts = new Float64Array(8);

function polygonOf(b: Blocker): ArrayLike<number> | null {
  if (b.kind === "polygon") return b.points;
  if (b.kind === "box") {
    boxPts[0] = b.minX;
    boxPts[1] = b.minY;
    boxPts[2] = b.maxX;
    boxPts[3] = b.minY;
    boxPts[4] = b.maxX;
    boxPts[5] = b.maxY;
    boxPts[6] = b.minX;
    boxPts[7] = b.maxY;
    return boxPts;
  }
  return null;
}

/**
 * Distance from the segment `a–b` to a blocker (0 when they touch or overlap).
 *
 * @param ax - segment start, x (world units)
 * @param ay - segment start, y (world units)
 * @param bx - segment end, x (world units); equal to `ax`, `ay` for a point query
 * @param by - segment end, y (world units)
 * @param blocker - the circle, box or convex polygon blocker measured against
 */
export function segmentBlockerDistance(ax: number, ay: number, bx: number, by: number, blocker: Blocker): number {
  if (blocker.kind === "circle") return Math.max(0, pointSegment(blocker.x, blocker.y, ax, ay, bx, by) - blocker.radius);
  const pts = polygonOf(blocker)!;
  const n = pts.length / 2;
  if (insideConvex(pts, ax, ay) || insideConvex(pts, bx, by)) return 0;
  let d = Infinity;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const cx = pts[2 * i]!,
      cy = pts[2 * i + 1]!,
      dx = pts[2 * j]!,
      dy = pts[2 * j + 1]!;
    if (segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy)) return 0;
    d = Math.min(d, pointSegment(cx, cy, ax, ay, bx, by), pointSegment(ax, ay, cx, cy, dx, dy), pointSegment(bx, by, cx, cy, dx, dy));
  }
  return d;
}

/**
 * True when an agent of radius `radius` can walk the straight corridor from `a` to `b` (C.1.3): the
 * hull of the two discs of radius `radius` at the ends (bounded by the external mutual tangents)
 * stays clear of every blocker, i.e. the segment keeps a distance greater than `radius` from
 * each. With `radius` 0 it is a plain ray test.
 *
 * @param ax - corridor start, x (world units)
 * @param ay - corridor start, y (world units)
 * @param bx - corridor end, x (world units)
 * @param by - corridor end, y (world units)
 * @param radius - agent radius (world units, ≥ 0): the segment must stay farther than this from every blocker; 0 is a plain ray test
 * @param blockers - the obstacles tested, in order (`[]`: always clear)
 *
 * @example
 * ```ts
 * const wall: Blocker = { kind: "box", minX: 4, minY: 0.5, maxX: 6, maxY: 1 };
 * isCorridorClear(0, 0, 10, 0, 0, [wall]); // true: the centre line misses the wall
 * isCorridorClear(0, 0, 10, 0, 0.6, [wall]); // false: a 0.6-radius agent scrapes it
 * ```
 */
export function isCorridorClear(ax: number, ay: number, bx: number, by: number, radius: number, blockers: readonly Blocker[]): boolean {
  for (let i = 0; i < blockers.length; i++) if (!(segmentBlockerDistance(ax, ay, bx, by, blockers[i]!) > radius)) return false;
  return true;
}

/** True when the point is closer than `radius` to (or inside) some blocker. @internal */
export function isPointBlocked(x: number, y: number, radius: number, blockers: readonly Blocker[]): boolean {
  for (let i = 0; i < blockers.length; i++) if (!(segmentBlockerDistance(x, y, x, y, blockers[i]!) > radius)) return true;
  return false;
}
