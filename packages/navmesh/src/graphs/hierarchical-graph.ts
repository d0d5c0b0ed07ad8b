import { TacticaError } from "@tactica/core";
import {
  astar,
  createCsrGraph,
  createSearchContext,
  csrDomain,
  PathFlags,
  type CsrGraph,
  type PathResult,
  type SearchContext,
  type SearchDomain,
} from "@tactica/search";
import { NavMeshErrorCodes } from "../errors";
import { checkNode, navGraphSearch } from "./find-nav-graph-path";
import type { NavGraph } from "./types";

/**
 * A two-level navigation graph (C.1.7, A.5): the base graph, a region per base node, and a
 * super-graph whose nodes are regions (placed at the mean of their nodes, for the A* distance
 * estimate) and whose edges are portals (a base edge from one region into another). Plain data.
 */
export interface HierarchicalGraph {
  /** The base graph. */
  readonly base: NavGraph;
  /** Region of each base node. */
  readonly regionOf: Int32Array;
  /** Number of regions. */
  readonly regionCount: number;
  /** Region centres `x`. */
  readonly regionX: Float64Array;
  /** Region centres `y`. */
  readonly regionY: Float64Array;
  /** Portal base nodes: nodes with an edge into another region. */
  readonly portals: Int32Array;
  /** The super-graph over regions (directed, weight = shortest portal crossing between centres). */
  readonly superGraph: CsrGraph;
}

/** Options of {@link buildHierarchicalGraph}. */
export interface BuildHierarchicalGraphOptions {
  /**
   * Region of each base node (integers ≥ 0). Default: the nodes are bucketed in square cells of
   * `regionSize` and each cell is split into its connected parts, so every region is connected.
   */
  readonly regionOf?: ArrayLike<number>;
  /** Cell size of the automatic regions (default: the larger bounds side / 8). */
  readonly regionSize?: number;
}

const FN = "buildHierarchicalGraph";

/**
 * Builds the {@link HierarchicalGraph} of a navigation graph: regions (given or automatic),
 * portals, and the super-graph. Search it with {@link findHierarchicalPath}.
 *
 * @param base - the navigation graph to cluster (kept by reference as `base`)
 * @param options - `regionOf`: a region id per node (integers in 0 .. `nodeCount - 1`); else automatic connected regions in square cells of `regionSize` (world units, default the larger bounds side / 8)
 *
 * @example
 * ```ts
 * const base = buildDualGraph([{ outer: [0, 0, 40, 0, 40, 10, 0, 10] }]);
 * const h = buildHierarchicalGraph(base, { regionSize: 10 });
 * h.regionCount; // about 4
 * ```
 */
export function buildHierarchicalGraph(base: NavGraph, options: BuildHierarchicalGraphOptions = {}): HierarchicalGraph {
  const n = base.nodeCount;
  const { offsets, targets, weights } = base.edges;
  let regionOf: Int32Array;
  if (options.regionOf !== undefined) {
    const r = options.regionOf;
    if (!r || r.length !== n)
      throw new TacticaError(NavMeshErrorCodes.BadInput, `@tactica/navmesh: ${FN}: "regionOf" needs one region per node (${n}).`, { path: "options.regionOf" });
    regionOf = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const v = r[i]!;
      if (!Number.isInteger(v) || v < 0 || v >= n)
        throw new TacticaError(NavMeshErrorCodes.BadInput, `@tactica/navmesh: ${FN}: regionOf[${i}] must be an integer in 0..${n - 1}.`, {
          path: `options.regionOf[${i}]`,
        });
      regionOf[i] = v;
    }
  } else regionOf = autoRegions(base, options.regionSize);
  let regionCount = 0;
  for (let i = 0; i < n; i++) regionCount = Math.max(regionCount, regionOf[i]! + 1);
  const regionX = new Float64Array(regionCount),
    regionY = new Float64Array(regionCount),
    count = new Float64Array(regionCount);
  for (let i = 0; i < n; i++) {
    regionX[regionOf[i]!]! += base.x[i]!;
    regionY[regionOf[i]!]! += base.y[i]!;
    count[regionOf[i]!]!++;
  }
  for (let r = 0; r < regionCount; r++)
    if (count[r]! > 0) {
      regionX[r] = regionX[r]! / count[r]!;
      regionY[r] = regionY[r]! / count[r]!;
    }
  const best = new Map<number, number>();
  const portals = new Set<number>();
  for (let a = 0; a < n; a++) {
    for (let e = offsets[a]!; e < offsets[a + 1]!; e++) {
      const b = targets[e]!;
      const ra = regionOf[a]!,
        rb = regionOf[b]!;
      if (ra === rb) continue;
      portals.add(a);
      portals.add(b);
      const w =
        Math.hypot(base.x[a]! - regionX[ra]!, base.y[a]! - regionY[ra]!) + weights[e]! + Math.hypot(base.x[b]! - regionX[rb]!, base.y[b]! - regionY[rb]!);
      const k = ra * regionCount + rb;
      if (!(best.get(k)! <= w)) best.set(k, w);
    }
  }
  const from: number[] = [],
    to: number[] = [],
    w: number[] = [];
  for (const [k, wt] of best) {
    from.push(Math.floor(k / regionCount));
    to.push(k % regionCount);
    w.push(wt);
  }
  return {
    base,
    regionOf,
    regionCount,
    regionX,
    regionY,
    portals: Int32Array.from([...portals].sort((p, q) => p - q)),
    superGraph: createCsrGraph(regionCount, from, to, { weights: w }),
  };
}

function autoRegions(base: NavGraph, size: number | undefined): Int32Array {
  const n = base.nodeCount;
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    minX = Math.min(minX, base.x[i]!);
    maxX = Math.max(maxX, base.x[i]!);
    minY = Math.min(minY, base.y[i]!);
    maxY = Math.max(maxY, base.y[i]!);
  }
  const cell = size ?? Math.max(maxX - minX, maxY - minY, 1e-9) / 8;
  if (typeof cell !== "number" || !(cell > 0) || !Number.isFinite(cell))
    throw new TacticaError(NavMeshErrorCodes.BadInput, `@tactica/navmesh: ${FN}: "regionSize" must be a finite number > 0.`, { path: "options.regionSize" });
  const cellOf = (i: number): number => Math.floor((base.x[i]! - minX) / cell) * 1e6 + Math.floor((base.y[i]! - minY) / cell);
  // Connected parts inside each cell (edges in either direction).
  const { offsets, targets } = base.edges;
  const undirected: number[][] = Array.from({ length: n }, () => []);
  for (let a = 0; a < n; a++)
    for (let e = offsets[a]!; e < offsets[a + 1]!; e++) {
      undirected[a]!.push(targets[e]!);
      undirected[targets[e]!]!.push(a);
    }
  const region = new Int32Array(n).fill(-1);
  let next = 0;
  for (let s = 0; s < n; s++) {
    if (region[s] !== -1) continue;
    const c = cellOf(s);
    region[s] = next;
    const stack = [s];
    while (stack.length > 0) {
      const a = stack.pop()!;
      for (const b of undirected[a]!)
        if (region[b] === -1 && cellOf(b) === c) {
          region[b] = next;
          stack.push(b);
        }
    }
    next++;
  }
  return region;
}

/**
 * The result of {@link findHierarchicalPath}: the `PathResult` shape of `@tactica/search` over base
 * nodes, plus the super-graph work.
 */
export interface HierarchicalPathResult {
  /** Bit set of `PathFlags`: `Found`, `NoPath`, `PathTruncated`. */
  flags: number;
  /** Cost of the returned path, or `Infinity` when there is none. */
  cost: number;
  /** Number of base nodes in the path (may exceed `path.length` when truncated). */
  length: number;
  /** The base nodes of the path in `path[0 .. min(length, path.length))`. */
  readonly path: Int32Array;
  /** Base-graph expansions of the last query (0 when the super-graph answered "no path"). */
  expanded: number;
  /** Super-graph (region) expansions of the last query. */
  superExpanded: number;
}

/**
 * Creates a {@link HierarchicalPathResult} holding up to `maxPathLength` base nodes.
 *
 * @param maxPathLength - most base nodes the path holds (integer ≥ 1); a longer path is truncated
 */
export function createHierarchicalPathResult(maxPathLength: number): HierarchicalPathResult {
  if (!Number.isInteger(maxPathLength) || maxPathLength < 1)
    throw new TacticaError(NavMeshErrorCodes.BadInput, '@tactica/navmesh: createHierarchicalPathResult: "maxPathLength" must be an integer ≥ 1.', {
      path: "maxPathLength",
    });
  return { flags: PathFlags.None, cost: Infinity, length: 0, path: new Int32Array(maxPathLength), expanded: 0, superExpanded: 0 };
}

interface Cached {
  readonly superDomain: SearchDomain;
  readonly superCtx: SearchContext;
  readonly superOut: PathResult;
  readonly allowed: Uint8Array;
  readonly corridor: SearchDomain;
}

const cache = new WeakMap<HierarchicalGraph, Cached>();

function cached(h: HierarchicalGraph): Cached {
  let c = cache.get(h);
  if (c === undefined) {
    const { regionX, regionY } = h;
    // Super edges run centre → portal → centre, so the straight centre distance never overestimates.
    const superDomain = csrDomain(h.superGraph, { heuristic: (a, b) => Math.hypot(regionX[b]! - regionX[a]!, regionY[b]! - regionY[a]!) });
    const allowed = new Uint8Array(h.regionCount);
    const base = navGraphSearch(h.base).domain;
    const regionOf = h.regionOf;
    const corridor: SearchDomain = {
      nodeCount: base.nodeCount,
      maxDegree: base.maxDegree,
      heuristic: base.heuristic!,
      neighbors(node, outNodes, outCosts) {
        const k = base.neighbors(node, outNodes, outCosts);
        let m = 0;
        for (let i = 0; i < k; i++) {
          if (!allowed[regionOf[outNodes[i]!]!]) continue;
          outNodes[m] = outNodes[i]!;
          outCosts[m++] = outCosts[i]!;
        }
        return m;
      },
    };
    c = {
      superDomain,
      superCtx: createSearchContext(Math.max(1, h.regionCount), Math.max(1, h.superGraph.maxDegree)),
      superOut: { flags: 0, cost: Infinity, length: 0, path: new Int32Array(Math.max(1, h.regionCount)), expanded: 0 },
      allowed,
      corridor,
    };
    cache.set(h, c);
  }
  return c;
}

/**
 * Hierarchical path query (C.1.7): A* over the super-graph of regions first; "no path" there is
 * the answer, learned without touching the base graph (`expanded` stays 0, `superExpanded` counts
 * the region work). Otherwise A* on the base graph restricted to the regions of the super path
 * (the corridor), falling back to the whole base graph if the corridor does not connect (only
 * possible with user-given regions that are not internally connected). Paths are valid but may
 * be slightly longer than optimal. No allocation after the first query per graph.
 *
 * @param out - written in place and returned: base node ids in `path`, `length`, `cost`, `flags`, and `expanded` / `superExpanded` (base and region expansions)
 * @param h - the hierarchical graph from `buildHierarchicalGraph` (its search state is cached per graph)
 * @param start - start node id of the base graph, an integer in 0 .. `nodeCount - 1` (else `NAVMESH_BAD_INPUT`)
 * @param goal - goal node id of the base graph, an integer in 0 .. `nodeCount - 1` (else `NAVMESH_BAD_INPUT`)
 *
 * @example
 * ```ts
 * const base = buildDualGraph([{ outer: [0, 0, 4, 0, 4, 4, 0, 4] }, { outer: [10, 0, 14, 0, 14, 4, 10, 4] }]);
 * const h = buildHierarchicalGraph(base, { regionSize: 4 });
 * const out = createHierarchicalPathResult(64);
 * findHierarchicalPath(out, h, 0, base.nodeCount - 1); // the two rooms are not connected
 * out.flags === PathFlags.NoPath && out.expanded === 0; // true
 * ```
 */
export function findHierarchicalPath(out: HierarchicalPathResult, h: HierarchicalGraph, start: number, goal: number): HierarchicalPathResult {
  checkNode("findHierarchicalPath", h.base, "start", start);
  checkNode("findHierarchicalPath", h.base, "goal", goal);
  const c = cached(h);
  const rs = h.regionOf[start]!,
    rg = h.regionOf[goal]!;
  astar(c.superOut, c.superDomain, c.superCtx, rs, rg);
  out.superExpanded = c.superOut.expanded;
  if (!(c.superOut.flags & PathFlags.Found)) {
    out.flags = PathFlags.NoPath;
    out.cost = Infinity;
    out.length = 0;
    out.expanded = 0;
    return out;
  }
  c.allowed.fill(0);
  for (let i = 0; i < c.superOut.length; i++) c.allowed[c.superOut.path[i]!] = 1;
  const base = navGraphSearch(h.base);
  astar(out, c.corridor, base.ctx, start, goal);
  if (!(out.flags & PathFlags.Found)) {
    const spent = out.expanded;
    astar(out, base.domain, base.ctx, start, goal);
    out.expanded += spent;
  }
  return out;
}
