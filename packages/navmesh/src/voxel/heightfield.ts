// Span heightfield and triangle rasterisation, after Recast's RecastRasterization.cpp
// (Recast © Mikko Mononen, zlib licence); rewritten over plain typed arrays.
import { NavMeshErrorCodes } from "../errors";
import { showValue, voxelError } from "./errors";
import { NULL_AREA as NULL_AREA_, SPAN_MAX_HEIGHT as SPAN_MAX_HEIGHT_, WALKABLE_AREA as WALKABLE_AREA_, type Heightfield } from "./types";
// Local bindings: hot loops must not go through module live-binding getters.
const NULL_AREA = NULL_AREA_;
const SPAN_MAX_HEIGHT = SPAN_MAX_HEIGHT_;
const WALKABLE_AREA = WALKABLE_AREA_;

/** Most columns a heightfield may have (width × depth). */
export const MAX_HEIGHTFIELD_CELLS = 1 << 24;

/**
 * Creates an empty span heightfield over the box `bmin .. bmax` (world units, y up) with the
 * given cell size and height. Throws `NAVMESH_CONFIG` when the grid would exceed
 * {@link MAX_HEIGHTFIELD_CELLS} columns (raise `cellSize`) or a size is not positive.
 *
 * @param bmin - Minimum corner `x, y, z` of the voxelised box (world units, y up), finite.
 * @param bmax - Maximum corner `x, y, z` (world units), finite and ≥ `bmin` on every axis.
 * @param cellSize - Horizontal voxel size, world units, > 0 (columns are `cellSize × cellSize`).
 * @param cellHeight - Vertical voxel size, world units, > 0.
 */
export function createHeightfield(bmin: ArrayLike<number>, bmax: ArrayLike<number>, cellSize: number, cellHeight: number): Heightfield {
  const fn = "createHeightfield";
  if (!(cellSize > 0) || !Number.isFinite(cellSize))
    throw voxelError(NavMeshErrorCodes.Config, fn, `"cellSize" must be > 0, got ${showValue(cellSize)}.`, "cellSize");
  if (!(cellHeight > 0) || !Number.isFinite(cellHeight))
    throw voxelError(NavMeshErrorCodes.Config, fn, `"cellHeight" must be > 0, got ${showValue(cellHeight)}.`, "cellHeight");
  for (let i = 0; i < 3; i++) {
    if (!Number.isFinite(bmin[i]) || !Number.isFinite(bmax[i]) || bmax[i]! < bmin[i]!)
      throw voxelError(
        NavMeshErrorCodes.BadGeometry,
        fn,
        `bounds axis ${i} is not a finite range (${showValue(bmin[i])} .. ${showValue(bmax[i])}).`,
        `bounds[${i}]`,
      );
  }
  const width = Math.max(1, Math.floor((bmax[0]! - bmin[0]!) / cellSize + 0.5));
  const depth = Math.max(1, Math.floor((bmax[2]! - bmin[2]!) / cellSize + 0.5));
  if (width * depth > MAX_HEIGHTFIELD_CELLS || (bmax[1]! - bmin[1]!) / cellHeight > SPAN_MAX_HEIGHT) {
    throw voxelError(
      NavMeshErrorCodes.Config,
      fn,
      `the grid would be ${width} × ${depth} cells and ${Math.ceil((bmax[1]! - bmin[1]!) / cellHeight)} layers (limits ${MAX_HEIGHTFIELD_CELLS} cells, ${SPAN_MAX_HEIGHT} layers); raise cellSize / cellHeight or build in tiles.`,
      width * depth > MAX_HEIGHTFIELD_CELLS ? "cellSize" : "cellHeight",
    );
  }
  const cap = Math.max(64, Math.min(width * depth * 2, 1 << 20));
  return {
    width,
    depth,
    bmin: Float64Array.from([bmin[0]!, bmin[1]!, bmin[2]!]),
    bmax: Float64Array.from([bmax[0]!, bmax[1]!, bmax[2]!]),
    cellSize,
    cellHeight,
    head: new Int32Array(width * depth).fill(-1),
    spanMin: new Int32Array(cap),
    spanMax: new Int32Array(cap),
    spanArea: new Uint8Array(cap),
    spanNext: new Int32Array(cap),
    spanUsed: 0,
    freeHead: -1,
  };
}

/** Doubles the span arrays (kept out of {@link addSpan} so that stays small enough to inline). */
function growSpans(hf: Heightfield): void {
  const cap = hf.spanMin.length * 2;
  const spanMin = new Int32Array(cap),
    spanMax = new Int32Array(cap),
    spanArea = new Uint8Array(cap),
    spanNext = new Int32Array(cap);
  spanMin.set(hf.spanMin);
  spanMax.set(hf.spanMax);
  spanArea.set(hf.spanArea);
  spanNext.set(hf.spanNext);
  hf.spanMin = spanMin;
  hf.spanMax = spanMax;
  hf.spanArea = spanArea;
  hf.spanNext = spanNext;
}

/**
 * Adds the solid span `[smin, smax)` (voxels) with area id `area` to column `(x, z)`, merging it
 * with the spans it overlaps. When the merged top is within `flagMergeThreshold` voxels of an
 * existing top, the larger area id wins (Recast's rule).
 *
 * @param hf - The heightfield, changed in place (the column's span list; storage grows when full).
 * @param x - Column index along x, an integer in `[0, width)` (not checked).
 * @param z - Column index along z, an integer in `[0, depth)` (not checked).
 * @param smin - Span bottom, voxels (integer).
 * @param smax - Span top, voxels (integer, > `smin`).
 * @param area - Area id of the span's top (0 not walkable, 1..63 walkable).
 * @param flagMergeThreshold - Voxels: when merged tops are this close, the larger area id wins.
 */
export function addSpan(hf: Heightfield, x: number, z: number, smin: number, smax: number, area: number, flagMergeThreshold: number): void {
  const col = x + z * hf.width;
  const head = hf.head;
  let spanNext = hf.spanNext;
  const spanMin = hf.spanMin,
    spanMax = hf.spanMax,
    spanArea = hf.spanArea;
  let free = hf.freeHead;
  let prev = -1;
  let cur = head[col]!;
  let nmin = smin,
    nmax = smax,
    narea = area;
  while (cur !== -1) {
    const cmin = spanMin[cur]!;
    if (cmin > nmax) break;
    const cmax = spanMax[cur]!,
      next = spanNext[cur]!;
    if (cmax < nmin) {
      prev = cur;
      cur = next;
      continue;
    }
    // Merge: widen the new span, free this one (freed slots are reused last in, first out).
    if (cmin < nmin) nmin = cmin;
    if (cmax > nmax) nmax = cmax;
    if (Math.abs(nmax - cmax) <= flagMergeThreshold) {
      const a = spanArea[cur]!;
      if (a > narea) narea = a;
    }
    spanNext[cur] = free;
    free = cur;
    if (prev === -1) head[col] = next;
    else spanNext[prev] = next;
    cur = next;
  }
  let s: number;
  if (free >= 0) {
    s = free;
    free = spanNext[s]!;
    hf.freeHead = free;
    spanMin[s] = nmin;
    spanMax[s] = nmax;
    spanArea[s] = narea;
  } else {
    hf.freeHead = free;
    if (hf.spanUsed === spanMin.length) growSpans(hf);
    s = hf.spanUsed++;
    hf.spanMin[s] = nmin;
    hf.spanMax[s] = nmax;
    hf.spanArea[s] = narea;
    spanNext = hf.spanNext;
  }
  if (prev === -1) {
    spanNext[s] = head[col]!;
    head[col] = s;
  } else {
    spanNext[s] = spanNext[prev]!;
    spanNext[prev] = s;
  }
}

/**
 * Number of live spans in a heightfield.
 *
 * @param hf - The heightfield, read only.
 */
export function countSpans(hf: Heightfield): number {
  let n = 0;
  for (let c = 0; c < hf.head.length; c++) for (let s = hf.head[c]!; s !== -1; s = hf.spanNext[s]!) n++;
  return n;
}

/**
 * Marks triangles by slope (Recast's `rcMarkWalkableTriangles`): writes `WALKABLE_AREA` (63) into
 * `outAreas[t]` when triangle `t`'s normal (`(v1 − v0) × (v2 − v0)`) points up within
 * `walkableSlopeAngle` degrees, else 0. Degenerate triangles get 0. Returns `outAreas`.
 *
 * @param outAreas - One area id per triangle, written in place (63 walkable, 0 too steep or degenerate) and returned; only `min(outAreas.length, triangles / 3)` entries are written.
 * @param positions - Vertex positions `x, y, z` (world units, y up).
 * @param triangles - Vertex indices, three per triangle.
 * @param walkableSlopeAngle - Steepest walkable slope, degrees from horizontal.
 */
export function markWalkableTriangles(
  outAreas: Uint8Array,
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  walkableSlopeAngle: number,
): Uint8Array {
  const thr = Math.cos((walkableSlopeAngle / 180) * Math.PI);
  const n = Math.min(outAreas.length, Math.floor(triangles.length / 3));
  for (let t = 0; t < n; t++) {
    const a = triangles[3 * t]! * 3,
      b = triangles[3 * t + 1]! * 3,
      c = triangles[3 * t + 2]! * 3;
    const e0x = positions[b]! - positions[a]!,
      e0y = positions[b + 1]! - positions[a + 1]!,
      e0z = positions[b + 2]! - positions[a + 2]!;
    const e1x = positions[c]! - positions[a]!,
      e1y = positions[c + 1]! - positions[a + 1]!,
      e1z = positions[c + 2]! - positions[a + 2]!;
    const nx = e0y * e1z - e0z * e1y,
      ny = e0z * e1x - e0x * e1z,
      nz = e0x * e1y - e0y * e1x;
    const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
    outAreas[t] = len > 0 && ny / len > thr ? WALKABLE_AREA : NULL_AREA;
  }
  return outAreas;
}

// Scratch for clipping, one array per coordinate (a triangle clipped by axis-aligned planes has at
// most 7 vertices; a degenerate 2-vertex remainder can still give 4). The row pass keeps x, y, z of
// the remainder and x, y of the row; the cell pass keeps x, y of the remainder and only the height
// range of the cell polygon. The arithmetic is Recast's dividePoly, operation for operation, so the
// spans are the same bits as clipping whole vertices.
const SCRATCH = 16;
const remAX = new Float64Array(SCRATCH),
  remAY = new Float64Array(SCRATCH),
  remAZ = new Float64Array(SCRATCH);
const remBX = new Float64Array(SCRATCH),
  remBY = new Float64Array(SCRATCH),
  remBZ = new Float64Array(SCRATCH);
const restX = new Float64Array(SCRATCH),
  restY = new Float64Array(SCRATCH);
const rowX = new Float64Array(SCRATCH),
  rowY = new Float64Array(SCRATCH);

/**
 * Splits polygon `(ix, iy, iz)[0..n)` by the plane `z = line` (Recast's dividePoly on axis z): the
 * part below goes to `rowX, rowY` (x, y only), the part above to `(ox, oy, oz)`. Returns the counts
 * packed as `row | rest << 8`.
 */
function clipRow(ix: Float64Array, iy: Float64Array, iz: Float64Array, n: number, ox: Float64Array, oy: Float64Array, oz: Float64Array, line: number): number {
  let m = 0,
    k = 0;
  let jx = ix[n - 1]!,
    jy = iy[n - 1]!,
    jz = iz[n - 1]!;
  let dj = line - jz;
  for (let i = 0; i < n; i++) {
    const cx = ix[i]!,
      cy = iy[i]!,
      cz = iz[i]!;
    const di = line - cz;
    if (dj >= 0 !== di >= 0) {
      const s = dj / (dj - di);
      const vx = jx + (cx - jx) * s,
        vy = jy + (cy - jy) * s;
      rowX[m] = vx;
      rowY[m] = vy;
      m++;
      ox[k] = vx;
      oy[k] = vy;
      oz[k] = jz + (cz - jz) * s;
      k++;
      if (di > 0) {
        rowX[m] = cx;
        rowY[m] = cy;
        m++;
      } else if (di < 0) {
        ox[k] = cx;
        oy[k] = cy;
        oz[k] = cz;
        k++;
      }
    } else {
      if (di >= 0) {
        rowX[m] = cx;
        rowY[m] = cy;
        m++;
      }
      if (di <= 0) {
        ox[k] = cx;
        oy[k] = cy;
        oz[k] = cz;
        k++;
      }
    }
    jx = cx;
    jy = cy;
    jz = cz;
    dj = di;
  }
  return m | (k << 8);
}

/**
 * Rasterises one triangle (world units) into the heightfield as solid spans with area id `area`
 * (Recast's `rcRasterizeTriangle`): the triangle is clipped against every cell it overlaps and the
 * clipped polygon's height range becomes a span. Returns false when the triangle lies outside
 * the heightfield.
 *
 * @param hf - The heightfield, changed in place (spans added).
 * @param ax - First vertex x, world units.
 * @param ay - First vertex y (height), world units.
 * @param az - First vertex z, world units.
 * @param bx - Second vertex x, world units.
 * @param by - Second vertex y (height), world units.
 * @param bz - Second vertex z, world units.
 * @param cx - Third vertex x, world units.
 * @param cy - Third vertex y (height), world units.
 * @param cz - Third vertex z, world units.
 * @param area - Area id of the spans' tops (0 not walkable, 1..63 walkable).
 * @param flagMergeThreshold - Voxels: when a new top is this close to an existing one, the larger area id wins.
 */
export function rasterizeTriangle(
  hf: Heightfield,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  cx: number,
  cy: number,
  cz: number,
  area: number,
  flagMergeThreshold: number,
): boolean {
  const { bmin, bmax, cellSize: cs, width: w, depth: h } = hf;
  const ics = 1 / cs,
    ich = 1 / hf.cellHeight;
  const bminX = bmin[0]!,
    bminY = bmin[1]!,
    bminZ = bmin[2]!;
  const by0 = bmax[1]! - bminY;
  const tminX = Math.min(ax, bx, cx),
    tmaxX = Math.max(ax, bx, cx);
  const tminY = Math.min(ay, by, cy),
    tmaxY = Math.max(ay, by, cy);
  const tminZ = Math.min(az, bz, cz),
    tmaxZ = Math.max(az, bz, cz);
  if (tminX > bmax[0]! || tmaxX < bminX || tminY > bmax[1]! || tmaxY < bminY || tminZ > bmax[2]! || tmaxZ < bminZ) return false;
  let z0 = Math.floor((tminZ - bminZ) * ics),
    z1 = Math.floor((tmaxZ - bminZ) * ics);
  z0 = Math.min(Math.max(z0, -1), h - 1);
  z1 = Math.min(Math.max(z1, 0), h - 1);
  let inX = remAX,
    inY = remAY,
    inZ = remAZ;
  let outX = remBX,
    outY = remBY,
    outZ = remBZ;
  inX[0] = ax;
  inY[0] = ay;
  inZ[0] = az;
  inX[1] = bx;
  inY[1] = by;
  inZ[1] = bz;
  inX[2] = cx;
  inY[2] = cy;
  inZ[2] = cz;
  let nvIn = 3;
  for (let z = z0; z <= z1 && nvIn > 0; z++) {
    const cellZ = bminZ + z * cs;
    const r = clipRow(inX, inY, inZ, nvIn, outX, outY, outZ, cellZ + cs);
    const nvRow = r & 0xff;
    nvIn = r >> 8;
    let t = inX;
    inX = outX;
    outX = t;
    t = inY;
    inY = outY;
    outY = t;
    t = inZ;
    inZ = outZ;
    outZ = t;
    if (nvRow < 3 || z < 0) continue;
    let minX = rowX[0]!,
      maxX = rowX[0]!;
    for (let i = 1; i < nvRow; i++) {
      const x = rowX[i]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
    }
    let x0 = Math.floor((minX - bminX) * ics),
      x1 = Math.floor((maxX - bminX) * ics);
    if (x1 < 0 || x0 >= w) continue;
    x0 = Math.min(Math.max(x0, -1), w - 1);
    x1 = Math.min(Math.max(x1, 0), w - 1);
    // The row polygon is clipped cell by cell: `(px, py)` is what is left of it right of the cell.
    let px = rowX,
      py = rowY;
    let qx = restX,
      qy = restY;
    let nv2 = nvRow;
    for (let x = x0; x <= x1 && nv2 > 0; x++) {
      const line = bminX + x * cs + cs;
      // Recast's dividePoly on axis x; of the cell polygon only the count and height range are kept.
      let m = 0,
        k = 0;
      let smin = Infinity,
        smax = -Infinity;
      let jx = px[nv2 - 1]!,
        jy = py[nv2 - 1]!;
      let dj = line - jx;
      for (let i = 0; i < nv2; i++) {
        const vx = px[i]!,
          vy = py[i]!;
        const di = line - vx;
        if (dj >= 0 !== di >= 0) {
          const s = dj / (dj - di);
          const iy = jy + (vy - jy) * s;
          if (iy < smin) smin = iy;
          if (iy > smax) smax = iy;
          m++;
          qx[k] = jx + (vx - jx) * s;
          qy[k] = iy;
          k++;
          if (di > 0) {
            if (vy < smin) smin = vy;
            if (vy > smax) smax = vy;
            m++;
          } else if (di < 0) {
            qx[k] = vx;
            qy[k] = vy;
            k++;
          }
        } else {
          if (di >= 0) {
            if (vy < smin) smin = vy;
            if (vy > smax) smax = vy;
            m++;
          }
          if (di <= 0) {
            qx[k] = vx;
            qy[k] = vy;
            k++;
          }
        }
        jx = vx;
        jy = vy;
        dj = di;
      }
      nv2 = k;
      const tx = px,
        ty = py;
      px = qx;
      py = qy;
      qx = tx;
      qy = ty;
      if (m < 3 || x < 0) continue;
      smin -= bminY;
      smax -= bminY;
      if (smax < 0 || smin > by0) continue;
      if (smin < 0) smin = 0;
      if (smax > by0) smax = by0;
      const ismin = Math.min(Math.max(Math.floor(smin * ich), 0), SPAN_MAX_HEIGHT);
      const ismax = Math.min(Math.max(Math.ceil(smax * ich), ismin + 1), SPAN_MAX_HEIGHT);
      addSpan(hf, x, z, ismin, ismax, area, flagMergeThreshold);
    }
  }
  return true;
}

/**
 * Rasterises every triangle of an indexed soup (Recast's `rcRasterizeTriangles`) with its area id
 * from `areas` (see {@link markWalkableTriangles}). Input must be validated (the level-2 entry
 * does it). Returns the number of triangles that touched the heightfield.
 *
 * @param hf - The heightfield, changed in place (spans added).
 * @param positions - Vertex positions `x, y, z` (world units, y up), validated by the caller.
 * @param triangles - Vertex indices, three per triangle, validated by the caller.
 * @param areas - Area id per triangle (e.g. from {@link markWalkableTriangles}).
 * @param flagMergeThreshold - Voxels: when a new top is this close to an existing one, the larger area id wins (Recast uses `walkableClimb`).
 */
export function rasterizeTriangles(
  hf: Heightfield,
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  areas: Uint8Array,
  flagMergeThreshold: number,
): number {
  let n = 0;
  const count = Math.floor(triangles.length / 3);
  for (let t = 0; t < count; t++) {
    const a = triangles[3 * t]! * 3,
      b = triangles[3 * t + 1]! * 3,
      c = triangles[3 * t + 2]! * 3;
    if (
      rasterizeTriangle(
        hf,
        positions[a]!,
        positions[a + 1]!,
        positions[a + 2]!,
        positions[b]!,
        positions[b + 1]!,
        positions[b + 2]!,
        positions[c]!,
        positions[c + 1]!,
        positions[c + 2]!,
        areas[t]!,
        flagMergeThreshold,
      )
    )
      n++;
  }
  return n;
}
