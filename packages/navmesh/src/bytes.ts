import { navMeshError, NavMeshErrorCodes } from "./errors";
import { createNavMesh, NAVMESH_MAX_VERTS_PER_POLY, type NavMesh } from "./navmesh";

const MAGIC = 0x5641_4e54; // "TNAV" little-endian
const VERSION = 1;
const HEADER = 20;

/**
 * The compact binary form of `mesh` (little-endian, versioned): a 20-byte header (`"TNAV"`, format
 * version, vertex slots per polygon, vertex and polygon counts), then vertices (f64 x,y), heights
 * (f64), per polygon its vertex count (u8), vertex slots (i32), area (u8), flags (u16) and tag (i32).
 * Neighbors and the index are derived and rebuilt by {@link navMeshFromBytes}, which round-trips exactly.
 */
export function navMeshToBytes(mesh: NavMesh): Uint8Array {
  const n = mesh.vertexCount,
    p = mesh.polyCount,
    s = mesh.maxVertsPerPoly;
  const size = HEADER + n * 24 + p * (1 + 4 * s + 1 + 2 + 4);
  const bytes = new Uint8Array(size);
  const dv = new DataView(bytes.buffer);
  let o = 0;
  const u32 = (v: number): void => {
    dv.setUint32(o, v, true);
    o += 4;
  };
  u32(MAGIC);
  u32(VERSION);
  u32(s);
  u32(n);
  u32(p);
  for (let i = 0; i < 2 * n; i++, o += 8) dv.setFloat64(o, mesh.vertices[i]!, true);
  for (let i = 0; i < n; i++, o += 8) dv.setFloat64(o, mesh.heights[i]!, true);
  for (let i = 0; i < p; i++, o++) dv.setUint8(o, mesh.polyVertCount[i]!);
  for (let i = 0; i < p * s; i++, o += 4) dv.setInt32(o, mesh.polyVerts[i]!, true);
  for (let i = 0; i < p; i++, o++) dv.setUint8(o, mesh.areas[i]!);
  for (let i = 0; i < p; i++, o += 2) dv.setUint16(o, mesh.flags[i]!, true);
  for (let i = 0; i < p; i++, o += 4) dv.setInt32(o, mesh.tags[i]!, true);
  return bytes;
}

/**
 * Reads the output of {@link navMeshToBytes}. Throws `NAVMESH_FORMAT` for a wrong magic number, a
 * newer format version or a wrong length, and `NAVMESH_BAD_MESH` (from `createNavMesh`) for
 * inconsistent geometry.
 */
export function navMeshFromBytes(bytes: Uint8Array): NavMesh {
  const fn = "navMeshFromBytes";
  if (!(bytes instanceof Uint8Array)) throw navMeshError(NavMeshErrorCodes.Format, fn, "expected a Uint8Array from navMeshToBytes.");
  if (bytes.length < HEADER) throw navMeshError(NavMeshErrorCodes.Format, fn, `${bytes.length} bytes is shorter than the ${HEADER}-byte header.`);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dv.getUint32(0, true) !== MAGIC) throw navMeshError(NavMeshErrorCodes.Format, fn, 'not navmesh data (magic number is not "TNAV").');
  const version = dv.getUint32(4, true);
  if (version !== VERSION) {
    throw navMeshError(
      NavMeshErrorCodes.Format,
      fn,
      version > VERSION
        ? `data is format version ${version}; this build reads version ${VERSION}. Upgrade @tactica/navmesh.`
        : `unknown format version ${version}.`,
    );
  }
  const s = dv.getUint32(8, true),
    n = dv.getUint32(12, true),
    p = dv.getUint32(16, true);
  if (s < 3 || s > NAVMESH_MAX_VERTS_PER_POLY)
    throw navMeshError(NavMeshErrorCodes.Format, fn, `vertex slots per polygon is ${s}, not in 3..${NAVMESH_MAX_VERTS_PER_POLY}.`);
  const size = HEADER + n * 24 + p * (1 + 4 * s + 1 + 2 + 4);
  if (bytes.length !== size)
    throw navMeshError(NavMeshErrorCodes.Format, fn, `expected ${size} bytes for ${n} vertices and ${p} polygons, got ${bytes.length} (truncated or corrupt).`);
  let o = HEADER;
  const vertices = new Float64Array(2 * n),
    heights = new Float64Array(n);
  for (let i = 0; i < 2 * n; i++, o += 8) vertices[i] = dv.getFloat64(o, true);
  for (let i = 0; i < n; i++, o += 8) heights[i] = dv.getFloat64(o, true);
  const counts = new Uint8Array(p);
  for (let i = 0; i < p; i++, o++) counts[i] = dv.getUint8(o);
  const polygons: number[][] = [];
  for (let i = 0; i < p; i++) {
    const c = counts[i]!;
    if (c < 3 || c > s) throw navMeshError(NavMeshErrorCodes.Format, fn, `polygon ${i} has ${c} vertices, not in 3..${s}.`);
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
  return createNavMesh({ vertices, heights, polygons, areas, flags, tags }, { maxVertsPerPoly: s });
}
