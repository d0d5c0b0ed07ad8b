// Loaders of @tactica/navmesh's voxel generator (issue 12): the configuration (voxel and world
// units) and the triangle soup a level designer hands over, as JSON and as OBJ text. Seeds are
// small meshes so every input builds in a few milliseconds.
import {
  buildNavMeshFromTriangles3d,
  buildStanceNavMesh,
  buildVoxelNavMesh,
  buildVoxelNavMeshes,
  StancePresets,
  parseObj,
  validateVoxelConfig,
  voxelConfigFromWorld,
  VoxelConfigPresets,
  type VoxelConfig,
  type WorldVoxelConfig,
} from "@tactica/navmesh";
import fc from "fast-check";
import type { LoaderCase } from "../kit";

/** A 6 m × 6 m floor with a 1 m step and a 2 m box (y up). */
const FLOOR = {
  positions: [0, 0, 0, 0, 0, 6, 3, 0, 6, 3, 0, 0, 3, 0.2, 0, 3, 0.2, 6, 6, 0.2, 6, 6, 0.2, 0, 2, 0, 2, 2, 2, 2, 3, 2, 3, 3, 0, 3],
  triangles: [0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7, 8, 9, 10, 8, 10, 11],
};
const SMALL: VoxelConfig = { ...VoxelConfigPresets.coarse, cellSize: 0.3, cellHeight: 0.2, walkableHeight: 10, walkableClimb: 2, walkableRadius: 1 };

interface SoupInput {
  positions: unknown;
  triangles: unknown;
  config: unknown;
}

const soup: LoaderCase<unknown> = {
  pkg: "navmesh",
  name: "buildVoxelNavMesh",
  kind: "json",
  seeds: [
    { positions: FLOOR.positions, triangles: FLOOR.triangles, config: SMALL },
    { positions: [0, 0, 0, 0, 0, 4, 4, 0, 4], triangles: [0, 1, 2], config: { ...SMALL, maxVertsPerPoly: 3, detailSampleDist: 0 } },
    { positions: [], triangles: [], config: SMALL },
    { positions: FLOOR.positions, triangles: FLOOR.triangles, config: { ...SMALL, partition: "monotone" } },
    { positions: FLOOR.positions, triangles: FLOOR.triangles, config: { ...SMALL, partition: "layers" } },
  ],
  wrong: fc.oneof(
    // Dangling indices and sizes that would allocate gigabytes.
    fc.record({
      positions: fc.constant(FLOOR.positions),
      triangles: fc.array(fc.integer({ min: -2, max: 20 }), { minLength: 3, maxLength: 12 }),
      config: fc.constant(SMALL),
    }),
    fc.record({
      positions: fc.constant([0, 0, 0, 0, 0, 1e9, 1e9, 0, 0]),
      triangles: fc.constant([0, 1, 2]),
      config: fc.constant(SMALL),
    }),
    fc.record({
      positions: fc.constant(FLOOR.positions),
      triangles: fc.constant(FLOOR.triangles),
      config: fc.constantFrom({ ...SMALL, cellSize: 1e-9 }, { ...SMALL, cellHeight: 1e-9 }, { ...SMALL, walkableHeight: 1e9 }),
    }),
    // Degenerate and collinear triangles, every vertex the same.
    fc.record({
      positions: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 9, maxLength: 30 }).map((a) => a.slice(0, a.length - (a.length % 3))),
      triangles: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 3, maxLength: 9 }).map((a) => a.slice(0, a.length - (a.length % 3))),
      config: fc.constant(SMALL),
    }),
  ),
  load(input) {
    const i = input as SoupInput;
    if (i === null || typeof i !== "object") return validateVoxelConfig(i);
    return buildVoxelNavMesh(i.positions as ArrayLike<number>, i.triangles as ArrayLike<number>, i.config as VoxelConfig);
  },
};

const config: LoaderCase<unknown> = {
  pkg: "navmesh",
  name: "validateVoxelConfig",
  kind: "json",
  seeds: [VoxelConfigPresets.default, VoxelConfigPresets.bench, VoxelConfigPresets.coarse].map((c) => ({ ...c })),
  wrong: fc
    .record({ cellSize: fc.double(), walkableSlopeAngle: fc.double(), walkableHeight: fc.integer() })
    .map((r) => ({ ...VoxelConfigPresets.default, ...r })),
  load: (input) => validateVoxelConfig(input as VoxelConfig),
};

const world: LoaderCase<unknown> = {
  pkg: "navmesh",
  name: "voxelConfigFromWorld",
  kind: "json",
  seeds: [
    { cellSize: 0.3, cellHeight: 0.2, agentHeight: 2, agentRadius: 0.6, agentMaxClimb: 0.9, agentMaxSlope: 45 },
    {
      cellSize: 0.15,
      cellHeight: 0.25,
      agentHeight: 2,
      agentRadius: 0.3,
      agentMaxClimb: 0.5,
      agentMaxSlope: 45,
      regionMinSize: 3,
      edgeMaxLen: 1.8,
      vertsPerPoly: 4,
      detailSampleDist: 0,
    },
  ],
  wrong: fc.record({
    cellSize: fc.double({ min: 1e-12, max: 1 }),
    cellHeight: fc.double({ min: 1e-12, max: 1 }),
    agentHeight: fc.double(),
    agentRadius: fc.double(),
    agentMaxClimb: fc.double(),
    agentMaxSlope: fc.double(),
  }),
  load: (input) => voxelConfigFromWorld(input as WorldVoxelConfig),
};

const obj: LoaderCase<unknown> = {
  pkg: "navmesh",
  name: "buildNavMeshFromTriangles3d(parseObj)",
  kind: "text",
  seeds: [
    ["v 0 0 0", "v 0 0 6", "v 6 0 6", "v 6 0 0", "v 2 0 2", "v 2 1 2", "v 3 1 3", "f 1 2 3", "f 1 3 4", "f 5 6 7"].join("\n"),
    ["v 0 0 0", "v 0 0 4", "v 4 0.5 4", "v 4 0.5 0", "f 1 2 3 4"].join("\n"),
  ],
  load(input) {
    const m = parseObj(input as string);
    return buildNavMeshFromTriangles3d(m.positions, m.triangles, { config: { cellSize: 0.3, detailSampleDist: 0.9 } });
  },
  options: {
    base: { config: { cellSize: 0.3, detailSampleDist: 0.9 } },
    call(input, options) {
      const m = parseObj(input as string);
      return buildNavMeshFromTriangles3d(m.positions, m.triangles, options as never);
    },
  },
};

interface RadiiInput extends SoupInput {
  radii: unknown;
}

const radii: LoaderCase<unknown> = {
  pkg: "navmesh",
  name: "buildVoxelNavMeshes",
  kind: "json",
  seeds: [
    { positions: FLOOR.positions, triangles: FLOOR.triangles, config: SMALL, radii: [0, 1, 3] },
    { positions: FLOOR.positions, triangles: FLOOR.triangles, config: { ...SMALL, partition: "layers" }, radii: [2] },
  ],
  wrong: fc.record({
    positions: fc.constant(FLOOR.positions),
    triangles: fc.constant(FLOOR.triangles),
    config: fc.constant(SMALL),
    radii: fc.oneof(fc.array(fc.integer({ min: -3, max: 300 }), { minLength: 0, maxLength: 6 }), fc.constant([1e9]), fc.constant([0.5])),
  }),
  load(input) {
    const i = input as RadiiInput;
    if (i === null || typeof i !== "object") return validateVoxelConfig(i);
    return buildVoxelNavMeshes(i.positions as ArrayLike<number>, i.triangles as ArrayLike<number>, i.config as VoxelConfig, i.radii as ArrayLike<number>);
  },
};

/** An 8 m beach from y = −3 to y = 1 under water up to y = 0. */
const BEACH = { positions: [0, -3, 0, 0, -3, 4, 8, 1, 4, 8, 1, 0], triangles: [0, 1, 2, 0, 2, 3] };
const SWIM_PASSES = [
  { name: "stand", agent: StancePresets.stand, area: 63 },
  { name: "swim", agent: StancePresets.swim, area: 30 },
];

const water: LoaderCase<unknown> = {
  pkg: "navmesh",
  name: "buildStanceNavMesh(water)",
  kind: "json",
  seeds: [{ water: [{ xz: [0, 0, 8, 0, 8, 4, 0, 4], surface: 0 }] }, { water: [] }],
  wrong: fc.record({
    water: fc.array(
      fc.record({
        xz: fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 0, maxLength: 10 }),
        surface: fc.oneof(fc.double(), fc.constant(1e300)),
      }),
      { minLength: 0, maxLength: 3 },
    ),
  }),
  load(input) {
    const w = input === null || typeof input !== "object" ? input : (input as { water: unknown }).water;
    return buildStanceNavMesh(BEACH.positions, BEACH.triangles, SWIM_PASSES, { cellSize: 0.5, cellHeight: 0.2 }, { water: w as never });
  },
};

/** Every voxel-generator loader, for the unit suite and `pnpm fuzz`. */
export const cases: readonly LoaderCase<unknown>[] = [soup, config, world, obj, radii, water];
