import { addNavMeshTile, buildNavMeshFromPolygons, createNavMesh, getPolygonCenter, removeNavMeshTile, type NavMesh, type NavMeshInput } from "../src";

/** One tile's place and input data. */
export interface TileInput {
  x: number;
  y: number;
  input: NavMeshInput;
}

/** A 20 × 20 room with four pillars, cut into 2 × 2 tiles (inputs, so a mesh can be built again from the same data). */
export function roomTiles(): TileInput[] {
  const pillar = (cx: number, cy: number) => [cx - 1, cy - 1, cx + 1, cy - 1, cx + 1, cy + 1, cx - 1, cy + 1];
  const solo = buildNavMeshFromPolygons([{ outer: [0, 0, 20, 0, 20, 20, 0, 20], holes: [pillar(5, 5), pillar(15, 5), pillar(5, 15), pillar(15, 15)] }]);
  const groups = new Map<string, TileInput & { polys: number[] }>();
  const c = { x: 0, y: 0 };
  for (let p = 0; p < solo.polyCount; p++) {
    getPolygonCenter(c, solo, p);
    const x = c.x < 10 ? 0 : 1,
      y = c.y < 10 ? 0 : 1;
    const key = `${x},${y}`;
    if (!groups.has(key)) groups.set(key, { x, y, polys: [], input: { vertices: [], polygons: [] } });
    groups.get(key)!.polys.push(p);
  }
  return [...groups.values()]
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((g) => {
      const map = new Map<number, number>();
      const vertices: number[] = [];
      const polygons = g.polys.map((p) =>
        Array.from({ length: solo.polyVertCount[p]! }, (_, i) => {
          const v = solo.polyVerts[p * solo.maxVertsPerPoly + i]!;
          if (!map.has(v)) {
            map.set(v, vertices.length / 2);
            vertices.push(solo.vertices[2 * v]!, solo.vertices[2 * v + 1]!);
          }
          return map.get(v)!;
        }),
      );
      return { x: g.x, y: g.y, input: { vertices, polygons, tags: g.polys.map((p) => p + 1) } };
    });
}

/** The tiles added in `order` to an empty mesh (slots follow the order, generations 0). */
export function assemble(tiles: TileInput[], order: readonly number[]): NavMesh {
  const mesh = createNavMesh({ vertices: [], polygons: [] });
  removeNavMeshTile(mesh, 0, 0, 0);
  for (const i of order) addNavMeshTile(mesh, tiles[i]!.x, tiles[i]!.y, 0, tiles[i]!.input);
  return mesh;
}
