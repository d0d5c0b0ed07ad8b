import { describe, expect, it } from "vitest";
import { isTacticaError } from "@tactica/core";
import {
  compileProblem,
  createPlanRunner,
  insertRunnerDetour,
  parseDomain,
  pushRunnerGoal,
  ReplanReason,
  restoreRunner,
  RunnerStatus,
  saveRunner,
  setRunnerFact,
  StepStatus,
  tickPlanRunner,
  watchRunnerFact,
  type PlanRunner,
  type PlanRunnerHooks,
} from "../src/index";

const p = compileProblem(
  parseDomain(`
(:objects (room hall, kitchen, cellar) (item key, lamp))
(:action go :parameters (room ?a, room ?b) :preconditions (at(?a) and door(?a, ?b)) :effects (not at(?a) and at(?b)))
(:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
(:action light :parameters () :preconditions (has(lamp)) :effects (lit))
(:initial (at(hall) and door(hall, kitchen) and door(kitchen, hall) and door(hall, cellar) and door(cellar, hall) and in(key, kitchen) and in(lamp, cellar)))
`),
);
const F = (name: string) => p.factIndex[name]!;
const A = (name: string) => p.actionIndex[name]!;

/** Every action takes two ticks; `fail` makes the named action fail once. */
function hooks(log: string[], fail = new Set<string>()): PlanRunnerHooks {
  return {
    execute(action, _runner, _dt, started) {
      const name = p.actionNames[action]!;
      if (started) {
        log.push(name);
        return StepStatus.Running;
      }
      if (fail.delete(name)) return StepStatus.Failed;
      return StepStatus.Succeeded;
    },
  };
}

function runUntilDone(r: PlanRunner, h: PlanRunnerHooks, max = 200): number {
  for (let i = 0; i < max; i++) {
    const s = tickPlanRunner(r, p, h, 0.1);
    if (s === RunnerStatus.Succeeded || (s === RunnerStatus.Failed && r.cooldown > 0)) return i;
  }
  return -1;
}

describe("plan runner", () => {
  it("plans, executes step by step and applies effects", () => {
    const r = createPlanRunner(p, p.initial, { cooldown: 0 });
    pushRunnerGoal(r, { id: "key", priority: 1, goal: ["has(key)"] });
    const log: string[] = [];
    expect(runUntilDone(r, hooks(log))).toBeGreaterThan(0);
    expect(log).toEqual(["go(hall, kitchen)", "take(kitchen, key)"]);
    expect(r.status).toBe(RunnerStatus.Succeeded);
    expect(r.goals).toEqual([]);
    expect(r.replans).toBe(1);
  });

  it("replans after a failed step, but not before the cooldown", () => {
    const r = createPlanRunner(p, p.initial, { cooldown: 0.5 });
    pushRunnerGoal(r, { id: "key", priority: 1, goal: ["has(key)"] });
    const log: string[] = [];
    const h = hooks(log, new Set(["take(kitchen, key)"]));
    let ticks = 0;
    while (r.reason === ReplanReason.None || ticks < 2) {
      tickPlanRunner(r, p, h, 0.1);
      ticks++;
      if (r.reason & ReplanReason.StepFailed) break;
    }
    expect(r.reason & ReplanReason.StepFailed).toBeTruthy();
    const before = r.replans;
    tickPlanRunner(r, p, h, 0.01);
    expect(r.replans).toBe(before); // cooldown still running
    runUntilDone(r, h);
    expect(r.replans).toBe(before + 1);
    expect(log).toEqual(["go(hall, kitchen)", "take(kitchen, key)", "take(kitchen, key)"]);
  });

  it("re-checks preconditions each tick and replans when a watched fact changes", () => {
    const r = createPlanRunner(p, p.initial, { cooldown: 0 });
    pushRunnerGoal(r, { id: "key", priority: 1, goal: ["has(key)"] });
    watchRunnerFact(r, F("in(key, kitchen)"));
    const log: string[] = [];
    const h = hooks(log);
    tickPlanRunner(r, p, h, 0.1); // plans, starts go(hall, kitchen)
    setRunnerFact(r, F("at(hall)"), false); // someone teleported us
    setRunnerFact(r, F("at(cellar)"), true);
    tickPlanRunner(r, p, h, 0.1);
    expect(r.reason & ReplanReason.PreconditionFailed).toBeTruthy();
    tickPlanRunner(r, p, h, 0.1);
    expect(r.plan.map((a) => p.actionNames[a])).toEqual(["go(cellar, hall)", "go(hall, kitchen)", "take(kitchen, key)"]);
    // The key moves: the watched fact invalidates the plan.
    setRunnerFact(r, F("in(key, kitchen)"), false);
    setRunnerFact(r, F("in(key, hall)"), true);
    tickPlanRunner(r, p, h, 0.1);
    expect(r.replans).toBe(3);
  });

  it("switches to a higher-priority goal and runs detours first", () => {
    const r = createPlanRunner(p, p.initial, { cooldown: 0 });
    pushRunnerGoal(r, { id: "key", priority: 1, goal: ["has(key)"] });
    const log: string[] = [];
    const h = hooks(log);
    tickPlanRunner(r, p, h, 0.1);
    pushRunnerGoal(r, { id: "lamp", priority: 5, goal: ["has(lamp)"], data: { why: "dark" } });
    tickPlanRunner(r, p, h, 0.1);
    expect(r.activeGoal).toBe("lamp");
    runUntilDone(r, h);
    expect(r.goals.map((g) => g.id)).toEqual(["key"]);
    insertRunnerDetour(r, [A("light()")]);
    runUntilDone(r, h);
    expect(log.indexOf("light()")).toBeLessThan(log.lastIndexOf("take(kitchen, key)"));
    expect(r.goals).toEqual([]);
  });

  it("periodic replanning", () => {
    const r = createPlanRunner(p, p.initial, { cooldown: 0, period: 0.15 });
    pushRunnerGoal(r, { id: "key", priority: 1, goal: ["has(key)"] });
    runUntilDone(r, { execute: () => StepStatus.Running }, 5);
    expect(r.replans).toBeGreaterThanOrEqual(2);
  });

  it("save/restore: the restored runner behaves exactly like the original", () => {
    const r = createPlanRunner(p, p.initial, { cooldown: 0.2 });
    pushRunnerGoal(r, { id: "key", priority: 1, goal: ["has(key)"], data: { n: 1 } });
    watchRunnerFact(r, F("in(key, kitchen)"));
    const la: string[] = [];
    const ha = hooks(la);
    for (let i = 0; i < 3; i++) tickPlanRunner(r, p, ha, 0.1);
    const snap = JSON.parse(JSON.stringify(saveRunner(r))) as unknown;
    const copy = createPlanRunner(p, p.initial);
    restoreRunner(copy, snap, p);
    expect(saveRunner(copy)).toEqual(saveRunner(r));
    const lb: string[] = [];
    const hb = hooks(lb);
    la.length = 0;
    runUntilDone(r, ha);
    runUntilDone(copy, hb);
    expect(lb).toEqual(la);
    expect(Array.from(copy.facts)).toEqual(Array.from(r.facts));
  });

  it("a bad snapshot throws PLANNING_SNAPSHOT with a path and leaves the runner alone", () => {
    const r = createPlanRunner(p, p.initial);
    pushRunnerGoal(r, { id: "key", priority: 1, goal: ["has(key)"] });
    const before = JSON.stringify(saveRunner(r));
    const snap = saveRunner(r);
    (snap.runner as { plan: number[] }).plan = [0, 99999];
    try {
      restoreRunner(r, snap, p);
      throw new Error("no throw");
    } catch (e) {
      expect(isTacticaError(e) && e.code === ("PLANNING_SNAPSHOT" as never) && e.path).toBe("$.runner.plan[1]");
    }
    expect(JSON.stringify(saveRunner(r))).toBe(before);
    expect(() => restoreRunner(r, { version: 2 })).toThrow(/saveRunner/);
    expect(() => tickPlanRunner(r, p, hooks([]), -1)).toThrow(/dt/);
  });
});
