import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  addCspVariable,
  astar,
  createCsp,
  createCspSolver,
  createCsrGraph,
  createGpPrimitiveSet,
  createMonteCarloUcb1,
  createPathResult,
  createSearchContext,
  csrDomain,
  dijkstra,
  domainHas,
  domainMin,
  domainSize,
  extractPath,
  fixValue,
  gpSubtreeEnd,
  markTrail,
  monteCarloUcb1Mean,
  monteCarloUcb1Value,
  removeValue,
  restrictDomain,
  restrictDomainWords,
  rollbackTo,
  assignValue,
  searchDistance,
  searchParent,
  updateMonteCarloUcb1,
} from "../src/index";

// ADR 0002: an index-taking level-1 function fails loudly on `undefined`, NaN, a fraction, a
// negative or an out-of-range index, instead of reading slot 0, another slot or `undefined`.

/** Indices that must throw for a container of `count` entries. */
const bad = (count: number): unknown[] => [undefined, Number.NaN, 0.5, -1, count, Infinity, "1"];

function expectInvalid(f: () => unknown, label: string): void {
  let error: unknown;
  try {
    f();
  } catch (e) {
    error = e;
  }
  expect(isTacticaError(error, "INVALID_ARGUMENT"), `${label} should throw INVALID_ARGUMENT`).toBe(true);
}

describe("graph search: node ids", () => {
  const graph = createCsrGraph(4, [0, 1, 2], [1, 2, 3]);
  const domain = csrDomain(graph);
  const ctx = createSearchContext(4, 2);
  const out = createPathResult(8);

  it("searchDistance, searchParent and extractPath read a reached node and reject bad ids", () => {
    astar(out, domain, ctx, 0, 3);
    expect(searchDistance(ctx, 3)).toBe(3);
    expect(searchParent(ctx, 3)).toBe(2);
    expect(Array.from(extractPath(createPathResult(8), ctx, 2).path.subarray(0, 3))).toEqual([0, 1, 2]);
    for (const i of bad(4)) {
      expectInvalid(() => searchDistance(ctx, i as number), `searchDistance(${String(i)})`);
      expectInvalid(() => searchParent(ctx, i as number), `searchParent(${String(i)})`);
      expectInvalid(() => extractPath(createPathResult(8), ctx, i as number), `extractPath(${String(i)})`);
    }
  });

  it("dijkstra rejects a missing source with a TacticaError, not a TypeError", () => {
    for (const s of [undefined, null, Number.NaN, -1, 4]) expectInvalid(() => dijkstra(out, domain, ctx, s as number), `dijkstra(${String(s)})`);
  });
});

describe("Monte Carlo UCB1: arms", () => {
  it("value, update and mean reject bad arms; good arms work", () => {
    const bandit = createMonteCarloUcb1(3);
    updateMonteCarloUcb1(bandit, 2, 1);
    expect(monteCarloUcb1Mean(bandit, 2)).toBe(1);
    expect(monteCarloUcb1Value(bandit, 0)).toBe(Infinity);
    for (const i of bad(3)) {
      expectInvalid(() => monteCarloUcb1Value(bandit, i as number), `monteCarloUcb1Value(${String(i)})`);
      expectInvalid(() => updateMonteCarloUcb1(bandit, i as number, 1), `updateMonteCarloUcb1(${String(i)})`);
      expectInvalid(() => monteCarloUcb1Mean(bandit, i as number), `monteCarloUcb1Mean(${String(i)})`);
    }
    expect(bandit.total).toBe(1); // the failed updates changed nothing
  });
});

describe("constraint solving: variable ids, values and trail marks", () => {
  const csp = createCsp(4);
  addCspVariable(csp, { name: "a" });
  addCspVariable(csp, { name: "b", values: [1, 2] });

  it("reads and narrows domains of valid variables", () => {
    const s = createCspSolver(csp);
    expect(domainSize(s, 1)).toBe(2);
    expect(domainMin(s, 1)).toBe(1);
    expect(domainHas(s, 1, 2)).toBe(true);
    const mark = markTrail(s);
    expect(removeValue(s, 1, 1)).toBe(true);
    expect(domainSize(s, 1)).toBe(1);
    rollbackTo(s, mark);
    expect(domainSize(s, 1)).toBe(2);
  });

  it("rejects a bad variable id in every domain function", () => {
    for (const v of bad(2)) {
      const s = createCspSolver(csp);
      const label = `v = ${String(v)}`;
      expectInvalid(() => domainHas(s, v as number, 1), `domainHas ${label}`);
      expectInvalid(() => domainSize(s, v as number), `domainSize ${label}`);
      expectInvalid(() => domainMin(s, v as number), `domainMin ${label}`);
      expectInvalid(() => removeValue(s, v as number, 1), `removeValue ${label}`);
      expectInvalid(() => fixValue(s, v as number, 1), `fixValue ${label}`);
      expectInvalid(() => assignValue(s, v as number, 1), `assignValue ${label}`);
      expectInvalid(() => restrictDomain(s, v as number, 3), `restrictDomain ${label}`);
      expectInvalid(() => restrictDomainWords(s, v as number, [3]), `restrictDomainWords ${label}`);
      expect(Array.from(s.domains)).toEqual(Array.from(createCspSolver(csp).domains)); // nothing changed
    }
  });

  it("rejects a value outside [0, valueCount) (it would test or clear another word's bit)", () => {
    for (const value of bad(4)) {
      const s = createCspSolver(csp);
      const label = `value = ${String(value)}`;
      expectInvalid(() => domainHas(s, 0, value as number), `domainHas ${label}`);
      expectInvalid(() => removeValue(s, 0, value as number), `removeValue ${label}`);
      expectInvalid(() => fixValue(s, 0, value as number), `fixValue ${label}`);
      expectInvalid(() => assignValue(s, 0, value as number), `assignValue ${label}`);
    }
  });

  it("rejects a trail mark that is not one (NaN would loop, a future mark silently did nothing)", () => {
    const s = createCspSolver(csp);
    removeValue(s, 0, 0);
    for (const mark of [undefined, Number.NaN, 0.5, -1, markTrail(s) + 1]) expectInvalid(() => rollbackTo(s, mark as number), `rollbackTo(${String(mark)})`);
    rollbackTo(s, 0);
    expect(domainSize(s, 0)).toBe(4);
  });
});

describe("genetic programming: program positions", () => {
  it("gpSubtreeEnd rejects a start outside the program", () => {
    const set = createGpPrimitiveSet([
      ["x", 0],
      ["add", 2],
    ]);
    const program = [1, 0, 0];
    expect(gpSubtreeEnd(set, program, 0)).toBe(3);
    expect(gpSubtreeEnd(set, program, 2)).toBe(3);
    for (const i of bad(3)) expectInvalid(() => gpSubtreeEnd(set, program, i as number), `gpSubtreeEnd(${String(i)})`);
  });
});
