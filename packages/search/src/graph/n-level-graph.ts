import {
  assertInteger,
  corruptState,
  createIndexedHeap,
  indexedHeapClear,
  indexedHeapPop,
  indexedHeapPushNext,
  invalidArgument,
  type IndexedHeap,
} from "@tactica/core";
import type { CsrGraph } from "./csr-graph";
import { PathFlags } from "./flags";
import { resetPathResult, type PathResult } from "./path-result";

/**
 * The property `P` every extra edge of an {@link NLevelGraph} must satisfy (Uras & Koenig,
 * chapter 15): called while contracting a vertex with the two neighbours `p`, `q` it would
 * bypass and the `length` of the path `p → vertex → q`. Return `true` to allow the extra edge
 * `p–q` of that length, `false` to keep the vertex at the higher level instead. For subgoal
 * graphs `P` is h-reachability; `() => false` (no extra edges) is always valid.
 */
export type NLevelEdgeProperty = (p: number, q: number, length: number) => boolean;

/** Options of {@link createNLevelGraph}. */
export interface NLevelGraphOptions {
  /** Property extra edges must satisfy (default: none allowed, `() => false`). */
  readonly allowExtraEdge?: NLevelEdgeProperty;
  /**
   * Largest level to build (integer ≥ 1, default 255). Partitioning stops earlier when a pass
   * lowers no vertex. 1 gives a single level (every vertex in the core: plain search).
   */
  readonly maxLevels?: number;
}

/**
 * An N-level graph (Uras & Koenig, chapter 15, "N-level graphs"): the vertices of an undirected
 * graph partitioned into levels `1 .. levelCount` by applying the contraction of Listing 15.2
 * recursively to the highest level until no vertex can be lowered. The highest-level vertices
 * form the *core*, which every query searches; a query adds the start, the goal and the vertices
 * {@link identifyConnectingVertices} finds upwards from them (Listing 15.3). Extra edges added
 * by contraction remember the vertex they bypass ({@link NLevelGraph.mid}), so paths unpack into
 * edges of the original graph. These are contraction hierarchies whose levels hold many
 * vertices and whose shortcuts must satisfy a property `P`.
 *
 * Plain data (typed arrays), `structuredClone`-safe. Every undirected edge is stored in both
 * directions.
 */
export interface NLevelGraph {
  /** Number of vertices (ids `0 .. nodeCount - 1`, as in the input graph). */
  readonly nodeCount: number;
  /**
   * Highest level (≥ 1); the core is the vertices at this level. It is empty (`coreCount` 0)
   * when a pass could lower every vertex, which only a permissive property allows.
   */
  readonly levelCount: number;
  /** Level of each vertex, `1 .. levelCount`. */
  readonly level: Uint8Array;
  /** Number of core vertices (level `levelCount`). */
  readonly coreCount: number;
  /** CSR row offsets of the final edge set (original edges plus extra edges), length `nodeCount + 1`. */
  readonly offsets: Int32Array;
  /**
   * End of each vertex's upward edges: a vertex's edges are sorted by the target's level, highest
   * first, and `offsets[u] .. upEnd[u]` are those to strictly higher levels (what
   * {@link identifyConnectingVertices} follows).
   */
  readonly upEnd: Int32Array;
  /** Edge targets. */
  readonly targets: Int32Array;
  /** Edge lengths (the length of a path in the original graph). */
  readonly weights: Float64Array;
  /** Per edge: the contracted vertex an extra edge bypasses (unpack through it), `-1` for an original edge. */
  readonly mid: Int32Array;
  /** Number of undirected extra edges added by contraction. */
  readonly extraEdgeCount: number;
}

/**
 * Reusable working memory of {@link findPathNLevel} for one {@link NLevelGraph}: create once with
 * {@link createNLevelQuery}; queries allocate nothing.
 */
export interface NLevelQuery {
  /** Stamp per vertex: added to the current query's search graph by {@link identifyConnectingVertices}. */
  readonly mark: Uint32Array;
  /** Current stamp (bumped per query). */
  stamp: number;
  /** Vertices marked in the current query, in marking order (`connectingCount` of them). */
  readonly connecting: Int32Array;
  /** Number of entries of {@link NLevelQuery.connecting}. */
  connectingCount: number;
  /** Scratch stack (upward walk, path unpacking). */
  readonly stack: Int32Array;
  /** Cost from the start per vertex. */
  readonly g: Float64Array;
  /** Parent of each vertex on the best high-level path (`-1` for the start). */
  readonly parent: Int32Array;
  /** Closed stamps. */
  readonly closed: Uint32Array;
  /** Reached stamps. */
  readonly seen: Uint32Array;
  /** Open list. */
  readonly heap: IndexedHeap;
}

const NO_EXTRA: NLevelEdgeProperty = () => false;
const NO_PATH_OPTIONS: NLevelPathOptions = {};

/**
 * Builds an {@link NLevelGraph} from `graph`, read as undirected (an edge in either direction
 * joins its ends; parallel edges keep the smaller weight; self loops are ignored). Every pass
 * visits the vertices of the current top level in id order and lowers a vertex `s` unless two of
 * its neighbours `p, q` (at the current level or above) have no path as short as `p → s → q`
 * avoiding `s` and the vertices already lowered in this pass, and that detour fails
 * `allowExtraEdge`; detours that pass become extra edges `p–q` remembering `s`. The result depends
 * on vertex order. Allocates; O(passes × Σ deg(s)² × bounded Dijkstra) — seconds for ~10⁴ vertices
 * with many extra edges, fast for sparse graphs without extra edges.
 *
 * @param graph - The input graph, read as undirected; every weight must be > 0 (lengths, in any
 *   unit: the N-level graph's costs use the same unit). Read only.
 * @param options - `allowExtraEdge`: the property `P` extra edges must satisfy (default none
 *   allowed); `maxLevels`: highest level to build, an integer in [1, 255] (default 255).
 * @returns A new N-level graph over the same vertex ids.
 * @throws TacticaError `INVALID_ARGUMENT` for a weight that is not > 0 or an invalid `maxLevels`.
 */
export function createNLevelGraph(graph: CsrGraph, options: NLevelGraphOptions = {}): NLevelGraph {
  const where = "@tactica/search: createNLevelGraph";
  const allow = options.allowExtraEdge ?? NO_EXTRA;
  const maxLevels = options.maxLevels ?? 255;
  assertInteger(where, "options.maxLevels", maxLevels, 1, 255);
  const n = graph.nodeCount;
  // Growable adjacency (target, length, bypassed vertex) per vertex; degrees stay small.
  const adj: number[][] = [];
  const len: number[][] = [];
  const via: number[][] = [];
  for (let u = 0; u < n; u++) {
    adj.push([]);
    len.push([]);
    via.push([]);
  }
  // Sets u–v to length w (bypassing m, -1 for none) unless an edge at least as short exists; true if it changed.
  const setEdge = (u: number, v: number, w: number, m: number): boolean => {
    const i = adj[u]!.indexOf(v);
    if (i >= 0) {
      if (len[u]![i]! <= w) return false;
      len[u]![i] = w;
      via[u]![i] = m;
      const j = adj[v]!.indexOf(u);
      len[v]![j] = w;
      via[v]![j] = m;
      return true;
    }
    adj[u]!.push(v);
    len[u]!.push(w);
    via[u]!.push(m);
    adj[v]!.push(u);
    len[v]!.push(w);
    via[v]!.push(m);
    return true;
  };
  for (let u = 0; u < n; u++) {
    for (let e = graph.offsets[u]!; e < graph.offsets[u + 1]!; e++) {
      const v = graph.targets[e]!;
      const w = graph.weights[e]!;
      if (!(w > 0)) invalidArgument(where, `graph.weights[${e}]`, `must be > 0 but is ${w}`, "N-level graphs need positive edge lengths.");
      if (v !== u) setEdge(u, v, w, -1);
    }
  }
  const level = new Uint8Array(n).fill(1);
  const lowered = new Uint8Array(n); // pass number in which the vertex was lowered (levels fit a byte)
  const dist = new Float64Array(Math.max(1, n));
  const seen = new Uint32Array(Math.max(1, n));
  const target = new Uint32Array(Math.max(1, n));
  const heap = createIndexedHeap(Math.max(1, n));
  let stamp = 0;
  let extraEdges = 0;
  const nb: number[] = [];
  const nbLen: number[] = [];
  const extra: number[] = [];
  const top: number[] = [];
  let L = 1;
  while (L < maxLevels) {
    top.length = 0;
    for (let u = 0; u < n; u++) if (level[u] === L) top.push(u);
    let loweredCount = 0;
    let kept = 0;
    for (const s of top) {
      nb.length = 0;
      nbLen.length = 0;
      const as = adj[s]!;
      for (let k = 0; k < as.length; k++) {
        if (level[as[k]!]! < L) continue;
        nb.push(as[k]!);
        nbLen.push(len[s]![k]!);
      }
      extra.length = 0;
      let keep = false;
      for (let i = 0; i < nb.length - 1 && !keep; i++) {
        const p = nb[i]!;
        const cps = nbLen[i]!;
        let limit = 0;
        stamp++;
        for (let j = i + 1; j < nb.length; j++) {
          limit = Math.max(limit, cps + nbLen[j]!);
          target[nb[j]!] = stamp;
        }
        let remaining = nb.length - 1 - i;
        // Bounded Dijkstra from p through the current top level, avoiding s and the vertices lowered in this pass.
        indexedHeapClear(heap);
        dist[p] = 0;
        seen[p] = stamp;
        heap.next[0] = 0;
        indexedHeapPushNext(heap, p);
        for (;;) {
          const u = indexedHeapPop(heap);
          if (u < 0) break;
          const du = dist[u]!;
          if (du > limit * (1 + 1e-12)) break;
          if (target[u] === stamp && --remaining === 0) break;
          if (u !== p && lowered[u] === L) continue; // a lowered vertex may end a witness, not pass it on
          const au = adj[u]!;
          const lu = len[u]!;
          for (let k = 0; k < au.length; k++) {
            const v = au[k]!;
            if (v === s || level[v]! < L) continue;
            const nd = du + lu[k]!;
            if (seen[v] === stamp && nd >= dist[v]!) continue;
            seen[v] = stamp;
            dist[v] = nd;
            heap.next[0] = nd;
            indexedHeapPushNext(heap, v);
          }
        }
        for (let j = i + 1; j < nb.length; j++) {
          const q = nb[j]!;
          const detour = cps + nbLen[j]!;
          const d = seen[q] === stamp ? dist[q]! : Infinity;
          if (d <= detour * (1 + 1e-12)) continue;
          if (!allow(p, q, detour)) {
            keep = true;
            break;
          }
          extra.push(i, j);
        }
      }
      if (keep) {
        level[s] = L + 1;
        kept++;
        continue;
      }
      lowered[s] = L;
      loweredCount++;
      for (let k = 0; k < extra.length; k += 2) {
        const i = extra[k]!;
        const j = extra[k + 1]!;
        const p = nb[i]!;
        const q = nb[j]!;
        const k0 = adj[p]!.indexOf(q);
        const wasOriginalOrNone = k0 < 0 || via[p]![k0] === -1;
        if (setEdge(p, q, nbLen[i]! + nbLen[j]!, s) && wasOriginalOrNone) extraEdges++;
      }
    }
    if (loweredCount === 0) {
      for (const s of top) level[s] = L; // nothing could be lowered: this level is the core
      break;
    }
    L++;
    if (kept === 0) break; // everything was lowered: the core (level L) is empty
  }
  const levelCount = L; // every exit leaves the kept vertices (if any) at level L
  let coreCount = 0;
  for (let u = 0; u < n; u++) if (level[u] === levelCount) coreCount++;
  const offsets = new Int32Array(n + 1);
  for (let u = 0; u < n; u++) offsets[u + 1] = offsets[u]! + adj[u]!.length;
  const m = offsets[n]!;
  const targets = new Int32Array(m);
  const weights = new Float64Array(m);
  const mids = new Int32Array(m);
  const upEnd = new Int32Array(n);
  const order: number[] = [];
  for (let u = 0; u < n; u++) {
    const o = offsets[u]!;
    const au = adj[u]!;
    // Edges to higher levels first (highest first), so upward walks stop at upEnd[u].
    order.length = 0;
    for (let k = 0; k < au.length; k++) order.push(k);
    order.sort((x, y) => level[au[y]!]! - level[au[x]!]! || au[x]! - au[y]!);
    let up = o;
    for (let i = 0; i < order.length; i++) {
      const k = order[i]!;
      targets[o + i] = au[k]!;
      weights[o + i] = len[u]![k]!;
      mids[o + i] = via[u]![k]!;
      if (level[au[k]!]! > level[u]!) up = o + i + 1;
    }
    upEnd[u] = up;
  }
  return { nodeCount: n, levelCount, level, coreCount, offsets, upEnd, targets, weights, mid: mids, extraEdgeCount: extraEdges };
}

/** Options of {@link createNLevelQuery}. */
export interface NLevelQueryOptions {
  /**
   * Extra search slots `nodeCount .. nodeCount + extraSlots - 1` in `g`, `parent`, `seen`, `closed`
   * and the heap (integer ≥ 0, default 0), for callers that run their own search with virtual
   * start and goal nodes (as the grid's N-level subgoal graph does).
   */
  readonly extraSlots?: number;
}

/** Options of {@link findPathNLevel}. */
export interface NLevelPathOptions {
  /** Admissible, consistent estimate of the distance `from → to` on the original graph (default none: Dijkstra). */
  readonly heuristic?: ((from: number, to: number) => number) | undefined;
}

/**
 * Creates the query scratch of `nl` (O(nodeCount) memory, once).
 * @param nl - The N-level graph the query will search; only its `nodeCount` sizes the buffers.
 * @param options - `extraSlots`: node ids past `nl.nodeCount` reserved in the search arrays, an
 *   integer in [0, 2^24] (default 0), for searches with virtual start and goal nodes.
 * @returns A new query, reusable for every {@link findPathNLevel} call on `nl`.
 * @throws TacticaError `INVALID_ARGUMENT` when `extraSlots` is not an integer in range.
 */
export function createNLevelQuery(nl: NLevelGraph, options: NLevelQueryOptions = {}): NLevelQuery {
  const extraSlots = options.extraSlots ?? 0;
  assertInteger("@tactica/search: createNLevelQuery", "options.extraSlots", extraSlots, 0, 0x1000000);
  const n = Math.max(1, nl.nodeCount);
  const m = nl.nodeCount + extraSlots + 1;
  return {
    mark: new Uint32Array(n),
    stamp: 0,
    connecting: new Int32Array(n),
    connectingCount: 0,
    stack: new Int32Array(3 * n + 4),
    g: new Float64Array(m),
    parent: new Int32Array(m),
    closed: new Uint32Array(m),
    seen: new Uint32Array(m),
    heap: createIndexedHeap(m),
  };
}

function queryForOtherGraph(fn: string, query: NLevelQuery, nl: NLevelGraph): never {
  return invalidArgument(
    `@tactica/search: ${fn}`,
    "query",
    `was made for a graph of ${query.mark.length} vertices, but "nl" has ${nl.nodeCount}`,
    "Create the query with createNLevelQuery(nl) for this graph.",
  );
}

/**
 * Starts a new query on `query`: bumps its stamp (clearing stamps on wrap) and forgets the connecting vertices. O(1).
 * @param query - The query scratch to reset, changed in place.
 */
export function beginNLevelQuery(query: NLevelQuery): void {
  if (++query.stamp >= 0xfffffffe) {
    query.mark.fill(0);
    query.closed.fill(0);
    query.seen.fill(0);
    query.stamp = 1;
  }
  query.connectingCount = 0;
}

/**
 * Listing 15.3: marks `s` and every vertex reachable from it along edges to strictly higher
 * levels, stopping at core vertices (which every query searches anyway). Marks use the current
 * stamp of `query` (see {@link beginNLevelQuery}) and are appended to
 * {@link NLevelQuery.connecting}. Returns the number of vertices newly marked. O(marked vertices ×
 * degree), no allocation.
 * @param query - Query scratch of `nl`, begun with {@link beginNLevelQuery}; its marks and
 *   connecting list grow.
 * @param nl - The N-level graph; read only.
 * @param s - Vertex id to start the upward walk from, an integer in `0 .. nl.nodeCount − 1`.
 * @throws TacticaError `INVALID_ARGUMENT` when `s` is not a vertex of `nl` or `query` was made for a smaller graph.
 */
export function identifyConnectingVertices(query: NLevelQuery, nl: NLevelGraph, s: number): number {
  if (!(s >= 0 && s < nl.nodeCount && (s | 0) === s)) assertInteger("@tactica/search: identifyConnectingVertices", "s", s, 0, nl.nodeCount - 1);
  if (query.mark.length < nl.nodeCount) queryForOtherGraph("identifyConnectingVertices", query, nl);
  const { mark, stack, connecting } = query;
  const { upEnd, offsets, targets } = nl;
  const stamp = query.stamp;
  if (mark[s] === stamp) return 0;
  let added = 1;
  mark[s] = stamp;
  connecting[query.connectingCount++] = s;
  let sp = 0;
  stack[sp++] = s;
  while (sp > 0) {
    const u = stack[--sp]!;
    for (let e = offsets[u]!, end = upEnd[u]!; e < end; e++) {
      const v = targets[e]!;
      if (mark[v] === stamp) continue;
      mark[v] = stamp;
      connecting[query.connectingCount++] = v;
      added++;
      stack[sp++] = v;
    }
  }
  return added;
}

/**
 * Unpacks the edge `a → b` of an {@link NLevelGraph} (pass its `offsets`, `targets` and `mid`, or
 * the same arrays of any graph whose extra edges remember the vertex they bypass, `-1` for an
 * original edge) into original edges, recursively through the bypassed vertices, and writes the vertices
 * after `a` up to `b` into `out[at ..]` (entries past `out.length` are counted, not written, so a
 * caller detects truncation by comparing the returned end with `out.length`).
 * Returns the new end index. `stack[stackBase ..]` is scratch: it needs 2 × (unpacked vertices + 1)
 * entries. O(unpacked vertices × degree), no allocation.
 * @param out - Vertex buffer written in place from index `at`; entries past its length are counted only.
 * @param at - Index in `out` of the first vertex to write (the vertex after `a`).
 * @param offsets - CSR row offsets of the graph holding the edge (`nl.offsets`).
 * @param targets - CSR edge targets (`nl.targets`).
 * @param mid - Per edge, the vertex an extra edge bypasses, `-1` for an original edge (`nl.mid`).
 * @param a - The edge's first vertex (already in the path, not written).
 * @param b - The edge's last vertex (written last).
 * @param stack - Scratch stack, used from `stackBase` on; entries below it are left untouched.
 * @param stackBase - First index of `stack` this call may use.
 * @returns The index after the last vertex written (or counted).
 */
export function unpackNLevelEdge(
  out: Int32Array,
  at: number,
  offsets: Int32Array,
  targets: Int32Array,
  mid: Int32Array,
  a: number,
  b: number,
  stack: Int32Array,
  stackBase: number,
): number {
  let hi = stackBase;
  stack[hi++] = a;
  stack[hi++] = b;
  while (hi > stackBase) {
    const v = stack[--hi]!;
    const u = stack[--hi]!;
    let m = -1;
    for (let e = offsets[u]!, end = offsets[u + 1]!; e < end; e++) {
      if (targets[e] === v) {
        m = mid[e]!;
        break;
      }
    }
    if (m >= 0) {
      stack[hi++] = m;
      stack[hi++] = v;
      stack[hi++] = u;
      stack[hi++] = m;
    } else {
      if (at < out.length) out[at] = v;
      at++;
    }
  }
  return at;
}

/**
 * Shortest path from `start` to `goal` on the N-level graph: A* (Dijkstra without `heuristic`)
 * over the core plus the connecting vertices of start and goal, then every extra edge on the
 * result unpacked through the vertices it bypasses, so `result.path` lists vertices of the
 * original graph and `result.cost` is the shortest-path length. `result.expanded` counts expansions
 * of the high-level search. A path longer than `out.path` sets `PathTruncated`. No allocation.
 *
 * @param out - The caller-owned result ({@link createPathResult}), overwritten and returned;
 *   `cost` is in the input graph's weight units.
 * @param nl - The N-level graph ({@link createNLevelGraph}); read only.
 * @param query - Query scratch made for `nl` ({@link createNLevelQuery}); overwritten.
 * @param start - Start vertex id, an integer in `0 .. nl.nodeCount − 1`.
 * @param goal - Goal vertex id, an integer in `0 .. nl.nodeCount − 1`.
 * @param options - `heuristic`: admissible, consistent distance estimate `from → to` in the
 *   weights' units (default none: Dijkstra).
 * @returns `out`: `Found` or `NoPath`.
 * @throws TacticaError `INVALID_ARGUMENT` for vertex ids out of range, or a `query` made for a graph with another vertex count.
 */
export function findPathNLevel(
  out: PathResult,
  nl: NLevelGraph,
  query: NLevelQuery,
  start: number,
  goal: number,
  options: NLevelPathOptions = NO_PATH_OPTIONS,
): PathResult {
  const result = out;
  const heuristic = options.heuristic;
  const where = "@tactica/search: findPathNLevel";
  assertInteger(where, "start", start, 0, nl.nodeCount - 1);
  assertInteger(where, "goal", goal, 0, nl.nodeCount - 1);
  if (query.mark.length !== Math.max(1, nl.nodeCount) || query.g.length < nl.nodeCount + 1) queryForOtherGraph("findPathNLevel", query, nl);
  resetPathResult(result);
  beginNLevelQuery(query);
  identifyConnectingVertices(query, nl, start);
  identifyConnectingVertices(query, nl, goal);
  const { g, parent, closed, seen, heap, mark, stack } = query;
  const { level, offsets, targets, weights } = nl;
  const stamp = query.stamp;
  const top = nl.levelCount;
  indexedHeapClear(heap);
  g[start] = 0;
  parent[start] = -1;
  seen[start] = stamp;
  heap.next[0] = heuristic === undefined ? 0 : heuristic(start, goal);
  indexedHeapPushNext(heap, start);
  let expanded = 0;
  let found = false;
  for (;;) {
    const u = indexedHeapPop(heap);
    if (u < 0) break;
    if (u === goal) {
      found = true;
      break;
    }
    closed[u] = stamp;
    expanded++;
    const gu = g[u]!;
    for (let e = offsets[u]!; e < offsets[u + 1]!; e++) {
      const v = targets[e]!;
      if (closed[v] === stamp || (level[v] !== top && mark[v] !== stamp)) continue;
      const ng = gu + weights[e]!;
      if (seen[v] === stamp && ng >= g[v]!) continue;
      seen[v] = stamp;
      g[v] = ng;
      parent[v] = u;
      heap.next[0] = heuristic === undefined ? ng : ng + heuristic(v, goal);
      indexedHeapPushNext(heap, v);
    }
  }
  result.expanded = expanded;
  if (!found) {
    result.flags = PathFlags.NoPath;
    return result;
  }
  // High-level path (goal back to start) on the stack's low end; each edge unpacks through the
  // vertices it bypasses on the stack above it (pairs a, b; at most 2 × path length entries).
  let sp = 0;
  for (let v = goal; v !== start; v = parent[v]!) {
    if (sp >= parent.length) corruptState("@tactica/search: n-level graph search", "the parent chain loops");
    stack[sp++] = v;
  }
  const path = result.path;
  let len = 0;
  if (len < path.length) path[len] = start;
  len++;
  let a0 = start;
  while (sp > 0) {
    const b0 = stack[--sp]!;
    len = unpackNLevelEdge(path, len, offsets, targets, nl.mid, a0, b0, stack, sp);
    a0 = b0;
  }
  result.length = len;
  result.cost = g[goal]!;
  result.flags = PathFlags.Found | (len > path.length ? PathFlags.PathTruncated : 0);
  return result;
}

/**
 * Bytes held by the typed arrays of an {@link NLevelGraph}.
 * @param nl - The graph to measure; read only.
 */
export function nLevelGraphMemoryBytes(nl: NLevelGraph): number {
  return nl.level.byteLength + nl.offsets.byteLength + nl.upEnd.byteLength + nl.targets.byteLength + nl.weights.byteLength + nl.mid.byteLength;
}
