import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createGrid,
  createGridPath,
  createGridSearch,
  findPathAStar,
  formatMovingAiScenarios,
  matchesScenarioLength,
  parseMovingAiScenarios,
  scenarioLengthTolerance,
  setCellPassable,
  type MovingAiScenario,
} from "../src";

// Issue 34: the check of a computed length against a scenario's printed optimum depends on how the
// length is written (half a unit in its last printed digit plus a small relative term), never on
// whether the map field carries a folder.

/** The octile optimum on an open grid: straight steps 1, diagonal steps √2. */
function octile(dx: number, dy: number): number {
  const lo = Math.min(dx, dy);
  const hi = Math.max(dx, dy);
  return hi - lo + Math.SQRT2 * lo;
}

/** One parsed scenario whose optimal length is printed as `text`. */
function scenario(text: string, map = "arena.map"): MovingAiScenario {
  return parseMovingAiScenarios(`version 1\n0\t${map}\t4096\t4096\t0\t0\t1\t1\t${text}\n`)[0]!;
}

const printings: readonly { name: string; print: (x: number) => string }[] = [
  { name: "4 significant digits", print: (x) => x.toPrecision(4) },
  { name: "5 significant digits", print: (x) => x.toPrecision(5) },
  { name: "6 significant digits", print: (x) => x.toPrecision(6) },
  { name: "8 significant digits", print: (x) => x.toPrecision(8) },
  { name: "5 decimals", print: (x) => x.toFixed(5) },
];

describe("matchesScenarioLength", () => {
  it("records one unit in the last printed digit", () => {
    expect(scenario("102.456").optimalLengthUnit).toBeCloseTo(1e-3, 15);
    expect(scenario("7.65685425").optimalLengthUnit).toBeCloseTo(1e-8, 20);
    expect(scenario("42").optimalLengthUnit).toBe(1);
    expect(scenario("1.5e2").optimalLengthUnit).toBe(10);
    expect(scenario("6.24264e+02").optimalLengthUnit).toBeCloseTo(1e-3, 15);
    expect(scenario("1.235e+4").optimalLengthUnit).toBe(10);
  });

  for (const { name, print } of printings) {
    it(`matches the exact optimum and rejects one unit off, lengths printed with ${name}`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 }), fc.boolean(), (dx, dy, prefixed) => {
          fc.pre(dx + dy > 0);
          const exact = octile(dx, dy);
          const s = scenario(print(exact), prefixed ? "maps/random/r.map" : "r.map");
          const unit = s.optimalLengthUnit!;
          expect(matchesScenarioLength(s, exact)).toBe(true);
          expect(matchesScenarioLength(s, s.optimalLength + unit)).toBe(false);
          expect(matchesScenarioLength(s, s.optimalLength - unit)).toBe(false);
        }),
        { numRuns: 400 },
      );
    });
  }

  it("matches the cost an optimal solver finds on a grid", () => {
    const grid = createGrid(64, 64);
    for (let y = 20; y < 60; y++) setCellPassable(grid, 30, y, false); // a wall with a gap at the top
    const search = createGridSearch(grid);
    const out = createGridPath(grid);
    for (const [gx, gy] of [
      [63, 63],
      [50, 40],
      [40, 59],
    ] as const) {
      findPathAStar(out, search, 2, 50, gx, gy);
      for (const { print } of printings) {
        const s = scenario(print(out.cost));
        expect(matchesScenarioLength(s, out.cost)).toBe(true);
        expect(matchesScenarioLength(s, s.optimalLength + s.optimalLengthUnit!)).toBe(false);
      }
    }
  });

  it("never depends on a folder in the map field", () => {
    for (const text of ["102.456", "100.042", "7.65685425", "655.293", "1234"]) {
      expect(scenarioLengthTolerance(scenario(text, "maps/random/x.map"))).toBe(scenarioLengthTolerance(scenario(text, "x.map")));
    }
  });

  it("accepts the issue's six-digit files (up to half a unit off) with bare map names", () => {
    // Optima whose six-digit print is as far as possible from the value: 5e-4 minus a hair.
    for (const [text, exact] of [
      ["102.456", 102.4564999],
      ["100.042", 100.0415001],
    ] as const) {
      expect(matchesScenarioLength(scenario(text, "maze.map"), exact)).toBe(true);
    }
    // random512 prints 655.293 for a path of 655.29350596 (single-precision generator).
    expect(matchesScenarioLength(scenario("655.293", "maps/random/random512-10-0.map"), 655.293505963454)).toBe(true);
    // dao prints 8 decimals but its lengths are off by up to 2.6e-10 per unit of length.
    expect(matchesScenarioLength(scenario("1000.00000000"), 1000 + 2.7e-7)).toBe(true);
    expect(matchesScenarioLength(scenario("1000.00000000"), 1000 + 2e-5)).toBe(false);
  });

  it("uses the shortest decimal form for a scenario built in code", () => {
    const base = { bucket: 0, map: "x.map", width: 1, height: 1, startX: 0, startY: 0, goalX: 0, goalY: 0 };
    expect(scenarioLengthTolerance({ ...base, optimalLength: 102.456 })).toBe(scenarioLengthTolerance(scenario("102.456")));
    const computed = octile(17, 5);
    expect(matchesScenarioLength({ ...base, optimalLength: computed }, computed)).toBe(true);
    expect(matchesScenarioLength({ ...base, optimalLength: computed }, computed + 1e-6)).toBe(false);
    expect(matchesScenarioLength({ ...base, optimalLength: computed }, Number.NaN)).toBe(false);
    expect(matchesScenarioLength({ ...base, optimalLength: computed }, Number.POSITIVE_INFINITY)).toBe(false);
  });

  it("keeps the printed precision through format and parse", () => {
    const text = "version 1\n0\ta.map\t8\t8\t0\t0\t1\t1\t102.456\n1\tb.map\t8\t8\t0\t0\t1\t1\t7.65685425\n2\tc.map\t8\t8\t0\t0\t1\t1\t42\n";
    const parsed = parseMovingAiScenarios(text);
    expect(formatMovingAiScenarios(parsed)).toBe(text);
    expect(parseMovingAiScenarios(formatMovingAiScenarios(parsed))).toEqual(parsed);
  });
});
