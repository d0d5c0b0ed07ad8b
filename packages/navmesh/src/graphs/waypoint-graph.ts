import { TacticaError } from "@tactica/core";
import { NavMeshErrorCodes } from "../errors";
import { createCdt, insertPoint } from "../build/cdt";
import { checkBlockers, isCorridorClear, isPointBlocked, type Blocker } from "./blockers";
import { assembleNavGraph } from "./create-nav-graph";
import { NavGraphNodeKind, type NavGraph } from "./types";

/** One finding of the waypoint validator (C.1.3–C.1.4). */
export interface WaypointWarning {
  /**
   * `"node-blocked"`: the node itself is inside (or closer than the agent radius to) a blocker.
   * `"voronoi-cell"`: a free point of the node's Voronoi cell cannot walk straight to it (the
   * cell minus the blockers is not convex or does not contain the node: the Fig. 4 failure).
   * `"missing-edge"`: a Delaunay edge was removed because its corridor is blocked, although free
   * points lie on the border of both nodes' cells (bad placement; move or add a node).
   */
  readonly kind: "node-blocked" | "voronoi-cell" | "missing-edge";
  /** The node concerned. */
  readonly node: number;
  /** The other node of a `"missing-edge"`, else -1. */
  readonly other: number;
  /** A witness point (the free point that shows the problem, or the node). */
  readonly x: number;
  /** Witness y. */
  readonly y: number;
  /** Human-readable description. */
  readonly message: string;
}

/** Options of {@link buildWaypointGraph}. */
export interface BuildWaypointGraphOptions {
  /** Agent radius: corridors are tested as the hull of two discs of this radius (default 0). */
  readonly agentRadius?: number;
  /** Region the validator samples: `[minX, minY, maxX, maxY]` (default: the nodes' box, padded by 10 %). */
  readonly bounds?: readonly [number, number, number, number];
  /** Sample spacing of the validator (default: the larger bounds side / 64). */
  readonly sampleStep?: number;
}

/** Result of {@link buildWaypointGraph}. */
export interface WaypointGraph {
  /** The graph: Delaunay edges whose corridor is clear, both directions. */
  readonly graph: NavGraph;
  /** Removed Delaunay edges as node pairs `a0, b0, a1, b1, …`. */
  readonly removedEdges: readonly number[];
  /** Validator findings; empty when the placement satisfies the article's criteria. */
  readonly warnings: readonly WaypointWarning[];
}

const FN = "buildWaypointGraph";

function bad(path: string, message: string): never {
  throw new TacticaError(NavMeshErrorCodes.BadInput, `@tactica/navmesh: ${FN}: ${message}`, { path });
}

/**
 * Designer-placed waypoints connected by Delaunay triangulation (C.1.4): every Delaunay edge whose
 * corridor (the hull of two agent discs, bounded by the external tangents, C.1.3) touches a
 * blocker is removed, and a validator reports bad placement: nodes inside blockers, Voronoi cells
 * with free points that cannot walk straight to their node (the criterion "V \ ∪B is convex and
 * contains N", checked on a sample grid), and removed edges between nodes whose cells share a
 * free border.
 *
 * @example
 * ```ts
 * // Four corners of a room with a wall between the two right-hand nodes.
 * const { graph, warnings } = buildWaypointGraph([1, 1, 9, 1, 9, 9, 1, 9], [{ kind: "box", minX: 7, minY: 4.9, maxX: 10, maxY: 5.1 }]);
 * graph.edges.edgeCount; // 8: the 5 Delaunay edges minus the blocked one, both directions
 * warnings[0].kind; // "missing-edge": the blocked pair shares a free cell border left of the wall
 * ```
 *
 * @param points - the waypoints as `x, y` pairs (world units)
 * @param blockers - the obstacles corridors must not touch (`[]` when there are none)
 * @param options - agent radius and the validator's sample region and spacing
 */
export function buildWaypointGraph(points: ArrayLike<number>, blockers: readonly Blocker[], options: BuildWaypointGraphOptions = {}): WaypointGraph {
  if (!points || typeof points !== "object" || !Number.isInteger(points.length) || points.length < 0 || points.length % 2 !== 0)
    bad("points", "points must be an array of x, y pairs.");
  const n = points.length / 2;
  if (n > 100000) bad("points", `at most 100000 waypoints (got ${n}).`);
  const checked = checkBlockers(FN, blockers);
  const radius = options.agentRadius ?? 0;
  if (typeof radius !== "number" || !(radius >= 0) || !Number.isFinite(radius)) bad("options.agentRadius", "must be a finite number ≥ 0.");
  const xs: number[] = [],
    ys: number[] = [];
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i++) {
    const x = points[2 * i],
      y = points[2 * i + 1];
    if (typeof x !== "number" || !Number.isFinite(x) || Math.abs(x) > 1e12) bad(`points[${2 * i}]`, `waypoint ${i}: x must be a finite number.`);
    if (typeof y !== "number" || !Number.isFinite(y) || Math.abs(y) > 1e12) bad(`points[${2 * i + 1}]`, `waypoint ${i}: y must be a finite number.`);
    xs.push(x);
    ys.push(y);
    box[0] = Math.min(box[0]!, x);
    box[1] = Math.min(box[1]!, y);
    box[2] = Math.max(box[2]!, x);
    box[3] = Math.max(box[3]!, y);
  }
  // Delaunay triangulation of the nodes.
  const delaunay: number[] = [];
  if (n >= 2) {
    const s = createCdt(box[0]!, box[1]!, box[2]!, box[3]!, 0, 4096 * (n + 16));
    const idOf = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const v = insertPoint(s, xs[i]!, ys[i]!, false);
      if (idOf.has(v)) bad(`points[${2 * i}]`, `waypoint ${i} repeats waypoint ${idOf.get(v)!}; remove the duplicate.`);
      idOf.set(v, i);
    }
    const seen = new Set<number>();
    for (let t = 0; t < s.tv.length / 3; t++) {
      for (let k = 0; k < 3; k++) {
        const a = s.tv[3 * t + k]!,
          b = s.tv[3 * t + ((k + 1) % 3)]!;
        if (a < 3 || b < 3) continue;
        const i = idOf.get(a)!,
          j = idOf.get(b)!;
        const key = Math.min(i, j) * n + Math.max(i, j);
        if (seen.has(key)) continue;
        seen.add(key);
        delaunay.push(Math.min(i, j), Math.max(i, j));
      }
    }
  }
  const from: number[] = [],
    to: number[] = [],
    removed: number[] = [];
  for (let e = 0; e < delaunay.length; e += 2) {
    const i = delaunay[e]!,
      j = delaunay[e + 1]!;
    if (isCorridorClear(xs[i]!, ys[i]!, xs[j]!, ys[j]!, radius, checked)) {
      from.push(i);
      to.push(j);
    } else removed.push(i, j);
  }
  const graph = assembleNavGraph(xs, ys, null, null, new Uint8Array(n).fill(NavGraphNodeKind.Waypoint), from, to, false);
  const warnings = validate(xs, ys, delaunay, removed, checked, radius, options, box);
  return { graph, removedEdges: removed, warnings };
}

function clipHalfPlane(poly: number[], nx: number, ny: number, c: number): number[] {
  // Keeps points with nx·x + ny·y ≤ c.
  const out: number[] = [];
  const m = poly.length / 2;
  for (let i = 0; i < m; i++) {
    const j = (i + 1) % m;
    const px = poly[2 * i]!,
      py = poly[2 * i + 1]!,
      qx = poly[2 * j]!,
      qy = poly[2 * j + 1]!;
    const dp = nx * px + ny * py - c,
      dq = nx * qx + ny * qy - c;
    if (dp <= 0) out.push(px, py);
    if ((dp < 0 && dq > 0) || (dp > 0 && dq < 0)) {
      const t = dp / (dp - dq);
      out.push(px + t * (qx - px), py + t * (qy - py));
    }
  }
  return out;
}

function insideConvex(poly: readonly number[], x: number, y: number): boolean {
  const m = poly.length / 2;
  for (let i = 0; i < m; i++) {
    const j = (i + 1) % m;
    if ((poly[2 * j]! - poly[2 * i]!) * (y - poly[2 * i + 1]!) - (poly[2 * j + 1]! - poly[2 * i + 1]!) * (x - poly[2 * i]!) < 0) return false;
  }
  return m >= 3;
}

function validate(
  xs: readonly number[],
  ys: readonly number[],
  delaunay: readonly number[],
  removed: readonly number[],
  blockers: readonly Blocker[],
  radius: number,
  options: BuildWaypointGraphOptions,
  box: readonly number[],
): WaypointWarning[] {
  const n = xs.length;
  const warnings: WaypointWarning[] = [];
  if (n === 0) return warnings;
  const pad = 0.1 * Math.max(box[2]! - box[0]!, box[3]! - box[1]!, 1e-9) + radius;
  const bounds = options.bounds ?? [box[0]! - pad, box[1]! - pad, box[2]! + pad, box[3]! + pad];
  if (
    !Array.isArray(bounds) ||
    bounds.length !== 4 ||
    !bounds.every((v) => typeof v === "number" && Number.isFinite(v)) ||
    bounds[2] < bounds[0] ||
    bounds[3] < bounds[1]
  )
    bad("options.bounds", "must be [minX, minY, maxX, maxY] with finite numbers, max ≥ min.");
  const size = Math.max(bounds[2] - bounds[0], bounds[3] - bounds[1], 1e-9);
  const step = options.sampleStep ?? size / 64;
  if (typeof step !== "number" || !(step > 0) || size / step > 4096) bad("options.sampleStep", `must be > 0 and at least (bounds size) / 4096.`);
  const nbrs: number[][] = Array.from({ length: n }, () => []);
  for (let e = 0; e < delaunay.length; e += 2) {
    nbrs[delaunay[e]!]!.push(delaunay[e + 1]!);
    nbrs[delaunay[e + 1]!]!.push(delaunay[e]!);
  }
  const cells: number[][] = [];
  for (let i = 0; i < n; i++) {
    let cell = [bounds[0], bounds[1], bounds[2], bounds[1], bounds[2], bounds[3], bounds[0], bounds[3]];
    for (const j of nbrs[i]!) {
      const nx = xs[j]! - xs[i]!,
        ny = ys[j]! - ys[i]!;
      cell = clipHalfPlane(cell, nx, ny, (nx * (xs[i]! + xs[j]!)) / 2 + (ny * (ys[i]! + ys[j]!)) / 2);
    }
    cells.push(cell);
    if (isPointBlocked(xs[i]!, ys[i]!, radius, blockers)) {
      warnings.push({
        kind: "node-blocked",
        node: i,
        other: -1,
        x: xs[i]!,
        y: ys[i]!,
        message: `waypoint ${i} lies inside (or within the agent radius of) a blocker.`,
      });
      continue;
    }
    // Voronoi criterion: every free sample of the cell must walk straight to the node.
    let minX = Infinity,
      minY = Infinity,
      maxX = -Infinity,
      maxY = -Infinity;
    for (let k = 0; k < cell.length; k += 2) {
      minX = Math.min(minX, cell[k]!);
      maxX = Math.max(maxX, cell[k]!);
      minY = Math.min(minY, cell[k + 1]!);
      maxY = Math.max(maxY, cell[k + 1]!);
    }
    search: for (let y = Math.ceil(minY / step) * step; y <= maxY; y += step) {
      for (let x = Math.ceil(minX / step) * step; x <= maxX; x += step) {
        if (!insideConvex(cell, x, y) || isPointBlocked(x, y, radius, blockers)) continue;
        if (!isCorridorClear(x, y, xs[i]!, ys[i]!, radius, blockers)) {
          warnings.push({
            kind: "voronoi-cell",
            node: i,
            other: -1,
            x,
            y,
            message: `waypoint ${i}: the free point (${x}, ${y}) is nearest to it but cannot walk straight to it; add a waypoint near that point or move this one.`,
          });
          break search;
        }
      }
    }
  }
  // Removed edges whose cells share a free border.
  for (let e = 0; e < removed.length; e += 2) {
    const i = removed[e]!,
      j = removed[e + 1]!;
    const cell = cells[i]!;
    const m = cell.length / 2;
    const eps = 1e-9 * size;
    let witness: [number, number] | null = null;
    for (let k = 0; k < m && !witness; k++) {
      const l = (k + 1) % m;
      const on = (x: number, y: number): boolean => Math.abs(Math.hypot(x - xs[i]!, y - ys[i]!) - Math.hypot(x - xs[j]!, y - ys[j]!)) <= eps;
      const px = cell[2 * k]!,
        py = cell[2 * k + 1]!,
        qx = cell[2 * l]!,
        qy = cell[2 * l + 1]!;
      if (!on(px, py) || !on(qx, qy)) continue;
      const samples = Math.max(2, Math.ceil(Math.hypot(qx - px, qy - py) / step));
      for (let s = 1; s < samples; s++) {
        const x = px + ((qx - px) * s) / samples,
          y = py + ((qy - py) * s) / samples;
        if (!isPointBlocked(x, y, radius, blockers)) {
          witness = [x, y];
          break;
        }
      }
    }
    if (witness)
      warnings.push({
        kind: "missing-edge",
        node: i,
        other: j,
        x: witness[0],
        y: witness[1],
        message: `waypoints ${i} and ${j} are Delaunay neighbours with a free shared cell border at (${witness[0]}, ${witness[1]}) but their corridor is blocked; move them or add a waypoint.`,
      });
  }
  return warnings;
}
