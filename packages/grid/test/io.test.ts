import { describe, expect, it } from "vitest";
import { ErrorCodes, isTacticaError, TacticaError } from "@tactica/core";
import {
  cloneGrid,
  createGrid,
  CornerCutting,
  gridFromJson,
  gridFromTiled,
  gridToJson,
  isCellPassable,
  isMoveLegal,
  parseMovingAiMap,
  parseMovingAiScenarios,
  scenarioMapName,
  setCellCost,
  setCellPassable,
  formatMovingAiMap,
  formatMovingAiScenarios,
} from "../src";

const MAP = "type octile\nheight 3\nwidth 4\nmap\n.G@S\nTOW.\n....\n";

function thrown(fn: () => unknown): TacticaError {
  try {
    fn();
  } catch (e) {
    if (e instanceof TacticaError) return e;
    throw e;
  }
  throw new Error("did not throw");
}

describe("grid model", () => {
  it("defaults to the Moving AI convention and tracks edits", () => {
    const g = createGrid(3, 2);
    expect(g.connectivity).toBe(8);
    expect(g.cornerCutting).toBe(CornerCutting.Never);
    expect(g.cost).toBeNull();
    setCellPassable(g, 1, 0, false);
    setCellPassable(g, 1, 0, false);
    expect(g.version).toBe(1);
    expect(isCellPassable(g, 1, 0)).toBe(false);
    expect(isCellPassable(g, 5, 0)).toBe(false);
    setCellCost(g, 0, 1, 2.5);
    expect(g.cost?.[3]).toBe(2.5);
    expect(() => setCellCost(g, 0, 1, 0)).toThrow(/setCellCost/);
    expect(() => createGrid(0, 1)).toThrow(/createGrid: "width"/);
  });

  it("applies the three corner rules", () => {
    const never = createGrid(2, 2);
    setCellPassable(never, 1, 0, false);
    expect(isMoveLegal(never, 0, 0, 1, 1)).toBe(false);
    const one = cloneGrid(never);
    Object.assign(one, { cornerCutting: CornerCutting.IfOneSideFree });
    expect(isMoveLegal(one, 0, 0, 1, 1)).toBe(true);
    setCellPassable(one, 0, 1, false);
    expect(isMoveLegal(one, 0, 0, 1, 1)).toBe(false);
    Object.assign(one, { cornerCutting: CornerCutting.Always });
    expect(isMoveLegal(one, 0, 0, 1, 1)).toBe(true);
    const four = createGrid(2, 2, { connectivity: 4 });
    expect(isMoveLegal(four, 0, 0, 1, 1)).toBe(false);
    expect(isMoveLegal(four, 0, 0, 1, 0)).toBe(true);
  });
});

describe("Moving AI files", () => {
  it("reads every terrain letter with the benchmark's passability", () => {
    const m = parseMovingAiMap(MAP);
    expect(m.type).toBe("octile");
    expect(Array.from(m.grid.passable)).toEqual([1, 1, 0, 1, 0, 0, 0, 1, 1, 1, 1, 1]);
    expect(m.grid.connectivity).toBe(8);
  });

  it("accepts CRLF and round-trips through the writer", () => {
    const m = parseMovingAiMap(MAP.replace(/\n/g, "\r\n"));
    expect(formatMovingAiMap(m.grid, { rows: m.rows })).toBe(MAP);
    const edited = cloneGrid(m.grid);
    setCellPassable(edited, 0, 0, false);
    expect(formatMovingAiMap(edited, { rows: m.rows }).split("\n")[4]).toBe("@G@S");
  });

  it("names the line of a malformed map", () => {
    const bad = thrown(() => parseMovingAiMap(MAP.replace("TOW.", "TOX.")));
    expect(bad.code).toBe(ErrorCodes.ParseError);
    expect(bad.line).toBe(6);
    expect(bad.message).toMatch(/^@tactica\/grid: parseMovingAiMap: line 6: unknown terrain letter "X"/);
    expect(thrown(() => parseMovingAiMap(MAP.replace("TOW.", "TOW"))).line).toBe(6);
    expect(thrown(() => parseMovingAiMap(MAP.replace("height 3", "height x"))).line).toBe(2);
    expect(thrown(() => parseMovingAiMap(MAP.replace("map\n", "mop\n"))).line).toBe(4);
    expect(thrown(() => parseMovingAiMap("type octile\nheight 4\nwidth 4\nmap\n....\n")).message).toMatch(/height 4 but there are 1/);
  });

  it("reads scenarios with tabs or spaces, CRLF and path-prefixed map fields", () => {
    const text = "version 1\r\n1\tmaps/random/r.map\t512\t512\t299\t465\t305\t461\t7.65685\r\n\r\n0 arena.map 49 49 1 11 1 12 1.00000000\r\n";
    const s = parseMovingAiScenarios(text);
    expect(s).toHaveLength(2);
    expect(s[0]).toMatchObject({ bucket: 1, startX: 299, startY: 465, goalX: 305, goalY: 461, optimalLength: 7.65685 });
    expect(scenarioMapName(s[0]!)).toBe("r.map");
    expect(parseMovingAiScenarios(formatMovingAiScenarios(s))).toEqual(s);
    const bad = thrown(() => parseMovingAiScenarios("version 1\n0\ta.map\t1\t1\t0\t0\t0\n"));
    expect(bad.line).toBe(2);
    expect(bad.message).toMatch(/expected 9 fields but found 7/);
    expect(thrown(() => parseMovingAiScenarios("version 1\n0\ta.map\t1\t1\t0\t-1\t0\t0\t1\n")).message).toMatch(/line 2: field 6/);
    expect(thrown(() => parseMovingAiScenarios("ver 1\n")).line).toBe(1);
  });
});

describe("plain-data serialization", () => {
  it("round-trips through JSON", () => {
    const g = createGrid(3, 2, { connectivity: 4 });
    setCellPassable(g, 2, 1, false);
    setCellCost(g, 1, 0, 3);
    const back = gridFromJson(JSON.parse(JSON.stringify(gridToJson(g))));
    expect(Array.from(back.passable)).toEqual(Array.from(g.passable));
    expect(Array.from(back.cost!)).toEqual(Array.from(g.cost!));
    expect(back.connectivity).toBe(4);
    expect(structuredClone(g).passable).toEqual(g.passable);
  });
  it("names the JSON path of a bad field", () => {
    const data = { ...gridToJson(createGrid(2, 2)), rows: ["..", ".x"] };
    const e = thrown(() => gridFromJson(data));
    expect(isTacticaError(e, ErrorCodes.InvalidDefinition)).toBe(true);
    expect(e.path).toBe("$.rows[1]");
  });
});

describe("Tiled JSON", () => {
  const tiled = {
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
  it("reads passability and cost from tile properties (flip flags stripped)", () => {
    const g = gridFromTiled(tiled);
    expect(Array.from(g.passable)).toEqual([1, 0, 1, 0, 1, 0]);
    expect(g.cost?.[2]).toBe(4);
    expect(Array.from(gridFromTiled(tiled, { emptyPassable: true }).passable)[3]).toBe(1);
  });
  it("names the JSON path of a bad layer", () => {
    expect(thrown(() => gridFromTiled({ ...tiled, layers: [{ type: "tilelayer", data: [1] }] })).path).toBe("$.layers[0].data");
    expect(thrown(() => gridFromTiled(tiled, { layer: "walls" })).message).toMatch(/no tile layer named "walls"/);
  });
});
