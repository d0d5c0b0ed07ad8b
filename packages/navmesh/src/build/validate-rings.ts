import { TacticaError } from "@tactica/core";
import { NavMeshErrorCodes } from "../errors";
import { MAX_WORLD_COORDINATE } from "../input-limits";
import { orient2d } from "./predicates";

/** Largest coordinate magnitude a polygon build accepts: the world bounds ({@link MAX_WORLD_COORDINATE}). */
export const MAX_BUILD_COORDINATE = MAX_WORLD_COORDINATE;

/** A region after validation: rings as plain number arrays (outer first). @internal */
export interface CheckedRegion {
  readonly rings: number[][];
  readonly area: number;
  readonly flags: number;
  readonly tag: number;
}

function fail(fn: string, path: string, message: string): never {
  throw new TacticaError(NavMeshErrorCodes.BadPolygon, `@tactica/navmesh: ${fn}: ${message}`, { path });
}

function ringPath(r: number, k: number): string {
  return k === 0 ? `$[${r}].outer` : `$[${r}].holes[${k - 1}]`;
}

function ringName(r: number, k: number): string {
  return `region ${r} ${k === 0 ? "outer ring" : `hole ${k - 1}`}`;
}

function isArrayLike(v: unknown): v is ArrayLike<unknown> {
  if (Array.isArray(v)) return true;
  return ArrayBuffer.isView(v) && !(v instanceof DataView);
}

function intAttr(fn: string, region: Record<string, unknown>, r: number, key: string, def: number, min: number, max: number): number {
  const v = region[key];
  if (v === undefined) return def;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max)
    fail(fn, `$[${r}].${key}`, `region ${r}: "${key}" must be an integer in ${min}..${max}, got ${typeof v === "number" ? v : typeof v}.`);
  return v;
}

/**
 * Validates polygon regions `{ outer, holes?, area?, flags?, tag? }` before a build and returns
 * plain copies. Throws `NAVMESH_BAD_POLYGON` whose message names region, ring and vertex and whose
 * `path` points at it (`$[0].holes[1][6]`): not an array, fewer than 3 vertices, a non-finite or
 * huge coordinate, zero area, a repeated vertex, a self-intersecting ring, a hole not strictly
 * inside its outer ring, holes that touch or overlap.
 * @internal
 */
export function checkRegions(fn: string, regions: unknown): CheckedRegion[] {
  if (!isArrayLike(regions)) fail(fn, "$", "expected an array of { outer, holes } regions.");
  const out: CheckedRegion[] = [];
  for (let r = 0; r < regions.length; r++) {
    const region = regions[r];
    if (region === null || typeof region !== "object" || Array.isArray(region)) fail(fn, `$[${r}]`, `region ${r} is not an object { outer, holes }.`);
    const rec = region as Record<string, unknown>;
    const holesIn = rec["holes"];
    if (holesIn !== undefined && !isArrayLike(holesIn)) fail(fn, `$[${r}].holes`, `region ${r}: "holes" must be an array of rings.`);
    const raw: unknown[] = [rec["outer"]];
    if (holesIn !== undefined) for (let h = 0; h < holesIn.length; h++) raw.push(holesIn[h]);
    const rings: number[][] = [];
    for (let k = 0; k < raw.length; k++) rings.push(checkRing(fn, r, k, raw[k]));
    checkNesting(fn, r, rings);
    out.push({
      rings,
      area: intAttr(fn, rec, r, "area", 0, 0, 63),
      flags: intAttr(fn, rec, r, "flags", 1, 0, 0xffff),
      tag: intAttr(fn, rec, r, "tag", 0, -0x80000000, 0x7fffffff),
    });
  }
  return out;
}

function checkRing(fn: string, r: number, k: number, ring: unknown): number[] {
  const path = ringPath(r, k);
  if (!isArrayLike(ring) || ring.length % 2 !== 0) fail(fn, path, `${ringName(r, k)}: the ring must be an array of x, y pairs.`);
  const n = ring.length / 2;
  if (n < 3) fail(fn, path, `${ringName(r, k)} vertex 0: a ring needs at least 3 vertices (got ${n}).`);
  const c: number[] = new Array<number>(ring.length);
  for (let i = 0; i < ring.length; i++) {
    const v = ring[i];
    if (typeof v !== "number" || !Number.isFinite(v) || Math.abs(v) > MAX_BUILD_COORDINATE)
      fail(
        fn,
        `${path}[${i}]`,
        `${ringName(r, k)} vertex ${i >> 1}: coordinate ${typeof v === "number" ? v : typeof v} is not a finite number within the world bounds ±${MAX_BUILD_COORDINATE} (MAX_WORLD_COORDINATE).`,
      );
    c[i] = v;
  }
  let a2 = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    a2 += c[2 * i]! * c[2 * j + 1]! - c[2 * j]! * c[2 * i + 1]!;
  }
  if (!(a2 !== 0)) fail(fn, `${path}[0]`, `${ringName(r, k)} vertex 0: the ring has zero area.`);
  // Simple ring: no repeated vertex, no two non-adjacent edges touching. Sorted by min x to prune.
  const order = Array.from({ length: n }, (_, i) => i).sort((p, q) => Math.min(c[2 * p]!, c[2 * ((p + 1) % n)]!) - Math.min(c[2 * q]!, c[2 * ((q + 1) % n)]!));
  for (let oi = 0; oi < n; oi++) {
    const i = order[oi]!;
    const maxX = Math.max(c[2 * i]!, c[2 * ((i + 1) % n)]!);
    for (let oj = oi + 1; oj < n; oj++) {
      const j = order[oj]!;
      if (Math.min(c[2 * j]!, c[2 * ((j + 1) % n)]!) > maxX) break;
      const lo = Math.min(i, j),
        hi = Math.max(i, j);
      if (c[2 * lo] === c[2 * hi] && c[2 * lo + 1] === c[2 * hi + 1])
        fail(fn, `${path}[${2 * hi}]`, `${ringName(r, k)} vertex ${hi}: repeats vertex ${lo}; rings must be simple.`);
      const adjacent = hi === lo + 1 || (lo === 0 && hi === n - 1);
      if (adjacent) {
        // Adjacent edges may only share their common vertex (no fold-back).
        const shared = hi === lo + 1 ? hi : lo;
        const p = hi === lo + 1 ? lo : hi,
          q = (shared + 1) % n;
        if (orient(c, p, shared, q) === 0 && dot(c, shared, p, q) > 0)
          fail(fn, `${path}[${2 * shared}]`, `${ringName(r, k)} vertex ${shared}: the ring folds back on itself; rings must be simple.`);
        continue;
      }
      if (segmentsTouch(c, lo, (lo + 1) % n, c, hi, (hi + 1) % n))
        fail(
          fn,
          `${path}[${2 * lo}]`,
          `${ringName(r, k)} vertex ${lo}: edge ${lo}–${(lo + 1) % n} touches edge ${hi}–${(hi + 1) % n}; the ring is self-intersecting.`,
        );
    }
  }
  return c;
}

function checkNesting(fn: string, r: number, rings: number[][]): void {
  const outer = rings[0]!;
  for (let k = 1; k < rings.length; k++) {
    const hole = rings[k]!;
    const n = hole.length / 2;
    for (let i = 0; i < n; i++) {
      const x = hole[2 * i]!,
        y = hole[2 * i + 1]!;
      if (pointOnRing(outer, x, y) || !insideRing(outer, x, y))
        fail(fn, `${ringPath(r, k)}[${2 * i}]`, `${ringName(r, k)} vertex ${i}: lies outside (or on) the outer ring; holes must be strictly inside.`);
    }
    for (let q = 0; q < rings.length; q++) {
      if (q === k) continue;
      const other = rings[q]!;
      const m = other.length / 2;
      if (q > k && (pointOnRing(other, hole[0]!, hole[1]!) || insideRing(other, hole[0]!, hole[1]!)))
        fail(fn, `${ringPath(r, k)}[0]`, `${ringName(r, k)} vertex 0: lies inside hole ${q - 1}; holes must not overlap.`);
      if (q > k && q > 0 && (pointOnRing(hole, other[0]!, other[1]!) || insideRing(hole, other[0]!, other[1]!)))
        fail(fn, `${ringPath(r, q)}[0]`, `${ringName(r, q)} vertex 0: lies inside hole ${k - 1}; holes must not overlap.`);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < m; j++) {
          if (segmentsTouch(hole, i, (i + 1) % n, other, j, (j + 1) % m))
            fail(
              fn,
              `${ringPath(r, k)}[${2 * i}]`,
              `${ringName(r, k)} vertex ${i}: edge ${i}–${(i + 1) % n} touches ${q === 0 ? "the outer ring" : `hole ${q - 1}`}; holes must be strictly inside and disjoint.`,
            );
        }
      }
    }
  }
}

function orient(c: readonly number[], a: number, b: number, p: number): number {
  return o3(c[2 * a]!, c[2 * a + 1]!, c[2 * b]!, c[2 * b + 1]!, c[2 * p]!, c[2 * p + 1]!);
}

function dot(c: readonly number[], o: number, a: number, b: number): number {
  return (c[2 * a]! - c[2 * o]!) * (c[2 * b]! - c[2 * o]!) + (c[2 * a + 1]! - c[2 * o + 1]!) * (c[2 * b + 1]! - c[2 * o + 1]!);
}

function o3(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const v = orient2d(ax, ay, bx, by, cx, cy);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

function onSeg(ax: number, ay: number, bx: number, by: number, px: number, py: number): boolean {
  return Math.min(ax, bx) <= px && px <= Math.max(ax, bx) && Math.min(ay, by) <= py && py <= Math.max(ay, by);
}

/** Closed segments `r1[i1]–r1[j1]` and `r2[i2]–r2[j2]` share a point. @internal */
export function segmentsTouch(r1: readonly number[], i1: number, j1: number, r2: readonly number[], i2: number, j2: number): boolean {
  const ax = r1[2 * i1]!,
    ay = r1[2 * i1 + 1]!,
    bx = r1[2 * j1]!,
    by = r1[2 * j1 + 1]!;
  const cx = r2[2 * i2]!,
    cy = r2[2 * i2 + 1]!,
    dx = r2[2 * j2]!,
    dy = r2[2 * j2 + 1]!;
  if (Math.max(ax, bx) < Math.min(cx, dx) || Math.max(cx, dx) < Math.min(ax, bx) || Math.max(ay, by) < Math.min(cy, dy) || Math.max(cy, dy) < Math.min(ay, by))
    return false;
  const d1 = o3(ax, ay, bx, by, cx, cy),
    d2 = o3(ax, ay, bx, by, dx, dy);
  const d3 = o3(cx, cy, dx, dy, ax, ay),
    d4 = o3(cx, cy, dx, dy, bx, by);
  if (d1 !== d2 && d3 !== d4 && d1 !== 0 && d2 !== 0 && d3 !== 0 && d4 !== 0) return true;
  if (d1 === 0 && onSeg(ax, ay, bx, by, cx, cy)) return true;
  if (d2 === 0 && onSeg(ax, ay, bx, by, dx, dy)) return true;
  if (d3 === 0 && onSeg(cx, cy, dx, dy, ax, ay)) return true;
  if (d4 === 0 && onSeg(cx, cy, dx, dy, bx, by)) return true;
  return d1 !== d2 && d3 !== d4;
}

/** The point lies on an edge of the ring. @internal */
export function pointOnRing(ring: readonly number[], px: number, py: number): boolean {
  const n = ring.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ax = ring[2 * i]!,
      ay = ring[2 * i + 1]!,
      bx = ring[2 * j]!,
      by = ring[2 * j + 1]!;
    if (px < Math.min(ax, bx) || px > Math.max(ax, bx) || py < Math.min(ay, by) || py > Math.max(ay, by)) continue;
    if (
      o3(ring[2 * i]!, ring[2 * i + 1]!, ring[2 * j]!, ring[2 * j + 1]!, px, py) === 0 &&
      onSeg(ring[2 * i]!, ring[2 * i + 1]!, ring[2 * j]!, ring[2 * j + 1]!, px, py)
    )
      return true;
  }
  return false;
}

/** Even-odd point-in-ring test (boundary points may go either way). @internal */
export function insideRing(ring: ArrayLike<number>, px: number, py: number): boolean {
  const n = ring.length / 2;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = ring[2 * i]!,
      yi = ring[2 * i + 1]!,
      xj = ring[2 * j]!,
      yj = ring[2 * j + 1]!;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
