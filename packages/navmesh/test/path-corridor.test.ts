import { describe, expect, it } from "vitest";
import {
  buildNavMeshFromPolygons,
  closestPointOnPolygon,
  createNavMeshQuery,
  createNavPath,
  createPathCorridor,
  createStraightPath,
  findCorridorCorners,
  findPolygon,
  findPolygonPath,
  getPolygonCenter,
  moveCorridorPosition,
  resetPathCorridor,
  setPathCorridor,
  moveCorridorTarget,
  optimizeCorridorVisibility,
  optimizeCorridorTopology,
  traverseCorridorLink,
  isPathCorridorValid,
  repairPathCorridor,
  PathCorridorRepair,
  StraightPathFlags,
  createOffMeshLinks,
  addOffMeshLink,
  createNavMesh,
  decodePolyRef,
  replaceNavMeshTile,
  type NavMesh,
  type OffMeshLinks,
  type PathCorridor,
} from "../src";
import { splitIntoTiles } from "./helpers";

/** Consecutive corridor polygons share an edge (or, with `links`, are joined by a live link). */
function expectConnected(mesh: NavMesh, corridor: PathCorridor, links?: OffMeshLinks): void {
  for (let i = 0; i + 1 < corridor.length; i++) {
    const a = corridor.polys[i]!,
      b = corridor.polys[i + 1]!;
    const d = decodePolyRef(a);
    const t = mesh.tiles[mesh.tileKeys[d.slot]!]!;
    const byEdge = Array.from(t.links.subarray(d.poly * t.maxVertsPerPoly, (d.poly + 1) * t.maxVertsPerPoly)).includes(b);
    let byLink = false;
    if (links)
      for (let k = 0; k < links.count; k++)
        if (links.alive[k] && ((links.startPoly[k] === a && links.endPoly[k] === b) || (links.endPoly[k] === a && links.startPoly[k] === b))) byLink = true;
    expect(byEdge || byLink, `polys ${i} (${a}) and ${i + 1} (${b}) are not adjacent`).toBe(true);
  }
}

/** Walks the agent along the corridor's corners in steps of 0.25 (taking links); returns the distance walked on the mesh. */
function walk(mesh: NavMesh, corridor: PathCorridor, links?: OffMeshLinks, each?: () => void): number {
  const opts = links ? { links } : {};
  const corners = createStraightPath({ maxPoints: 64 });
  const hop = { startX: 0, startY: 0, endX: 0, endY: 0 };
  let walked = 0;
  for (let steps = 0; Math.hypot(corridor.targetX - corridor.x, corridor.targetY - corridor.y) > 1e-9; steps++) {
    expect(steps).toBeLessThan(1000);
    findCorridorCorners(corners, corridor, mesh, opts);
    const nx = corners.points[2]!,
      ny = corners.points[3]!;
    const d = Math.hypot(nx - corridor.x, ny - corridor.y);
    if (corners.pointFlags[0]! & StraightPathFlags.OffMeshLink) {
      // The agent stands at a link's start.
      expect(traverseCorridorLink(hop, corridor, mesh, links!)).toBeGreaterThanOrEqual(0);
      each?.();
      continue;
    }
    const step = Math.min(0.25, d);
    const px = corridor.x,
      py = corridor.y;
    expect(moveCorridorPosition(corridor, mesh, corridor.x + ((nx - corridor.x) * step) / (d || 1), corridor.y + ((ny - corridor.y) * step) / (d || 1))).toBe(
      true,
    );
    walked += Math.hypot(corridor.x - px, corridor.y - py);
    expectConnected(mesh, corridor, links);
    each?.();
  }
  return walked;
}

const room = () =>
  buildNavMeshFromPolygons([
    {
      outer: [0, 0, 10, 0, 10, 10, 0, 10],
      holes: [
        [4, 4, 6, 4, 6, 6, 4, 6],
        [2, 7, 3, 7, 3, 9.5, 2, 9.5],
      ],
    },
  ]);

describe("path corridor", () => {
  it("an agent following the corridor's corners reaches the target; its polygon is always the corridor's first", () => {
    const mesh = room();
    const sx = 1,
      sy = 8,
      tx = 9,
      ty = 5;
    const corridor = createPathCorridor();
    resetPathCorridor(corridor, findPolygon(mesh, sx, sy), sx, sy);
    const path = findPolygonPath(createNavPath(), createNavMeshQuery(mesh), corridor.polys[0]!, sx, sy, findPolygon(mesh, tx, ty), tx, ty);
    expect(setPathCorridor(corridor, path, tx, ty)).toBe(true);
    const corners = createStraightPath({ maxPoints: 32 });
    const tmp = { x: 0, y: 0 };
    let steps = 0;
    let walked = 0;
    const startLength = findCorridorCorners(corners, corridor, mesh).distance;
    while (Math.hypot(corridor.targetX - corridor.x, corridor.targetY - corridor.y) > 1e-9 && steps < 500) {
      findCorridorCorners(corners, corridor, mesh);
      const nx = corners.points[2]!,
        ny = corners.points[3]!;
      const d = Math.hypot(nx - corridor.x, ny - corridor.y);
      const step = Math.min(0.25, d);
      const px = corridor.x,
        py = corridor.y;
      expect(moveCorridorPosition(corridor, mesh, corridor.x + ((nx - corridor.x) * step) / (d || 1), corridor.y + ((ny - corridor.y) * step) / (d || 1))).toBe(
        true,
      );
      walked += Math.hypot(corridor.x - px, corridor.y - py);
      expect(closestPointOnPolygon(tmp, mesh, corridor.polys[0]!, corridor.x, corridor.y)).toBeLessThanOrEqual(1e-12);
      steps++;
    }
    expect(steps).toBeLessThan(500);
    expect(corridor.length).toBe(1);
    expect(walked).toBeCloseTo(startLength, 6);
  });

  it("stepping back out of the corridor prepends the polygon; a jump far away asks for a re-plan", () => {
    const mesh = room();
    const corridor = createPathCorridor();
    resetPathCorridor(corridor, findPolygon(mesh, 5, 3), 5, 3);
    const path = findPolygonPath(createNavPath(), createNavMeshQuery(mesh), corridor.polys[0]!, 5, 3, findPolygon(mesh, 5, 1), 5, 1);
    setPathCorridor(corridor, path, 5, 1);
    const first = corridor.polys[0]!;
    const len = corridor.length;
    // Step into a neighboring polygon that is not on the corridor (if any), else the move stays inside.
    const ok = moveCorridorPosition(corridor, mesh, 5, 3.9);
    expect(ok).toBe(true);
    expect(corridor.length).toBeGreaterThanOrEqual(len);
    expect(findPolygon(mesh, corridor.x, corridor.y) === corridor.polys[0] || corridor.polys[0] === first).toBe(true);
    // A jump to a polygon that is neither on the corridor nor next to its first polygon: the move's
    // search path is prepended, so the corridor stays connected.
    const p0 = findPolygon(mesh, 1, 1);
    resetPathCorridor(corridor, p0, 1, 1);
    const near = new Set([p0, ...Array.from(mesh.neighbors.subarray(p0 * mesh.maxVertsPerPoly, (p0 + 1) * mesh.maxVertsPerPoly))]);
    let far = -1;
    for (let p = 0; p < mesh.polyCount && far < 0; p++) if (!near.has(p)) far = p;
    const c = getPolygonCenter({ x: 0, y: 0 }, mesh, far);
    expect(moveCorridorPosition(corridor, mesh, c.x, c.y)).toBe(true);
    expect(corridor.polys[0]).toBe(findPolygon(mesh, corridor.x, corridor.y));
    expect(corridor.length).toBeGreaterThan(1);
    expect(corridor.polys[corridor.length - 1]).toBe(p0);
    expectConnected(mesh, corridor);
    // A corridor without room for the merge refuses and stays unchanged.
    const tiny = createPathCorridor({ capacity: 1 });
    resetPathCorridor(tiny, p0, 1, 1);
    expect(moveCorridorPosition(tiny, mesh, c.x, c.y)).toBe(false);
    expect([tiny.x, tiny.y, tiny.length, tiny.polys[0]]).toEqual([1, 1, 1, p0]);
  });

  it("moving the target trims the corridor's end or appends the polygons crossed; the agent still arrives", () => {
    const mesh = room();
    const corridor = createPathCorridor();
    resetPathCorridor(corridor, findPolygon(mesh, 1, 1), 1, 1);
    setPathCorridor(corridor, findPolygonPath(createNavPath(), createNavMeshQuery(mesh), corridor.polys[0]!, 1, 1, findPolygon(mesh, 9, 9), 9, 9), 9, 9);
    const len = corridor.length;
    // Back along the corridor: shorter.
    expect(moveCorridorTarget(corridor, mesh, 8, 5)).toBe(true);
    expectConnected(mesh, corridor);
    expect(corridor.polys[corridor.length - 1]).toBe(findPolygon(mesh, 8, 5));
    expect([corridor.targetX, corridor.targetY]).toEqual([8, 5]);
    expect(corridor.length).toBeLessThanOrEqual(len);
    // Onwards off the corridor: appended, connected, target reached by walking.
    expect(moveCorridorTarget(corridor, mesh, 9.5, 1)).toBe(true);
    expect(corridor.polys[corridor.length - 1]).toBe(findPolygon(mesh, 9.5, 1));
    expectConnected(mesh, corridor);
    walk(mesh, corridor);
    expect([corridor.x, corridor.y]).toEqual([9.5, 1]);
  });

  it("visibility and topology shortcuts shorten a detour corridor (fewer polygons, corners no longer) and keep it connected", () => {
    // A 20 × 10 grid of unit squares, each split into two triangles.
    const vertices: number[] = [],
      polygons: number[][] = [];
    for (let y = 0; y <= 10; y++) for (let x = 0; x <= 20; x++) vertices.push(x, y);
    for (let y = 0; y < 10; y++)
      for (let x = 0; x < 20; x++) {
        const v = y * 21 + x;
        polygons.push([v, v + 1, v + 22], [v, v + 22, v + 21]);
      }
    const mesh = createNavMesh({ vertices, polygons });
    // A corridor forced around the middle by a danger cost, then the danger is gone.
    const danger = (r: number): number =>
      Math.abs(getPolygonCenter({ x: 0, y: 0 }, mesh, r).y - 5) < 3 && Math.abs(getPolygonCenter({ x: 0, y: 0 }, mesh, r).x - 10) < 7 ? 50 : 1;
    for (const which of ["visibility", "topology"] as const) {
      const corridor = createPathCorridor();
      resetPathCorridor(corridor, findPolygon(mesh, 1, 5.5), 1, 5.5);
      const q = createNavMeshQuery(mesh);
      setPathCorridor(
        corridor,
        findPolygonPath(createNavPath(), q, corridor.polys[0]!, 1, 5.5, findPolygon(mesh, 19, 5.5), 19, 5.5, { polyCost: danger }),
        19,
        5.5,
      );
      const before = corridor.length;
      const beforeLength = findCorridorCorners(createStraightPath({ maxPoints: 64 }), corridor, mesh).distance;
      const changed =
        which === "visibility" ? optimizeCorridorVisibility(corridor, mesh, 19, 5.5) : optimizeCorridorTopology(corridor, mesh, q, { maxIterations: 500 });
      expect(changed).toBe(true);
      expect(corridor.length).toBeLessThan(before);
      expectConnected(mesh, corridor);
      expect(corridor.polys[0]).toBe(findPolygon(mesh, 1, 5.5));
      expect(corridor.polys[corridor.length - 1]).toBe(findPolygon(mesh, 19, 5.5));
      expect(findCorridorCorners(createStraightPath({ maxPoints: 64 }), corridor, mesh).distance).toBeLessThan(beforeLength);
      const walked = walk(mesh, corridor);
      // The ray reached the target: a straight corridor. The local A* gives a shorter one.
      if (which === "visibility") expect(walked).toBeCloseTo(18, 6);
      else expect(walked).toBeLessThan(beforeLength);
    }
    // A short range changes nothing when the ray cannot reach the corner.
    const c = createPathCorridor();
    resetPathCorridor(c, findPolygon(mesh, 1, 5.5), 1, 5.5);
    expect(optimizeCorridorVisibility(c, mesh, 19, 5.5, { maxDistance: 0.1 })).toBe(false);
  });

  it("off-mesh links: the corridor crosses a gap by a link, the agent jumps and arrives", () => {
    const mesh = createNavMesh({
      vertices: [0, 0, 4, 0, 4, 4, 0, 4, 6, 0, 10, 0, 10, 4, 6, 4],
      polygons: [
        [0, 1, 2, 3],
        [4, 5, 6, 7],
      ],
    });
    const links = createOffMeshLinks(4);
    const h = addOffMeshLink(links, mesh, 3.5, 2, 6.5, 2, { cost: 1, bidirectional: false });
    const corridor = createPathCorridor();
    resetPathCorridor(corridor, 0, 1, 1);
    setPathCorridor(corridor, findPolygonPath(createNavPath(), createNavMeshQuery(mesh), 0, 1, 1, 1, 9, 3, { links }), 9, 3);
    expect(Array.from(corridor.polys.subarray(0, corridor.length))).toEqual([0, 1]);
    // Not at a link between the first two polygons when they share an edge: -1.
    const hop = { startX: 0, startY: 0, endX: 0, endY: 0 };
    const other = createPathCorridor();
    resetPathCorridor(other, 1, 9, 3);
    expect(traverseCorridorLink(hop, other, mesh, links)).toBe(-1);
    let jumped = false;
    walk(mesh, corridor, links, () => {
      if (corridor.polys[0] === 1 && !jumped) {
        jumped = true;
        expect([corridor.x, corridor.y]).toEqual([6.5, 2]);
      }
    });
    expect(jumped).toBe(true);
    expect([corridor.x, corridor.y]).toEqual([9, 3]);
    expect(h).toBeGreaterThanOrEqual(0);
  });

  it("repair after a tile replace: stale refs are detected, the corridor is cut and relocated, a re-plan reaches the goal", () => {
    const tiled = splitIntoTiles(room(), 3);
    const q = createNavMeshQuery(tiled);
    const corridor = createPathCorridor();
    resetPathCorridor(corridor, findPolygon(tiled, 1, 1), 1, 1);
    setPathCorridor(corridor, findPolygonPath(createNavPath(), q, corridor.polys[0]!, 1, 1, findPolygon(tiled, 9, 9), 9, 9), 9, 9);
    expect(isPathCorridorValid(corridor, tiled)).toBe(true);
    const replaceSame = (tx: number, ty: number): void => {
      const t = tiled.tiles[`${tx},${ty},0`]!;
      const polygons = [];
      for (let p = 0; p < t.polyCount; p++) polygons.push(Array.from(t.polyVerts.subarray(p * t.maxVertsPerPoly, p * t.maxVertsPerPoly + t.polyVertCount[p]!)));
      replaceNavMeshTile(tiled, tx, ty, 0, { vertices: t.vertices, heights: t.heights, polygons, tags: t.tags });
    };
    // A tile the corridor crosses later (not the agent's, not the target's).
    const crossed = new Set<string>();
    for (let i = 1; i + 1 < corridor.length; i++) crossed.add(tiled.tileKeys[Math.floor(corridor.polys[i]! / 2 ** 20) % 2 ** 16]!);
    crossed.delete(tiled.tileKeys[Math.floor(corridor.polys[0]! / 2 ** 20) % 2 ** 16]!);
    crossed.delete(tiled.tileKeys[Math.floor(corridor.polys[corridor.length - 1]! / 2 ** 20) % 2 ** 16]!);
    const key = [...crossed][0]!;
    const [tx, ty] = key.split(",").map(Number) as [number, number];
    replaceSame(tx, ty);
    expect(isPathCorridorValid(corridor, tiled)).toBe(false);
    expect(() => findCorridorCorners(createStraightPath(), corridor, tiled)).toThrow(expect.objectContaining({ code: "NAVMESH_BAD_INPUT" }));
    expect(repairPathCorridor(corridor, tiled)).toBe(PathCorridorRepair.Trimmed);
    expect(isPathCorridorValid(corridor, tiled)).toBe(true);
    expectConnected(tiled, corridor);
    expect(repairPathCorridor(corridor, tiled)).toBe(PathCorridorRepair.None);
    // The agent's own tile replaced: located again.
    const a = tiled.tileKeys[Math.floor(corridor.polys[0]! / 2 ** 20) % 2 ** 16]!.split(",").map(Number) as [number, number];
    replaceSame(a[0], a[1]);
    expect(repairPathCorridor(corridor, tiled) & PathCorridorRepair.StartRelocated).toBeTruthy();
    expect(corridor.polys[0]).toBe(findPolygon(tiled, corridor.x, corridor.y));
    expect(isPathCorridorValid(corridor, tiled)).toBe(true);
    // Re-plan to the real goal and walk there.
    setPathCorridor(corridor, findPolygonPath(createNavPath(), q, corridor.polys[0]!, corridor.x, corridor.y, findPolygon(tiled, 9, 9), 9, 9), 9, 9);
    walk(tiled, corridor);
    expect([corridor.x, corridor.y]).toEqual([9, 9]);
  });
});

describe("path corridor: cases the first test set missed (surviving mutants)", () => {
  /** Six unit squares in a row, polygon i = [i, i + 1] × [0, 1]. */
  function strip(): NavMesh {
    const vertices: number[] = [];
    for (let i = 0; i <= 6; i++) vertices.push(i, 0, i, 1);
    const polygons: number[][] = [];
    for (let i = 0; i < 6; i++) polygons.push([2 * i, 2 * i + 2, 2 * i + 3, 2 * i + 1]);
    return createNavMesh({ vertices, polygons });
  }

  function corridorOf(mesh: NavMesh, polys: number[], x: number, y: number, tx: number, ty: number) {
    const corridor = createPathCorridor();
    resetPathCorridor(corridor, polys[0]!, x, y);
    const path = createNavPath({ maxLength: polys.length });
    path.path.set(polys);
    path.length = polys.length;
    setPathCorridor(corridor, path, tx, ty);
    return corridor;
  }

  it("moveCorridorTarget cuts a looping corridor at the first visit of the target's new polygon", () => {
    const mesh = strip();
    // 0 → 1 → 2 → 1 → 2 → 3 (a loop through 1 and 2), target in 3; the target moves back into 2.
    const corridor = corridorOf(mesh, [0, 1, 2, 1, 2, 3], 0.5, 0.5, 3.5, 0.5);
    expect(moveCorridorTarget(corridor, mesh, 2.5, 0.5)).toBe(true);
    expect(Array.from(corridor.polys.subarray(0, corridor.length))).toEqual([0, 1, 2]);
    expect([corridor.targetX, corridor.targetY]).toEqual([2.5, 0.5]);
  });

  it("optimizeCorridorTopology keeps a corridor start that has fewer polygons than the search's path", () => {
    const mesh = strip();
    // A corridor that claims 0 → 4 → 5 (3 polygons); the local search needs 0 → 1 → … → 5 (6 polygons).
    const corridor = corridorOf(mesh, [0, 4, 5], 0.5, 0.5, 5.5, 0.5);
    expect(optimizeCorridorTopology(corridor, mesh, createNavMeshQuery(mesh), { maxIterations: 64 })).toBe(false);
    expect(Array.from(corridor.polys.subarray(0, corridor.length))).toEqual([0, 4, 5]);
    // The same search shortens a corridor with a detour: 0 → 1 → 2 → 1 → 2 → 3 → 4 → 5 becomes 0 … 5.
    const detour = corridorOf(mesh, [0, 1, 2, 1, 2, 3, 4, 5], 0.5, 0.5, 5.5, 0.5);
    expect(optimizeCorridorTopology(detour, mesh, createNavMeshQuery(mesh), { maxIterations: 64 })).toBe(true);
    expect(Array.from(detour.polys.subarray(0, detour.length))).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
