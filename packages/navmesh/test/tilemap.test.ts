import fc from "fast-check";
import { PathFlags } from "@tactica/search";
import { describe, expect, it } from "vitest";
import { buildNavMeshFromTilemap, createNavMeshQuery, createNavPath, findPolygon, findPolygonPath, getPolygonArea, type NavMesh } from "../src";

function area(mesh: NavMesh): number {
  let a = 0;
  for (let p = 0; p < mesh.polyCount; p++) a += getPolygonArea(mesh, p);
  return a;
}

function connected(mesh: NavMesh, ax: number, ay: number, bx: number, by: number): boolean {
  const a = findPolygon(mesh, ax, ay),
    b = findPolygon(mesh, bx, by);
  return (findPolygonPath(createNavPath({ maxLength: 4096 }), createNavMeshQuery(mesh), a, ax, ay, b, bx, by).flags & PathFlags.Found) !== 0;
}

/** 4-connected components of walkable cells (flood fill), for the reference. */
function components(cells: number[], w: number, h: number): Int32Array {
  const comp = new Int32Array(w * h).fill(-1);
  let id = 0;
  for (let s = 0; s < w * h; s++) {
    if (!cells[s] || comp[s]! >= 0) continue;
    const stack = [s];
    comp[s] = id;
    while (stack.length) {
      const c = stack.pop()!;
      const x = c % w,
        y = (c - x) / w;
      for (const [nx, ny] of [
        [x + 1, y],
        [x - 1, y],
        [x, y + 1],
        [x, y - 1],
      ] as const) {
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const n = ny * w + nx;
        if (cells[n] && comp[n]! < 0) {
          comp[n] = id;
          stack.push(n);
        }
      }
    }
    id++;
  }
  return comp;
}

describe("buildNavMeshFromTilemap", () => {
  it("a room with a pillar: area, cell membership, scaled and offset", () => {
    const w = 5,
      h = 4;
    const cells = [1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
    const mesh = buildNavMeshFromTilemap(cells, w, h, { cellSize: 2, originX: 10, originY: -4 });
    expect(area(mesh)).toBeCloseTo(18 * 4, 9);
    expect(findPolygon(mesh, 10 + 3, -4 + 3)).toBe(-1); // the pillar cell (1, 1)
    expect(findPolygon(mesh, 10 + 1, -4 + 1)).toBeGreaterThanOrEqual(0);
  });

  it("property: walkable area, cell centres in/out, and connectivity = 4-connected components", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), fc.array(fc.boolean(), { minLength: 81, maxLength: 81 }), (w, h, bits) => {
        const cells: number[] = Array.from({ length: w * h }, (_, i) => (bits[i] ? 1 : 0));
        const mesh = buildNavMeshFromTilemap(cells, w, h);
        const walkable = cells.reduce((s, c) => s + c, 0);
        // Each pinch corner pulled 1e-4 cell inwards cuts about 1e-4 of its cell.
        expect(Math.abs(area(mesh) - walkable)).toBeLessThanOrEqual(2e-4 * walkable + 1e-9);
        for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) expect(findPolygon(mesh, x + 0.5, y + 0.5) >= 0).toBe(cells[y * w + x] === 1);
        const comp = components(cells, w, h);
        const ids = cells.map((c, i) => (c ? i : -1)).filter((i) => i >= 0);
        for (let k = 0; k + 1 < Math.min(ids.length, 8); k++) {
          const i = ids[k]!,
            j = ids[ids.length - 1 - k]!;
          const same = comp[i] === comp[j];
          expect(connected(mesh, (i % w) + 0.5, Math.floor(i / w) + 0.5, (j % w) + 0.5, Math.floor(j / w) + 0.5)).toBe(same);
        }
      }),
      { numRuns: 80 },
    );
  });

  it("Douglas–Peucker with a tolerance keeps a valid mesh (falls back to the exact contour when needed)", () => {
    const w = 12,
      h = 12;
    const cells = Array.from({ length: w * h }, (_, i) => {
      const x = i % w,
        y = Math.floor(i / w);
      return (x - 6) ** 2 + (y - 6) ** 2 < 30 ? 1 : 0;
    });
    const exact = buildNavMeshFromTilemap(cells, w, h);
    const simple = buildNavMeshFromTilemap(cells, w, h, { epsilon: 0.75 });
    expect(simple.vertexCount).toBeLessThan(exact.vertexCount);
    expect(Math.abs(area(simple) - area(exact)) / area(exact)).toBeLessThan(0.1);
  });
});

describe("buildNavMeshFromTilemap agentRadius", () => {
  it("property: every walkable point of the eroded mesh keeps the agent radius from blocked cells and the map edge", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 10 }),
        fc.integer({ min: 3, max: 10 }),
        fc.array(fc.boolean(), { minLength: 100, maxLength: 100 }),
        fc.integer({ min: 1, max: 4 }),
        (w, h, bits, r4) => {
          const r = r4 / 4;
          const cells: number[] = Array.from({ length: w * h }, (_, i) => (bits[i] || i % 3 === 0 ? 1 : 0));
          const mesh = buildNavMeshFromTilemap(cells, w, h, { agentRadius: r });
          for (let y = 0; y < h; y++) {
            for (let x = 0; x < w; x++) {
              if (findPolygon(mesh, x + 0.5, y + 0.5) < 0) continue;
              expect(cells[y * w + x]).toBe(1);
              expect(Math.min(x + 0.5, y + 0.5, w - x - 0.5, h - y - 0.5)).toBeGreaterThan(r);
              for (let by = 0; by < h; by++) {
                for (let bx = 0; bx < w; bx++) {
                  if (cells[by * w + bx]) continue;
                  const ex = Math.max(0, Math.abs(bx - x) - 0.5),
                    ey = Math.max(0, Math.abs(by - y) - 0.5);
                  expect(Math.hypot(ex, ey)).toBeGreaterThan(r);
                }
              }
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a 7 × 7 open room with radius 1 keeps its 5 × 5 middle (cell centres more than 1 from the edge)", () => {
    const mesh = buildNavMeshFromTilemap(new Array<number>(49).fill(1), 7, 7, { agentRadius: 1 });
    expect(area(mesh)).toBeCloseTo(25, 9);
    expect(findPolygon(mesh, 1.5, 1.5)).toBeGreaterThanOrEqual(0);
    expect(findPolygon(mesh, 0.5, 3.5)).toBe(-1);
  });
});
