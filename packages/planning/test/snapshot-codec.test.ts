import { createSnapshotCodecs, isTacticaError, registerSnapshotCodec, restoreSnapshot, saveSnapshot } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  compileProblem,
  createPlanRunner,
  createPlanRunnerSnapshotCodec,
  parseDomain,
  pushRunnerGoal,
  saveRunner,
  StepStatus,
  tickPlanRunner,
  type PlanRunnerHooks,
} from "../src/index";

const p = compileProblem(
  parseDomain(`
(:objects (room hall, kitchen, cellar) (item key, lamp))
(:action go :parameters (room ?a, room ?b) :preconditions (at(?a) and door(?a, ?b)) :effects (not at(?a) and at(?b)))
(:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
(:initial (at(hall) and door(hall, kitchen) and door(kitchen, hall) and door(hall, cellar) and door(cellar, hall) and in(key, kitchen) and in(lamp, cellar)))
`),
);

/** Every action takes two ticks. */
const hooks: PlanRunnerHooks = {
  execute: (_action, _runner, _dt, started) => (started ? StepStatus.Running : StepStatus.Succeeded),
};

describe("createPlanRunnerSnapshotCodec", () => {
  const codecs = createSnapshotCodecs();
  registerSnapshotCodec(codecs, "runner", createPlanRunnerSnapshotCodec(p));
  const make = () => {
    const r = createPlanRunner(p, p.initial, { cooldown: 0 });
    pushRunnerGoal(r, { id: "key", priority: 2, goal: ["has(key)"] });
    pushRunnerGoal(r, { id: "lamp", priority: 1, goal: ["has(lamp)"] });
    return r;
  };

  it("save at tick k, restore, run to N equals an uninterrupted run", () => {
    for (const k of [0, 3, 7]) {
      const a = make();
      let snap: unknown;
      for (let t = 0; t < 20; t++) {
        if (t === k) snap = JSON.parse(JSON.stringify(saveSnapshot(codecs, { runner: a }, { tick: t })));
        tickPlanRunner(a, p, hooks, 0.1);
      }
      const b = createPlanRunner(p, p.initial, { cooldown: 0 });
      const start = restoreSnapshot(codecs, { runner: b }, snap);
      for (let t = start; t < 20; t++) tickPlanRunner(b, p, hooks, 0.1);
      expect(saveRunner(b)).toEqual(saveRunner(a));
    }
  });

  it("a broken section is CORE_SNAPSHOT at its path and leaves the runner unchanged", () => {
    const a = make();
    tickPlanRunner(a, p, hooks, 0.1);
    const snap = JSON.parse(JSON.stringify(saveSnapshot(codecs, { runner: a }, { tick: 1 }))) as { sections: { runner: { data: { version: number } } } };
    snap.sections.runner.data.version = 9;
    const target = make();
    const before = JSON.stringify(saveRunner(target));
    let err: unknown;
    try {
      restoreSnapshot(codecs, { runner: target }, snap);
    } catch (e) {
      err = e;
    }
    expect(isTacticaError(err, "CORE_SNAPSHOT")).toBe(true);
    expect((err as { path: string }).path).toBe("$.sections.runner.data.version");
    expect(JSON.stringify(saveRunner(target))).toBe(before);
  });
});
