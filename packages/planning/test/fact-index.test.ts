import { isTacticaError } from "@tactica/core";
import { PathFlags as SearchPathFlags } from "@tactica/search";
import { describe, expect, it } from "vitest";
import {
  applyAction,
  compileGoal,
  compileProblem,
  createPlanRunner,
  createPlanningState,
  factsOfState,
  getFactIndex,
  hasStateFact,
  insertRunnerDetour,
  isActionApplicable,
  isGoalSatisfied,
  parseDomain,
  PathFlags,
  setRunnerFact,
  setStateFact,
  stateFromFacts,
  watchRunnerFact,
} from "../src/index";

const problem = compileProblem(
  parseDomain(`
(:objects (room hall, kitchen))
(:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
(:action shout :parameters () :preconditions (at(kitchen)) :effects (warned))
(:initial (at(hall)))
`),
);

function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (isTacticaError(e)) return `${e.code} ${e.message}`;
    throw e;
  }
  return "no throw";
}

describe("fact look-up by name", () => {
  it("accepts the bare and the parenthesised spelling and whitespace variants", () => {
    const k = getFactIndex(problem, "warned()");
    expect(problem.factNames[k]).toBe("warned()");
    expect(getFactIndex(problem, "warned")).toBe(k);
    expect(getFactIndex(problem, " warned ( ) ")).toBe(k);
    expect(getFactIndex(problem, "at(kitchen)")).toBe(getFactIndex(problem, " at( kitchen ) "));
  });

  it("factIndex answers both spellings of a fact without arguments", () => {
    expect(problem.factIndex["warned"]).toBe(problem.factIndex["warned()"]);
    expect(problem.factIndex["warned"]).not.toBe(0);
  });

  it("the index from the bare name sets the fact stateFromFacts and compileGoal read (not bit 0)", () => {
    const s = createPlanningState(problem);
    setStateFact(s, getFactIndex(problem, "warned"), true);
    expect(factsOfState(problem, s)).toEqual(["warned()"]);
    expect(s).toEqual(stateFromFacts(problem, ["warned"]));
    expect(isGoalSatisfied(compileGoal(problem, ["warned"]), s)).toBe(true);
    const viaRecord = createPlanningState(problem);
    setStateFact(viaRecord, problem.factIndex["warned"]!, true);
    expect(viaRecord).toEqual(s);
  });

  it("an unknown fact throws naming it and the nearest facts", () => {
    const m = codeOf(() => getFactIndex(problem, "warnd"));
    expect(m).toMatch(/^PLANNING_ARGUMENT /);
    expect(m).toContain('"warnd"');
    expect(m).toContain('"warned()"');
    expect(codeOf(() => getFactIndex(problem, "at(cellar)"))).toContain('"at(hall)"');
    expect(codeOf(() => getFactIndex(problem, "not warned"))).toMatch(/^PLANNING_ARGUMENT /);
    expect(codeOf(() => getFactIndex(problem, "toString"))).toMatch(/^PLANNING_ARGUMENT /);
  });
});

describe("index-taking state functions fail loudly", () => {
  const bad = [undefined, -1, 0.5, Number.NaN, 32 * problem.words, 1e9] as unknown as number[];
  it("hasStateFact / setStateFact reject undefined, non-integer and out-of-range facts", () => {
    const s = createPlanningState(problem);
    for (const f of bad) {
      expect(codeOf(() => setStateFact(s, f, true))).toMatch(/^PLANNING_ARGUMENT @tactica\/planning: setStateFact:/);
      expect(codeOf(() => hasStateFact(s, f))).toMatch(/^PLANNING_ARGUMENT @tactica\/planning: hasStateFact:/);
    }
    expect(s.every((w) => w === 0)).toBe(true);
  });

  it("the runner's fact functions check the fact; detours check action indices", () => {
    const runner = createPlanRunner(problem, problem.initial);
    for (const f of bad) {
      expect(codeOf(() => setRunnerFact(runner, f, true))).toMatch(/setRunnerFact:/);
      expect(codeOf(() => watchRunnerFact(runner, f))).toMatch(/watchRunnerFact:/);
    }
    expect(codeOf(() => insertRunnerDetour(runner, [0, undefined as unknown as number]))).toMatch(/insertRunnerDetour: actions\[1\]/);
    expect(runner.watched).toEqual([]);
    expect(runner.detours).toEqual([]);
  });

  it("isActionApplicable / applyAction reject a bad action index", () => {
    const s = createPlanningState(problem);
    for (const a of [undefined, -1, 1.5, problem.actionCount] as unknown as number[]) {
      expect(codeOf(() => isActionApplicable(problem, s, a))).toMatch(/^PLANNING_ARGUMENT .*isActionApplicable:/);
      expect(codeOf(() => applyAction(s, problem, s, a))).toMatch(/^PLANNING_ARGUMENT .*applyAction:/);
    }
  });
});

describe("PathFlags", () => {
  it("is search's object, re-exported", () => {
    expect(PathFlags).toBe(SearchPathFlags);
  });
});
