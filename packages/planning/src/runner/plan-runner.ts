import { describeValue } from "@tactica/core";
import { PathFlags } from "@tactica/search";
import { planBfs } from "../forward/plan-bfs";
import { createPlanResult, type PlanResult } from "../forward/plan-result";
import { compileGoal, type PlanningGoal, type PlanningProblem } from "../ground/problem";
import { applyAction, checkFactBit, hasStateFact, isActionApplicable, isGoalSatisfied, setStateFact } from "../ground/state";
import { planningError, PlanningErrorCodes } from "../internal/errors";
import { copyJsonData } from "../internal/json-copy";

/** Status of a {@link PlanRunner}. */
export const RunnerStatus = {
  /** No goal. */
  Idle: 0,
  /** Executing (or waiting out a replanning cooldown). */
  Running: 1,
  /** The last goal was reached and removed from the queue. */
  Succeeded: 2,
  /** No plan reaches the top goal (the runner retries after the cooldown). */
  Failed: 3,
} as const;

/** Status of the current step, returned by {@link PlanRunnerHooks.execute}. */
export const StepStatus = {
  /** Still running; call again next tick. */
  Running: 0,
  /** Done; the action's effects are applied to the runner's facts. */
  Succeeded: 1,
  /** Failed; the runner replans. */
  Failed: 2,
} as const;

/** Why the runner (re)plans: a bitset, each member a distinct bit. */
export const ReplanReason = {
  /** No reason. */
  None: 0,
  /** There is no plan yet (or it ended without reaching the goal). */
  NoPlan: 1,
  /** The current step reported failure. */
  StepFailed: 2,
  /** The top goal changed. */
  GoalChanged: 4,
  /** A watched fact changed since the plan was made. */
  Invalidated: 8,
  /** The replanning period elapsed. */
  Period: 16,
  /** The current step's preconditions no longer hold. */
  PreconditionFailed: 32,
} as const;

/** A goal in the runner's priority queue. `data` must be JSON-safe (it is saved). */
export interface RunnerGoal {
  /** Identifier (unique in the queue). */
  readonly id: string;
  /** Higher runs first; equal priorities keep insertion order. */
  readonly priority: number;
  /** Goal literals (`"has(key)"`, `"not alarm()"`). */
  readonly goal: readonly string[];
  /** Free JSON-safe payload. */
  readonly data?: unknown;
}

/** Options of {@link createPlanRunner}. */
export interface PlanRunnerOptions {
  /** Seconds after a replan before the next one is allowed (default 0.25): against thrashing. */
  readonly cooldown?: number;
  /** Replan every `period` seconds even when nothing failed (default 0: never). */
  readonly period?: number;
}

/**
 * A running plan as plain data (`structuredClone` works; {@link saveRunner} gives a JSON-safe
 * snapshot): the agent's facts, the goal queue, the plan and the current step, the detour queue,
 * the watched facts, and the replanning bookkeeping.
 */
export interface PlanRunner {
  /** The agent's belief state (a bitset of the problem's facts). */
  facts: Uint32Array;
  /** Goals by descending priority. */
  goals: RunnerGoal[];
  /** Id of the goal the current plan serves (`""` when none). */
  activeGoal: string;
  /** Ground action indices of the plan. */
  plan: number[];
  /** Index of the current step in `plan`. */
  step: number;
  /** {@link StepStatus} of the current step. */
  stepStatus: number;
  /** Seconds spent in the current step. */
  stepTime: number;
  /** Actions queued before the current goal's plan (C.13 detours), run first. */
  detours: number[];
  /** {@link RunnerStatus}. */
  status: number;
  /** Fact bits whose change invalidates the plan. */
  watched: number[];
  /** Their values (0/1) when the plan was made. */
  watchedValues: number[];
  /** Pending {@link ReplanReason} bits. */
  reason: number;
  /** Seconds left before replanning is allowed. */
  cooldown: number;
  /** Seconds since the last replan. */
  sinceReplan: number;
  /** Number of plans made. */
  replans: number;
  /** Runner time in seconds. */
  time: number;
  /** Cooldown setting. */
  cooldownSetting: number;
  /** Period setting (0: off). */
  period: number;
}

/** What the runner calls out to. Not state: pass the same hooks every tick. */
export interface PlanRunnerHooks {
  /**
   * Runs one tick of ground action `action` (`started` is true on its first tick) and returns a
   * {@link StepStatus}. Macro actions delegate here (move-to calls a path query and returns
   * Running until arrival).
   */
  execute(action: number, runner: PlanRunner, dt: number, started: boolean): number;
  /** Planner used to (re)plan (default {@link planBfs}). */
  plan?(out: PlanResult, problem: PlanningProblem, start: Uint32Array, goal: PlanningGoal): PlanResult;
}

/**
 * Creates a plan runner for an agent whose beliefs start as `facts` (copied).
 * @param problem - The compiled problem the runner plans in; only its `words` is read here (pass
 *   the same problem to every tick).
 * @param facts - The agent's initial beliefs, a state bitset of `problem.words` words; copied.
 * @param options - `cooldown`: seconds between replans, ≥ 0 (default 0.25); `period`: replan
 *   every so many seconds, ≥ 0 (default 0: only on failure or change).
 * @returns A new idle runner with an empty goal queue.
 * @throws TacticaError `PLANNING_ARGUMENT` when `facts` does not fit the problem or `cooldown` or
 *   `period` is negative or NaN.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room hall, kitchen) (item key))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
 *   (:initial (at(hall) and in(key, kitchen)))
 *   (:goal (has(key)))`));
 * const runner = createPlanRunner(problem, problem.initial, { cooldown: 0.5 });
 * pushRunnerGoal(runner, { id: "fetch", priority: 1, goal: ["has(key)"] });
 * // Every action succeeds at once here; a game would start an animation and return Running until it ends.
 * const hooks = { execute: () => StepStatus.Succeeded };
 * tickPlanRunner(runner, problem, hooks, 1 / 60); // plans go(hall, kitchen), take(kitchen, key); runs step 0
 * tickPlanRunner(runner, problem, hooks, 1 / 60); // runs step 1
 * // The goal holds: the runner drops it from its queue.
 * tickPlanRunner(runner, problem, hooks, 1 / 60) === RunnerStatus.Succeeded; // → true
 * factsOfState(problem, runner.facts); // → ["at(kitchen)", "has(key)"]
 * ```
 */
export function createPlanRunner(problem: PlanningProblem, facts: Uint32Array, options: PlanRunnerOptions = {}): PlanRunner {
  if (!(facts instanceof Uint32Array) || facts.length !== problem.words)
    throw planningError(PlanningErrorCodes.Argument, "createPlanRunner", `facts must be a Uint32Array of ${problem.words} words.`, { path: "facts" });
  const cooldown = options.cooldown ?? 0.25;
  const period = options.period ?? 0;
  if (!(cooldown >= 0) || !(period >= 0))
    throw planningError(PlanningErrorCodes.Argument, "createPlanRunner", "cooldown and period must be >= 0.", { path: "options" });
  return {
    facts: facts.slice(),
    goals: [],
    activeGoal: "",
    plan: [],
    step: 0,
    stepStatus: StepStatus.Running,
    stepTime: 0,
    detours: [],
    status: RunnerStatus.Idle,
    watched: [],
    watchedValues: [],
    reason: ReplanReason.NoPlan,
    cooldown: 0,
    sinceReplan: 0,
    replans: 0,
    time: 0,
    cooldownSetting: cooldown,
    period,
  };
}

/**
 * Adds (or replaces, by id) a goal in the priority queue.
 * @param runner - The runner whose goal queue changes.
 * @param goal - The goal: its `id` (a queued goal with the same id is replaced), `priority`
 *   (higher first; ties keep insertion order), `goal` literals (copied; checked against the
 *   problem on the first tick that plans for it) and optional JSON-safe `data`.
 */
export function pushRunnerGoal(runner: PlanRunner, goal: RunnerGoal): void {
  removeRunnerGoal(runner, goal.id);
  let i = 0;
  while (i < runner.goals.length && runner.goals[i]!.priority >= goal.priority) i++;
  runner.goals.splice(i, 0, { id: goal.id, priority: goal.priority, goal: [...goal.goal], ...(goal.data !== undefined ? { data: goal.data } : {}) });
}

/**
 * Removes a goal by id; returns true when it was queued.
 * @param runner - The runner whose goal queue changes.
 * @param id - The `id` the goal was pushed with.
 */
export function removeRunnerGoal(runner: PlanRunner, id: string): boolean {
  const i = runner.goals.findIndex((g) => g.id === id);
  if (i < 0) return false;
  runner.goals.splice(i, 1);
  return true;
}

/**
 * Queues actions to run before the current goal's plan resumes (a detour: open a door, reload).
 * @param runner - The runner whose detour queue changes; the new actions go before any queued detour.
 * @param actions - Ground action indices (`problem.actionIndex["open(door)"]`); the range is
 *   checked against the problem when the detour runs.
 * @throws TacticaError `PLANNING_ARGUMENT` when an entry is `undefined`, negative or not an integer.
 */
export function insertRunnerDetour(runner: PlanRunner, actions: readonly number[]): void {
  for (let i = 0; i < actions.length; i++)
    if (actions[i]! >>> 0 !== actions[i])
      throw planningError(
        PlanningErrorCodes.Argument,
        "insertRunnerDetour",
        `actions[${i}] = ${String(actions[i])} is not a ground action index; look actions up in problem.actionIndex.`,
        { path: `actions[${i}]` },
      );
  runner.detours.unshift(...actions);
}

/**
 * Watches a fact: when its value differs from the value at planning time, the plan is invalid.
 * @param runner - The runner to watch with; the fact's current value is recorded now.
 * @param fact - The fact's bit, from `getFactIndex(problem, "name")`.
 * @throws TacticaError `PLANNING_ARGUMENT` when `fact` is `undefined`, not an integer or outside the runner's state.
 */
export function watchRunnerFact(runner: PlanRunner, fact: number): void {
  checkFactBit("watchRunnerFact", runner.facts, fact);
  if (!runner.watched.includes(fact)) {
    runner.watched.push(fact);
    runner.watchedValues.push(hasStateFact(runner.facts, fact) ? 1 : 0);
  }
}

/**
 * Changes one of the runner's facts (perception, another agent's action).
 * @param runner - The runner whose belief state (`runner.facts`) is changed in place.
 * @param fact - The fact's bit, from `getFactIndex(problem, "name")`.
 * @param value - True to set the fact, false to clear it.
 * @throws TacticaError `PLANNING_ARGUMENT` when `fact` is `undefined`, not an integer or outside the runner's state.
 */
export function setRunnerFact(runner: PlanRunner, fact: number, value: boolean): void {
  checkFactBit("setRunnerFact", runner.facts, fact);
  setStateFact(runner.facts, fact, value);
}

function replan(runner: PlanRunner, problem: PlanningProblem, hooks: PlanRunnerHooks, out: PlanResult): void {
  const top = runner.goals[0]!;
  const goal = goalOf(problem, top);
  (hooks.plan ?? planBfs)(out, problem, runner.facts, goal);
  runner.replans++;
  runner.cooldown = runner.cooldownSetting;
  runner.sinceReplan = 0;
  runner.activeGoal = top.id;
  runner.reason = ReplanReason.None;
  runner.step = 0;
  runner.stepTime = 0;
  runner.stepStatus = StepStatus.Running;
  for (let i = 0; i < runner.watched.length; i++) runner.watchedValues[i] = hasStateFact(runner.facts, runner.watched[i]!) ? 1 : 0;
  if ((out.flags & PathFlags.Found) !== 0 && (out.flags & PathFlags.PathTruncated) === 0) {
    runner.plan = Array.from(out.path.subarray(0, out.length));
    runner.status = RunnerStatus.Running;
  } else {
    runner.plan = [];
    runner.status = RunnerStatus.Failed;
  }
}

const outs = new WeakMap<PlanningProblem, PlanResult>();
const compiledGoals = new WeakMap<RunnerGoal, { problem: PlanningProblem; goal: PlanningGoal }>();

/** The compiled form of a queued goal, cached per goal object so ticks do not re-parse literals. */
function goalOf(problem: PlanningProblem, g: RunnerGoal): PlanningGoal {
  const hit = compiledGoals.get(g);
  if (hit && hit.problem === problem) return hit.goal;
  const goal = compileGoal(problem, g.goal);
  compiledGoals.set(g, { problem, goal });
  return goal;
}

/**
 * Advances the runner by `dt` seconds: takes the top goal, checks watched facts, the period and
 * the current step's preconditions, replans when needed (after the cooldown), runs detours first,
 * then the current step through `hooks.execute`, applying its effects on success. Returns the
 * runner's {@link RunnerStatus}.
 * @param runner - The runner to advance, changed in place.
 * @param problem - The compiled problem the runner was created for; read only.
 * @param hooks - `execute` runs one tick of an action; optional `plan` replaces {@link planBfs}
 *   as the planner. Not saved: pass the same hooks every tick.
 * @param dt - Seconds since the previous tick, ≥ 0 (counts down the cooldown and the period and
 *   is passed to `execute`).
 * @throws TacticaError `PLANNING_ARGUMENT` when `dt` is negative or NaN; `PLANNING_DOMAIN` when the
 *   top goal's literals do not fit the problem.
 */
export function tickPlanRunner(runner: PlanRunner, problem: PlanningProblem, hooks: PlanRunnerHooks, dt: number): number {
  if (!(dt >= 0)) throw planningError(PlanningErrorCodes.Argument, "tickPlanRunner", `dt must be >= 0, got ${dt}.`, { path: "dt" });
  runner.time += dt;
  runner.sinceReplan += dt;
  runner.cooldown = Math.max(0, runner.cooldown - dt);
  const top = runner.goals[0];
  if (!top) {
    runner.status = runner.status === RunnerStatus.Succeeded ? RunnerStatus.Succeeded : RunnerStatus.Idle;
    runner.plan = [];
    runner.activeGoal = "";
    return runner.status;
  }
  if (isGoalSatisfied(goalOf(problem, top), runner.facts)) {
    runner.goals.shift();
    runner.plan = [];
    runner.activeGoal = "";
    runner.reason = ReplanReason.NoPlan;
    runner.status = RunnerStatus.Succeeded;
    return runner.status;
  }
  if (runner.status !== RunnerStatus.Failed) runner.status = RunnerStatus.Running;
  if (top.id !== runner.activeGoal) runner.reason |= ReplanReason.GoalChanged;
  for (let i = 0; i < runner.watched.length; i++)
    if ((hasStateFact(runner.facts, runner.watched[i]!) ? 1 : 0) !== runner.watchedValues[i]) runner.reason |= ReplanReason.Invalidated;
  if (runner.period > 0 && runner.sinceReplan >= runner.period) runner.reason |= ReplanReason.Period;
  if (runner.step >= runner.plan.length) runner.reason |= ReplanReason.NoPlan;

  if (runner.detours.length > 0) {
    const a = runner.detours[0]!;
    if (!isActionApplicable(problem, runner.facts, a)) {
      runner.detours.shift();
      return runner.status;
    }
    const st = hooks.execute(a, runner, dt, runner.stepTime === 0);
    runner.stepTime += dt;
    if (st !== StepStatus.Running) {
      if (st === StepStatus.Succeeded) applyAction(runner.facts, problem, runner.facts, a);
      runner.detours.shift();
      runner.stepTime = 0;
    }
    return runner.status;
  }
  if (runner.reason !== ReplanReason.None) {
    if (runner.cooldown > 0) return runner.status;
    let out = outs.get(problem);
    if (!out) outs.set(problem, (out = createPlanResult({ capacity: 256 })));
    replan(runner, problem, hooks, out);
    if (runner.status === RunnerStatus.Failed) return runner.status;
  }
  const a = runner.plan[runner.step]!;
  if (!isActionApplicable(problem, runner.facts, a)) {
    runner.reason |= ReplanReason.PreconditionFailed;
    runner.stepStatus = StepStatus.Failed;
    return runner.status;
  }
  const st = hooks.execute(a, runner, dt, runner.stepTime === 0);
  runner.stepTime += dt;
  runner.stepStatus = st;
  if (st === StepStatus.Succeeded) {
    applyAction(runner.facts, problem, runner.facts, a);
    runner.step++;
    runner.stepTime = 0;
    runner.stepStatus = StepStatus.Running;
    for (let i = 0; i < runner.watched.length; i++) runner.watchedValues[i] = hasStateFact(runner.facts, runner.watched[i]!) ? 1 : 0;
  } else if (st === StepStatus.Failed) {
    runner.reason |= ReplanReason.StepFailed;
    runner.stepTime = 0;
  }
  return runner.status;
}

/** JSON-safe snapshot of a {@link PlanRunner} (from {@link saveRunner}). */
export interface PlanRunnerSnapshot {
  /** Snapshot version, 1. */
  version: 1;
  /** Every field of the runner, `facts` as a number array. */
  runner: Omit<PlanRunner, "facts"> & { facts: number[] };
}

/**
 * Returns a JSON-safe snapshot of the runner.
 * @param runner - The runner to save; not changed.
 * @returns A new snapshot, `version` 1, sharing nothing with the runner (goal `data` deep-copied through JSON).
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room hall, kitchen) (item key))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
 *   (:initial (at(hall) and in(key, kitchen)))
 *   (:goal (has(key)))`));
 * const runner = createPlanRunner(problem, problem.initial);
 * pushRunnerGoal(runner, { id: "fetch", priority: 1, goal: ["has(key)"] });
 * const json = JSON.stringify(saveRunner(runner));
 * const copy = createPlanRunner(problem, problem.initial);
 * restoreRunner(copy, JSON.parse(json), problem);
 * copy.goals.map((g) => g.id); // → ["fetch"]
 * ```
 */
export function saveRunner(runner: PlanRunner): PlanRunnerSnapshot {
  const copy = JSON.parse(JSON.stringify({ ...runner, facts: [] })) as Omit<PlanRunner, "facts">;
  return { version: 1, runner: { ...copy, facts: Array.from(runner.facts) } };
}

/** Most entries in each list of a runner snapshot (plan, detours, watched facts, goals, goal literals in all). */
const RUNNER_SNAPSHOT_MAX_LIST = 100_000;

const NUM_FIELDS = [
  "activeGoal",
  "step",
  "stepStatus",
  "stepTime",
  "status",
  "reason",
  "cooldown",
  "sinceReplan",
  "replans",
  "time",
  "cooldownSetting",
  "period",
] as const;

/**
 * Restores a snapshot into `runner` after checking all of it (sizes, types, ranges — `step` an
 * integer ≥ 0, `status`/`stepStatus`/`reason` valid values, times finite and ≥ 0 — unique goal ids in
 * descending priority, action and fact indices and goal literals when `problem` is given, each list
 * at most 100,000 long, goal `data` JSON data nested at most 64 deep with at most 100,000 values);
 * only the snapshot's own properties are read. A failed restore throws `PLANNING_SNAPSHOT` naming
 * the JSON path and leaves the runner unchanged: everything (goal data too) is checked and copied
 * before the first write.
 */
export function restoreRunner(runner: PlanRunner, snapshot: unknown, problem?: PlanningProblem): void {
  const fail = (path: string, msg: string) => planningError(PlanningErrorCodes.Snapshot, "restoreRunner", msg, { path });
  // Own properties only: a field inherited from a prototype is not part of a saved form.
  const own = (o: object, key: string): unknown => (Object.prototype.hasOwnProperty.call(o, key) ? (o as Record<string, unknown>)[key] : undefined);
  const isObj = (v: unknown): v is object => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObj(snapshot) || own(snapshot, "version") !== 1) throw fail("$.version", "expected a snapshot from saveRunner (version 1).");
  const r = own(snapshot, "runner");
  if (!isObj(r)) throw fail("$.runner", `expected the runner object, got ${describeValue(r)}.`);
  const ints = (key: string, max: number) => {
    const v = own(r, key);
    if (!Array.isArray(v)) throw fail(`$.runner.${key}`, `expected an array of integers in [0, ${max}], got ${describeValue(v)}.`);
    // The length is checked before anything iterates (a sparse array may declare 2^26 slots).
    if (v.length > RUNNER_SNAPSHOT_MAX_LIST) throw fail(`$.runner.${key}`, `has ${v.length} entries; at most ${RUNNER_SNAPSHOT_MAX_LIST}.`);
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x !== "number" || !Number.isInteger(x) || x < 0 || x > max)
        throw fail(`$.runner.${key}[${i}]`, `expected an integer in [0, ${max}], got ${describeValue(x)}.`);
    }
    return v as number[];
  };
  const rawFacts = own(r, "facts");
  if (Array.isArray(rawFacts) && rawFacts.length !== runner.facts.length)
    throw fail("$.runner.facts", `expected ${runner.facts.length} words, got ${rawFacts.length}.`);
  const facts = ints("facts", 0xffffffff);
  const maxAction = problem ? problem.actionCount - 1 : 0x7fffffff;
  const plan = ints("plan", maxAction);
  const detours = ints("detours", maxAction);
  const watched = ints("watched", problem ? problem.factCount - 1 : 0x7fffffff);
  const watchedValues = ints("watchedValues", 1);
  if (watchedValues.length !== watched.length) throw fail("$.runner.watchedValues", "must have one value per watched fact.");
  // Every number field: finite, and within what the runner itself can produce.
  const limits: Record<(typeof NUM_FIELDS)[number], readonly [number, number, boolean]> = {
    activeGoal: [0, 0, false],
    step: [0, Number.MAX_SAFE_INTEGER, true], // may pass the plan's end (the next tick replans)
    stepStatus: [0, 2, true],
    stepTime: [0, Number.MAX_VALUE, false],
    status: [0, 3, true],
    reason: [0, 63, true],
    cooldown: [0, Number.MAX_VALUE, false],
    sinceReplan: [0, Number.MAX_VALUE, false],
    replans: [0, Number.MAX_SAFE_INTEGER, true],
    time: [0, Number.MAX_VALUE, false],
    cooldownSetting: [0, Number.MAX_VALUE, false],
    period: [0, Number.MAX_VALUE, false],
  };
  const numbers: Record<string, unknown> = {};
  for (const k of NUM_FIELDS) {
    const v = own(r, k);
    numbers[k] = v;
    if (k === "activeGoal") {
      if (typeof v !== "string") throw fail(`$.runner.${k}`, `expected a string, got ${describeValue(v)}.`);
      continue;
    }
    const [min, max, integer] = limits[k];
    if (typeof v !== "number" || !Number.isFinite(v) || v < min || v > max || (integer && !Number.isInteger(v)))
      throw fail(
        `$.runner.${k}`,
        `expected ${integer ? "an integer" : "a number"} in [${min}, ${max === Number.MAX_VALUE ? "finite" : max}], got ${describeValue(v)}.`,
      );
  }
  const goals = own(r, "goals");
  if (!Array.isArray(goals)) throw fail("$.runner.goals", `expected an array, got ${describeValue(goals)}.`);
  if (goals.length > RUNNER_SNAPSHOT_MAX_LIST) throw fail("$.runner.goals", `has ${goals.length} goals; at most ${RUNNER_SNAPSHOT_MAX_LIST}.`);
  // Every goal is checked and copied (its data too) before the first write to the runner.
  const ids = new Set<string>();
  const copies: RunnerGoal[] = [];
  let literals = 0;
  let prevPriority = Infinity;
  for (let i = 0; i < goals.length; i++) {
    const x: unknown = goals[i];
    const p = `$.runner.goals[${i}]`;
    if (!isObj(x)) throw fail(p, `expected { id, priority (finite), goal: string[] }, got ${describeValue(x)}.`);
    const id = own(x, "id");
    const priority = own(x, "priority");
    const goal = own(x, "goal");
    if (typeof id !== "string") throw fail(`${p}.id`, `expected a string, got ${describeValue(id)}.`);
    if (typeof priority !== "number" || !Number.isFinite(priority)) throw fail(`${p}.priority`, `expected a finite number, got ${describeValue(priority)}.`);
    if (!Array.isArray(goal)) throw fail(`${p}.goal`, `expected an array of literal strings, got ${describeValue(goal)}.`);
    literals += goal.length;
    if (literals > RUNNER_SNAPSHOT_MAX_LIST) throw fail(`${p}.goal`, `brings the goals past ${RUNNER_SNAPSHOT_MAX_LIST} literals in all.`);
    const lits: string[] = [];
    for (let k = 0; k < goal.length; k++) {
      const s: unknown = goal[k];
      if (typeof s !== "string") throw fail(`${p}.goal[${k}]`, `expected a literal string, got ${describeValue(s)}.`);
      lits.push(s);
    }
    if (ids.has(id)) throw fail(`${p}.id`, `goal id ${describeValue(id)} is queued twice.`);
    ids.add(id);
    if (priority > prevPriority) throw fail(`${p}.priority`, "goals must be in descending priority order.");
    prevPriority = priority;
    if (problem) {
      try {
        compileGoal(problem, lits);
      } catch (e) {
        throw fail(`${p}.goal`, `does not compile: ${e instanceof Error ? e.message : describeValue(e)}`);
      }
    }
    const copy: { id: string; priority: number; goal: string[]; data?: unknown } = { id, priority, goal: lits };
    const data = own(x, "data");
    if (data !== undefined) copy.data = copyJsonData(data, `${p}.data`, fail);
    copies.push(copy);
  }
  runner.facts.set(facts);
  runner.plan = plan.slice();
  runner.detours = detours.slice();
  runner.watched = watched.slice();
  runner.watchedValues = watchedValues.slice();
  runner.goals = copies;
  const target = runner as unknown as Record<string, unknown>;
  for (const k of NUM_FIELDS) target[k] = numbers[k];
}
