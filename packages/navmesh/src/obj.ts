import { navMeshError, NavMeshErrorCodes } from "./errors";

/** A triangle soup read from a Wavefront OBJ file by {@link parseObj}. */
export interface ObjMesh {
  /** Vertex positions `x0, y0, z0, x1, …` as in the file. */
  readonly positions: Float64Array;
  /** Triangle vertex indices (0-based), three per triangle; n-gon faces are fan-triangulated. */
  readonly triangles: Uint32Array;
  /** Number of `f` records read. */
  readonly faceCount: number;
}

/**
 * Parses a Wavefront OBJ text into positions and triangles. Reads `v` and `f` (`i`, `i/t`,
 * `i/t/n`, `i//n`, negative indices relative to the vertices so far); n-gons are fan-triangulated;
 * `vt`, `vn`, `l`, `g`, `o`, `s`, `usemtl`, `mtllib` and comments are ignored; CRLF is accepted.
 * Throws `NAVMESH_OBJ_PARSE` naming the line for a malformed number or an index out of range.
 *
 * @param text - the whole OBJ file as a string (LF or CRLF line ends); anything else throws `NAVMESH_OBJ_PARSE`
 */
export function parseObj(text: string): ObjMesh {
  const fn = "parseObj";
  if (typeof text !== "string") throw navMeshError(NavMeshErrorCodes.ObjParse, fn, "expected the OBJ file's text as a string.", { line: 1 });
  const pos: number[] = [];
  const tris: number[] = [];
  let faceCount = 0;
  const lines = text.split("\n");
  const face: number[] = [];
  for (let ln = 0; ln < lines.length; ln++) {
    let line = lines[ln]!;
    if (line.endsWith("\r")) line = line.slice(0, -1);
    const hash = line.indexOf("#");
    if (hash >= 0) line = line.slice(0, hash);
    line = line.trim();
    if (line === "") continue;
    const parts = line.split(/\s+/);
    const kind = parts[0];
    if (kind === "v") {
      if (parts.length < 4) throw navMeshError(NavMeshErrorCodes.ObjParse, fn, `line ${ln + 1}: "v" needs 3 coordinates.`, { line: ln + 1 });
      for (let k = 1; k <= 3; k++) {
        const v = Number(parts[k]);
        if (!Number.isFinite(v)) throw navMeshError(NavMeshErrorCodes.ObjParse, fn, `line ${ln + 1}: "${parts[k]}" is not a finite number.`, { line: ln + 1 });
        pos.push(v);
      }
    } else if (kind === "f") {
      face.length = 0;
      const nv = pos.length / 3;
      for (let k = 1; k < parts.length; k++) {
        const field = parts[k]!;
        const slash = field.indexOf("/");
        const s = slash < 0 ? field : field.slice(0, slash);
        const i = Number(s);
        if (s === "" || !Number.isInteger(i) || i === 0)
          throw navMeshError(NavMeshErrorCodes.ObjParse, fn, `line ${ln + 1}: "${field}" is not a vertex index.`, { line: ln + 1 });
        const idx = i > 0 ? i - 1 : nv + i;
        if (idx < 0 || idx >= nv)
          throw navMeshError(NavMeshErrorCodes.ObjParse, fn, `line ${ln + 1}: vertex index ${i} is out of range (${nv} vertices so far).`, { line: ln + 1 });
        face.push(idx);
      }
      if (face.length < 3) throw navMeshError(NavMeshErrorCodes.ObjParse, fn, `line ${ln + 1}: a face needs at least 3 vertices.`, { line: ln + 1 });
      faceCount++;
      for (let k = 1; k + 1 < face.length; k++) tris.push(face[0]!, face[k]!, face[k + 1]!);
    }
    // vt, vn, l, g, o, s, usemtl, mtllib and anything else: ignored.
  }
  return { positions: new Float64Array(pos), triangles: new Uint32Array(tris), faceCount };
}
