import { assertFinite, invalidArgument, type ReadonlyVec2 } from "@tactica/core";
import type { OrcaObstacles } from "./types";

/**
 * Builds {@link OrcaObstacles} from polygons given **counter-clockwise** (y-up; the agents are
 * outside), as RVO2's `addObstacle`. A polygon needs at least 2 vertices. Throws
 * `INVALID_ARGUMENT` naming `polygons[i][j].x` for a non-finite coordinate or `polygons[i]` for
 * fewer than 2 vertices.
 *
 * @param polygons - Obstacle outlines (world units), each at least 2 vertices, counter-clockwise
 *   with y up (a 2-vertex polygon is a two-sided segment); read and copied. `[]` gives no obstacles.
 * @returns The obstacles in RVO2's linked representation, for {@link OrcaOptions}.
 */
export function createOrcaObstacles(polygons: readonly ArrayLike<ReadonlyVec2>[]): OrcaObstacles {
  const where = "@tactica/steering: createOrcaObstacles";
  let total = 0;
  polygons.forEach((poly, i) => {
    if (poly.length < 2) invalidArgument(where, `polygons[${i}]`, `has ${poly.length} vertices`, "Give each obstacle at least 2 vertices, counter-clockwise.");
    for (let j = 0; j < poly.length; j++) {
      assertFinite(where, `polygons[${i}][${j}].x`, poly[j]!.x);
      assertFinite(where, `polygons[${i}][${j}].y`, poly[j]!.y);
    }
    total += poly.length;
  });
  const o: OrcaObstacles = {
    count: total,
    pointX: new Float64Array(total),
    pointY: new Float64Array(total),
    unitDirX: new Float64Array(total),
    unitDirY: new Float64Array(total),
    isConvex: new Uint8Array(total),
    next: new Int32Array(total),
    prev: new Int32Array(total),
  };
  let base = 0;
  for (const poly of polygons) {
    const n = poly.length;
    for (let i = 0; i < n; i++) {
      const id = base + i;
      const p = poly[i]!;
      const q = poly[i === n - 1 ? 0 : i + 1]!;
      const r = poly[i === 0 ? n - 1 : i - 1]!;
      o.pointX[id] = p.x;
      o.pointY[id] = p.y;
      o.next[id] = base + (i === n - 1 ? 0 : i + 1);
      o.prev[id] = base + (i === 0 ? n - 1 : i - 1);
      const dx = q.x - p.x;
      const dy = q.y - p.y;
      const l = Math.sqrt(dx * dx + dy * dy);
      o.unitDirX[id] = l > 0 ? dx / l : 0;
      o.unitDirY[id] = l > 0 ? dy / l : 0;
      // leftOf(prev, this, next) = det(prev − next, this − prev) >= 0
      o.isConvex[id] = n === 2 || (r.x - q.x) * (p.y - r.y) - (r.y - q.y) * (p.x - r.x) >= 0 ? 1 : 0;
    }
    base += n;
  }
  return o;
}
