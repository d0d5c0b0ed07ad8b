// Small triangle-soup fixtures for the voxel pipeline tests (y up; upward faces wound so that
// (v1 − v0) × (v2 − v0) points up, as Recast expects).

export interface Soup {
  positions: number[];
  triangles: number[];
}

export function createSoup(): Soup {
  return { positions: [], triangles: [] };
}

/** Horizontal quad at height y facing up. */
export function addFloor(s: Soup, x0: number, z0: number, x1: number, z1: number, y = 0): Soup {
  const b = s.positions.length / 3;
  s.positions.push(x0, y, z0, x0, y, z1, x1, y, z1, x1, y, z0);
  s.triangles.push(b, b + 1, b + 2, b, b + 2, b + 3);
  return s;
}

/** Downward-facing quad (a ceiling or a table's underside). */
export function addCeiling(s: Soup, x0: number, z0: number, x1: number, z1: number, y: number): Soup {
  const b = s.positions.length / 3;
  s.positions.push(x0, y, z0, x0, y, z1, x1, y, z1, x1, y, z0);
  s.triangles.push(b, b + 2, b + 1, b, b + 3, b + 2);
  return s;
}

/** Vertical wall quad from (x0, z0) to (x1, z1), heights y0..y1 (two-sided: both windings). */
export function addWall(s: Soup, x0: number, z0: number, x1: number, z1: number, y0: number, y1: number): Soup {
  const b = s.positions.length / 3;
  s.positions.push(x0, y0, z0, x1, y0, z1, x1, y1, z1, x0, y1, z0);
  s.triangles.push(b, b + 1, b + 2, b, b + 2, b + 3, b, b + 2, b + 1, b, b + 3, b + 2);
  return s;
}

/** A box without a bottom: four walls and a top. */
export function addBox(s: Soup, x0: number, z0: number, x1: number, z1: number, y0: number, y1: number): Soup {
  addWall(s, x0, z0, x1, z0, y0, y1);
  addWall(s, x1, z0, x1, z1, y0, y1);
  addWall(s, x1, z1, x0, z1, y0, y1);
  addWall(s, x0, z1, x0, z0, y0, y1);
  return addFloor(s, x0, z0, x1, z1, y1);
}

/** A table: a slab from y0 to y1 on four thin legs. */
export function addTable(s: Soup, x0: number, z0: number, x1: number, z1: number, y0: number, y1: number, leg = 0.1): Soup {
  addFloor(s, x0, z0, x1, z1, y1);
  addCeiling(s, x0, z0, x1, z1, y0);
  addWall(s, x0, z0, x1, z0, y0, y1);
  addWall(s, x1, z0, x1, z1, y0, y1);
  addWall(s, x1, z1, x0, z1, y0, y1);
  addWall(s, x0, z1, x0, z0, y0, y1);
  for (const [lx, lz] of [
    [x0, z0],
    [x1 - leg, z0],
    [x1 - leg, z1 - leg],
    [x0, z1 - leg],
  ] as const)
    addBox(s, lx, lz, lx + leg, lz + leg, 0, y0);
  return s;
}
