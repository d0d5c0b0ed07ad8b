import fc from "fast-check";
import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  buildWaypointGraph,
  findNavGraphPath,
  findNavGraphRoute,
  findNearestClearNode,
  hasNavGraphEdge,
  isCorridorClear,
  NavMeshErrorCodes,
  segmentBlockerDistance,
  type Blocker,
} from "../src";
import { createPathResult, PathFlags } from "@tactica/search";

describe("isCorridorClear (corridor = hull of two agent discs, C.1.3)", () => {
  it("the @example: the centre line misses the wall, a 0.6-radius agent does not", () => {
    const wall: Blocker = { kind: "box", minX: 4, minY: 0.5, maxX: 6, maxY: 1 };
    expect(isCorridorClear(0, 0, 10, 0, 0, [wall])).toBe(true);
    expect(isCorridorClear(0, 0, 10, 0, 0.6, [wall])).toBe(false);
    expect(isCorridorClear(0, 0, 10, 0, 0.4, [wall])).toBe(true);
  });

  it("uses the external tangents, not only the centre segment: a blocker beside an end disc counts", () => {
    // A circle just beyond the end point's side: within R of the end disc, not of the centre line's interior.
    const c: Blocker = { kind: "circle", x: 10.3, y: 0.3, radius: 0.1 };
    expect(segmentBlockerDistance(0, 0, 10, 0, c)).toBeCloseTo(Math.hypot(0.3, 0.3) - 0.1, 12);
    expect(isCorridorClear(0, 0, 10, 0, 0.35, [c])).toBe(false);
    expect(isCorridorClear(0, 0, 10, 0, 0.3, [c])).toBe(true);
  });

  it("oriented boxes as convex polygons: crossing and containment are distance 0", () => {
    const obb: Blocker = { kind: "polygon", points: [5, -1, 6, 0, 5, 1, 4, 0] };
    expect(segmentBlockerDistance(0, 0, 10, 0, obb)).toBe(0);
    expect(segmentBlockerDistance(5, 0, 5, 0, obb)).toBe(0);
    expect(segmentBlockerDistance(0, 2, 10, 2, obb)).toBeCloseTo(1, 12);
  });

  it("a segment on the line of a blocker's edge but beside it is not inside (collinear, no overlap)", () => {
    // Found in the playground: a waypoint in line with the bottom edge of a polygon was reported blocked.
    const poly: Blocker = { kind: "polygon", points: [323, 218, 367, 209, 356, 252, 322, 252] };
    expect(segmentBlockerDistance(93, 252, 93, 252, poly)).toBeCloseTo(322 - 93, 9);
    expect(segmentBlockerDistance(100, 252, 200, 252, poly)).toBeCloseTo(122, 9);
    // Collinear and overlapping, or touching an end: still a hit.
    expect(segmentBlockerDistance(300, 252, 330, 252, poly)).toBe(0);
    expect(segmentBlockerDistance(300, 252, 322, 252, poly)).toBe(0);
  });
});

describe("buildWaypointGraph (Delaunay + validator, C.1.4)", () => {
  it("the @example: the blocked Delaunay edge is removed and reported as missing", () => {
    const { graph, warnings, removedEdges } = buildWaypointGraph([1, 1, 9, 1, 9, 9, 1, 9], [{ kind: "box", minX: 7, minY: 4.9, maxX: 10, maxY: 5.1 }]);
    expect(graph.edges.edgeCount).toBe(8);
    expect(removedEdges).toEqual([1, 2]);
    expect(warnings[0]!.kind).toBe("missing-edge");
    expect(hasNavGraphEdge(graph, 1, 2)).toBe(false);
    expect(hasNavGraphEdge(graph, 0, 1) && hasNavGraphEdge(graph, 1, 0)).toBe(true);
  });

  it("Fig. 4: a point nearest to a node behind a wall is reported with a witness (Voronoi criterion)", () => {
    const wall: Blocker = { kind: "box", minX: 5, minY: 0, maxX: 5.2, maxY: 8 };
    const { warnings } = buildWaypointGraph([2, 5, 7, 5], [wall], { bounds: [0, 0, 10, 10], sampleStep: 0.1 });
    const cell = warnings.find((w) => w.kind === "voronoi-cell");
    expect(cell?.node).toBe(1);
    expect(cell!.x).toBeGreaterThanOrEqual(4.5);
    expect(cell!.x).toBeLessThan(5);
    expect(isCorridorClear(cell!.x, cell!.y, 7, 5, 0, [wall])).toBe(false);
    expect(warnings.some((w) => w.kind === "missing-edge" && w.node === 0 && w.other === 1)).toBe(true);
  });

  it("a placement satisfying the criterion gives no warning", () => {
    const { warnings, graph } = buildWaypointGraph([2, 2, 8, 2, 8, 8, 2, 8, 5, 5], [], { bounds: [0, 0, 10, 10] });
    expect(warnings).toEqual([]);
    expect(graph.edges.edgeCount).toBe(16);
  });

  it("flags a node inside a blocker", () => {
    const { warnings } = buildWaypointGraph([1, 1, 5, 5, 9, 1], [{ kind: "circle", x: 5, y: 5, radius: 1 }]);
    expect(warnings.some((w) => w.kind === "node-blocked" && w.node === 1)).toBe(true);
  });

  it("property: kept edges have clear corridors, removed ones do not; A* finds paths along kept edges only", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 })), {
          minLength: 3,
          maxLength: 25,
          selector: ([x, y]) => `${x},${y}`,
        }),
        fc.array(
          fc.record({
            x: fc.double({ min: 0, max: 20, noNaN: true }),
            y: fc.double({ min: 0, max: 20, noNaN: true }),
            r: fc.double({ min: 0.1, max: 2, noNaN: true }),
          }),
          {
            minLength: 0,
            maxLength: 5,
          },
        ),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        (pts, circles, radius) => {
          const blockers: Blocker[] = circles.map((c) => ({ kind: "circle", x: c.x, y: c.y, radius: c.r }));
          const { graph, removedEdges } = buildWaypointGraph(pts.flat(), blockers, { agentRadius: radius, sampleStep: 1 });
          for (let a = 0; a < graph.nodeCount; a++)
            for (let e = graph.edges.offsets[a]!; e < graph.edges.offsets[a + 1]!; e++) {
              const b = graph.edges.targets[e]!;
              expect(isCorridorClear(graph.x[a]!, graph.y[a]!, graph.x[b]!, graph.y[b]!, radius, blockers)).toBe(true);
            }
          for (let k = 0; k < removedEdges.length; k += 2) {
            const a = removedEdges[k]!,
              b = removedEdges[k + 1]!;
            expect(isCorridorClear(graph.x[a]!, graph.y[a]!, graph.x[b]!, graph.y[b]!, radius, blockers)).toBe(false);
          }
          const out = createPathResult(64);
          findNavGraphPath(out, graph, 0, graph.nodeCount - 1);
          if (out.flags & PathFlags.Found) for (let i = 0; i + 1 < out.length; i++) expect(hasNavGraphEdge(graph, out.path[i]!, out.path[i + 1]!)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("the nearest-node query skips nodes behind blockers (C.1.2)", () => {
    const wall: Blocker = { kind: "box", minX: 4.9, minY: 0, maxX: 5.1, maxY: 10 };
    const { graph } = buildWaypointGraph([6, 5, 1, 5], [wall]);
    expect(findNearestClearNode(graph, 4, 5, (x0, y0, x1, y1) => isCorridorClear(x0, y0, x1, y1, 0, [wall]))).toBe(1);
    expect(findNearestClearNode(graph, 4, 5, () => false)).toBe(-1);
  });

  it("rejects duplicates, bad coordinates and bad blockers with located errors", () => {
    const bad: [() => unknown, string][] = [
      [() => buildWaypointGraph([0, 0, 1, 1, 0, 0], []), "points[4]"],
      [() => buildWaypointGraph([0, Number.NaN], []), "points[1]"],
      [() => buildWaypointGraph([0, 0, 1, 1], [{ kind: "circle", x: 0, y: 0, radius: -1 }]), "blockers[0].radius"],
      [() => buildWaypointGraph([0, 0, 1, 1], [{ kind: "box", minX: 0, minY: 0, maxX: Infinity, maxY: 1 }]), "blockers[0].maxX"],
      [() => buildWaypointGraph([0, 0, 1, 1], [], { agentRadius: -1 }), "options.agentRadius"],
    ];
    for (const [f, path] of bad) {
      try {
        f();
        expect.unreachable(path);
      } catch (e) {
        expect(isTacticaError(e, NavMeshErrorCodes.BadInput), String(e)).toBe(true);
        expect((e as { path: string }).path).toBe(path);
      }
    }
  });
});

describe("findNavGraphRoute (level 2, C.1.2 + the skip-leading-nodes post-process)", () => {
  const wall: Blocker = { kind: "box", minX: 4.9, minY: 0, maxX: 5.1, maxY: 8 };
  const isClear = (x0: number, y0: number, x1: number, y1: number): boolean => isCorridorClear(x0, y0, x1, y1, 0, [wall]);

  it("the @example: around the wall's end, every leg clear", () => {
    const { graph } = buildWaypointGraph([2, 2, 2, 9, 8, 9, 8, 2], [wall]);
    const route = findNavGraphRoute(graph, { x: 1, y: 1 }, { x: 9, y: 1 }, { isClear });
    expect(route.found).toBe(true);
    expect(route.points).toEqual([
      { x: 1, y: 1 },
      { x: 2, y: 9 },
      { x: 8, y: 9 },
      { x: 9, y: 1 },
    ]);
    for (let i = 0; i + 1 < route.points.length; i++)
      expect(isClear(route.points[i]!.x, route.points[i]!.y, route.points[i + 1]!.x, route.points[i + 1]!.y)).toBe(true);
  });

  it("drops a leading corner node when a later node is reachable by a clear ray (no backtracking)", () => {
    const { graph } = buildWaypointGraph([2, 2, 2, 9, 8, 9, 8, 2], [wall]);
    const kept = findNavGraphRoute(graph, { x: 1, y: 1 }, { x: 9, y: 1 }, { isClear, skipReachable: false });
    expect(kept.nodes).toEqual([0, 1, 2, 3]);
    const skipped = findNavGraphRoute(graph, { x: 1, y: 1 }, { x: 9, y: 1 }, { isClear });
    expect(skipped.nodes).toEqual([1, 2]);
    expect(skipped.cost).toBeLessThan(kept.cost);
  });

  it("no clear node near the start is NoPath, not an exception", () => {
    const { graph } = buildWaypointGraph([2, 2, 2, 9], [wall]);
    expect(findNavGraphRoute(graph, { x: 9, y: 1 }, { x: 1, y: 1 }, { isClear }).flags).toBe(PathFlags.NoPath);
  });
});
