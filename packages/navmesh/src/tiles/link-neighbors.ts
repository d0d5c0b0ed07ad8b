/**
 * Links polygon edges shared by exactly two polygons in opposite directions. Edges match by vertex
 * id, not by position: the flat view welds vertices of different tiles only when x, z and height
 * are all equal, so stacked floors with the same plane coordinates never share an edge here (the
 * T-junction pass, which welds near points, compares heights itself). @internal
 */
export function linkNeighbors(polyVerts: Int32Array, polyVertCount: Uint8Array, stride: number, vertexCount: number): Int32Array {
  const polyCount = polyVertCount.length;
  const neighbors = new Int32Array(polyCount * stride).fill(-1);
  // Edges keyed by (min, max) vertex in a hash of number keys (vertexCount² fits in 2^53).
  const first = new Map<number, number>();
  const count = new Map<number, number>();
  for (let p = 0; p < polyCount; p++) {
    const n = polyVertCount[p]!;
    for (let i = 0; i < n; i++) {
      const a = polyVerts[p * stride + i]!,
        b = polyVerts[p * stride + ((i + 1) % n)]!;
      const key = Math.min(a, b) * vertexCount + Math.max(a, b);
      count.set(key, (count.get(key) ?? 0) + 1);
      if (!first.has(key)) first.set(key, p * stride + i);
    }
  }
  for (let p = 0; p < polyCount; p++) {
    const n = polyVertCount[p]!;
    for (let i = 0; i < n; i++) {
      const a = polyVerts[p * stride + i]!,
        b = polyVerts[p * stride + ((i + 1) % n)]!;
      const key = Math.min(a, b) * vertexCount + Math.max(a, b);
      if (count.get(key) !== 2) continue;
      const slot = first.get(key)!;
      if (slot === p * stride + i) continue;
      const q = Math.floor(slot / stride),
        j = slot - q * stride;
      const qa = polyVerts[slot]!;
      if (qa !== b || q === p) continue; // same direction: inconsistent winding, leave as boundary
      neighbors[p * stride + i] = q;
      neighbors[q * stride + j] = p;
    }
  }
  return neighbors;
}
