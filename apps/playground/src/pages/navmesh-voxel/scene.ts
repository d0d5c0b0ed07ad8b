// The navmesh generation page's scene: a 20 m × 15 m room, the forest volumes that tag polygons
// and the pond the swim stance takes (plain data, no DOM: the page and its checks share it).
import type { WaterVolume } from "@tactica/navmesh";

/** A triangle soup (y up). */
export interface Soup {
  positions: number[];
  triangles: number[];
}

function quad(s: Soup, a: number[], b: number[], c: number[], d: number[], twoSided = false): void {
  const n = s.positions.length / 3;
  s.positions.push(...a, ...b, ...c, ...d);
  s.triangles.push(n, n + 1, n + 2, n, n + 2, n + 3);
  if (twoSided) s.triangles.push(n, n + 2, n + 1, n, n + 3, n + 2);
}
const floor = (s: Soup, x0: number, z0: number, x1: number, z1: number, y: number): void => quad(s, [x0, y, z0], [x0, y, z1], [x1, y, z1], [x1, y, z0]);
const wall = (s: Soup, x0: number, z0: number, x1: number, z1: number, y0: number, y1: number): void =>
  quad(s, [x0, y0, z0], [x1, y0, z1], [x1, y1, z1], [x0, y1, z0], true);
function box(s: Soup, x0: number, z0: number, x1: number, z1: number, y0: number, y1: number): void {
  wall(s, x0, z0, x1, z0, y0, y1);
  wall(s, x1, z0, x1, z1, y0, y1);
  wall(s, x1, z1, x0, z1, y0, y1);
  wall(s, x0, z1, x0, z0, y0, y1);
  floor(s, x0, z0, x1, z1, y1);
}

/** A 20 m × 15 m room: pillars, a table 1.5 m high, stairs up to a platform, a low tunnel. */
export function makeScene(): Soup {
  const s: Soup = { positions: [], triangles: [] };
  floor(s, 0, 0, 20, 15, 0);
  for (const [x0, z0, x1, z1] of [
    [0, 0, 20, 0],
    [20, 0, 20, 15],
    [20, 15, 0, 15],
    [0, 15, 0, 0],
  ] as const)
    wall(s, x0, z0, x1, z1, 0, 3);
  for (const [x, z] of [
    [3, 3],
    [3, 11],
    [10, 12],
  ] as const)
    box(s, x, z, x + 1, z + 1, 0, 3);
  // Table: top at 1.5 m on four legs (crouch space under it).
  floor(s, 6, 4, 10, 8, 1.5);
  quad(s, [6, 1.4, 4], [10, 1.4, 4], [10, 1.4, 8], [6, 1.4, 8]);
  for (const [x, z] of [
    [6, 4],
    [9.8, 4],
    [9.8, 7.8],
    [6, 7.8],
  ] as const)
    box(s, x, z, x + 0.2, z + 0.2, 0, 1.4);
  // Stairs (0.2 m steps) up to a 1.2 m platform.
  for (let k = 0; k < 6; k++) box(s, 12 + k * 0.5, 2, 12.5 + k * 0.5, 6, 0, 0.2 * (k + 1));
  box(s, 15, 2, 19, 8, 0, 1.2);
  // A low tunnel (0.9 m): prone space only.
  floor(s, 12, 10, 17, 12, 0.9);
  quad(s, [12, 0.85, 10], [17, 0.85, 10], [17, 0.85, 12], [12, 0.85, 12]);
  return s;
}

/** Tag of the forest polygons (`navMesh.tags`), costed with `createTagCost`. */
export const FORESTED = 1;

/** Convex forest volumes to pick (outline `x0, z0, x1, z1, …` in metres), by name. */
export const FOREST_VOLUMES: Readonly<Record<string, readonly number[]>> = {
  none: [],
  "south lane": [4.5, 8.5, 11.5, 8.5, 11.5, 11.5, 4.5, 11.5],
  "north-west": [0.5, 0.5, 5.5, 0.5, 5.5, 4.5, 0.5, 4.5],
};

/** Area id of the swim stance's polygons. */
export const SWIM_AREA = 30;

/** A pond over the west of the room: 1.8 m of water over the floor (deep enough to swim, too deep to stand). */
export const POND: WaterVolume = { xz: [0.2, 4.6, 5.4, 4.6, 5.4, 10.4, 0.2, 10.4], surface: 1.8 };
