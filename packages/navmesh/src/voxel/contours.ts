// Region contours, after Recast's RecastContour.cpp (Recast © Mikko Mononen, zlib licence).
import { DIR_X as DIR_X_, DIR_Z as DIR_Z_, getCon as getCon_ } from "./compact";
import { neighborSpan as neighborSpan_ } from "./erode";
import { intersect as intersect_, leftOn as leftOn_, left as left_, vequal as vequal_ } from "./geometry2d";
import { BORDER_REG as BORDER_REG_, NOT_CONNECTED as NOT_CONNECTED_, type CompactHeightfield, type ContourSet } from "./types";
// Local bindings: hot loops must not go through module live-binding getters.
const DIR_X = DIR_X_;
const DIR_Z = DIR_Z_;
const getCon = getCon_;
const neighborSpan = neighborSpan_;
const intersect = intersect_;
const leftOn = leftOn_;
const left = left_;
const vequal = vequal_;
const BORDER_REG = BORDER_REG_;
const NOT_CONNECTED = NOT_CONNECTED_;

/** Contour vertex flag: the vertex lies on the tile border and is removed by the polygon mesh. */
export const CONTOUR_BORDER_VERTEX = 0x10000;
/** Contour vertex flag: the edge from the vertex separates two area ids. */
export const CONTOUR_AREA_BORDER = 0x20000;
/** Mask of the neighbor region id in a contour vertex's flags. */
export const CONTOUR_REG_MASK = 0xffff;

interface WorkContour {
  reg: number;
  area: number;
  verts: number[];
  raw: number[];
}

function cornerHeight(chf: CompactHeightfield, x: number, z: number, i: number, dir: number): [number, boolean] {
  let ch = chf.y[i]!;
  const dirp = (dir + 1) & 3;
  const regs = [chf.regions[i]! | (chf.areas[i]! << 16), 0, 0, 0];
  if (getCon(chf, i, dir) !== NOT_CONNECTED) {
    const ax = x + DIR_X[dir]!,
      az = z + DIR_Z[dir]!;
    const ai = neighborSpan(chf, x, z, i, dir);
    ch = Math.max(ch, chf.y[ai]!);
    regs[1] = chf.regions[ai]! | (chf.areas[ai]! << 16);
    if (getCon(chf, ai, dirp) !== NOT_CONNECTED) {
      const ai2 = neighborSpan(chf, ax, az, ai, dirp);
      ch = Math.max(ch, chf.y[ai2]!);
      regs[2] = chf.regions[ai2]! | (chf.areas[ai2]! << 16);
    }
  }
  if (getCon(chf, i, dirp) !== NOT_CONNECTED) {
    const ax = x + DIR_X[dirp]!,
      az = z + DIR_Z[dirp]!;
    const ai = neighborSpan(chf, x, z, i, dirp);
    ch = Math.max(ch, chf.y[ai]!);
    regs[3] = chf.regions[ai]! | (chf.areas[ai]! << 16);
    if (getCon(chf, ai, dir) !== NOT_CONNECTED) {
      const ai2 = neighborSpan(chf, ax, az, ai, dir);
      ch = Math.max(ch, chf.y[ai2]!);
      regs[2] = chf.regions[ai2]! | (chf.areas[ai2]! << 16);
    }
  }
  let border = false;
  for (let j = 0; j < 4; j++) {
    const a = regs[j]!,
      b = regs[(j + 1) & 3]!,
      c = regs[(j + 2) & 3]!,
      d = regs[(j + 3) & 3]!;
    const twoSameExts = (a & b & BORDER_REG) !== 0 && a === b;
    const twoInts = ((c | d) & BORDER_REG) === 0;
    const intsSameArea = c >>> 16 === d >>> 16;
    const noZeros = a !== 0 && b !== 0 && c !== 0 && d !== 0;
    if (twoSameExts && twoInts && intsSameArea && noZeros) {
      border = true;
      break;
    }
  }
  return [ch, border];
}

function walkContour(chf: CompactHeightfield, x: number, z: number, i: number, flags: Uint8Array, points: number[]): void {
  let dir = 0;
  while ((flags[i]! & (1 << dir)) === 0) dir++;
  const startDir = dir,
    starti = i;
  const area = chf.areas[i]!;
  let iter = 0;
  // Recast stops after 40,000 steps, which truncates the outline of a long region; a closed walk
  // visits each side of each span at most once, so 4 steps per span (plus slack) always suffice.
  const maxIter = 4 * chf.spanCount + 16;
  while (++iter < maxIter) {
    if (flags[i]! & (1 << dir)) {
      const [py, isBorder] = cornerHeight(chf, x, z, i, dir);
      let px = x,
        pz = z;
      if (dir === 0) pz++;
      else if (dir === 1) {
        px++;
        pz++;
      } else if (dir === 2) px++;
      let r = 0;
      let isAreaBorder = false;
      if (getCon(chf, i, dir) !== NOT_CONNECTED) {
        const ai = neighborSpan(chf, x, z, i, dir);
        r = chf.regions[ai]!;
        if (area !== chf.areas[ai]) isAreaBorder = true;
      }
      if (isBorder) r |= CONTOUR_BORDER_VERTEX;
      if (isAreaBorder) r |= CONTOUR_AREA_BORDER;
      points.push(px, py, pz, r);
      flags[i] = flags[i]! & ~(1 << dir);
      dir = (dir + 1) & 3;
    } else {
      if (getCon(chf, i, dir) === NOT_CONNECTED) return;
      const ni = neighborSpan(chf, x, z, i, dir);
      x += DIR_X[dir]!;
      z += DIR_Z[dir]!;
      i = ni;
      dir = (dir + 3) & 3;
    }
    if (starti === i && startDir === dir) break;
  }
}

function distPtSegSq(x: number, z: number, px: number, pz: number, qx: number, qz: number): number {
  const pqx = qx - px,
    pqz = qz - pz;
  let dx = x - px,
    dz = z - pz;
  const d = pqx * pqx + pqz * pqz;
  let t = pqx * dx + pqz * dz;
  if (d > 0) t /= d;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  dx = px + t * pqx - x;
  dz = pz + t * pqz - z;
  return dx * dx + dz * dz;
}

function simplifyContour(points: number[], out: number[], maxError: number, maxEdgeLen: number): void {
  const pn = points.length / 4;
  let hasConnections = false;
  for (let i = 0; i < points.length; i += 4)
    if ((points[i + 3]! & CONTOUR_REG_MASK) !== 0) {
      hasConnections = true;
      break;
    }
  if (hasConnections) {
    for (let i = 0; i < pn; i++) {
      const ii = (i + 1) % pn;
      const differentRegs = (points[i * 4 + 3]! & CONTOUR_REG_MASK) !== (points[ii * 4 + 3]! & CONTOUR_REG_MASK);
      const areaBorders = (points[i * 4 + 3]! & CONTOUR_AREA_BORDER) !== (points[ii * 4 + 3]! & CONTOUR_AREA_BORDER);
      if (differentRegs || areaBorders) out.push(points[i * 4]!, points[i * 4 + 1]!, points[i * 4 + 2]!, i);
    }
  }
  if (out.length === 0) {
    let llx = points[0]!,
      lly = points[1]!,
      llz = points[2]!,
      lli = 0;
    let urx = points[0]!,
      ury = points[1]!,
      urz = points[2]!,
      uri = 0;
    for (let i = 0; i < points.length; i += 4) {
      const x = points[i]!,
        y = points[i + 1]!,
        z = points[i + 2]!;
      if (x < llx || (x === llx && z < llz)) {
        llx = x;
        lly = y;
        llz = z;
        lli = i / 4;
      }
      if (x > urx || (x === urx && z > urz)) {
        urx = x;
        ury = y;
        urz = z;
        uri = i / 4;
      }
    }
    out.push(llx, lly, llz, lli, urx, ury, urz, uri);
  }
  const maxErrSq = maxError * maxError;
  for (let i = 0; i < out.length / 4;) {
    const ii = (i + 1) % (out.length / 4);
    let ax = out[i * 4]!,
      az = out[i * 4 + 2]!;
    const ai = out[i * 4 + 3]!;
    let bx = out[ii * 4]!,
      bz = out[ii * 4 + 2]!;
    const bi = out[ii * 4 + 3]!;
    let maxd = 0,
      maxi = -1;
    let ci: number, cinc: number, endi: number;
    if (bx > ax || (bx === ax && bz > az)) {
      cinc = 1;
      ci = (ai + cinc) % pn;
      endi = bi;
    } else {
      cinc = pn - 1;
      ci = (bi + cinc) % pn;
      endi = ai;
      [ax, bx] = [bx, ax];
      [az, bz] = [bz, az];
    }
    if ((points[ci * 4 + 3]! & CONTOUR_REG_MASK) === 0 || points[ci * 4 + 3]! & CONTOUR_AREA_BORDER) {
      while (ci !== endi) {
        const d = distPtSegSq(points[ci * 4]!, points[ci * 4 + 2]!, ax, az, bx, bz);
        if (d > maxd) {
          maxd = d;
          maxi = ci;
        }
        ci = (ci + cinc) % pn;
      }
    }
    if (maxi !== -1 && maxd > maxErrSq) out.splice((i + 1) * 4, 0, points[maxi * 4]!, points[maxi * 4 + 1]!, points[maxi * 4 + 2]!, maxi);
    else i++;
  }
  if (maxEdgeLen > 0) {
    for (let i = 0; i < out.length / 4;) {
      const ii = (i + 1) % (out.length / 4);
      const ax = out[i * 4]!,
        az = out[i * 4 + 2]!,
        ai = out[i * 4 + 3]!;
      const bx = out[ii * 4]!,
        bz = out[ii * 4 + 2]!,
        bi = out[ii * 4 + 3]!;
      let maxi = -1;
      const ci = (ai + 1) % pn;
      if ((points[ci * 4 + 3]! & CONTOUR_REG_MASK) === 0) {
        const dx = bx - ax,
          dz = bz - az;
        if (dx * dx + dz * dz > maxEdgeLen * maxEdgeLen) {
          const n = bi < ai ? bi + pn - ai : bi - ai;
          if (n > 1) {
            if (bx > ax || (bx === ax && bz > az)) maxi = (ai + Math.floor(n / 2)) % pn;
            else maxi = (ai + Math.floor((n + 1) / 2)) % pn;
          }
        }
      }
      if (maxi !== -1) out.splice((i + 1) * 4, 0, points[maxi * 4]!, points[maxi * 4 + 1]!, points[maxi * 4 + 2]!, maxi);
      else i++;
    }
  }
  for (let i = 0; i < out.length; i += 4) {
    const ai = (out[i + 3]! + 1) % pn;
    const bi = out[i + 3]!;
    out[i + 3] = (points[ai * 4 + 3]! & (CONTOUR_REG_MASK | CONTOUR_AREA_BORDER)) | (points[bi * 4 + 3]! & CONTOUR_BORDER_VERTEX);
  }
}

function removeDegenerateSegments(s: number[]): void {
  let npts = s.length / 4;
  for (let i = 0; i < npts; i++) {
    const ni = i + 1 < npts ? i + 1 : 0;
    if (s[i * 4] === s[ni * 4] && s[i * 4 + 2] === s[ni * 4 + 2]) {
      s.splice(i * 4, 4);
      npts--;
    }
  }
}

function signedArea2(v: number[]): number {
  let area = 0;
  const n = v.length / 4;
  for (let i = 0, j = n - 1; i < n; j = i++) area += v[i * 4]! * v[j * 4 + 2]! - v[j * 4]! * v[i * 4 + 2]!;
  return Math.trunc((area + 1) / 2);
}

function inConeContour(i: number, v: number[], pj: number[], pjo: number): boolean {
  const n = v.length / 4;
  const pi = i * 4,
    pi1 = ((i + 1) % n) * 4,
    pin1 = ((i + n - 1) % n) * 4;
  if (leftOn(v, pin1, v, pi, v, pi1)) return left(v, pi, pj, pjo, v, pin1) && left(pj, pjo, v, pi, v, pi1);
  return !(leftOn(v, pi, pj, pjo, v, pi1) && leftOn(pj, pjo, v, pi, v, pin1));
}

function intersectSegContour(d0: number[], d0o: number, d1: number[], d1o: number, i: number, v: number[]): boolean {
  const n = v.length / 4;
  for (let k = 0; k < n; k++) {
    const k1 = (k + 1) % n;
    if (i === k || i === k1) continue;
    const p0 = k * 4,
      p1 = k1 * 4;
    if (vequal(d0, d0o, v, p0) || vequal(d1, d1o, v, p0) || vequal(d0, d0o, v, p1) || vequal(d1, d1o, v, p1)) continue;
    if (intersect(d0, d0o, d1, d1o, v, p0, v, p1)) return true;
  }
  return false;
}

function leftmost(v: number[]): [number, number, number] {
  let minx = v[0]!,
    minz = v[2]!,
    lm = 0;
  for (let i = 1; i < v.length / 4; i++) {
    const x = v[i * 4]!,
      z = v[i * 4 + 2]!;
    if (x < minx || (x === minx && z < minz)) {
      minx = x;
      minz = z;
      lm = i;
    }
  }
  return [minx, minz, lm];
}

function mergeRegionHoles(outline: WorkContour, holes: WorkContour[], warn: (m: string) => void): void {
  const hs = holes.map((c) => {
    const [minx, minz, lm] = leftmost(c.verts);
    return { c, minx, minz, lm };
  });
  hs.sort((a, b) => a.minx - b.minx || a.minz - b.minz);
  for (let h = 0; h < hs.length; h++) {
    const hole = hs[h]!.c;
    const hn = hole.verts.length / 4;
    let index = -1;
    let best = hs[h]!.lm;
    for (let iter = 0; iter < hn; iter++) {
      const corner = best * 4;
      const on = outline.verts.length / 4;
      const diags: [number, number][] = [];
      for (let j = 0; j < on; j++) {
        if (inConeContour(j, outline.verts, hole.verts, corner)) {
          const dx = outline.verts[j * 4]! - hole.verts[corner]!,
            dz = outline.verts[j * 4 + 2]! - hole.verts[corner + 2]!;
          diags.push([j, dx * dx + dz * dz]);
        }
      }
      diags.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
      for (const [vert] of diags) {
        let hit = intersectSegContour(outline.verts, vert * 4, hole.verts, corner, vert, outline.verts);
        for (let k = h; k < hs.length && !hit; k++) hit = intersectSegContour(outline.verts, vert * 4, hole.verts, corner, -1, hs[k]!.c.verts);
        if (!hit) {
          index = vert;
          break;
        }
      }
      if (index !== -1) break;
      best = (best + 1) % hn;
    }
    if (index === -1) {
      warn(`buildContours: failed to find a merge point for a hole of region ${outline.reg}.`);
      continue;
    }
    const a = outline.verts,
      b = hole.verts;
    const na = a.length / 4,
      nb = b.length / 4;
    const merged: number[] = [];
    for (let i = 0; i <= na; i++) {
      const s = ((index + i) % na) * 4;
      merged.push(a[s]!, a[s + 1]!, a[s + 2]!, a[s + 3]!);
    }
    for (let i = 0; i <= nb; i++) {
      const s = ((best + i) % nb) * 4;
      merged.push(b[s]!, b[s + 1]!, b[s + 2]!, b[s + 3]!);
    }
    outline.verts = merged;
    hole.verts = [];
  }
}

/** Options of {@link buildContours}. */
export interface BuildContoursOptions {
  /** Hears about holes that could not be merged into their region's outline; default: silent. */
  readonly onWarn?: (message: string) => void;
}

const noWarn = (): void => {};

/**
 * Traces the outline of every region (Recast's `rcBuildContours`): raw contours follow the
 * voxel edges, simplified ones keep the region-change vertices and add raw vertices until every
 * raw vertex is within `maxError` voxels, then split wall edges longer than `maxEdgeLen` voxels
 * (0 = no limit). Holes are merged into their region's outline. `onWarn` hears about holes that
 * could not be merged.
 *
 * @param chf - The compact heightfield with regions built, read only.
 * @param maxError - Largest distance of a raw contour vertex from the simplified outline (voxels, ≥ 0).
 * @param maxEdgeLen - Longest wall edge (voxels); longer ones are split; 0 = no limit.
 * @param options - `onWarn`: hears about holes that could not be merged (default silent).
 */
export function buildContours(chf: CompactHeightfield, maxError: number, maxEdgeLen: number, options: BuildContoursOptions = {}): ContourSet {
  const warn = options.onWarn ?? noWarn;
  const { width: w, depth: h, borderSize } = chf;
  const flags = new Uint8Array(chf.spanCount);
  for (let z = 0; z < h; z++)
    for (let x = 0; x < w; x++) {
      const c = x + z * w;
      for (let i = chf.cellIndex[c]!, end = i + chf.cellCount[c]!; i < end; i++) {
        const reg = chf.regions[i]!;
        if (!reg || reg & BORDER_REG) {
          flags[i] = 0;
          continue;
        }
        let res = 0;
        for (let dir = 0; dir < 4; dir++) {
          let r = 0;
          if (getCon(chf, i, dir) !== NOT_CONNECTED) r = chf.regions[neighborSpan(chf, x, z, i, dir)]!;
          if (r === reg) res |= 1 << dir;
        }
        flags[i] = res ^ 0xf;
      }
    }
  const conts: WorkContour[] = [];
  const raw: number[] = [];
  for (let z = 0; z < h; z++)
    for (let x = 0; x < w; x++) {
      const c = x + z * w;
      for (let i = chf.cellIndex[c]!, end = i + chf.cellCount[c]!; i < end; i++) {
        if (flags[i] === 0 || flags[i] === 0xf) {
          flags[i] = 0;
          continue;
        }
        const reg = chf.regions[i]!;
        if (!reg || reg & BORDER_REG) continue;
        raw.length = 0;
        walkContour(chf, x, z, i, flags, raw);
        const simp: number[] = [];
        simplifyContour(raw, simp, maxError, maxEdgeLen);
        removeDegenerateSegments(simp);
        if (simp.length / 4 >= 3) {
          const rv = raw.slice();
          if (borderSize > 0) {
            for (let k = 0; k < simp.length; k += 4) {
              simp[k] = simp[k]! - borderSize;
              simp[k + 2] = simp[k + 2]! - borderSize;
            }
            for (let k = 0; k < rv.length; k += 4) {
              rv[k] = rv[k]! - borderSize;
              rv[k + 2] = rv[k + 2]! - borderSize;
            }
          }
          conts.push({ reg, area: chf.areas[i]!, verts: simp, raw: rv });
        }
      }
    }
  // Merge holes into outlines.
  const outlines = new Map<number, WorkContour>();
  const holes = new Map<number, WorkContour[]>();
  for (const c of conts) {
    if (signedArea2(c.verts) < 0) {
      const list = holes.get(c.reg) ?? [];
      list.push(c);
      holes.set(c.reg, list);
    } else if (outlines.has(c.reg)) warn(`buildContours: region ${c.reg} has several outlines.`);
    else outlines.set(c.reg, c);
  }
  for (const [reg, hl] of [...holes.entries()].sort((a, b) => a[0] - b[0])) {
    const outline = outlines.get(reg);
    if (outline) mergeRegionHoles(outline, hl, warn);
    else warn(`buildContours: region ${reg} has holes but no outline.`);
  }
  const kept = conts.filter((c) => c.verts.length >= 12);
  const count = kept.length;
  const vertStart = new Int32Array(count),
    vertCount = new Int32Array(count),
    rawStart = new Int32Array(count),
    rawCount = new Int32Array(count);
  let nv = 0,
    nr = 0;
  for (let k = 0; k < count; k++) {
    vertStart[k] = nv;
    vertCount[k] = kept[k]!.verts.length / 4;
    nv += vertCount[k]!;
    rawStart[k] = nr;
    rawCount[k] = kept[k]!.raw.length / 4;
    nr += rawCount[k]!;
  }
  const verts = new Int32Array(nv * 4),
    rawVerts = new Int32Array(nr * 4);
  for (let k = 0; k < count; k++) {
    verts.set(kept[k]!.verts, vertStart[k]! * 4);
    rawVerts.set(kept[k]!.raw, rawStart[k]! * 4);
  }
  const bmin = Float64Array.from(chf.bmin);
  bmin[0] = bmin[0]! + borderSize * chf.cellSize;
  bmin[2] = bmin[2]! + borderSize * chf.cellSize;
  return {
    count,
    region: Uint16Array.from(kept.map((c) => c.reg)),
    area: Uint8Array.from(kept.map((c) => c.area)),
    vertStart,
    vertCount,
    verts,
    rawStart,
    rawCount,
    rawVerts,
    bmin,
    cellSize: chf.cellSize,
    cellHeight: chf.cellHeight,
    width: w - borderSize * 2,
    depth: h - borderSize * 2,
    borderSize,
  };
}
