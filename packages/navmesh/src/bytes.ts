import { navMeshError, NavMeshErrorCodes } from "./errors";
import { navMeshFromTileData } from "./navmesh";
import { navMeshFromPlacedTiles, type PlacedTileData } from "./tiles/assemble";
import { MAX_TILE_ITEMS, validateNavMeshInput, type TileData } from "./tiles/tile-input";
import { NAVMESH_MAX_VERTS_PER_POLY, type NavMesh, type NavMeshTile } from "./types";

const MAGIC = 0x5641_4e54; // "TNAV" little-endian
const VERSION = 2;
const HEADER = 16;
const TILE_HEADER = 40;

function tileSize(t: {
  vertexCount: number;
  polyCount: number;
  maxVertsPerPoly: number;
  detailMeshes: ArrayLike<number>;
  detailVertices: ArrayLike<number>;
  detailTriangles: ArrayLike<number>;
}): number {
  const s = t.maxVertsPerPoly;
  return (
    TILE_HEADER +
    t.vertexCount * 24 +
    t.polyCount * (1 + 4 * s + 1 + 2 + 4) +
    t.detailMeshes.length * 4 +
    t.detailVertices.length * 8 +
    t.detailTriangles.length
  );
}

/**
 * The compact binary form of `mesh` (little-endian, format version 2): a 16-byte header (`"TNAV"`,
 * version, slot count, tile count), the generation of every slot (u16), then per tile a 40-byte
 * header (x, y, layer as i32; slot, vertex slots per polygon, vertex count, polygon count, detail
 * mesh, vertex and triangle counts as u32) followed by vertices (f64 x,y), heights (f64), per polygon
 * its vertex count (u8), vertex slots (i32), area (u8), flags (u16), tag (i32), and the detail mesh
 * (u32, f64, u8). Links and the flat view are derived and rebuilt by {@link navMeshFromBytes},
 * which round-trips exactly.
 *
 * @param mesh - the navmesh to encode (read only; every tile, slot generations and detail meshes are written)
 */
export function navMeshToBytes(mesh: NavMesh): Uint8Array {
  const keys = Object.keys(mesh.tiles);
  const slots = mesh.tileGenerations.length;
  let size = HEADER + 2 * slots;
  for (const k of keys) size += tileSize(mesh.tiles[k]!);
  const bytes = new Uint8Array(size);
  const dv = new DataView(bytes.buffer);
  let o = 0;
  const u32 = (v: number): void => {
    dv.setUint32(o, v, true);
    o += 4;
  };
  u32(MAGIC);
  u32(VERSION);
  u32(slots);
  u32(keys.length);
  for (let i = 0; i < slots; i++, o += 2) dv.setUint16(o, mesh.tileGenerations[i]!, true);
  for (const k of keys) {
    const t: NavMeshTile = mesh.tiles[k]!;
    const n = t.vertexCount,
      p = t.polyCount,
      s = t.maxVertsPerPoly;
    for (const v of [t.x, t.y, t.layer]) {
      dv.setInt32(o, v, true);
      o += 4;
    }
    for (const v of [t.slot, s, n, p, t.detailMeshes.length, t.detailVertices.length, t.detailTriangles.length]) u32(v);
    for (let i = 0; i < 2 * n; i++, o += 8) dv.setFloat64(o, t.vertices[i]!, true);
    for (let i = 0; i < n; i++, o += 8) dv.setFloat64(o, t.heights[i]!, true);
    for (let i = 0; i < p; i++, o++) dv.setUint8(o, t.polyVertCount[i]!);
    for (let i = 0; i < p * s; i++, o += 4) dv.setInt32(o, t.polyVerts[i]!, true);
    for (let i = 0; i < p; i++, o++) dv.setUint8(o, t.areas[i]!);
    for (let i = 0; i < p; i++, o += 2) dv.setUint16(o, t.flags[i]!, true);
    for (let i = 0; i < p; i++, o += 4) dv.setInt32(o, t.tags[i]!, true);
    for (let i = 0; i < t.detailMeshes.length; i++, o += 4) dv.setUint32(o, t.detailMeshes[i]!, true);
    for (let i = 0; i < t.detailVertices.length; i++, o += 8) dv.setFloat64(o, t.detailVertices[i]!, true);
    for (let i = 0; i < t.detailTriangles.length; i++, o++) dv.setUint8(o, t.detailTriangles[i]!);
  }
  return bytes;
}

/**
 * Reads the output of {@link navMeshToBytes} (format version 2, or the one-tile version 1). Throws
 * `NAVMESH_FORMAT` for a wrong magic number, a newer format version, a wrong length or counts that
 * do not fit the data (the error's `path` is `bytes[offset]`), and `NAVMESH_BAD_MESH` for
 * inconsistent geometry (path `tiles[i].polygons[p]`). Sizes are checked before anything is
 * allocated.
 *
 * @param bytes - the output of `navMeshToBytes` (format version 1 or 2), read only; may be a view into a larger buffer
 */
export function navMeshFromBytes(bytes: Uint8Array): NavMesh {
  const fn = "navMeshFromBytes";
  const fmt = (msg: string, offset: number): Error => navMeshError(NavMeshErrorCodes.Format, fn, msg, { path: `bytes[${offset}]` });
  // ArrayBuffer.isView reads the internal slot: an object that only inherits from a Uint8Array is refused too.
  if (!ArrayBuffer.isView(bytes) || !(bytes instanceof Uint8Array))
    throw navMeshError(NavMeshErrorCodes.Format, fn, "expected a Uint8Array from navMeshToBytes.", { path: "bytes" });
  if (bytes.length < 8) throw fmt(`${bytes.length} bytes is shorter than the header.`, 0);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dv.getUint32(0, true) !== MAGIC) throw fmt('not navmesh data (magic number is not "TNAV").', 0);
  const version = dv.getUint32(4, true);
  if (version === 1) return readVersion1(bytes, dv, fmt);
  if (version !== VERSION) {
    throw fmt(
      version > VERSION
        ? `data is format version ${version}; this build reads versions 1..${VERSION}. Upgrade @tactica/navmesh.`
        : `unknown format version ${version}.`,
      4,
    );
  }
  if (bytes.length < HEADER) throw fmt(`${bytes.length} bytes is shorter than the ${HEADER}-byte header.`, 0);
  const slots = dv.getUint32(8, true),
    tileCount = dv.getUint32(12, true);
  if (slots > 65536) throw fmt(`${slots} tile slots is more than 65536.`, 8);
  if (tileCount > slots) throw fmt(`${tileCount} tiles do not fit in ${slots} slots.`, 12);
  let o = HEADER;
  if (bytes.length < o + 2 * slots) throw fmt(`truncated: the ${slots} slot generations need ${2 * slots} bytes.`, o);
  const gens: number[] = [];
  for (let i = 0; i < slots; i++, o += 2) gens.push(dv.getUint16(o, true));
  const placed: PlacedTileData[] = [];
  for (let ti = 0; ti < tileCount; ti++) {
    const h = o;
    if (bytes.length < o + TILE_HEADER) throw fmt(`truncated: tile ${ti}'s header is cut off.`, o);
    const x = dv.getInt32(o, true),
      y = dv.getInt32(o + 4, true),
      layer = dv.getInt32(o + 8, true);
    const slot = dv.getUint32(o + 12, true),
      s = dv.getUint32(o + 16, true),
      n = dv.getUint32(o + 20, true),
      p = dv.getUint32(o + 24, true),
      ndm = dv.getUint32(o + 28, true),
      ndv = dv.getUint32(o + 32, true),
      ndt = dv.getUint32(o + 36, true);
    if (s < 3 || s > NAVMESH_MAX_VERTS_PER_POLY) throw fmt(`tile ${ti}: vertex slots per polygon is ${s}, not in 3..${NAVMESH_MAX_VERTS_PER_POLY}.`, h + 16);
    if (n > MAX_TILE_ITEMS || p > MAX_TILE_ITEMS) throw fmt(`tile ${ti}: ${n} vertices / ${p} polygons is more than a tile holds.`, h + 20);
    if (ndm !== 0 && ndm !== 4 * p) throw fmt(`tile ${ti}: ${ndm} detail mesh entries; expected 0 or 4 per polygon.`, h + 28);
    const size = tileSize({
      vertexCount: n,
      polyCount: p,
      maxVertsPerPoly: s,
      detailMeshes: { length: ndm },
      detailVertices: { length: ndv },
      detailTriangles: { length: ndt },
    });
    if (bytes.length < h + size) throw fmt(`truncated: tile ${ti} needs ${size} bytes from offset ${h}, ${bytes.length - h} are left.`, h);
    o = h + TILE_HEADER;
    const r = readTile(dv, o, s, n, p, ndm, ndv, ndt, fmt);
    o = r.offset;
    const data: TileData = validateNavMeshInput(fn, r.input, s, `tiles[${ti}].`);
    placed.push({ x, y, layer, slot, data });
  }
  if (o !== bytes.length) throw fmt(`${bytes.length - o} unexpected bytes after the last tile (corrupt data).`, o);
  const mesh = navMeshFromPlacedTiles(gens, placed);
  if ("error" in mesh) throw navMeshError(NavMeshErrorCodes.Format, fn, mesh.error, { path: `tiles[${mesh.tile}]` });
  return mesh;
}

function readTile(
  dv: DataView,
  o: number,
  s: number,
  n: number,
  p: number,
  ndm: number,
  ndv: number,
  ndt: number,
  fmt: (msg: string, offset: number) => Error,
) {
  const vertices = new Float64Array(2 * n),
    heights = new Float64Array(n);
  for (let i = 0; i < 2 * n; i++, o += 8) vertices[i] = dv.getFloat64(o, true);
  for (let i = 0; i < n; i++, o += 8) heights[i] = dv.getFloat64(o, true);
  const counts = new Uint8Array(p);
  for (let i = 0; i < p; i++, o++) {
    counts[i] = dv.getUint8(o);
    if (counts[i]! > s) throw fmt(`polygon ${i} has ${counts[i]} vertices, more than the ${s} slots per polygon (at most ${NAVMESH_MAX_VERTS_PER_POLY}).`, o);
  }
  const polygons: number[][] = [];
  for (let i = 0; i < p; i++) {
    const c = Math.min(counts[i]!, s);
    const poly: number[] = [];
    for (let k = 0; k < s; k++, o += 4) if (k < c) poly.push(dv.getInt32(o, true));
    polygons.push(poly);
  }
  const areas = new Uint8Array(p),
    flags = new Uint16Array(p),
    tags = new Int32Array(p);
  for (let i = 0; i < p; i++, o++) areas[i] = dv.getUint8(o);
  for (let i = 0; i < p; i++, o += 2) flags[i] = dv.getUint16(o, true);
  for (let i = 0; i < p; i++, o += 4) tags[i] = dv.getInt32(o, true);
  const detailMeshes = new Uint32Array(ndm),
    detailVertices = new Float64Array(ndv),
    detailTriangles = new Uint8Array(ndt);
  for (let i = 0; i < ndm; i++, o += 4) detailMeshes[i] = dv.getUint32(o, true);
  for (let i = 0; i < ndv; i++, o += 8) detailVertices[i] = dv.getFloat64(o, true);
  for (let i = 0; i < ndt; i++, o++) detailTriangles[i] = dv.getUint8(o);
  const detail = ndm + ndv + ndt > 0 ? { detailMeshes, detailVertices, detailTriangles } : {};
  return { offset: o, input: { vertices, heights, polygons, areas, flags, tags, ...detail } };
}

function readVersion1(bytes: Uint8Array, dv: DataView, fmt: (msg: string, offset: number) => Error): NavMesh {
  const H1 = 20;
  if (bytes.length < H1) throw fmt(`${bytes.length} bytes is shorter than the ${H1}-byte version 1 header.`, 0);
  const s = dv.getUint32(8, true),
    n = dv.getUint32(12, true),
    p = dv.getUint32(16, true);
  if (s < 3 || s > NAVMESH_MAX_VERTS_PER_POLY) throw fmt(`vertex slots per polygon is ${s}, not in 3..${NAVMESH_MAX_VERTS_PER_POLY}.`, 8);
  if (n > MAX_TILE_ITEMS || p > MAX_TILE_ITEMS) throw fmt(`${n} vertices / ${p} polygons is more than a mesh holds.`, 12);
  const size = H1 + n * 24 + p * (1 + 4 * s + 1 + 2 + 4);
  if (bytes.length !== size) throw fmt(`expected ${size} bytes for ${n} vertices and ${p} polygons, got ${bytes.length} (truncated or corrupt).`, 0);
  const r = readTile(dv, H1, s, n, p, 0, 0, 0, fmt);
  return navMeshFromTileData(validateNavMeshInput("navMeshFromBytes", r.input, s, ""));
}
