// Loaders of @tactica/navmesh's polygon builders and navigation graphs: polygon rings with holes (CDT,
// erosion), designer waypoints with blockers, and graphs given as JSON.
import {
  buildNavMeshCdt,
  buildNavMeshFromPolygons,
  buildNavMeshFromTilemap,
  navMeshFromTriangles,
  buildNavpointGraph,
  buildWaypointGraph,
  navGraphFromJson,
  navGraphToJson,
  navpointParamsFromJson,
  navpointParamsToJson,
  triangulatePolygonsCdt,
  type Blocker,
  type PolygonWithHoles,
} from "@tactica/navmesh";
import fc from "fast-check";
import type { LoaderCase } from "../kit";

const room = { outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] };
const lattice = {
  outer: [0, 0, 4, 0, 8, 0, 12, 0, 16, 0, 16, 16, 8, 16, 0, 16, 0, 8],
  holes: [
    [1, 1, 3, 1, 3, 3, 1, 3],
    [9, 9, 11, 9, 11, 11, 9, 11],
  ],
  area: 2,
  flags: 3,
  tag: 7,
};
const star: number[] = [];
for (let i = 0; i < 12; i++) star.push((i % 2 ? 4 : 9) * Math.cos((i * Math.PI) / 6), (i % 2 ? 4 : 9) * Math.sin((i * Math.PI) / 6));
const polygonSeeds: unknown[] = [[room], [lattice, { outer: [16, 0, 20, 0, 20, 16, 16, 16] }], [{ outer: star }]];

/** Well-formed rings that break the polygon rules: bow ties, holes outside or overlapping, huge or tiny coordinates, deep nesting. */
const wrongPolygons: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    [{ outer: [0, 0, 2, 2, 2, 0, 0, 2] }],
    [{ outer: [0, 0, 4, 0, 4, 4, 0, 4], holes: [[5, 5, 6, 5, 6, 6]] }],
    [
      {
        outer: [0, 0, 4, 0, 4, 4, 0, 4],
        holes: [
          [1, 1, 3, 1, 3, 3],
          [1.5, 1.2, 2.5, 1.2, 2.5, 2],
        ],
      },
    ],
    [{ outer: [0, 0, 4, 0, 4, 4, 0, 4], holes: [[0, 0, 1, 1, 1, 0]] }],
    [{ outer: [0, 0, 1e300, 0, 0, 1e300] }],
    [{ outer: [0, 0, 1e-300, 0, 0, 1e-300] }],
    [{ outer: [0, 0, 4, 0, 8, 0, 4, 0, 4, 4] }],
    [{ outer: [[[[[[0]]]]]] }],
    [{ outer: { length: 1e9 } }],
    [{ outer: [0, 0, 4, 0, 4, 4, 0, 4], holes: { length: 5 } }],
    // Round 2 (issues 32/35): beyond the world bounds, a hole list declared 2^26 long, null holes.
    [{ outer: [0, 0, 1e9, 0, 0, 1e9] }],
    [{ outer: [0, 0, 4, 0, 4, 4, 0, 4], holes: { length: 2 ** 26 } }],
    [{ outer: [0, 0, 4, 0, 4, 4, 0, 4], holes: null }],
    { length: 2 ** 26 },
  ),
  fc.array(fc.tuple(fc.integer({ min: -5, max: 5 }), fc.integer({ min: -5, max: 5 })), { minLength: 3, maxLength: 9 }).map((pts) => [{ outer: pts.flat() }]),
);

const triangulateCase: LoaderCase<unknown> = {
  pkg: "navmesh",
  name: "triangulatePolygonsCdt",
  kind: "json",
  seeds: polygonSeeds,
  wrong: wrongPolygons,
  load: (input) => triangulatePolygonsCdt(input as PolygonWithHoles[]),
  ciRuns: 1200,
};

const erodeCase: LoaderCase<unknown> = {
  pkg: "navmesh",
  name: "buildNavMeshCdt(agentRadius)",
  kind: "json",
  seeds: polygonSeeds,
  wrong: wrongPolygons,
  load: (input) => buildNavMeshCdt(input as PolygonWithHoles[], { agentRadius: 0.5, tolerance: 0.05 }),
  options: { base: { agentRadius: 0.5, tolerance: 0.05 }, call: (input, options) => buildNavMeshCdt(input as PolygonWithHoles[], options as never) },
  ciRuns: 400,
};

const waypointSeeds: unknown[] = [
  { points: [1, 1, 9, 1, 9, 9, 1, 9], blockers: [{ kind: "box", minX: 7, minY: 4.9, maxX: 10, maxY: 5.1 }] },
  {
    points: [2, 5, 7, 5, 5, 9],
    blockers: [
      { kind: "circle", x: 5, y: 5, radius: 1 },
      { kind: "polygon", points: [3, 1, 4, 2, 3, 3, 2, 2] },
    ],
  },
];

const waypointCase: LoaderCase<unknown> = {
  pkg: "navmesh",
  name: "buildWaypointGraph",
  kind: "json",
  seeds: waypointSeeds,
  wrong: fc.constantFrom<unknown>(
    { points: [0, 0, 0, 0], blockers: [] },
    { points: { length: -2 }, blockers: [] },
    { points: { length: 1e9 }, blockers: [] },
    { points: [0, 0, 1, 1], blockers: [{ kind: "box", minX: 2, minY: 0, maxX: 1, maxY: 1 }] },
    { points: [0, 0, 1, 1], blockers: [{ kind: "polygon", points: [0, 0] }] },
    { points: [0, 0, 1e300, 1e300], blockers: [] },
  ),
  load: (input) => {
    const i = (input ?? {}) as { points: ArrayLike<number>; blockers: Blocker[] };
    return buildWaypointGraph(i.points, i.blockers, { sampleStep: 0.5 });
  },
  ciRuns: 800,
};

const flat = { heightAt: () => 0, maxStepUp: 0.5, maxDropSlope: 2, sampleStep: 0.5, maxRadius: 8, maxVertical: 2 };
const graphSeeds: unknown[] = [
  navGraphToJson(buildNavpointGraph([0, 0, 0, 5, 0, 0, 5, 5, 1, 0, 5, 0], flat)),
  navGraphToJson(buildWaypointGraph([1, 1, 9, 1, 9, 9, 1, 9], []).graph),
  { format: "tactica-nav-graph", version: 1, x: [0, 3], y: [0, 4], from: [0], to: [1] },
];

const graphJsonCase: LoaderCase<unknown> = {
  pkg: "navmesh",
  name: "navGraphFromJson",
  kind: "json",
  seeds: graphSeeds,
  wrong: fc.constantFrom<unknown>(
    { format: "tactica-nav-graph", version: 1, x: [0, 3], y: [0, 4], from: [0], to: [5] },
    { format: "tactica-nav-graph", version: 2, x: [0], y: [0], from: [], to: [] },
    { format: "tactica-nav-graph", version: 1, x: { length: 1e9 }, y: [], from: [], to: [] },
    { format: "tactica-nav-graph", version: 1, x: [0, 1], y: [0, 1], from: [0, 1], to: [1, 0], kind: [0, 7] },
    { format: "tactica-nav-graph", version: 1, x: [0], y: [0], from: [0], to: [0], radius: [-1] },
  ),
  load: (input) => navGraphFromJson(input),
};

const paramsCase: LoaderCase<unknown> = {
  pkg: "navmesh",
  name: "navpointParamsFromJson",
  kind: "json",
  seeds: [
    navpointParamsToJson({ maxRadius: 8, maxVertical: 2, maxStepUp: 0.5, maxDropSlope: Infinity, sampleStep: 0.25, pruneAngle: 0.3 }),
    { format: "tactica-navpoint-params", version: 1, maxRadius: 8, maxVertical: 2, maxStepUp: 0.4, maxDropSlope: 2, sampleStep: 0.25 },
  ],
  wrong: fc.constantFrom<unknown>(
    { format: "tactica-navpoint-params", version: 9, maxRadius: 8, maxVertical: 2, maxStepUp: 0.4, maxDropSlope: 2, sampleStep: 0.25 },
    { format: "tactica-navpoint-params", version: 1, maxRadius: 8, maxVertical: 2, maxStepUp: 0.4, maxDropSlope: 2, sampleStep: 1e-300 },
    { format: "tactica-navpoint-params", version: 1, maxRadius: 1e300, maxVertical: 2, maxStepUp: 0.4, maxDropSlope: 2, sampleStep: 1 },
  ),
  load: (input) => navpointParamsFromJson(input),
};

/** `buildNavMeshFromPolygons` (ear clipping) on the same rings; options from the input when it carries them. */
const earClipCase: LoaderCase<unknown> = {
  pkg: "navmesh",
  name: "buildNavMeshFromPolygons",
  kind: "json",
  seeds: polygonSeeds,
  wrong: fc.oneof(
    wrongPolygons,
    fc.constantFrom<unknown>(null, "x".repeat(1e5), [], 7).map((options) => ({ regions: [room], options })),
  ),
  load: (input) => {
    const i = input as { regions?: unknown; options?: unknown };
    if (i !== null && typeof i === "object" && !Array.isArray(i) && "regions" in i)
      return buildNavMeshFromPolygons(i.regions as PolygonWithHoles[], i.options as never);
    return buildNavMeshFromPolygons(input as PolygonWithHoles[]);
  },
  ciRuns: 1200,
};

const soupSeeds: unknown[] = [
  { positions: [0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1], triangles: [0, 2, 1, 0, 3, 2] },
  { positions: [0, 0, 0, 4, 0, 0, 4, 1, 4, 0, 3, 4, 2, 0, 2], triangles: [0, 2, 1, 0, 3, 2, 4, 1, 0], options: { maxVertsPerPoly: 3, maxSlopeDegrees: 30 } },
];

/** `navMeshFromTriangles`: a triangle soup with options (huge declared lengths, extreme coordinates, options of the wrong type). */
const trianglesCase: LoaderCase<unknown> = {
  pkg: "navmesh",
  name: "navMeshFromTriangles",
  kind: "json",
  seeds: soupSeeds,
  wrong: fc.constantFrom<unknown>(
    { positions: [0, 0, 0, 1e9, 0, 0, 0, 0, 1], triangles: [0, 2, 1] },
    { positions: [0, 0, 0, 1, 0, 0, 0, 0, 1], triangles: { length: 3 * 2 ** 26 } },
    { positions: { length: 3 * 2 ** 26 }, triangles: [0, 2, 1] },
    { positions: "0 0 0", triangles: [0, 2, 1] },
    { positions: [0, 0, 0, 1, 0, 0, 0, 0, 1], triangles: [0, 2, 1], options: null },
    { positions: [0, 0, 0, 1, 0, 0, 0, 0, 1], triangles: [0, 2, 1], options: { limits: { maxTriangles: 0 } } },
  ),
  load: (input) => {
    const i = (input !== null && typeof input === "object" ? input : {}) as { positions?: unknown; triangles?: unknown; options?: unknown };
    return navMeshFromTriangles(i.positions as number[], i.triangles as number[], i.options as never);
  },
};

const tilemapSeeds: unknown[] = [
  { cells: [1, 1, 1, 1, 0, 1, 1, 1, 1], width: 3, height: 3 },
  { cells: [1, 0, 0, 1, 1, 1], width: 3, height: 2, options: { cellSize: 0.5, originX: -3, originY: 2, agentRadius: 0.2 } },
];

/** `buildNavMeshFromTilemap`: cells, sizes and options as a level file would give them. */
const tilemapCase: LoaderCase<unknown> = {
  pkg: "navmesh",
  name: "buildNavMeshFromTilemap",
  kind: "json",
  seeds: tilemapSeeds,
  wrong: fc.constantFrom<unknown>(
    { cells: [1], width: 1, height: 1, options: { originX: 1e9 } },
    { cells: [1], width: 1, height: 1, options: { cellSize: 1e300 } },
    { cells: { length: 2 ** 26 }, width: 2 ** 13, height: 2 ** 13 },
    { cells: [1], width: 1, height: 1, options: null },
    { cells: null, width: 1, height: 1 },
  ),
  load: (input) => {
    const i = (input !== null && typeof input === "object" ? input : {}) as { cells?: unknown; width?: unknown; height?: unknown; options?: unknown };
    return buildNavMeshFromTilemap(i.cells as number[], i.width as number, i.height as number, i.options as never);
  },
  ciRuns: 1200,
};

/** Every loader of the navmesh builders and graphs, for the unit suite and `pnpm fuzz`. */
export const cases: readonly LoaderCase<unknown>[] = [
  triangulateCase,
  erodeCase,
  earClipCase,
  trianglesCase,
  tilemapCase,
  waypointCase,
  graphJsonCase,
  paramsCase,
];
