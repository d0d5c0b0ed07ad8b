import { createRng, isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  compileProblem,
  createPlanRunner,
  createSmartZone,
  parseDomain,
  pushRunnerGoal,
  restoreRunner,
  restoreSmartZone,
  saveRunner,
  saveSmartZone,
  stepSmartZone,
  type SmartZoneDefinition,
} from "../src/index";

// Regressions found by the qa fuzz suite (issue 18): smart zone definitions and runner/zone saves
// are checked field by field and rejected with a JSON path, never a TypeError.

function path(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (isTacticaError(e)) return e.path;
    throw e;
  }
  return "accepted";
}

const DEF: SmartZoneDefinition = {
  id: "fair",
  priority: 1,
  x: 0,
  y: 0,
  radius: 5,
  roles: [{ id: "juggler", kind: "main", npc: "joe" }],
  triggers: [],
  stages: [{ name: "juggle", duration: 2, behaviors: { juggler: ["juggle"] } }],
};

describe("untrusted planning data", () => {
  it("createSmartZone rejects malformed definitions with a JSON path", () => {
    const bad = (d: unknown) => path(() => createSmartZone(d as SmartZoneDefinition));
    expect(bad(-1)).toBe("$");
    expect(bad({ ...DEF, roles: -1 })).toBe("$.roles");
    expect(bad({ ...DEF, roles: [null] })).toBe("$.roles[0]");
    expect(bad({ ...DEF, roles: [{ id: "a", kind: "boss" }] })).toBe("$.roles[0].kind");
    expect(bad({ ...DEF, x: Number.NaN })).toBe("$.x");
    expect(bad({ ...DEF, triggers: [{ kind: "presence", count: 1, role: "ghost" }] })).toBe("$.triggers[0].role");
    expect(bad({ ...DEF, triggers: [{ kind: "time", from: 8, to: Number.NaN }] })).toBe("$.triggers[0].to");
    expect(bad({ ...DEF, stages: [{ name: "s", duration: 1, behaviors: null }] })).toBe("$.stages[0].behaviors");
    expect(bad({ ...DEF, stages: [{ name: "s", duration: 1, behaviors: { juggler: "juggle" } }] })).toBe("$.stages[0].behaviors.juggler");
  });
  it("a role named like an Object.prototype member gets no inherited behaviours", () => {
    const zone = createSmartZone({ ...DEF, roles: [{ id: "constructor", kind: "main", npc: "joe" }], stages: [{ name: "s", duration: 1, behaviors: {} }] });
    stepSmartZone(zone, { hour: 1, npcs: [{ id: "joe", x: 0, y: 0, roles: [] }] }, 0.1, createRng(1));
    expect(zone.state.members).toEqual([{ npc: "joe", role: "constructor", behavior: "" }]);
  });
  it("restoreSmartZone rejects a non-finite stage time and an NPC cast twice, leaving the zone unchanged", () => {
    const zone = createSmartZone(DEF);
    const snap = saveSmartZone(zone);
    expect(path(() => restoreSmartZone(zone, { ...snap, state: { ...snap.state, stageTime: Infinity } }))).toBe("$.state.stageTime");
    const twice = [1, 2].map(() => ({ npc: "joe", role: "juggler", behavior: "" }));
    expect(path(() => restoreSmartZone(zone, { ...snap, state: { ...snap.state, members: twice } }))).toBe("$.state.members[1].npc");
    expect(saveSmartZone(zone)).toEqual(snap);
  });
  it("restoreRunner checks ranges, goal order and goal literals, naming the JSON path", () => {
    const problem = compileProblem(
      parseDomain(
        "(:objects (room a, b)) (:action go :parameters (room ?x, room ?y) :preconditions (at(?x)) :effects (not at(?x) and at(?y))) (:initial (at(a))) (:goal (at(b)))",
      ),
    );
    const runner = createPlanRunner(problem, problem.initial);
    pushRunnerGoal(runner, { id: "g", priority: 1, goal: ["at(b)"] });
    const snap = saveRunner(runner);
    const before = JSON.stringify(snap);
    const withRunner = (patch: Record<string, unknown>) => ({ version: 1, runner: { ...snap.runner, ...patch } });
    expect(path(() => restoreRunner(runner, withRunner({ status: 7 }), problem))).toBe("$.runner.status");
    expect(path(() => restoreRunner(runner, withRunner({ step: -1 }), problem))).toBe("$.runner.step");
    expect(path(() => restoreRunner(runner, withRunner({ stepTime: -0.5 }), problem))).toBe("$.runner.stepTime");
    expect(path(() => restoreRunner(runner, withRunner({ reason: 0.5 }), problem))).toBe("$.runner.reason");
    const goals = [
      { id: "a", priority: 1, goal: ["at(b)"] },
      { id: "a", priority: 0, goal: ["at(a)"] },
    ];
    expect(path(() => restoreRunner(runner, withRunner({ goals }), problem))).toBe("$.runner.goals[1].id");
    expect(path(() => restoreRunner(runner, withRunner({ goals: [goals[1], { ...goals[0], id: "b" }] }), problem))).toBe("$.runner.goals[1].priority");
    expect(path(() => restoreRunner(runner, withRunner({ goals: [{ id: "m", priority: 1, goal: ["at(moon)"] }] }), problem))).toBe("$.runner.goals[0].goal");
    expect(JSON.stringify(saveRunner(runner))).toBe(before);
  });
  it("compileProblem refuses action × fact bitsets past 2^24 words each before allocating them", () => {
    const rooms = Array.from({ length: 29 }, (_, i) => `r${i}`).join(", ");
    // 29³ actions, each adding its own fact: 24,389 × 24,389 bits would be 4 × 74 MB.
    const d = parseDomain(`(:objects (room ${rooms})) (:action go :parameters (room ?a, room ?b, room ?c) :effects (at(?a, ?b, ?c))) (:goal ())`);
    expect(path(() => compileProblem(d))).toBe("$.actions");
  });
});
