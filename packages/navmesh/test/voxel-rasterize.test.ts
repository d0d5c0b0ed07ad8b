import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  NOT_CONNECTED,
  NULL_AREA,
  addSpan,
  buildCompactHeightfield,
  buildDistanceField,
  createHeightfield,
  erodeWalkableArea,
  filterLedgeSpans,
  filterLowHangingObstacles,
  filterLowHeightSpans,
  getCon,
  rasterizeTriangle,
  type CompactHeightfield,
  type Heightfield,
} from "../src";
import { neighborSpan } from "../src/voxel/erode";
import { MAX_HEIGHTFIELD_HEIGHT, SPAN_MAX_HEIGHT } from "../src/voxel/types";

// The voxel stages are tuned for speed (per-coordinate clip scratch, connections unpacked by hand);
// these properties pin them to plain transcriptions of Recast's code (whole-vertex dividePoly,
// getCon / neighborSpan lookups): the same spans, areas and distances, bit for bit.

/** Recast's dividePoly over whole x, y, z vertices. */
function dividePoly(src: number[], line: number, axis: number): [number[], number[]] {
  const n = src.length / 3;
  const d = Array.from({ length: n }, (_, i) => line - src[i * 3 + axis]!);
  const a: number[] = [],
    b: number[] = [];
  for (let i = 0, j = n - 1; i < n; j = i, i++) {
    const vi = src.slice(i * 3, i * 3 + 3),
      vj = src.slice(j * 3, j * 3 + 3);
    if (d[j]! >= 0 !== d[i]! >= 0) {
      const s = d[j]! / (d[j]! - d[i]!);
      const v = [0, 1, 2].map((c) => vj[c]! + (vi[c]! - vj[c]!) * s);
      a.push(...v);
      b.push(...v);
      if (d[i]! > 0) a.push(...vi);
      else if (d[i]! < 0) b.push(...vi);
    } else {
      if (d[i]! >= 0) {
        a.push(...vi);
        if (d[i]! !== 0) continue;
      }
      b.push(...vi);
    }
  }
  return [a, b];
}

/** Recast's rcRasterizeTriangle, clipping whole vertices row by row and cell by cell. */
function referenceRasterize(hf: Heightfield, tri: number[], area: number, thr: number): boolean {
  const { bmin, bmax, cellSize: cs, width: w, depth: h } = hf;
  const ics = 1 / cs,
    ich = 1 / hf.cellHeight; // Recast multiplies by the inverse sizes
  const ys = [tri[1]!, tri[4]!, tri[7]!];
  const lo = (k: number) => Math.min(tri[k]!, tri[k + 3]!, tri[k + 6]!),
    hi = (k: number) => Math.max(tri[k]!, tri[k + 3]!, tri[k + 6]!);
  if (lo(0) > bmax[0]! || hi(0) < bmin[0]! || Math.min(...ys) > bmax[1]! || Math.max(...ys) < bmin[1]! || lo(2) > bmax[2]! || hi(2) < bmin[2]!) return false;
  const z0 = Math.min(Math.max(Math.floor((lo(2) - bmin[2]!) * ics), -1), h - 1),
    z1 = Math.min(Math.max(Math.floor((hi(2) - bmin[2]!) * ics), 0), h - 1);
  let rest = tri.slice();
  for (let z = z0; z <= z1; z++) {
    const [row, r] = dividePoly(rest, bmin[2]! + z * cs + cs, 2);
    rest = r;
    if (row.length < 9 || z < 0) continue;
    const xs = row.filter((_, i) => i % 3 === 0);
    let x0 = Math.floor((Math.min(...xs) - bmin[0]!) * ics),
      x1 = Math.floor((Math.max(...xs) - bmin[0]!) * ics);
    if (x1 < 0 || x0 >= w) continue;
    x0 = Math.min(Math.max(x0, -1), w - 1);
    x1 = Math.min(Math.max(x1, 0), w - 1);
    let rowRest = row;
    for (let x = x0; x <= x1; x++) {
      const [cell, r2] = dividePoly(rowRest, bmin[0]! + x * cs + cs, 0);
      rowRest = r2;
      if (cell.length < 9 || x < 0) continue;
      const cy = cell.filter((_, i) => i % 3 === 1);
      let smin = Math.min(...cy) - bmin[1]!,
        smax = Math.max(...cy) - bmin[1]!;
      const top = bmax[1]! - bmin[1]!;
      if (smax < 0 || smin > top) continue;
      smin = Math.max(smin, 0);
      smax = Math.min(smax, top);
      const ismin = Math.min(Math.max(Math.floor(smin * ich), 0), SPAN_MAX_HEIGHT);
      const ismax = Math.min(Math.max(Math.ceil(smax * ich), ismin + 1), SPAN_MAX_HEIGHT);
      addSpan(hf, x, z, ismin, ismax, area, thr);
    }
  }
  return true;
}

function columns(hf: Heightfield): number[][] {
  const out: number[][] = [];
  for (let c = 0; c < hf.head.length; c++) {
    const col: number[] = [];
    for (let s = hf.head[c]!; s !== -1; s = hf.spanNext[s]!) col.push(hf.spanMin[s]!, hf.spanMax[s]!, hf.spanArea[s]!);
    out.push(col);
  }
  return out;
}

// Coordinates on a half-cell lattice (so that vertices and edges fall exactly on cell lines) or anywhere.
const coord = (lo: number, hi: number) =>
  fc.oneof(
    fc.integer({ min: lo * 4, max: hi * 4 }).map((k) => k / 4),
    fc.double({ min: lo, max: hi, noNaN: true }),
  );
const arbTriangle = fc.record({
  v: fc.array(fc.tuple(coord(-2, 10), coord(-1, 5), coord(-2, 10)), { minLength: 3, maxLength: 3 }),
  area: fc.constantFrom(NULL_AREA, 7, 63),
});

describe("rasterizeTriangle", () => {
  it("property: gives exactly the spans of a whole-vertex dividePoly rasteriser (Recast's)", () => {
    fc.assert(
      fc.property(
        fc.array(arbTriangle, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(0.5, 0.3, 0.25),
        fc.constantFrom(0.1, 0.25),
        fc.integer({ min: 0, max: 2 }),
        (tris, cs, ch, thr) => {
          const fast = createHeightfield([0, 0, 0], [8, 4, 8], cs, ch);
          const ref = createHeightfield([0, 0, 0], [8, 4, 8], cs, ch);
          for (const t of tris) {
            const p = t.v.flat();
            const a = rasterizeTriangle(fast, p[0]!, p[1]!, p[2]!, p[3]!, p[4]!, p[5]!, p[6]!, p[7]!, p[8]!, t.area, thr);
            expect(a).toBe(referenceRasterize(ref, p, t.area, thr));
          }
          expect(columns(fast)).toEqual(columns(ref));
        },
      ),
      { numRuns: 120 },
    );
  }, 20_000); // a few seconds when idle; generous for a loaded machine
});

/** Recast's rcErodeWalkableArea and rcBuildDistanceField through getCon / neighborSpan (distances only). */
function referenceChamfer(chf: CompactHeightfield, dist: Uint16Array, cap: number): void {
  const { width: w, depth: h } = chf;
  const step = (x: number, z: number, i: number, dir: number, dir2: number): void => {
    if (getCon(chf, i, dir) === NOT_CONNECTED) return;
    const ai = neighborSpan(chf, x, z, i, dir);
    dist[i] = Math.min(dist[i]!, Math.min(dist[ai]! + 2, cap));
    if (getCon(chf, ai, dir2) === NOT_CONNECTED) return;
    const dx = [-1, 0, 1, 0][dir]!,
      dz = [0, 1, 0, -1][dir]!;
    dist[i] = Math.min(dist[i], Math.min(dist[neighborSpan(chf, x + dx, z + dz, ai, dir2)]! + 3, cap));
  };
  for (let z = 0; z < h; z++)
    for (let x = 0; x < w; x++)
      for (let i = chf.cellIndex[x + z * w]!, e = i + chf.cellCount[x + z * w]!; i < e; i++) {
        step(x, z, i, 0, 3);
        step(x, z, i, 3, 2);
      }
  for (let z = h - 1; z >= 0; z--)
    for (let x = w - 1; x >= 0; x--)
      for (let i = chf.cellIndex[x + z * w]!, e = i + chf.cellCount[x + z * w]!; i < e; i++) {
        step(x, z, i, 2, 1);
        step(x, z, i, 1, 0);
      }
}

function forSpans(chf: CompactHeightfield, f: (x: number, z: number, i: number) => void): void {
  for (let z = 0; z < chf.depth; z++)
    for (let x = 0; x < chf.width; x++) for (let i = chf.cellIndex[x + z * chf.width]!, e = i + chf.cellCount[x + z * chf.width]!; i < e; i++) f(x, z, i);
}

function referenceErode(chf: CompactHeightfield, radius: number): Uint8Array {
  const areas = chf.areas.slice();
  const dist = new Uint16Array(chf.spanCount).fill(0xff);
  forSpans(chf, (x, z, i) => {
    let nc = 0;
    for (let dir = 0; dir < 4; dir++) if (getCon(chf, i, dir) !== NOT_CONNECTED && areas[neighborSpan(chf, x, z, i, dir)] !== NULL_AREA) nc++;
    if (areas[i] === NULL_AREA || nc !== 4) dist[i] = 0;
  });
  referenceChamfer(chf, dist, 255);
  for (let i = 0; i < chf.spanCount; i++) if (dist[i]! < radius * 2) areas[i] = NULL_AREA;
  return areas;
}

function referenceDistance(chf: CompactHeightfield): Uint16Array {
  const src = new Uint16Array(chf.spanCount).fill(0xffff);
  forSpans(chf, (x, z, i) => {
    let nc = 0;
    for (let dir = 0; dir < 4; dir++) if (getCon(chf, i, dir) !== NOT_CONNECTED && chf.areas[neighborSpan(chf, x, z, i, dir)] === chf.areas[i]) nc++;
    if (nc !== 4) src[i] = 0;
  });
  referenceChamfer(chf, src, 0xffff);
  const dst = new Uint16Array(chf.spanCount);
  forSpans(chf, (x, z, i) => {
    const cd = src[i]!;
    if (cd <= 2) return void (dst[i] = cd);
    let d = cd;
    for (let dir = 0; dir < 4; dir++) {
      if (getCon(chf, i, dir) === NOT_CONNECTED) {
        d += cd * 2;
        continue;
      }
      const ai = neighborSpan(chf, x, z, i, dir);
      d += src[ai]!;
      const dir2 = (dir + 1) & 3;
      d += getCon(chf, ai, dir2) !== NOT_CONNECTED ? src[neighborSpan(chf, x + [-1, 0, 1, 0][dir]!, z + [0, 1, 0, -1][dir]!, ai, dir2)]! : cd;
    }
    dst[i] = Math.floor((d + 5) / 9);
  });
  return dst;
}

/** Recast's rcFilterLedgeSpans, direction by direction with no early exit. */
function referenceLedge(hf: Heightfield, walkableHeight: number, climb: number): Uint8Array {
  const area = hf.spanArea.slice();
  const { width: w, depth: h, head, spanNext, spanMin, spanMax } = hf;
  const ceilOf = (s: number) => (spanNext[s] !== -1 ? spanMin[spanNext[s]!]! : MAX_HEIGHTFIELD_HEIGHT);
  for (let z = 0; z < h; z++)
    for (let x = 0; x < w; x++)
      for (let s = head[x + z * w]!; s !== -1; s = spanNext[s]!) {
        if (hf.spanArea[s] === NULL_AREA) continue;
        const floor = spanMax[s]!,
          ceiling = ceilOf(s);
        let lowest = MAX_HEIGHTFIELD_HEIGHT,
          lo = floor,
          hi = floor;
        for (let dir = 0; dir < 4; dir++) {
          const nx = x + [-1, 0, 1, 0][dir]!,
            nz = z + [0, 1, 0, -1][dir]!;
          if (nx < 0 || nz < 0 || nx >= w || nz >= h) {
            lowest = -climb - 1;
            break;
          }
          const first = head[nx + nz * w]!;
          if (Math.min(ceiling, first !== -1 ? spanMin[first]! : MAX_HEIGHTFIELD_HEIGHT) - floor >= walkableHeight) {
            lowest = -climb - 1;
            break;
          }
          for (let ns = first; ns !== -1; ns = spanNext[ns]!) {
            if (Math.min(ceiling, ceilOf(ns)) - Math.max(floor, spanMax[ns]!) < walkableHeight) continue;
            const diff = spanMax[ns]! - floor;
            lowest = Math.min(lowest, diff);
            if (Math.abs(diff) <= climb) {
              lo = Math.min(lo, spanMax[ns]!);
              hi = Math.max(hi, spanMax[ns]!);
            } else if (diff < -climb) break;
          }
        }
        if (lowest < -climb || hi - lo > climb) area[s] = NULL_AREA;
      }
  return area;
}

/** A random blocky scene on a 16 × 16 grid: a floor (so open space is wide) with random blocks (steps, ledges, overhangs). */
const arbScene = fc.array(
  fc.record({
    x: fc.integer({ min: -1, max: 15 }),
    z: fc.integer({ min: -1, max: 15 }),
    sx: fc.integer({ min: 1, max: 6 }),
    sz: fc.integer({ min: 1, max: 6 }),
    y: fc.integer({ min: 0, max: 12 }),
    thick: fc.integer({ min: 1, max: 3 }),
    area: fc.constantFrom(63, 63, 63, 5),
  }),
  { minLength: 0, maxLength: 10 },
);

interface SceneBox {
  x: number;
  z: number;
  sx: number;
  sz: number;
  y: number;
  thick: number;
  area: number;
}

function sceneHeightfield(scene: readonly SceneBox[]): Heightfield {
  const hf = createHeightfield([0, 0, 0], [16, 8, 16], 1, 0.5);
  for (const b of [{ x: 0, z: 0, sx: 16, sz: 16, y: 0, thick: 1, area: 63 }, ...scene])
    for (let z = Math.max(0, b.z); z < Math.min(16, b.z + b.sz); z++)
      for (let x = Math.max(0, b.x); x < Math.min(16, b.x + b.sx); x++) addSpan(hf, x, z, b.y, b.y + b.thick, b.area, 1);
  return hf;
}

describe("heightfield filters, compact heightfield, erosion and distance field", () => {
  it("property: the ledge filter, erosion and distance field equal plain getCon / neighborSpan transcriptions", () => {
    fc.assert(
      fc.property(
        arbScene,
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (scene, wh, climb, radius, holes) => {
          const hf = sceneHeightfield(scene);
          filterLowHangingObstacles(hf, climb);
          const expected = referenceLedge(hf, wh, climb);
          filterLedgeSpans(hf, wh, climb);
          expect(hf.spanArea).toEqual(expected);
          filterLowHeightSpans(hf, wh);
          const chf = buildCompactHeightfield(hf, wh, climb);
          // Links: a neighbor layer only where the step and the headroom allow it.
          forSpans(chf, (x, z, i) => {
            for (let dir = 0; dir < 4; dir++) {
              if (getCon(chf, i, dir) === NOT_CONNECTED) continue;
              const ai = neighborSpan(chf, x, z, i, dir);
              expect(Math.abs(chf.y[ai]! - chf.y[i]!)).toBeLessThanOrEqual(climb);
              expect(Math.min(chf.y[ai]! + chf.h[ai]!, chf.y[i]! + chf.h[i]!) - Math.max(chf.y[ai]!, chf.y[i]!)).toBeGreaterThanOrEqual(wh);
            }
          });
          // A marking before erosion (as markAreas or a stance pass does): some walkable spans become not walkable.
          for (const k of holes) if (chf.spanCount > 0) chf.areas[k % chf.spanCount] = NULL_AREA;
          const eroded = referenceErode(chf, radius);
          erodeWalkableArea(chf, radius);
          expect(chf.areas).toEqual(eroded);
          const dist = referenceDistance(chf);
          buildDistanceField(chf);
          expect(chf.dist).toEqual(dist);
        },
      ),
      { numRuns: 80 },
    );
  }, 20_000);
});
