import type { SnapshotCodec } from "@tactica/core";
import type { PlanningProblem } from "../ground/problem";
import { restoreRunner, saveRunner, type PlanRunner } from "./plan-runner";

/**
 * The snapshot-envelope codec of a {@link PlanRunner} over `problem` (section version 1):
 * {@link saveRunner} and {@link restoreRunner}, which checks the whole section (plan actions and
 * facts against the problem) before touching the runner.
 *
 * @param problem - The compiled problem that restored plan actions, watched facts and goal
 *   literals are checked against; kept by reference.
 * @returns A new codec to register under a section name with core's `registerSnapshotCodec`.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room hall, kitchen))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:initial (at(hall)))`));
 * const codecs = createSnapshotCodecs();
 * registerSnapshotCodec(codecs, "runner", createPlanRunnerSnapshotCodec(problem));
 * const runner = createPlanRunner(problem, problem.initial);
 * pushRunnerGoal(runner, { id: "eat", priority: 1, goal: ["at(kitchen)"] });
 * const snap = saveSnapshot(codecs, { runner }, { tick: 5 });
 * const copy = createPlanRunner(problem, problem.initial);
 * restoreSnapshot(codecs, { runner: copy }, snap);
 * copy.goals.length; // → 1
 * ```
 */
export function createPlanRunnerSnapshotCodec(problem: PlanningProblem): SnapshotCodec<PlanRunner> {
  return {
    version: 1,
    save: saveRunner,
    restore: (runner, data) => restoreRunner(runner, data, problem),
  };
}
