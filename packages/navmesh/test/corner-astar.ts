// Test reference (the former findPathAnyAngle): exact shortest paths by A* over the visibility
// graph of the mesh's reflex corners, visibility by mesh raycasts. Independent of the Polyanya code
// in src/polyanya, so the golden and tiled tests compare the two on meshes the ring-based
// brute-force reference (reference.ts) cannot describe.
import { hypot2 } from "../src/math";
import {
  createIndexedHeap,
  indexedHeapClear,
  indexedHeapContains,
  indexedHeapDecreaseKey,
  indexedHeapPop,
  indexedHeapPush,
  type IndexedHeap,
} from "@tactica/core";
import { PathFlags } from "@tactica/search";
import { assertFiniteNumber } from "../src/errors";
import type { StraightPath } from "../src/funnel";
import { findPolygonIndex, requirePolyIndex } from "../src/locate";
import type { NavMesh } from "../src/types";
import { createRaycastResult, fanToward, inFan, raycastIndex, sectorContains, vertexSlot } from "../src/raycast";

/** Corners (reflex boundary vertices) of a mesh, their incident polygons and lazily computed visibility. */
interface CornerGraph {
  /** Vertex id of each corner. */
  readonly corners: Int32Array;
  /** One polygon of each corner's fan (the polygons around the vertex joined by shared edges). */
  readonly cornerPoly: Int32Array;
  /** Visible corners of each corner, computed on first expansion. */
  readonly visible: (Int32Array | null)[];
  readonly g: Float64Array;
  readonly parent: Int32Array;
  readonly stamp: Uint32Array;
  readonly heap: IndexedHeap;
  epoch: number;
  /** The mesh revision the graph was built for. */
  readonly revision: number;
}

const graphs = new WeakMap<NavMesh, CornerGraph>();
const ray = createRaycastResult({ maxVisited: 0 });

function cornerGraph(mesh: NavMesh): CornerGraph {
  let cg = graphs.get(mesh);
  if (cg && cg.revision === mesh.revision) return cg;
  const stride = mesh.maxVertsPerPoly;
  const nv = mesh.vertexCount;
  const boundaryEdges = new Int32Array(nv);
  // Polygons around each vertex (CSR), in polygon order.
  const vertPolyStart = new Int32Array(nv + 1);
  for (let p = 0; p < mesh.polyCount; p++) for (let i = 0; i < mesh.polyVertCount[p]!; i++) vertPolyStart[mesh.polyVerts[p * stride + i]! + 1]!++;
  for (let i = 0; i < nv; i++) vertPolyStart[i + 1]! += vertPolyStart[i]!;
  const fill = vertPolyStart.slice(0, nv);
  const vertPolys = new Int32Array(vertPolyStart[nv]!);
  for (let p = 0; p < mesh.polyCount; p++) for (let i = 0; i < mesh.polyVertCount[p]!; i++) vertPolys[fill[mesh.polyVerts[p * stride + i]!]!++] = p;
  for (let p = 0; p < mesh.polyCount; p++) {
    const n = mesh.polyVertCount[p]!;
    for (let i = 0; i < n; i++) {
      const u = mesh.polyVerts[p * stride + i]!;
      const b = mesh.polyVerts[p * stride + ((i + 1) % n)]!;
      if (mesh.neighbors[p * stride + i]! < 0) {
        boundaryEdges[u]!++;
        boundaryEdges[b]!++;
      }
    }
  }
  // A corner is one fan of polygons around a boundary vertex (joined by shared edges) whose angle
  // exceeds π: free space turns around an obstacle there. A vertex where separate fans touch
  // (a pinch) gives one corner per reflex fan, so no path slips from one fan to another.
  const list: number[] = [];
  const polys: number[] = [];
  const seen = new Set<number>();
  for (let u = 0; u < nv; u++) {
    if (boundaryEdges[u] === 0) continue;
    seen.clear();
    for (let k = vertPolyStart[u]!; k < vertPolyStart[u + 1]!; k++) {
      const p0 = vertPolys[k]!;
      if (seen.has(p0)) continue;
      // Walk the fan both ways from p0, summing angles.
      let sum = 0;
      let open = false;
      for (let dir = 0; dir < 2; dir++) {
        let p = p0;
        for (let guard = 0; guard < 256; guard++) {
          if (dir === 0 || p !== p0) {
            if (seen.has(p)) break;
            seen.add(p);
            sum += cornerAngle(mesh, p, u);
          }
          const n = mesh.polyVertCount[p]!;
          const i = vertexSlot(mesh, p, u);
          const q = mesh.neighbors[p * stride + (dir === 0 ? i : (i + n - 1) % n)]!;
          if (q < 0) {
            open = true;
            break;
          }
          if (q === p0) break;
          p = q;
        }
      }
      if (open && sum > Math.PI + 1e-9) {
        list.push(u);
        polys.push(p0);
      }
    }
  }
  const corners = new Int32Array(list);
  const cornerPoly = new Int32Array(polys);
  const n = corners.length + 2;
  cg = {
    corners,
    cornerPoly,
    visible: new Array<Int32Array | null>(corners.length).fill(null),
    g: new Float64Array(n),
    parent: new Int32Array(n),
    stamp: new Uint32Array(n),
    heap: createIndexedHeap(n),
    epoch: 0,
    revision: mesh.revision,
  };
  graphs.set(mesh, cg);
  return cg;
}

/** Visibility from corner `c` to corner `k`: the ray must arrive in `k`'s fan. */
function cornerSeesCorner(mesh: NavMesh, cg: CornerGraph, c: number, k: number): boolean {
  const w = cg.corners[k]!;
  return visibleFromCorner(mesh, cg, c, mesh.vertices[2 * w]!, mesh.vertices[2 * w + 1]!) && inFan(mesh, cg.cornerPoly[k]!, w, ray.lastPoly);
}

function visibleFromCorner(mesh: NavMesh, cg: CornerGraph, c: number, x: number, y: number): boolean {
  const u = cg.corners[c]!;
  const ux = mesh.vertices[2 * u]!,
    uy = mesh.vertices[2 * u + 1]!;
  const p0 = cg.cornerPoly[c]!;
  const p = sectorContains(mesh, p0, u, x - ux, y - uy) ? p0 : fanToward(mesh, p0, u, x - ux, y - uy);
  return p >= 0 && raycastIndex(ray, mesh, p, ux, uy, x, y).t === Infinity;
}

function visibleCorners(mesh: NavMesh, cg: CornerGraph, c: number): Int32Array {
  const cached = cg.visible[c];
  if (cached) return cached;
  const out: number[] = [];
  for (let k = 0; k < cg.corners.length; k++) {
    if (k === c) continue;
    const other = cg.visible[k];
    if (other) {
      // Visibility is symmetric: reuse the other side when it is known.
      if (other.includes(c)) out.push(k);
      continue;
    }
    if (cornerSeesCorner(mesh, cg, c, k)) out.push(k);
  }
  const arr = new Int32Array(out);
  cg.visible[c] = arr;
  return arr;
}

/** Options of {@link findPathCornerAStar}. */
export interface CornerAStarOptions {
  /** Ref of the polygon holding the start (default: located with `findPolygon`; pass it on multi-level meshes). */
  readonly startPoly?: number;
  /** Ref of the polygon holding the goal (default: located with `findPolygon`; pass it on multi-level meshes). */
  readonly goalPoly?: number;
  /** Stop after this many node expansions (`BudgetExhausted`, no path). */
  readonly maxExpansions?: number;
}

/**
 * The exact Euclidean shortest path from `(sx, sy)` to `(gx, gy)` on the mesh for a point agent
 * (uniform cost, area costs ignored): A* over the visibility graph of the mesh's corners (reflex
 * boundary vertices), with visibility decided by mesh raycasts. A shortest path among polygonal
 * obstacles bends only at such corners, so the result is optimal, unlike A* + funnel, whose
 * corridor is fixed before string pulling. Writes the corners into `out` (`PathFlags.Found`, or
 * `NoPath` when an end point is off the mesh or unreachable) and returns it.
 *
 * Corner-to-corner visibility is computed on first use and cached per mesh (a `WeakMap`), so the
 * first queries on a large mesh are slower; later queries only raycast from the start and towards
 * the goal. For weighted areas use `findPolygonPath` + `findStraightPath`.
 */
export function findPathCornerAStar(
  out: StraightPath,
  mesh: NavMesh,
  sx: number,
  sy: number,
  gx: number,
  gy: number,
  options?: CornerAStarOptions,
): StraightPath {
  for (const [k, val] of [
    ["sx", sx],
    ["sy", sy],
    ["gx", gx],
    ["gy", gy],
  ] as const)
    assertFiniteNumber("findPathAnyAngle", k, val);
  out.count = 0;
  out.distance = 0;
  out.expanded = 0;
  const ps =
      options?.startPoly !== undefined && options.startPoly !== -1
        ? requirePolyIndex("findPathAnyAngle", "startPoly", mesh, options.startPoly)
        : (options?.startPoly ?? findPolygonIndex(mesh, sx, sy)),
    pg =
      options?.goalPoly !== undefined && options.goalPoly !== -1
        ? requirePolyIndex("findPathAnyAngle", "goalPoly", mesh, options.goalPoly)
        : (options?.goalPoly ?? findPolygonIndex(mesh, gx, gy));
  if (ps < 0 || pg < 0) {
    out.flags = PathFlags.NoPath;
    out.distance = Infinity;
    return out;
  }
  if (reaches(mesh, ps, sx, sy, gx, gy, pg)) {
    writePoints(out, mesh, null, -1, sx, sy, gx, gy);
    return out;
  }
  const cg = cornerGraph(mesh);
  const C = cg.corners.length;
  const START = C,
    GOAL = C + 1;
  cg.epoch = (cg.epoch + 1) >>> 0;
  if (cg.epoch === 0) {
    cg.stamp.fill(0);
    cg.epoch = 1;
  }
  const epoch = cg.epoch;
  const { g, parent, stamp, heap } = cg;
  const v = mesh.vertices;
  indexedHeapClear(heap);
  stamp[START] = epoch;
  g[START] = 0;
  parent[START] = -1;
  indexedHeapPush(heap, START, hypot2(gx - sx, gy - sy));
  const maxExp = options?.maxExpansions ?? Infinity;
  let expanded = 0;
  let found = false,
    budget = false;
  while (heap.size > 0) {
    const u = indexedHeapPop(heap);
    if (u === GOAL) {
      found = true;
      break;
    }
    if (expanded >= maxExp) {
      budget = true;
      break;
    }
    expanded++;
    const ux = u === START ? sx : v[2 * cg.corners[u]!]!,
      uy = u === START ? sy : v[2 * cg.corners[u]! + 1]!;
    const gu = g[u]!;
    // Goal visible?
    const seesGoal = u === START ? false : visibleFromCorner(mesh, cg, u, gx, gy) && arrivedAt(mesh, ray.lastPoly, pg);
    if (seesGoal) relaxAnyAngle(cg, u, GOAL, gu + hypot2(gx - ux, gy - uy), 0, epoch);
    if (u === START) {
      for (let k = 0; k < C; k++) {
        const w = cg.corners[k]!;
        const wx = v[2 * w]!,
          wy = v[2 * w + 1]!;
        if (raycastIndex(ray, mesh, ps, sx, sy, wx, wy).t !== Infinity || !inFan(mesh, cg.cornerPoly[k]!, w, ray.lastPoly)) continue;
        relaxAnyAngle(cg, u, k, gu + hypot2(wx - ux, wy - uy), hypot2(gx - wx, gy - wy), epoch);
      }
    } else {
      const vis = visibleCorners(mesh, cg, u);
      for (let j = 0; j < vis.length; j++) {
        const k = vis[j]!;
        const w = cg.corners[k]!;
        const wx = v[2 * w]!,
          wy = v[2 * w + 1]!;
        relaxAnyAngle(cg, u, k, gu + hypot2(wx - ux, wy - uy), hypot2(gx - wx, gy - wy), epoch);
      }
    }
  }
  out.expanded = expanded;
  if (!found) {
    out.flags = budget ? PathFlags.BudgetExhausted : PathFlags.NoPath;
    out.distance = Infinity;
    return out;
  }
  writePoints(out, mesh, cg, GOAL, sx, sy, gx, gy);
  return out;
}

function relaxAnyAngle(cg: CornerGraph, from: number, to: number, ng: number, h: number, epoch: number): void {
  if (cg.stamp[to] === epoch) {
    if (!(ng < cg.g[to]! - 1e-12 * ng)) return;
    if (!indexedHeapContains(cg.heap, to)) return; // already closed
    indexedHeapDecreaseKey(cg.heap, to, ng + h);
  } else {
    cg.stamp[to] = epoch;
    indexedHeapPush(cg.heap, to, ng + h);
  }
  cg.g[to] = ng;
  cg.parent[to] = from;
}

function writePoints(out: StraightPath, mesh: NavMesh, cg: CornerGraph | null, goal: number, sx: number, sy: number, gx: number, gy: number): void {
  out.flags = PathFlags.Found;
  let count = 2;
  if (cg) for (let p = cg.parent[goal]!; p !== cg.corners.length; p = cg.parent[p]!) count++;
  out.count = count;
  const cap = out.pointFlags.length;
  if (count > cap) out.flags |= PathFlags.PathTruncated;
  const put = (i: number, x: number, y: number, f: number): void => {
    if (i >= cap) return;
    out.points[2 * i] = x;
    out.points[2 * i + 1] = y;
    out.pointFlags[i] = f;
  };
  put(0, sx, sy, 1);
  put(count - 1, gx, gy, 2);
  let length = 0;
  let nx = gx,
    ny = gy;
  let i = count - 2;
  if (cg) {
    for (let p = cg.parent[goal]!; p !== cg.corners.length; p = cg.parent[p]!, i--) {
      const w = cg.corners[p]!;
      const x = mesh.vertices[2 * w]!,
        y = mesh.vertices[2 * w + 1]!;
      put(i, x, y, 0);
      length += hypot2(nx - x, ny - y);
      nx = x;
      ny = y;
    }
  }
  out.distance = length + hypot2(nx - sx, ny - sy);
}

/** Interior angle of polygon `p` at its vertex `u`. */
function cornerAngle(mesh: NavMesh, p: number, u: number): number {
  const stride = mesh.maxVertsPerPoly;
  const v = mesh.vertices;
  const n = mesh.polyVertCount[p]!;
  const i = vertexSlot(mesh, p, u);
  const a = mesh.polyVerts[p * stride + ((i + n - 1) % n)]!,
    b = mesh.polyVerts[p * stride + ((i + 1) % n)]!;
  const ax = v[2 * a]! - v[2 * u]!,
    ay = v[2 * a + 1]! - v[2 * u + 1]!,
    bx = v[2 * b]! - v[2 * u]!,
    by = v[2 * b + 1]! - v[2 * u + 1]!;
  return Math.atan2(bx * ay - by * ax, bx * ax + by * ay);
}

/** The ray ended in the goal polygon or in a neighbor sharing the edge the goal lies on (same level). */
function arrivedAt(mesh: NavMesh, last: number, goalPoly: number): boolean {
  if (last === goalPoly) return true;
  const n = mesh.polyVertCount[last]!;
  for (let i = 0; i < n; i++) if (mesh.neighbors[last * mesh.maxVertsPerPoly + i] === goalPoly) return true;
  return false;
}

function reaches(mesh: NavMesh, ps: number, sx: number, sy: number, gx: number, gy: number, pg: number): boolean {
  return raycastIndex(ray, mesh, ps, sx, sy, gx, gy).t === Infinity && arrivedAt(mesh, ray.lastPoly, pg);
}
