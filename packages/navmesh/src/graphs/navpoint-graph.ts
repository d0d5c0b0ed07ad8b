import { TacticaError } from "@tactica/core";
import { NavMeshErrorCodes, show } from "../errors";
import { assembleNavGraph } from "./create-nav-graph";
import { NavGraphNodeKind, type NavGraph } from "./types";

/**
 * Height-profile traversability of C.4: after an optional wall test, the straight segment is
 * walked in steps of `sampleStep` and the ground height sampled; a rise above `maxStepUp` between
 * two samples, or a descent steeper than `maxDropSlope` (height per horizontal unit), makes it
 * non-traversable. Going down a ledge may be allowed while climbing it is not: edges are directed.
 */
export interface NavpointTraversal {
  /** Ground height at a planar point. */
  readonly heightAt: (x: number, y: number) => number;
  /** Largest rise between two consecutive samples (climb / jump limit, ≥ 0). */
  readonly maxStepUp: number;
  /** Largest descent per horizontal unit between two samples (≥ 0; `Infinity` allows any drop). */
  readonly maxDropSlope: number;
  /** Sampling step along the segment (> 0): the speed/accuracy trade-off. */
  readonly sampleStep: number;
  /** Optional wall test: true when the straight segment hits collision geometry. */
  readonly isBlocked?: (ax: number, ay: number, az: number, bx: number, by: number, bz: number) => boolean;
}

/** Options of {@link buildNavpointGraph}. */
export interface BuildNavpointGraphOptions extends NavpointTraversal {
  /** Pairs farther apart than this (planar distance) are never tested. */
  readonly maxRadius: number;
  /** Pairs with a larger height difference than this are never tested. */
  readonly maxVertical: number;
  /**
   * Direction pruning (radians, default 0 = off): skip A → C when an accepted A → B has B closer
   * than C and within this angle of C's direction (a corner node does not connect to every node
   * of the room).
   */
  readonly pruneAngle?: number;
}

const FN = "buildNavpointGraph";

function bad(path: string, message: string, fn = FN): never {
  throw new TacticaError(NavMeshErrorCodes.BadInput, `@tactica/navmesh: ${fn}: ${message}`, { path });
}

function checkTraversal(t: NavpointTraversal, fn = FN, at = "options"): void {
  if (!t || typeof t.heightAt !== "function") bad(`${at}.heightAt`, '"heightAt" must be a function (x, y) => height.', fn);
  if (!(t.maxStepUp >= 0)) bad(`${at}.maxStepUp`, `"maxStepUp" must be ≥ 0 but is ${show(t.maxStepUp)}.`, fn);
  if (!(t.maxDropSlope >= 0)) bad(`${at}.maxDropSlope`, `"maxDropSlope" must be ≥ 0 but is ${show(t.maxDropSlope)}.`, fn);
  if (!(t.sampleStep > 0) || !Number.isFinite(t.sampleStep))
    bad(`${at}.sampleStep`, `"sampleStep" must be a finite number > 0 but is ${show(t.sampleStep)}.`, fn);
}

const COORDS = ["ax", "ay", "az", "bx", "by", "bz"] as const;

/**
 * Whether an agent starting at `a`, aiming at `b` and walking forward reaches `b` (C.4): the wall
 * test, then the height profile (see {@link NavpointTraversal}). At most 100,000 samples.
 *
 * @param ax - start point, x (world units, plane)
 * @param ay - start point, y (world units, plane)
 * @param az - start height (world units); only passed to `isBlocked`: the height profile comes from `heightAt`
 * @param bx - end point, x (world units)
 * @param by - end point, y (world units)
 * @param bz - end height (world units); only passed to `isBlocked`
 * @param traversal - `heightAt` (ground height), `maxStepUp` (≥ 0), `maxDropSlope` (height per horizontal unit, ≥ 0), `sampleStep` (world units, finite > 0) and the optional wall test `isBlocked`
 * @throws TacticaError `NAVMESH_BAD_INPUT` when a coordinate is not a finite number or `traversal` is malformed (NaN coordinates used to answer `true`).
 *
 * @example
 * ```ts
 * // A 2-unit ledge at x = 5: jumping down is fine, climbing up is not.
 * const t = { heightAt: (x: number) => (x < 5 ? 2 : 0), maxStepUp: 0.5, maxDropSlope: Infinity, sampleStep: 0.25 };
 * isTraversable(0, 0, 2, 10, 0, 0, t); // true
 * isTraversable(10, 0, 0, 0, 0, 2, t); // false
 * ```
 */
export function isTraversable(ax: number, ay: number, az: number, bx: number, by: number, bz: number, traversal: NavpointTraversal): boolean {
  if (!(ax - ax === 0 && ay - ay === 0 && az - az === 0 && bx - bx === 0 && by - by === 0 && bz - bz === 0)) {
    const v = [ax, ay, az, bx, by, bz];
    for (let i = 0; i < 6; i++)
      if (!(typeof v[i] === "number" && Number.isFinite(v[i])))
        bad(COORDS[i]!, `"${COORDS[i]!}" must be a finite number but is ${show(v[i])}.`, "isTraversable");
  }
  checkTraversal(traversal, "isTraversable", "traversal");
  return traversable(ax, ay, az, bx, by, bz, traversal);
}

function traversable(ax: number, ay: number, az: number, bx: number, by: number, bz: number, traversal: NavpointTraversal): boolean {
  const { heightAt, maxStepUp, maxDropSlope, sampleStep, isBlocked } = traversal;
  if (isBlocked && isBlocked(ax, ay, az, bx, by, bz)) return false;
  const len = Math.hypot(bx - ax, by - ay);
  const steps = Math.min(100000, Math.max(1, Math.ceil(len / sampleStep)));
  const stepLen = len / steps;
  let prev = heightAt(ax, ay);
  for (let k = 1; k <= steps; k++) {
    const t = k / steps;
    const h = heightAt(ax + t * (bx - ax), ay + t * (by - ay));
    if (!Number.isFinite(h)) return false;
    const dh = h - prev;
    if (dh > maxStepUp) return false;
    if (-dh > maxDropSlope * stepLen) return false;
    prev = h;
  }
  return true;
}

/**
 * Directed navpoint graph of C.4: artist-placed points `x, y, z` (z = height); an edge A → B
 * exists when {@link isTraversable} holds from A to B. Pairs beyond `maxRadius` (planar) or
 * `maxVertical` are never tested; optional direction pruning (`pruneAngle`) keeps only the nearest
 * node in each direction. Edges are stored compactly (CSR) and weighted by 3D length.
 *
 * @param points - the navpoints as `x, y, z` triples (world units, z = height), finite, at most a million points
 * @param options - the traversal (`heightAt`, `maxStepUp`, `maxDropSlope`, `sampleStep`, `isBlocked`), `maxRadius` (planar, world units) and `maxVertical` (world units) limits of the tested pairs, and `pruneAngle` (radians, 0..π, default 0 = off)
 *
 * @example
 * ```ts
 * const flat = { heightAt: () => 0, maxStepUp: 0.3, maxDropSlope: 1, sampleStep: 0.5 };
 * const g = buildNavpointGraph([0, 0, 0, 5, 0, 0, 10, 0, 0], { ...flat, maxRadius: 6, maxVertical: 1 });
 * g.edges.edgeCount; // 4: 0↔1 and 1↔2 (0–2 is beyond maxRadius)
 * ```
 */
export function buildNavpointGraph(points: ArrayLike<number>, options: BuildNavpointGraphOptions): NavGraph {
  if (!points || typeof points !== "object" || !Number.isInteger(points.length) || points.length < 0 || points.length % 3 !== 0 || points.length > 3e6)
    bad("points", "points must be an array of x, y, z triples (at most a million).");
  checkTraversal(options);
  const { maxRadius, maxVertical } = options;
  if (!(maxRadius >= 0) || !Number.isFinite(maxRadius)) bad("options.maxRadius", '"maxRadius" must be a finite number ≥ 0.');
  if (!(maxVertical >= 0)) bad("options.maxVertical", '"maxVertical" must be ≥ 0.');
  const prune = options.pruneAngle ?? 0;
  if (!(prune >= 0) || prune > Math.PI) bad("options.pruneAngle", '"pruneAngle" must be in 0..π.');
  const n = points.length / 3;
  for (let i = 0; i < points.length; i++) {
    const v = points[i];
    if (typeof v !== "number" || !Number.isFinite(v)) bad(`points[${i}]`, `navpoint ${Math.floor(i / 3)}: coordinate must be a finite number.`);
  }
  const X = new Float64Array(n),
    Y = new Float64Array(n),
    Z = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    X[i] = points[3 * i]!;
    Y[i] = points[3 * i + 1]!;
    Z[i] = points[3 * i + 2]!;
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => X[a]! - X[b]!);
  const from: number[] = [],
    to: number[] = [];
  const cands: number[] = [];
  for (let a = 0; a < n; a++) {
    cands.length = 0;
    for (const b of order) {
      if (b === a) continue;
      if (X[b]! < X[a]! - maxRadius) continue;
      if (X[b]! > X[a]! + maxRadius) break;
      if (Math.hypot(X[b]! - X[a]!, Y[b]! - Y[a]!) > maxRadius || Math.abs(Z[b]! - Z[a]!) > maxVertical) continue;
      cands.push(b);
    }
    cands.sort((p, q) => Math.hypot(X[p]! - X[a]!, Y[p]! - Y[a]!) - Math.hypot(X[q]! - X[a]!, Y[q]! - Y[a]!) || p - q);
    const accepted: number[] = [];
    for (const c of cands) {
      if (prune > 0) {
        const cx = X[c]! - X[a]!,
          cy = Y[c]! - Y[a]!;
        let shadowed = false;
        for (const b of accepted) {
          const bx = X[b]! - X[a]!,
            by = Y[b]! - Y[a]!;
          const cos = (bx * cx + by * cy) / (Math.hypot(bx, by) * Math.hypot(cx, cy));
          if (Math.acos(Math.min(1, Math.max(-1, cos))) <= prune) {
            shadowed = true;
            break;
          }
        }
        if (shadowed) continue;
      }
      if (traversable(X[a]!, Y[a]!, Z[a]!, X[c]!, Y[c]!, Z[c]!, options)) {
        accepted.push(c);
        from.push(a);
        to.push(c);
      }
    }
  }
  return assembleNavGraph(X, Y, Z, null, new Uint8Array(n).fill(NavGraphNodeKind.Waypoint), from, to, true);
}

/** Options of {@link findNearestNavpoint}. */
export interface FindNearestNavpointOptions {
  /** `"to"`: the nearest node from which the point is reachable (default); `"from"`: the nearest node reachable from the point. */
  readonly direction?: "to" | "from";
  /** Ignore nodes farther than this (planar; default unlimited). */
  readonly maxRadius?: number;
}

/**
 * The two nearest-navpoint queries of C.4, respecting edge direction: with `direction: "to"` the
 * closest node N with N → P traversable (where an agent at P should head from the graph's end), with
 * `"from"` the closest node N with P → N traversable (where an agent at P joins the graph). Returns
 * the node id, or -1.
 *
 * @param graph - the navpoint graph to search, read only
 * @param x - query point, x (world units, plane)
 * @param y - query point, y (world units, plane)
 * @param z - query point height (world units)
 * @param traversal - `heightAt`, `maxStepUp`, `maxDropSlope`, `sampleStep` and the optional wall test, validated; used to test each candidate node
 * @param options - `direction`: `"to"` (default, the nearest node from which the point is reachable) or `"from"` (the nearest node reachable from the point); `maxRadius`: planar distance limit (world units, default unlimited)
 */
export function findNearestNavpoint(
  graph: NavGraph,
  x: number,
  y: number,
  z: number,
  traversal: NavpointTraversal,
  options: FindNearestNavpointOptions = {},
): number {
  checkTraversal(traversal);
  const dir = options.direction ?? "to";
  const maxR = options.maxRadius ?? Infinity;
  const ids = Array.from({ length: graph.nodeCount }, (_, i) => i);
  const d = (i: number): number => Math.hypot(graph.x[i]! - x, graph.y[i]! - y, graph.z[i]! - z);
  ids.sort((a, b) => d(a) - d(b));
  for (const i of ids) {
    if (Math.hypot(graph.x[i]! - x, graph.y[i]! - y) > maxR) continue;
    const ok =
      dir === "to"
        ? traversable(graph.x[i]!, graph.y[i]!, graph.z[i]!, x, y, z, traversal)
        : traversable(x, y, z, graph.x[i]!, graph.y[i]!, graph.z[i]!, traversal);
    if (ok) return i;
  }
  return -1;
}
