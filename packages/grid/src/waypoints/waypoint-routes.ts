import { createIndexedHeap, indexedHeapClear, indexedHeapPop, indexedHeapPush, invalidArgument, type IndexedHeap } from "@tactica/core";
import type { Grid } from "../model/grid";
import { hasGridLineOfSight } from "../model/line-of-sight";
import { checkIndex } from "../internal/errors";

/**
 * A precalculated all-pairs next-hop table over a set of waypoint cells ("Precalculated
 * Pathfinding Revisited", Fine 2003): waypoints that see each other ({@link hasGridLineOfSight},
 * optionally within a maximum link length) are linked with their Euclidean distance, and
 * `next[from × n + to]` stores the first waypoint after `from` on a shortest route to `to`, so an
 * agent finds its next waypoint in O(1) however often its target changes.
 *
 * Memory is n² next-hop entries (1, 2 or 4 bytes each, chosen by n) plus n² distances (8 bytes).
 * After grid edits, {@link updateWaypointRoutes} re-links the waypoints and repairs only the rows
 * whose distances change ("ripple propagation"; distances are compared, not only next hops).
 */
export interface WaypointRoutes {
  /** The grid the waypoints live on. */
  readonly grid: Grid;
  /** Waypoint cells (`y × width + x`). */
  readonly waypoints: Int32Array;
  /** Number of waypoints n. */
  readonly count: number;
  /** Longest allowed link (Euclidean, cells); `Infinity` for any visible pair. */
  readonly maxLink: number;
  /** Link matrix: cost of the direct link `i → j` (`Infinity` when not linked), n². */
  readonly links: Float64Array;
  /** Next hop per (from, to); `-1` (all ones) when unreachable or `from === to`. */
  readonly next: Uint8Array | Uint16Array | Int32Array;
  /** Least route cost per (from, to); `Infinity` when unreachable. */
  readonly distance: Float64Array;
  /** Rows recomputed by the last build or update (for inspection and tests). */
  rowsComputed: number;
  /** Scratch heap for row computation. */
  readonly heap: IndexedHeap;
  /** Scratch: first hop per node during a row computation. */
  readonly first: Int32Array;
  /** Scratch: tentative distances during a row computation. */
  readonly scratch: Float64Array;
}

const NONE8 = 0xff;
const NONE16 = 0xffff;

/** Options of {@link createWaypointRoutes}. */
export interface WaypointRoutesOptions {
  /** Longest straight link between two waypoints that see each other (default `Infinity`). */
  readonly maxLink?: number | undefined;
}

/**
 * Builds the table for the given waypoint cells (each passable; at most 65,535). O(n² × link test
 * + n × Dijkstra). Use it at load time or offline; the result is plain data.
 *
 * @param grid - the grid the waypoints lie on (kept by reference; its line of sight decides the links, re-read by {@link updateWaypointRoutes})
 * @param waypoints - the waypoint cells as indices `y × width + x` (read and copied), each inside the grid and passable; 1 to 65,535 of them, and a waypoint's position in this list is its index in the table
 * @param options - `maxLink`: the longest straight link in cells (Euclidean) between two waypoints that see each other (default `Infinity`: any visible pair)
 *
 * @throws TacticaError `INVALID_ARGUMENT` for a waypoint outside the grid or blocked, or too many.
 */
export function createWaypointRoutes(grid: Grid, waypoints: ArrayLike<number>, options?: WaypointRoutesOptions): WaypointRoutes {
  const maxLink = options?.maxLink ?? Infinity;
  const where = "@tactica/grid: createWaypointRoutes";
  const n = waypoints.length;
  if (n < 1 || n > 65535) invalidArgument(where, "waypoints", `has ${n} cells`, "Pass between 1 and 65,535 waypoint cells.");
  const cells = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const c = waypoints[i]!;
    if (!Number.isInteger(c) || c < 0 || c >= grid.width * grid.height || grid.passable[c] !== 1) {
      invalidArgument(where, `waypoints[${i}]`, `(${c}) is not a passable cell`, "Place waypoints on passable cells.");
    }
    cells[i] = c;
  }
  const size = n * n;
  const next = n < NONE8 ? new Uint8Array(size) : n < NONE16 ? new Uint16Array(size) : new Int32Array(size);
  const t: WaypointRoutes = {
    grid,
    waypoints: cells,
    count: n,
    maxLink,
    links: new Float64Array(size),
    next,
    distance: new Float64Array(size),
    rowsComputed: 0,
    heap: createIndexedHeap(n),
    first: new Int32Array(n),
    scratch: new Float64Array(n),
  };
  relink(t);
  for (let i = 0; i < n; i++) computeRow(t, i);
  return t;
}

// Recomputes the link matrix; returns the nodes whose links changed (as a flag array).
function relink(t: WaypointRoutes): Uint8Array {
  const { count: n, waypoints: cells, grid, links } = t;
  const w = grid.width;
  const changed = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const a = cells[i]!;
    const ax = a % w;
    const ay = (a - ax) / w;
    for (let j = i + 1; j < n; j++) {
      const b = cells[j]!;
      const bx = b % w;
      const by = (b - bx) / w;
      const d = Math.hypot(ax - bx, ay - by);
      const c = d <= t.maxLink && grid.passable[a] === 1 && grid.passable[b] === 1 && hasGridLineOfSight(grid, ax, ay, bx, by) ? d : Infinity;
      if (links[i * n + j] !== c) {
        links[i * n + j] = c;
        links[j * n + i] = c;
        changed[i] = 1;
        changed[j] = 1;
      }
    }
  }
  return changed;
}

function none(t: WaypointRoutes): number {
  return t.next instanceof Uint8Array ? NONE8 : t.next instanceof Uint16Array ? NONE16 : -1;
}

// Dijkstra from waypoint `s` over the link matrix; writes row s. Returns true if a distance changed.
function computeRow(t: WaypointRoutes, s: number): boolean {
  const { count: n, links, heap, first, distance, next } = t;
  const row = s * n;
  indexedHeapClear(heap);
  const scratch = t.scratch;
  scratch.fill(Infinity);
  first.fill(-1);
  scratch[s] = 0;
  indexedHeapPush(heap, s, 0);
  while (heap.size > 0) {
    const u = indexedHeapPop(heap);
    const gu = scratch[u]!;
    const lu = u * n;
    for (let v = 0; v < n; v++) {
      const c = links[lu + v]!;
      if (c === Infinity || v === u) continue;
      const ng = gu + c;
      if (ng < scratch[v]! - 1e-12) {
        scratch[v] = ng;
        first[v] = u === s ? v : first[u]!;
        indexedHeapPush(heap, v, ng);
      }
    }
  }
  let changed = false;
  const empty = none(t);
  for (let v = 0; v < n; v++) {
    const d = scratch[v]!;
    const old = distance[row + v]!;
    if (!(Math.abs(d - old) <= 1e-9 * Math.max(1, d)) && !(d === Infinity && old === Infinity)) changed = true;
    distance[row + v] = d;
    next[row + v] = first[v]! < 0 ? empty : first[v]!;
  }
  t.rowsComputed++;
  return changed;
}

/**
 * The waypoint index after `from` on a shortest route to `to`, or -1 when `to` is unreachable or
 * equal to `from`. O(1), no allocation.
 *
 * @param t - the table to read
 * @param from - index (in the `waypoints` list) of the waypoint the agent is at, an integer in `[0, count)`
 * @param to - index of the target waypoint, an integer in `[0, count)`
 *
 * @throws TacticaError `INVALID_ARGUMENT` unless `from` and `to` are waypoint indices in `[0, count)`.
 */
export function nextWaypoint(t: WaypointRoutes, from: number, to: number): number {
  checkIndex("@tactica/grid: nextWaypoint", "from", from, t.count, "a waypoint index");
  checkIndex("@tactica/grid: nextWaypoint", "to", to, t.count, "a waypoint index");
  const v = t.next[from * t.count + to]!;
  return v === none(t) ? -1 : v;
}

/**
 * Least route cost between two waypoints (`Infinity` when unreachable). O(1).
 *
 * @param t - the table to read
 * @param from - index of the first waypoint, an integer in `[0, count)`
 * @param to - index of the second waypoint, an integer in `[0, count)`; the result is in cells (sum of Euclidean link lengths)
 *
 * @throws TacticaError `INVALID_ARGUMENT` unless `from` and `to` are waypoint indices in `[0, count)`.
 */
export function waypointRouteDistance(t: WaypointRoutes, from: number, to: number): number {
  checkIndex("@tactica/grid: waypointRouteDistance", "from", from, t.count, "a waypoint index");
  checkIndex("@tactica/grid: waypointRouteDistance", "to", to, t.count, "a waypoint index");
  return t.distance[from * t.count + to]!;
}

/**
 * Repairs the table after the grid changed: re-tests every link, then recomputes rows by ripple
 * propagation — starting from the waypoints whose links changed, a recomputed row whose distances
 * changed queues its linked neighbours (including those it just lost), each node once. Returns
 * the number of rows recomputed (compare with {@link WaypointRoutes.count} for a full rebuild).
 * O(n² link tests + rows × Dijkstra); allocates O(n) scratch.
 *
 * @param t - the table to repair in place (links, next hops, distances, `rowsComputed`) from its grid's current cells
 */
export function updateWaypointRoutes(t: WaypointRoutes): number {
  const n = t.count;
  const before = t.links.slice();
  const changed = relink(t);
  const queued = new Uint8Array(n);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) {
    if (changed[i] === 1) {
      queued[i] = 1;
      queue[tail++] = i;
    }
  }
  const start = t.rowsComputed;
  while (head < tail) {
    const u = queue[head++]!;
    if (!computeRow(t, u)) continue;
    for (let v = 0; v < n; v++) {
      if (queued[v] === 1) continue;
      // Neighbours now or before the change ("nodes that used to be connected").
      if (t.links[u * n + v] !== Infinity || before[u * n + v] !== Infinity) {
        queued[v] = 1;
        queue[tail++] = v;
      }
    }
  }
  return t.rowsComputed - start;
}
