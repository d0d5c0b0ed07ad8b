// The flat view, patched per tile change: polygons live in per-slot ranges of arrays with spare
// capacity (a replaced tile reuses its range when it fits, else gets a new one at the end; the old
// range becomes unused polygons), vertices are welded through a position map with reference
// counts, and T-junction cuts and links are recomputed only for the changed tiles' polygons and
// the border polygons of the tiles around them. The state lives in a WeakMap next to the mesh and
// is valid for one mesh revision; without it (a new, loaded or cloned mesh) the first change
// builds it from the tiles (linear once), after that a change costs O(tile + neighbours' borders).
import type { NavMesh, NavMeshTile } from "../types";
import { rebuildFlatView } from "./assemble";
import { linkNeighbors } from "./link-neighbors";
import { encodePolyRef } from "./poly-ref";
import { T_JUNCTION_MAX_CLIMB } from "./t-junctions";

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Per slot: where its polygons are in the flat arrays and how its vertices map. */
interface SlotState {
  readonly tile: NavMeshTile;
  base: number;
  cap: number;
  /** Tile vertex → flat vertex. */
  readonly verts: Int32Array;
  /** Tile edge slot → tile polygon across it inside the tile, or -1 (a border edge). */
  readonly inner: Int32Array;
  /** Tile polygons with at least one border edge. */
  readonly border: Int32Array;
}

interface FlatState {
  revision: number;
  stride: number;
  eps: number;
  cell: number;
  // Vertices (welded; `vref` tiles use each; free ids are reused).
  vx: Float64Array;
  vh: Float64Array;
  vref: Int32Array;
  vcount: number;
  readonly vfree: number[];
  readonly weld: Map<string, number>;
  // Polygons (per-slot ranges; unused entries have 0 vertices and tile -1).
  cap: number;
  count: number;
  live: number;
  pv: Int32Array;
  pvc: Uint8Array;
  nb: Int32Array;
  areas: Uint8Array;
  flags: Uint16Array;
  tags: Int32Array;
  ptile: Int32Array;
  origin: Int8Array;
  readonly slots: (SlotState | undefined)[];
  /** Polygon range `[base, cap]` reserved for each slot (kept while the slot is empty, for its next tile). */
  readonly ranges: ([number, number] | undefined)[];
  /** Insertion stamp of the tile that created each vertex (a tile welds only to other tiles' vertices). */
  vstamp: Int32Array;
  stamp: number;
  /** Tile-border edges before cuts (flat end points) → edge ids `g · 8 + i`. */
  readonly whole: EdgeTable;
  /** End points of unmatched border edges per grid cell: `vertex, slot, polygon` triples. */
  readonly grid: Map<number, number[]>;
  /** Border sub-edges after cuts → flat edge slots. */
  readonly edges: EdgeTable;
  /** Polygons whose flat form, links or use changed in the current change (filled by `applyChanges`). */
  readonly touched: number[];
  /** The changed polygons of the last few revisions (`revision` is the one the change produced). */
  readonly log: { readonly revision: number; readonly polys: Int32Array }[];
}

const states = new WeakMap<NavMesh, FlatState>();
/**
 * Height tolerance between two tiles' border points (wu): the T-junction pass's, so stacked floors
 * whose tile borders are collinear in the plane are neither cut nor welded together.
 */
const MAX_CLIMB = T_JUNCTION_MAX_CLIMB;
/** Undirected edges by their lower vertex: `[higher vertex, value, …]` (a few entries per vertex). */
type EdgeTable = (number[] | undefined)[];

function edgeAdd(tab: EdgeTable, a: number, b: number, val: number): void {
  const lo = a < b ? a : b;
  const l = tab[lo];
  if (l) l.push(a < b ? b : a, val);
  else tab[lo] = [a < b ? b : a, val];
}

function edgeRemove(tab: EdgeTable, a: number, b: number, val: number): void {
  const l = tab[a < b ? a : b];
  if (!l) return;
  const hi = a < b ? b : a;
  for (let j = 0; j < l.length; j += 2)
    if (l[j] === hi && l[j + 1] === val) {
      l.splice(j, 2);
      return;
    }
}

/** The values of edge `a–b` into `out` (cleared first); returns `out.length`. */
function edgeValues(tab: EdgeTable, a: number, b: number, out: number[]): number {
  out.length = 0;
  const l = tab[a < b ? a : b];
  if (!l) return 0;
  const hi = a < b ? b : a;
  for (let j = 0; j < l.length; j += 2) if (l[j] === hi) out.push(l[j + 1]!);
  return out.length;
}

const scratch: number[] = [];

/** Grid cell key (15 bits per axis, a small integer; far cells may share a key, entries are checked by position). */
function cellOf(cx: number, cy: number): number {
  return ((cx & 0x7fff) << 15) | (cy & 0x7fff);
}

function cellKey(st: FlatState, x: number, y: number): number {
  return cellOf(Math.floor(x / st.cell), Math.floor(y / st.cell));
}

function gridAdd(st: FlatState, key: number, v: number, s: number, g: number): void {
  const l = st.grid.get(key);
  if (l) l.push(v, s, g);
  else st.grid.set(key, [v, s, g]);
}

/**
 * Re-derives the flat view after the tiles in `slots` changed (added, removed or replaced in
 * `mesh.tiles` / `mesh.tileKeys` already), touching only those tiles and their neighbours' border
 * polygons; falls back to a full {@link rebuildFlatView} when it must (one tile or none, no state
 * for this revision yet, vertices that nearly coincide, more cut points than the stride holds).
 * @internal
 */
export function patchFlatView(mesh: NavMesh, slots: readonly number[]): void {
  let live = 0;
  for (const k of mesh.tileKeys) if (k !== "") live++;
  const st = states.get(mesh);
  if (live <= 1) {
    // A one-tile mesh keeps its builder's vertex ids (no welding): the full rebuild handles it.
    states.delete(mesh);
    rebuildFlatView(mesh);
    return;
  }
  // Slot keys as the record's own (internalized) key strings (see rebuildFlatView; O(tiles), no polygons).
  for (const key of Object.keys(mesh.tiles)) {
    const slot = mesh.tiles[key]!.slot;
    if (mesh.tileKeys[slot] === key) mesh.tileKeys[slot] = key;
  }
  let next: FlatState | undefined = st;
  if (!st || st.revision !== mesh.revision) next = initState(mesh, 3);
  else if (!applyChanges(mesh, st, slots) || st.count > 2 * st.live + 256) next = initState(mesh, st.stride);
  // (Too many unused polygons: laid out again, amortised over the changes that left them.)
  if (!next) {
    states.delete(mesh);
    rebuildFlatView(mesh);
    return;
  }
  publish(mesh, next);
  if (next === st) {
    st.log.push({ revision: mesh.revision, polys: Int32Array.from(st.touched) });
    if (st.log.length > LOG_SIZE) st.log.shift();
  }
}

const LOG_SIZE = 16;

/**
 * The flat polygons that changed (flat form, links, or in use or not) between `revision` and the
 * mesh's current revision, one list per change, when the patched view has them all (at most
 * {@link LOG_SIZE} changes back, no full layout since); undefined otherwise. Caches derived from
 * the flat view (Polyanya's) update those polygons only. @internal
 */
export function getFlatViewChangesSince(mesh: NavMesh, revision: number): Int32Array[] | undefined {
  const st = states.get(mesh);
  if (!st || st.revision !== mesh.revision) return undefined;
  if (revision === mesh.revision) return [];
  const first = st.log.findIndex((e) => e.revision === revision + 1);
  if (first < 0 || st.log[st.log.length - 1]!.revision !== mesh.revision) return undefined;
  return st.log.slice(first).map((e) => e.polys);
}

/** A state holding every tile of `mesh`, laid out in slot order; undefined when a full rebuild must decide. */
function initState(mesh: NavMesh, minStride: number): FlatState | undefined {
  let polys = 0,
    verts = 0,
    stride = minStride,
    minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity,
    edgeLen = 0,
    edgeN = 0;
  for (const key of mesh.tileKeys) {
    if (key === "") continue;
    const t = mesh.tiles[key]!;
    polys += t.polyCount;
    verts += t.vertexCount;
    stride = Math.max(stride, t.maxVertsPerPoly);
    const b = t.bvBounds;
    if (t.polyCount > 0) {
      minX = Math.min(minX, b[0]!);
      minY = Math.min(minY, b[1]!);
      maxX = Math.max(maxX, b[2]!);
      maxY = Math.max(maxY, b[3]!);
      edgeLen += Math.max(b[2]! - b[0]!, b[3]! - b[1]!);
      edgeN += Math.sqrt(t.polyCount) * 4;
    }
  }
  if (!(maxX >= minX)) return undefined;
  const extent = Math.max(1, maxX - minX, maxY - minY);
  const cap = Math.max(16, Math.ceil(polys * 1.25));
  const vcap = Math.max(16, Math.ceil(verts * 1.25));
  const st: FlatState = {
    revision: -1,
    stride: Math.min(255, stride + 2),
    eps: 1e-9 * extent,
    cell: Math.max(edgeN > 0 ? edgeLen / edgeN : extent, extent / 4096),
    vx: new Float64Array(2 * vcap),
    vh: new Float64Array(vcap),
    vref: new Int32Array(vcap),
    vcount: 0,
    vfree: [],
    weld: new Map(),
    cap,
    count: 0,
    live: 0,
    pv: new Int32Array(0),
    pvc: new Uint8Array(0),
    nb: new Int32Array(0),
    areas: new Uint8Array(0),
    flags: new Uint16Array(0),
    tags: new Int32Array(0),
    ptile: new Int32Array(0),
    origin: new Int8Array(0),
    slots: [],
    ranges: [],
    vstamp: new Int32Array(vcap),
    stamp: 0,
    whole: [],
    grid: new Map(),
    edges: [],
    touched: [],
    log: [],
  };
  allocPolys(st, cap, st.stride);
  const all: number[] = [];
  for (let s = 0; s < mesh.tileKeys.length; s++) if (mesh.tileKeys[s] !== "") all.push(s);
  return applyChanges(mesh, st, all) ? st : undefined;
}

function allocPolys(st: FlatState, cap: number, stride: number): void {
  const grow = <T extends Int32Array | Uint8Array | Uint16Array | Int8Array>(old: T, make: (n: number) => T, per: number, fill: number): T => {
    const a = make(cap * per);
    if (fill !== 0) a.fill(fill);
    a.set(old.subarray(0, Math.min(old.length, cap * per)));
    return a;
  };
  st.pv = grow(st.pv, (n) => new Int32Array(n), stride, -1);
  st.nb = grow(st.nb, (n) => new Int32Array(n), stride, -1);
  st.origin = grow(st.origin, (n) => new Int8Array(n), stride, -1);
  st.pvc = grow(st.pvc, (n) => new Uint8Array(n), 1, 0);
  st.areas = grow(st.areas, (n) => new Uint8Array(n), 1, 0);
  st.flags = grow(st.flags, (n) => new Uint16Array(n), 1, 0);
  st.tags = grow(st.tags, (n) => new Int32Array(n), 1, 0);
  st.ptile = grow(st.ptile, (n) => new Int32Array(n), 1, -1);
  st.cap = cap;
}

function newVertex(st: FlatState, x: number, y: number, h: number): number {
  let v = st.vfree.pop();
  if (v === undefined) {
    if (st.vcount === st.vh.length) {
      const n = 2 * st.vh.length;
      const vx = new Float64Array(2 * n),
        vh = new Float64Array(n),
        vref = new Int32Array(n),
        vstamp = new Int32Array(n);
      vx.set(st.vx);
      vh.set(st.vh);
      vref.set(st.vref);
      vstamp.set(st.vstamp);
      st.vx = vx;
      st.vh = vh;
      st.vref = vref;
      st.vstamp = vstamp;
    }
    v = st.vcount++;
  }
  st.vx[2 * v] = x;
  st.vx[2 * v + 1] = y;
  st.vh[v] = h;
  return v;
}

/** Removes slot `s`'s polygons, edges, grid entries and vertex references. */
function removeSlot(st: FlatState, s: number): void {
  const ss = st.slots[s];
  if (!ss) return;
  const t = ss.tile,
    stride = st.stride;
  for (let p = 0; p < t.polyCount; p++) {
    const g = ss.base + p;
    unregisterPoly(st, g);
    const n = t.polyVertCount[p]!;
    for (let i = 0; i < n; i++) {
      if (ss.inner[p * t.maxVertsPerPoly + i]! >= 0) continue;
      const a = ss.verts[t.polyVerts[p * t.maxVertsPerPoly + i]!]!,
        b = ss.verts[t.polyVerts[p * t.maxVertsPerPoly + (i + 1 === n ? 0 : i + 1)]!]!;
      edgeRemove(st.whole, a, b, g * 8 + i);
    }
    st.pvc[g] = 0;
    st.ptile[g] = -1;
    st.pv.fill(-1, g * stride, g * stride + stride);
    st.nb.fill(-1, g * stride, g * stride + stride);
    st.origin.fill(-1, g * stride, g * stride + stride);
  }
  st.live -= t.polyCount;
  for (let i = 0; i < t.vertexCount; i++) {
    const v = ss.verts[i]!;
    if (--st.vref[v]! > 0) continue;
    const key = `${st.vx[2 * v]},${st.vx[2 * v + 1]},${st.vh[v]}`;
    if (st.weld.get(key) === v) st.weld.delete(key);
    st.vfree.push(v);
  }
  st.slots[s] = undefined;
}

/** Drops polygon `g`'s sub-edges and grid entries (before its flat form is recomputed or removed). */
function unregisterPoly(st: FlatState, g: number): void {
  const stride = st.stride,
    n = st.pvc[g]!;
  for (let k = 0; k < n; k++) {
    const u = st.pv[g * stride + k]!,
      w = st.pv[g * stride + (k + 1 === n ? 0 : k + 1)]!;
    const e = g * stride + k;
    edgeRemove(st.edges, u, w, e);
    const ck = cellKey(st, st.vx[2 * u]!, st.vx[2 * u + 1]!);
    const c = st.grid.get(ck);
    if (c) {
      for (let j = c.length - 3; j >= 0; j -= 3) if (c[j + 2] === g) c.splice(j, 3);
      if (c.length === 0) st.grid.delete(ck);
    }
  }
}

/** Puts the tile of slot `s` in: vertices welded, polygons in its range (uncut), border edges registered. */
function insertSlot(mesh: NavMesh, st: FlatState, s: number): boolean {
  const t = mesh.tiles[mesh.tileKeys[s]!]!;
  if (t.maxVertsPerPoly > st.stride) return false;
  const mvp = t.maxVertsPerPoly;
  const verts = new Int32Array(t.vertexCount);
  // Weld: a position another tile made a vertex for maps to that vertex; repeated positions inside
  // the tile stay apart (as in a full rebuild).
  const stamp = ++st.stamp;
  for (let i = 0; i < t.vertexCount; i++) {
    const x = t.vertices[2 * i]!,
      y = t.vertices[2 * i + 1]!,
      h = t.heights[i]!;
    const key = `${x},${y},${h}`;
    const f = st.weld.get(key);
    let v: number;
    if (f !== undefined && st.vstamp[f] !== stamp) v = f;
    else {
      v = newVertex(st, x, y, h);
      st.vstamp[v] = stamp;
      if (f === undefined) st.weld.set(key, v);
    }
    st.vref[v]!++;
    verts[i] = v;
  }
  const inner = linkNeighbors(t.polyVerts, t.polyVertCount, mvp, t.vertexCount);
  const border: number[] = [];
  for (let p = 0; p < t.polyCount; p++) {
    for (let i = 0; i < t.polyVertCount[p]!; i++)
      if (inner[p * mvp + i]! < 0) {
        border.push(p);
        break;
      }
  }
  // The range: the old one when the tile fits, else a new one at the end.
  const old = st.ranges[s];
  let base: number, cap: number;
  if (old && t.polyCount <= old[1]) {
    [base, cap] = old;
  } else {
    if (st.count + t.polyCount > st.cap) allocPolys(st, Math.max(2 * st.cap, st.count + t.polyCount), st.stride);
    base = st.count;
    cap = t.polyCount;
    st.count += t.polyCount;
    st.ranges[s] = [base, cap];
  }
  st.slots[s] = { tile: t, base, cap, verts, inner, border: Int32Array.from(border) };
  for (let p = 0; p < t.polyCount; p++) {
    const g = base + p;
    st.ptile[g] = s;
    st.areas[g] = t.areas[p]!;
    st.flags[g] = t.flags[p]!;
    st.tags[g] = t.tags[p]!;
    const n = t.polyVertCount[p]!;
    for (let i = 0; i < n; i++) {
      if (inner[p * mvp + i]! >= 0) continue;
      const a = verts[t.polyVerts[p * mvp + i]!]!,
        b = verts[t.polyVerts[p * mvp + (i + 1 === n ? 0 : i + 1)]!]!;
      edgeAdd(st.whole, a, b, g * 8 + i);
    }
  }
  st.live += t.polyCount;
  return true;
}

/** True when tile edge `i` of flat polygon `g` (slot state `ss`, tile polygon `p`) has an exact partner across tiles. */
function matched(st: FlatState, ss: SlotState, p: number, i: number, g: number): boolean {
  const t = ss.tile,
    mvp = t.maxVertsPerPoly,
    n = t.polyVertCount[p]!;
  const a = ss.verts[t.polyVerts[p * mvp + i]!]!,
    b = ss.verts[t.polyVerts[p * mvp + (i + 1 === n ? 0 : i + 1)]!]!;
  const l = scratch;
  if (edgeValues(st.whole, a, b, l) !== 2) return false;
  const o = l[0] === g * 8 + i ? l[1]! : l[0]!;
  const og = o >> 3,
    oi = o & 7;
  if (og === g) return false;
  const os = st.slots[st.ptile[og]!]!;
  const ot = os.tile,
    op = og - os.base,
    on = ot.polyVertCount[op]!;
  return os.verts[ot.polyVerts[op * ot.maxVertsPerPoly + oi]!] === b && os.verts[ot.polyVerts[op * ot.maxVertsPerPoly + (oi + 1 === on ? 0 : oi + 1)]!] === a;
}

function applyChanges(mesh: NavMesh, st: FlatState, changed: readonly number[]): boolean {
  // Areas the change covers (old and new tile bounds), to find the neighbours' border polygons.
  const boxes: number[] = [];
  const addBox = (t: NavMeshTile): void => {
    if (t.polyCount > 0) boxes.push(t.bvBounds[0]! - st.eps, t.bvBounds[1]! - st.eps, t.bvBounds[2]! + st.eps, t.bvBounds[3]! + st.eps);
  };
  const isChanged = new Set(changed);
  st.touched.length = 0;
  for (const s of changed) {
    const old = st.slots[s];
    if (old) {
      addBox(old.tile);
      for (let p = 0; p < old.tile.polyCount; p++) st.touched.push(old.base + p);
    }
    removeSlot(st, s);
  }
  for (const s of changed) {
    const key = mesh.tileKeys[s];
    if (key === undefined || key === "") continue;
    if (!insertSlot(mesh, st, s)) return false;
    addBox(st.slots[s]!.tile);
  }
  // Affected polygons: every polygon of a changed tile, the border polygons of tiles near them.
  const affected: number[] = [];
  const touched: number[] = [];
  const touchedPolys: Int32Array[] = [];
  for (let s = 0; s < st.slots.length; s++) {
    const ss = st.slots[s];
    if (!ss) continue;
    if (isChanged.has(s)) {
      for (let p = 0; p < ss.tile.polyCount; p++) affected.push(ss.base + p);
      continue;
    }
    const b = ss.tile.bvBounds;
    let near = false;
    for (let k = 0; k < boxes.length && !near; k += 4) near = !(b[0]! > boxes[k + 2]! || b[2]! < boxes[k]! || b[1]! > boxes[k + 3]! || b[3]! < boxes[k + 1]!);
    if (!near) continue;
    // Its border polygons near the change (a polygon whose box misses every changed tile's box
    // shares no vertex or edge with them and no cut point of theirs lies on it).
    const t = ss.tile,
      mvp = t.maxVertsPerPoly,
      tv = t.vertices;
    const near0 = affected.length;
    for (const p of ss.border) {
      let x0 = Infinity,
        y0 = Infinity,
        x1 = -Infinity,
        y1 = -Infinity;
      for (let i = 0; i < t.polyVertCount[p]!; i++) {
        const v = t.polyVerts[p * mvp + i]!;
        const x = tv[2 * v]!,
          y = tv[2 * v + 1]!;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
      let hit = false;
      for (let k = 0; k < boxes.length && !hit; k += 4) hit = !(x0 > boxes[k + 2]! || x1 < boxes[k]! || y0 > boxes[k + 3]! || y1 < boxes[k + 1]!);
      if (hit) affected.push(ss.base + p);
    }
    if (affected.length > near0) {
      touched.push(s);
      touchedPolys.push(Int32Array.from(affected.slice(near0), (g) => g - ss.base));
    }
  }
  for (const g of affected) unregisterPoly(st, g);
  for (const g of affected) st.touched.push(g);
  // End points of unmatched border edges into the grid (nearly coinciding ones from other tiles: give up).
  const mine: number[] = [];
  for (const g of affected) {
    const s = st.ptile[g]!,
      ss = st.slots[s]!,
      t = ss.tile,
      p = g - ss.base,
      mvp = t.maxVertsPerPoly,
      n = t.polyVertCount[p]!;
    for (let i = 0; i < n; i++) {
      if (ss.inner[p * mvp + i]! >= 0 || matched(st, ss, p, i, g)) continue;
      for (const v of [ss.verts[t.polyVerts[p * mvp + i]!]!, ss.verts[t.polyVerts[p * mvp + (i + 1 === n ? 0 : i + 1)]!]!]) {
        const x = st.vx[2 * v]!,
          y = st.vx[2 * v + 1]!;
        if (isChanged.has(s)) mine.push(v, s);
        gridAdd(st, cellKey(st, x, y), v, s, g);
      }
    }
  }
  for (let j = 0; j < mine.length; j += 2) if (hasNearOther(st, mine[j]!, mine[j + 1]!, st.vx[2 * mine[j]!]!, st.vx[2 * mine[j]! + 1]!)) return false;
  // Flat forms: tile polygons with the cut points of other tiles inserted into unmatched border edges.
  const stride = st.stride;
  const cuts: { t: number; v: number }[] = [];
  for (const g of affected) {
    const s = st.ptile[g]!,
      ss = st.slots[s]!,
      t = ss.tile,
      p = g - ss.base,
      mvp = t.maxVertsPerPoly,
      n = t.polyVertCount[p]!;
    let k = 0;
    for (let i = 0; i < n; i++) {
      const a = ss.verts[t.polyVerts[p * mvp + i]!]!;
      if (k >= stride) return false;
      st.pv[g * stride + k] = a;
      st.origin[g * stride + k++] = i;
      if (ss.inner[p * mvp + i]! >= 0 || matched(st, ss, p, i, g)) continue;
      const b = ss.verts[t.polyVerts[p * mvp + (i + 1 === n ? 0 : i + 1)]!]!;
      findCuts(st, cuts, a, b, s);
      for (const c of cuts) {
        if (k >= stride) return false;
        st.pv[g * stride + k] = c.v;
        st.origin[g * stride + k++] = i;
      }
    }
    for (let j = k; j < stride; j++) {
      st.pv[g * stride + j] = -1;
      st.origin[g * stride + j] = -1;
    }
    st.pvc[g] = k;
  }
  // Border sub-edges into the edge map, then links (inside a tile from the tile, across from the map).
  for (const g of affected) {
    const ss = st.slots[st.ptile[g]!]!,
      mvp = ss.tile.maxVertsPerPoly,
      p = g - ss.base,
      n = st.pvc[g]!;
    for (let k = 0; k < n; k++) {
      if (ss.inner[p * mvp + st.origin[g * stride + k]!]! >= 0) continue;
      edgeAdd(st.edges, st.pv[g * stride + k]!, st.pv[g * stride + (k + 1 === n ? 0 : k + 1)]!, g * stride + k);
    }
  }
  for (const g of affected) {
    const ss = st.slots[st.ptile[g]!]!,
      mvp = ss.tile.maxVertsPerPoly,
      p = g - ss.base,
      n = st.pvc[g]!;
    for (let k = 0; k < n; k++) {
      const e = g * stride + k;
      const q = ss.inner[p * mvp + st.origin[e]!]!;
      if (q >= 0) {
        st.nb[e] = ss.base + q;
        continue;
      }
      st.nb[e] = -1;
      const u = st.pv[e]!,
        w = st.pv[g * stride + (k + 1 === n ? 0 : k + 1)]!;
      const l = scratch;
      if (edgeValues(st.edges, u, w, l) !== 2) continue;
      const o = l[0] === e ? l[1]! : l[0]!;
      const og = Math.floor(o / stride);
      if (og === g || st.pv[o] !== w) continue;
      const on = st.pvc[og]!;
      if (st.pv[og * stride + ((o - og * stride + 1) % on)] !== u) continue;
      st.nb[e] = og;
      st.nb[o] = g;
    }
  }
  // Tile links: whole tiles for the changed ones, the affected border polygons for the others.
  const done = new Set<number>();
  for (const s of changed) if (st.slots[s]) writeTileLinks(mesh, st, s, undefined);
  for (let j = 0; j < touched.length; j++) {
    const s = touched[j]!;
    if (done.has(s)) continue;
    done.add(s);
    writeTileLinks(mesh, st, s, touchedPolys[j]);
  }
  return true;
}

function hasNearOther(st: FlatState, v: number, s: number, x: number, y: number): boolean {
  const e = st.eps;
  const c0x = Math.floor((x - e) / st.cell),
    c1x = Math.floor((x + e) / st.cell),
    c0y = Math.floor((y - e) / st.cell),
    c1y = Math.floor((y + e) / st.cell);
  for (let cx = c0x; cx <= c1x; cx++)
    for (let cy = c0y; cy <= c1y; cy++) {
      const l = st.grid.get(cellOf(cx, cy));
      if (!l) continue;
      for (let j = 0; j < l.length; j += 3) {
        const w = l[j]!;
        if (w === v || l[j + 1] === s) continue;
        if (Math.hypot(st.vx[2 * w]! - x, st.vx[2 * w + 1]! - y) <= e && Math.abs(st.vh[w]! - st.vh[v]!) <= MAX_CLIMB) return true;
      }
    }
  return false;
}

/** End points of other tiles' unmatched border edges strictly inside edge `a → b`, sorted along it (into `out`). */
function findCuts(st: FlatState, out: { t: number; v: number }[], a: number, b: number, s: number): void {
  out.length = 0;
  const eps = st.eps;
  const ax = st.vx[2 * a]!,
    ay = st.vx[2 * a + 1]!,
    dx = st.vx[2 * b]! - ax,
    dy = st.vx[2 * b + 1]! - ay;
  const len = Math.hypot(dx, dy);
  if (!(len > 2 * eps)) return;
  const c0x = Math.floor((Math.min(ax, ax + dx) - eps) / st.cell),
    c1x = Math.floor((Math.max(ax, ax + dx) + eps) / st.cell),
    c0y = Math.floor((Math.min(ay, ay + dy) - eps) / st.cell),
    c1y = Math.floor((Math.max(ay, ay + dy) + eps) / st.cell);
  // Bounded in the edge's length: when its box covers more cells than the grid holds lists, every
  // list is read once instead (candidates are checked by position either way), so an edge far
  // longer than a cell costs the number of border end points, not the cells of its box.
  if ((c1x - c0x + 1) * (c1y - c0y + 1) > st.grid.size) {
    for (const l of st.grid.values()) cutsInList(st, out, l, a, b, s);
  } else {
    for (let cx = c0x; cx <= c1x; cx++)
      for (let cy = c0y; cy <= c1y; cy++) {
        const l = st.grid.get(cellOf(cx, cy));
        if (l) cutsInList(st, out, l, a, b, s);
      }
  }
  out.sort((p, q) => p.t - q.t || p.v - q.v);
}

/** The entries of one grid list that cut edge `a → b` (of slot `s`) strictly inside, added to `out` once each. */
function cutsInList(st: FlatState, out: { t: number; v: number }[], l: readonly number[], a: number, b: number, s: number): void {
  const eps = st.eps;
  const ax = st.vx[2 * a]!,
    ay = st.vx[2 * a + 1]!,
    dx = st.vx[2 * b]! - ax,
    dy = st.vx[2 * b + 1]! - ay;
  const len = Math.hypot(dx, dy);
  for (let j = 0; j < l.length; j += 3) {
    const v = l[j]!;
    if (l[j + 1] === s || v === a || v === b) continue;
    const px = st.vx[2 * v]! - ax,
      py = st.vx[2 * v + 1]! - ay;
    if (Math.abs(dx * py - dy * px) > eps * len) continue;
    const along = (px * dx + py * dy) / len;
    if (along <= eps || along >= len - eps) continue;
    if (Math.abs(st.vh[v]! - (st.vh[a]! + (along / len) * (st.vh[b]! - st.vh[a]!))) > MAX_CLIMB) continue; // another floor
    if (!out.some((f) => f.v === v)) out.push({ t: along / len, v });
  }
}

/** Rewrites `links` and `borderLinks` of slot `s` (for `only` polygons, or all). */
function writeTileLinks(mesh: NavMesh, st: FlatState, s: number, only: Int32Array | undefined): void {
  const ss = st.slots[s]!,
    t = ss.tile,
    mvp = t.maxVertsPerPoly,
    stride = st.stride;
  const links = t.links;
  const border: number[] = [];
  const redo = only ? new Set(only) : undefined;
  if (redo) {
    // Keep the entries of polygons not redone.
    const old = t.borderLinks;
    for (let j = 0; j < old.length; j += 5) if (!redo.has(old[j]!)) border.push(old[j]!, old[j + 1]!, old[j + 2]!, old[j + 3]!, old[j + 4]!);
  }
  const polys = only ?? null;
  const count = polys ? polys.length : t.polyCount;
  for (let j = 0; j < count; j++) {
    const p = polys ? polys[j]! : j;
    const g = ss.base + p;
    for (let i = 0; i < t.polyVertCount[p]!; i++) links[p * mvp + i] = -1;
    const n = st.pvc[g]!;
    for (let k = 0; k < n; k++) {
      const nbp = st.nb[g * stride + k]!;
      if (nbp < 0) continue;
      const i = st.origin[g * stride + k]!;
      const ns = st.ptile[nbp]!;
      const ref = encodePolyRef(mesh.tileGenerations[ns]!, ns, nbp - st.slots[ns]!.base);
      if (links[p * mvp + i] === -1) links[p * mvp + i] = ref;
      if (ns === s) continue;
      const tn = t.polyVertCount[p]!;
      const a = t.polyVerts[p * mvp + i]!,
        b = t.polyVerts[p * mvp + (i + 1 === tn ? 0 : i + 1)]!;
      const ax = t.vertices[2 * a]!,
        ay = t.vertices[2 * a + 1]!,
        dx = t.vertices[2 * b]! - ax,
        dy = t.vertices[2 * b + 1]! - ay;
      const len2 = dx * dx + dy * dy;
      const u = st.pv[g * stride + k]!,
        w = st.pv[g * stride + (k + 1 === n ? 0 : k + 1)]!;
      const tu = ((st.vx[2 * u]! - ax) * dx + (st.vx[2 * u + 1]! - ay) * dy) / len2,
        tw = ((st.vx[2 * w]! - ax) * dx + (st.vx[2 * w + 1]! - ay) * dy) / len2;
      border.push(p, i, ref, Math.max(0, Math.min(1, tu)), Math.max(0, Math.min(1, tw)));
    }
  }
  let out = border;
  if (redo) {
    // Polygon order, as a full rebuild writes them.
    const idx: number[] = [];
    for (let j = 0; j < border.length; j += 5) idx.push(j);
    idx.sort((x, y) => border[x]! - border[y]! || x - y);
    out = [];
    for (const j of idx) out.push(border[j]!, border[j + 1]!, border[j + 2]!, border[j + 3]!, border[j + 4]!);
  }
  (t as Mutable<NavMeshTile>).borderLinks = new Float64Array(out);
}

/** Points the mesh's flat-view fields at the state's arrays and bumps the revision. */
function publish(mesh: NavMesh, st: FlatState): void {
  const m = mesh as Mutable<NavMesh>;
  const stride = st.stride;
  const slots = mesh.tileKeys.length;
  const n = Math.max(1, slots);
  const tilePolyBase = mesh.tilePolyBase.length === n ? mesh.tilePolyBase : new Int32Array(n);
  const tilePolyCount = mesh.tilePolyCount.length === n ? mesh.tilePolyCount : new Int32Array(n);
  const tileRefBase = mesh.tileRefBase.length === n ? mesh.tileRefBase : new Float64Array(n);
  const tileBounds = mesh.tileBounds.length === 4 * n ? mesh.tileBounds : new Float64Array(4 * n);
  const bounds = new Float64Array([Infinity, Infinity, -Infinity, -Infinity]);
  for (let s = 0; s < n; s++) {
    const ss = s < slots ? st.slots[s] : undefined;
    const t = ss?.tile;
    tilePolyBase[s] = ss ? ss.base : -1;
    tilePolyCount[s] = t ? t.polyCount : 0;
    tileRefBase[s] = ss ? encodePolyRef(mesh.tileGenerations[s]!, s, 0) : -1;
    tileBounds[4 * s] = t ? t.bvBounds[0]! : Infinity;
    tileBounds[4 * s + 1] = t ? t.bvBounds[1]! : Infinity;
    tileBounds[4 * s + 2] = t ? t.bvBounds[2]! : -Infinity;
    tileBounds[4 * s + 3] = t ? t.bvBounds[3]! : -Infinity;
    if (t && t.polyCount > 0) {
      bounds[0] = Math.min(bounds[0]!, t.bvBounds[0]!);
      bounds[1] = Math.min(bounds[1]!, t.bvBounds[1]!);
      bounds[2] = Math.max(bounds[2]!, t.bvBounds[2]!);
      bounds[3] = Math.max(bounds[3]!, t.bvBounds[3]!);
    }
  }
  if (!(bounds[2]! >= bounds[0]!)) bounds.fill(0);
  m.maxVertsPerPoly = stride;
  m.vertexCount = st.vcount;
  m.vertices = st.vx.subarray(0, 2 * st.vcount);
  m.heights = st.vh.subarray(0, st.vcount);
  m.polyCount = st.count;
  m.polyVerts = st.pv.subarray(0, st.count * stride);
  m.polyVertCount = st.pvc.subarray(0, st.count);
  m.neighbors = st.nb.subarray(0, st.count * stride);
  m.areas = st.areas.subarray(0, st.count);
  m.flags = st.flags.subarray(0, st.count);
  m.tags = st.tags.subarray(0, st.count);
  m.polyTile = st.ptile.subarray(0, st.count);
  m.bounds = bounds;
  m.tileBounds = tileBounds;
  m.tilePolyBase = tilePolyBase;
  m.tilePolyCount = tilePolyCount;
  m.tileRefBase = tileRefBase;
  m.revision = mesh.revision + 1;
  st.revision = m.revision;
  states.set(mesh, st);
}
