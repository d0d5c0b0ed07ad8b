// Loaders of @tactica/grid: Moving AI .map/.scen text, grid JSON, Tiled JSON, goal bounds JSON and bytes.
import { createRng, rngInt } from "@tactica/core";
import {
  createGoalBounds,
  createGrid,
  findGridPath,
  formatMovingAiMap,
  formatMovingAiScenarios,
  goalBoundsFromBytes,
  goalBoundsFromJson,
  goalBoundsToBytes,
  goalBoundsToJson,
  gridFromJson,
  gridFromTiled,
  gridToJson,
  parseMovingAiMap,
  parseMovingAiScenarios,
  setCellCost,
  setCellPassable,
  type Grid,
} from "@tactica/grid";
import fc from "fast-check";
import type { LoaderCase } from "../kit";

/** A small seeded map with walls, so seeds stay fast to load 100,000 times. */
function seededGrid(width: number, height: number, seed: number, withCost = false): Grid {
  const g = createGrid(width, height, { withCost });
  const rng = createRng(seed);
  for (let i = 0; i < (width * height) / 4; i++) setCellPassable(g, rngInt(rng, 0, width - 1), rngInt(rng, 0, height - 1), false);
  setCellPassable(g, 0, 0, true);
  if (withCost) setCellCost(g, 1, 0, 3);
  return g;
}

const SMALL = seededGrid(7, 5, 1);
const MAP_TEXT = [
  "type octile\nheight 3\nwidth 4\nmap\n.G@S\nTOW.\n....\n",
  formatMovingAiMap(SMALL),
  formatMovingAiMap(seededGrid(12, 9, 2)).replace(/\n/g, "\r\n"),
];

const movingAiMap: LoaderCase<string> = {
  pkg: "grid",
  name: "parseMovingAiMap",
  kind: "text",
  seeds: MAP_TEXT,
  // Headers that declare gigabytes of cells, rows that do not match, junk letters.
  wrong: fc.oneof(
    fc
      .tuple(fc.constantFrom(1, 3, 32768, 32769, 1_000_000_000, 2 ** 31, -5), fc.constantFrom(1, 4, 32768, 1_000_000_000))
      .map(([h, w]) => `type octile\nheight ${h}\nwidth ${w}\nmap\n${"....\n".repeat(3)}`),
    fc.string({ unit: fc.constantFrom(".", "@", "T", "x", "\n", " "), maxLength: 60 }).map((body) => `type octile\nheight 3\nwidth 4\nmap\n${body}`),
  ),
  load: (text) => {
    const m = parseMovingAiMap(text);
    findGridPath(m.grid, { x: 0, y: 0 }, { x: m.grid.width - 1, y: m.grid.height - 1 });
    return m;
  },
};

const SCEN = formatMovingAiScenarios([
  { bucket: 0, map: "maps/x.map", width: 7, height: 5, startX: 0, startY: 0, goalX: 6, goalY: 4, optimalLength: 7.65685425 },
  { bucket: 1, map: "x.map", width: 7, height: 5, startX: 1, startY: 2, goalX: 3, goalY: 4, optimalLength: 2.82842712 },
]);

const movingAiScen: LoaderCase<string> = {
  pkg: "grid",
  name: "parseMovingAiScenarios",
  kind: "text",
  seeds: [SCEN, "version 1.0\r\n0\tarena.map\t49\t49\t1\t11\t1\t12\t1\r\n", "version 1\n"],
  wrong: fc
    .array(fc.constantFrom("0", "-1", "1e309", "NaN", "x.map", "99999999999", "0x10", "1.5", "\t"), { minLength: 1, maxLength: 12 })
    .map((f) => `version 1\n${f.join("\t")}\n`),
  load: (text) => parseMovingAiScenarios(text),
};

const gridJson: LoaderCase<unknown> = {
  pkg: "grid",
  name: "gridFromJson",
  kind: "json",
  seeds: [gridToJson(SMALL), gridToJson(seededGrid(4, 3, 3, true)), gridToJson(createGrid(1, 1, { connectivity: 4 }))],
  wrong: fc.oneof(
    fc
      .tuple(fc.constantFrom(1, 32768, 32769, 1_000_000_000, 2 ** 31), fc.constantFrom(1, 32768, 1_000_000_000))
      .map(([width, height]) => ({ version: 1, width, height, connectivity: 8, cornerCutting: 0, rows: ["."] })),
    fc.constant({ version: 1, width: 32768, height: 32768, connectivity: 8, cornerCutting: 0, rows: [], cost: [] }),
  ),
  load: (json) => {
    const g = gridFromJson(json);
    findGridPath(g, { x: 0, y: 0 }, { x: g.width - 1, y: g.height - 1 });
    return g;
  },
};

const TILED = {
  width: 3,
  height: 2,
  layers: [
    { type: "objectgroup", name: "objects" },
    { type: "tilelayer", name: "ground", data: [1, 2, 3, 0, 1, 2 + 0x80000000] },
  ],
  tilesets: [
    {
      firstgid: 1,
      tiles: [
        { id: 1, properties: [{ name: "blocked", type: "bool", value: true }] },
        { id: 2, properties: [{ name: "cost", type: "float", value: 4 }] },
      ],
    },
  ],
};

const tiled: LoaderCase<unknown> = {
  pkg: "grid",
  name: "gridFromTiled",
  kind: "json",
  seeds: [TILED, { width: 2, height: 2, layers: [{ type: "tilelayer", name: "a", data: [0, 0, 0, 1] }] }],
  wrong: fc.oneof(
    fc
      .tuple(fc.constantFrom(1, 32769, 100_000, 1_000_000_000), fc.constantFrom(1, 32769, 1_000_000_000))
      .map(([width, height]) => ({ width, height, layers: [{ type: "tilelayer", data: [1] }] })),
    // dangling gids, huge gids, firstgid not a number, tiles that are not objects
    fc.array(fc.constantFrom(0, 1, 99, 0xffffffff, 2 ** 40, -1), { minLength: 6, maxLength: 6 }).map((data) => ({
      width: 3,
      height: 2,
      layers: [{ type: "tilelayer", data }],
      tilesets: [{ firstgid: 1, tiles: [null, 5, { id: "x" }, { id: 1, properties: [null, { name: "cost", value: -1 }] }] }],
    })),
  ),
  load: (json) => {
    const g = gridFromTiled(json);
    findGridPath(g, { x: 0, y: 0 }, { x: g.width - 1, y: g.height - 1 });
    return g;
  },
};

const GB_GRID = seededGrid(6, 5, 4);
const GB = createGoalBounds(GB_GRID);

const goalBoundsJson: LoaderCase<unknown> = {
  pkg: "grid",
  name: "goalBoundsFromJson",
  kind: "json",
  seeds: [goalBoundsToJson(GB)],
  wrong: fc.oneof(
    fc.constant({ ...goalBoundsToJson(GB), sources: [0, 0] }),
    fc.constant({ ...goalBoundsToJson(GB), boxes: [] }),
    fc.constant({ ...goalBoundsToJson(GB), width: 1_000_000_000 }),
  ),
  load: (json) => {
    const gb = goalBoundsFromJson(GB_GRID, json);
    return goalBoundsToJson(gb);
  },
};

const goalBoundsBytes: LoaderCase<Uint8Array> = {
  pkg: "grid",
  name: "goalBoundsFromBytes",
  kind: "bytes",
  seeds: [goalBoundsToBytes(GB)],
  // A header that declares 2^31 rows (gigabytes) on a short buffer.
  wrong: fc.constantFrom(0x7fffffff, 0x3fffffff, 1 << 24, -1).map((rows) => {
    const b = goalBoundsToBytes(GB).slice();
    new DataView(b.buffer).setInt32(32, rows, true);
    return b;
  }),
  load: (bytes) => goalBoundsToBytes(goalBoundsFromBytes(GB_GRID, bytes)),
};

/** Every loader of the package, for the unit suite and `pnpm fuzz`. */
export const cases: readonly LoaderCase<unknown>[] = [movingAiMap, movingAiScen, gridJson, tiled, goalBoundsJson, goalBoundsBytes];
