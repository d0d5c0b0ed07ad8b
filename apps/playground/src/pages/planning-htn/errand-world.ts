import { createSnapshotCodecs, describeValue, isTacticaError, registerSnapshotCodec, TacticaError, type SnapshotCodec } from "@tactica/core";
import {
  compileHtn,
  compileProblem,
  createPlanRunner,
  createHtnResult,
  createHtnResultSnapshotCodec,
  createPlanRunnerSnapshotCodec,
  getFactIndex,
  hasStateFact,
  parseDomain,
  planHtn,
  pushRunnerGoal,
  ReplanReason,
  replanHtn,
  RunnerStatus,
  setStateFact,
  stateFromIds,
  stateToIds,
  StepStatus,
  tickPlanRunner,
  type HtnMethod,
  type HtnProblem,
  type HtnResult,
  type HtnResultSnapshot,
  type PlanningProblem,
  type PlanResult,
  type PlanRunner,
  type PlanRunnerHooks,
} from "@tactica/planning";
import { PathFlags } from "@tactica/search";
import type { InspectorSink, InspectorWorld } from "../../inspector/inspector-world";
import { createSnapshotWorld } from "../../inspector/snapshot-world";

// The HTN page's world without the DOM: a shopper runs a shopping errand whose plan comes from an
// HTN decomposition, one primitive action after the other, through planning's plan runner; a failed
// step (or one whose preconditions stopped holding) is repaired with a partial replan (`replanHtn`).

/** The error code of a broken errand snapshot or input. */
export const ERRAND_ERROR = "PLAYGROUND_ERRAND";

/** The actions (primitive tasks) of the errand. */
export const ERRAND_DOMAIN = `
(:objects (place home, shop) (vehicle taxi))
(:action walk :parameters (place ?a, place ?b) :preconditions (at(?a) and near(?a, ?b)) :effects (not at(?a) and at(?b)))
(:action call :parameters (vehicle ?v, place ?a) :preconditions (at(?a) and has-money) :effects (waiting(?v, ?a)))
(:action ride :parameters (vehicle ?v, place ?a, place ?b) :preconditions (at(?a) and waiting(?v, ?a) and has-money) :effects (not at(?a) and at(?b) and not waiting(?v, ?a) and not has-money))
(:action buy-cash :parameters (place ?p) :preconditions (at(?p) and shop(?p) and has-money) :effects (has-goods and not has-money))
(:action buy-card :parameters (place ?p) :preconditions (at(?p) and shop(?p) and has-card) :effects (has-goods))
(:initial (at(home) and near(home, shop) and has-money and has-card and shop(shop)))
`;

/** The methods: compound tasks and the ordered ways to do them (tried in this order). */
export const ERRAND_METHODS: readonly HtnMethod[] = [
  { name: "errand", task: "errand(?a, ?b)", subtasks: ["travel(?a, ?b)", "pay(?b)"] },
  { name: "by-taxi", task: "travel(?a, ?b)", preconditions: ["has-money"], subtasks: ["call(taxi, ?a)", "ride(taxi, ?a, ?b)"] },
  { name: "by-foot", task: "travel(?a, ?b)", preconditions: ["near(?a, ?b)"], subtasks: ["walk(?a, ?b)"] },
  { name: "cash", task: "pay(?p)", preconditions: ["has-money"], subtasks: ["buy-cash(?p)"] },
  { name: "card", task: "pay(?p)", preconditions: ["has-card"], subtasks: ["buy-card(?p)"] },
];

/** The root task every errand decomposes. */
export const ERRAND_TASK = "errand(home, shop)";

/** The facts the page lets the user toggle. */
export const ERRAND_TOGGLES = ["has-money()", "has-card()", "near(home, shop)"] as const;

/** How many ticks (of 1/60 s) each action takes, by action schema. */
export const ERRAND_ACTION_TICKS: Readonly<Record<string, number>> = { walk: 180, call: 60, ride: 120, "buy-cash": 60, "buy-card": 60 };

/** Ticks the shopper rests after an errand succeeded or found no decomposition, before the next one. */
export const ERRAND_REST_TICKS = 60;

/** The fixed step of the world. */
export const ERRAND_DT = 1 / 60;

/**
 * An input of {@link stepErrandWorld} (JSON-safe: the inspector records it): flip a fact (for the
 * running errand and every next one), make the current step fail (the shopper loses the money),
 * or start the errand over from the start facts with a full plan.
 */
export type ErrandInput = { readonly toggle: string } | { readonly fail: true } | { readonly restart: true };

/** The errand world: the compiled problem, the runner and the page's own state. */
export interface ErrandWorld {
  /** The grounded actions. */
  readonly problem: PlanningProblem;
  /** The compiled methods. */
  readonly htn: HtnProblem;
  /** The shopper's plan runner (planning's runner codec saves it). */
  readonly runner: PlanRunner;
  /**
   * The decomposition being executed (`runner.plan` is its plan), with the continuations a partial
   * replan needs (saved by planning's `createHtnResultSnapshotCodec`); null before the first plan.
   */
  result: HtnResult | null;
  /** The facts every errand starts from (the initial facts with the user's toggles). */
  readonly setup: Uint32Array;
  /** Ticks spent in the current action. */
  stepTicks: number;
  /** The next executed tick of an action fails (a "fail" input; it waits for the next action when none runs). */
  failNext: boolean;
  /** Ticks rested since the errand ended (succeeded or found no decomposition). */
  restTicks: number;
  /** Errands completed. */
  errands: number;
  /** Full plans made. */
  plans: number;
  /** Partial replans made. */
  replans: number;
  /** The last few things that happened (shown by the page). */
  log: string[];
}

const GOAL = { id: "errand", priority: 1, goal: ["has-goods()"] } as const;
const LOG_LINES = 6;

/**
 * Creates the errand world at its start: the shopper at home with money and a card, no plan yet
 * (the first step plans).
 */
export function createErrandWorld(): ErrandWorld {
  const problem = compileProblem(parseDomain(ERRAND_DOMAIN));
  const htn = compileHtn(problem, ERRAND_METHODS);
  const w: ErrandWorld = {
    problem,
    htn,
    runner: createPlanRunner(problem, problem.initial),
    result: null,
    setup: problem.initial.slice(),
    stepTicks: 0,
    failNext: false,
    restTicks: 0,
    errands: 0,
    plans: 0,
    replans: 0,
    log: [],
  };
  restartErrand(w);
  return w;
}

/** Starts the errand over: the runner's facts from `setup`, no plan, the goal queued. */
function restartErrand(w: ErrandWorld): void {
  Object.assign(w.runner, createPlanRunner(w.problem, w.setup));
  pushRunnerGoal(w.runner, GOAL);
  w.stepTicks = 0;
  w.restTicks = 0;
}

function say(w: ErrandWorld, line: string): void {
  w.log.push(line);
  if (w.log.length > LOG_LINES) w.log.splice(0, w.log.length - LOG_LINES);
}

const names = (w: ErrandWorld, plan: readonly number[]): string[] => plan.map((a) => w.problem.actionNames[a]!);

function applyInput(w: ErrandWorld, input: unknown, i: number): void {
  const x = input as Record<string, unknown> | null;
  if (typeof x === "object" && x !== null && typeof x["toggle"] === "string") {
    const f = w.problem.factIndex[x["toggle"]];
    if (f === undefined || !(ERRAND_TOGGLES as readonly string[]).includes(x["toggle"]))
      throw new TacticaError(
        ERRAND_ERROR,
        `playground errand: inputs[${i}].toggle is ${describeValue(x["toggle"])}; toggle one of ${ERRAND_TOGGLES.join(", ")}.`,
        {
          path: `inputs[${i}].toggle`,
        },
      );
    const on = !hasStateFact(w.runner.facts, f);
    setStateFact(w.runner.facts, f, on);
    setStateFact(w.setup, f, on);
    say(w, `${on ? "set" : "cleared"} ${x["toggle"]}`);
  } else if (typeof x === "object" && x !== null && x["fail"] === true) w.failNext = true;
  else if (typeof x === "object" && x !== null && x["restart"] === true) {
    restartErrand(w);
    say(w, "errand restarted");
  } else
    throw new TacticaError(ERRAND_ERROR, `playground errand: inputs[${i}] is ${describeValue(input)}; pass { toggle }, { fail: true } or { restart: true }.`, {
      path: `inputs[${i}]`,
    });
}

/**
 * The plan event's detail: the plan and every node of the decomposition trace (no limit). Without a
 * decomposition the plan is empty and `prefix` holds the longest run of actions the search reached.
 */
function planDetail(w: ErrandWorld, r: HtnResult, extra: Record<string, unknown>): Record<string, unknown> {
  const found = (r.flags & PathFlags.Found) !== 0;
  return {
    ...extra,
    plan: found ? names(w, r.plan) : [],
    ...(found ? {} : { prefix: names(w, r.plan) }),
    flags: r.flags,
    expanded: r.expanded,
    trace: r.trace.map((n) => ({ task: n.task, method: n.method ?? "-", depth: n.depth, parent: n.parent, step: n.step })),
  };
}

/**
 * The runner's planner: a full HTN plan of {@link ERRAND_TASK}, or, when the current step failed or
 * its preconditions stopped holding, a partial replan of the task above that step.
 */
function planErrand(w: ErrandWorld, out: PlanResult, start: Uint32Array, emit: InspectorSink | null): PlanResult {
  const runner = w.runner;
  const failed = runner.reason & (ReplanReason.StepFailed | ReplanReason.PreconditionFailed);
  const prev = w.result;
  let r: HtnResult;
  if (failed !== 0 && prev !== null && prev.trace.some((n) => n.step === runner.step)) {
    const failedStep = runner.step;
    const why = (failed & ReplanReason.StepFailed) !== 0 ? "failed" : "preconditions no longer hold";
    const action = w.problem.actionNames[runner.plan[failedStep]!]!;
    r = replanHtn(w.htn, start, prev, failedStep);
    w.replans++;
    const ok = (r.flags & PathFlags.Found) !== 0;
    const label = ok ? `replan ${r.replannedTask}: ${names(w, r.plan).join(", ")}` : `replan failed: no decomposition from ${action}`;
    say(w, `${action} ${why}; ${label}`);
    emit?.({
      module: "htn",
      agent: "shopper",
      label,
      detail: planDetail(w, r, { kind: "partial replan", failed: action, why, failedStep, replannedTask: r.replannedTask }),
    });
  } else {
    r = planHtn(w.htn, start, [ERRAND_TASK]);
    w.plans++;
    const ok = (r.flags & PathFlags.Found) !== 0;
    const label = ok ? `plan: ${names(w, r.plan).join(", ")}` : "no decomposition";
    say(w, label);
    emit?.({ module: "htn", agent: "shopper", label, detail: planDetail(w, r, { kind: "plan", task: ERRAND_TASK }) });
  }
  w.result = r;
  return writePlan(out, r);
}

function writePlan(out: PlanResult, r: HtnResult): PlanResult {
  const found = (r.flags & PathFlags.Found) !== 0;
  out.length = found ? r.plan.length : 0;
  for (let i = 0; i < out.length && i < out.path.length; i++) out.path[i] = r.plan[i]!;
  out.flags = found ? PathFlags.Found | (r.plan.length > out.path.length ? PathFlags.PathTruncated : 0) : PathFlags.NoPath;
  out.cost = out.length;
  out.expanded = r.expanded;
  out.generated = 0;
  return out;
}

/** The runner's executor: each action takes {@link ERRAND_ACTION_TICKS} ticks; a pending "fail" fails it. */
function executeErrand(w: ErrandWorld, action: number, started: boolean, emit: InspectorSink | null): number {
  const name = w.problem.actionNames[action]!;
  if (started) {
    w.stepTicks = 0;
    emit?.({ module: "runner", agent: "shopper", label: `start ${name}`, detail: { step: w.runner.step, plan: names(w, w.runner.plan) } });
  }
  if (w.failNext) {
    // The step fails and the world changed: the shopper lost the money.
    w.failNext = false;
    setStateFact(w.runner.facts, getFactIndex(w.problem, "has-money"), false);
    emit?.({ module: "runner", agent: "shopper", label: `fail ${name}`, detail: { step: w.runner.step, lost: "has-money()" } });
    return StepStatus.Failed;
  }
  w.stepTicks++;
  if (w.stepTicks < ERRAND_ACTION_TICKS[w.problem.domain.actions[w.problem.actionSchema[action]!]!.name]!) return StepStatus.Running;
  emit?.({ module: "runner", agent: "shopper", label: `finish ${name}`, detail: { step: w.runner.step, ticks: w.stepTicks } });
  return StepStatus.Succeeded;
}

/**
 * Advances the errand by one tick of {@link ERRAND_DT}: applies `inputs` ({@link ErrandInput}s),
 * ticks the runner (which plans through {@link planHtn}, repairs with {@link replanHtn} and runs the
 * current action), and starts the next errand after a rest when this one succeeded or found no
 * decomposition. Reports plans (`"htn"`) and action starts, failures and finishes (`"runner"`) to
 * `emit` when it is not null.
 *
 * @throws TacticaError `PLAYGROUND_ERRAND` for an input that is not an {@link ErrandInput}.
 */
export function stepErrandWorld(w: ErrandWorld, inputs: readonly unknown[], emit: InspectorSink | null): void {
  inputs.forEach((input, i) => applyInput(w, input, i));
  const runner = w.runner;
  if (runner.status === RunnerStatus.Succeeded || runner.status === RunnerStatus.Failed) {
    if (++w.restTicks >= ERRAND_REST_TICKS) {
      restartErrand(w);
      say(w, "next errand");
    }
    return;
  }
  const hooks: PlanRunnerHooks = {
    execute: (action, _runner, _dt, started) => executeErrand(w, action, started, emit),
    plan: (out, _problem, start) => planErrand(w, out, start, emit),
  };
  const status = tickPlanRunner(runner, w.problem, hooks, ERRAND_DT);
  if (status === RunnerStatus.Succeeded) {
    w.errands++;
    say(w, `errand ${w.errands} done`);
    emit?.({ module: "runner", agent: "shopper", label: "errand done", detail: { errands: w.errands, plans: w.plans, replans: w.replans } });
  }
}

/** The errand section's data (plain, JSON-safe), version 2. */
interface ErrandData {
  setup: number[];
  /** The decomposition being executed (planning's HTN result codec), null before the first plan. */
  result: HtnResultSnapshot | null;
  stepTicks: number;
  failNext: boolean;
  restTicks: number;
  errands: number;
  plans: number;
  replans: number;
  log: string[];
}

function bad(path: string, problem: string): never {
  throw new TacticaError(ERRAND_ERROR, `playground errand: restore: ${path} ${problem}`, { path });
}

function factIds(problem: PlanningProblem, v: unknown, path: string): number[] {
  if (!Array.isArray(v) || v.some((f) => !Number.isInteger(f) || f < 0 || f >= problem.factCount))
    bad(path, `must be an array of fact ids in [0, ${problem.factCount - 1}] but is ${describeValue(v)}.`);
  return v as number[];
}

function count(v: unknown, path: string): number {
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 0) bad(path, `must be an integer ≥ 0 but is ${describeValue(v)}.`);
  return v;
}

/** The section's data as a record, or the error at `$` (any version). */
function errandRecord(d: unknown): Record<string, unknown> {
  if (typeof d !== "object" || d === null || Array.isArray(d)) bad("$", `must be the errand's data object but is ${describeValue(d)}.`);
  return d as Record<string, unknown>;
}

/** The errand's compiled domain, for migrating old snapshots (made on first use). */
let migrationHtn: HtnProblem | null = null;

/**
 * Version 1 → 2: version 1 saved how the decomposition was made (`history`: the facts of the full
 * plan and of each partial replan) and its `plan`, and a restore planned it all again. Version 2
 * saves the decomposition itself; the migration replays the history once (the planner is
 * deterministic) and checks it gives the saved plan.
 */
function migrateErrandV1(d: unknown): unknown {
  const { history: h, plan, ...rest } = errandRecord(d);
  if (h === null || h === undefined) return { ...rest, result: null };
  const htn = (migrationHtn ??= compileHtn(compileProblem(parseDomain(ERRAND_DOMAIN)), ERRAND_METHODS));
  const p = htn.problem;
  if (typeof h !== "object" || !Array.isArray((h as Record<string, unknown>)["replans"]))
    bad("$.history", `must be null or { start, replans } but is ${describeValue(h)}.`);
  const hist = h as Record<string, unknown>;
  const state = new Uint32Array(p.words);
  let r = planHtn(htn, stateFromIds(state, factIds(p, hist["start"], "$.history.start")), [ERRAND_TASK]);
  (hist["replans"] as unknown[]).forEach((x, i) => {
    const rp = x as Record<string, unknown> | null;
    if (typeof rp !== "object" || rp === null) bad(`$.history.replans[${i}]`, `must be { state, failedStep } but is ${describeValue(x)}.`);
    const failedStep = count(rp["failedStep"], `$.history.replans[${i}].failedStep`);
    if (!r.trace.some((n) => n.step === failedStep)) bad(`$.history.replans[${i}].failedStep`, `(${failedStep}) is not a step of the plan it repairs.`);
    r = replanHtn(htn, stateFromIds(state, factIds(p, rp["state"], `$.history.replans[${i}].state`)), r, failedStep);
  });
  const got = r.plan.map((a) => p.actionNames[a]!);
  if (!Array.isArray(plan) || got.length !== plan.length || got.some((a, i) => a !== plan[i]))
    bad("$.plan", `is ${describeValue(plan)} but the history plans [${got.join(", ")}]; the snapshot is from another domain or was edited.`);
  return { ...rest, result: createHtnResultSnapshotCodec(htn).save(r) };
}

/**
 * The snapshot codec of the errand's own state (section version 2): the start facts, the
 * decomposition being executed (planning's `createHtnResultSnapshotCodec`, so a restored result
 * replans exactly like the saved one), the action timer, the pending failure, the rest timer, the
 * counters and the log. The runner has its own section (planning's `createPlanRunnerSnapshotCodec`).
 * Version 1 snapshots (which saved the plan's history instead) are migrated.
 *
 * @throws TacticaError `PLAYGROUND_ERRAND` (wrapped in core's `CORE_SNAPSHOT` by `restoreSnapshot`)
 * naming the JSON path of the first problem; the world is left unchanged then.
 */
export const errandSnapshotCodec: SnapshotCodec<ErrandWorld> = {
  version: 2,
  migrations: { 1: migrateErrandV1 },
  save: (w): ErrandData => ({
    setup: Array.from(stateToIds(w.problem, w.setup)),
    result: w.result === null ? null : (createHtnResultSnapshotCodec(w.htn).save(w.result) as HtnResultSnapshot),
    stepTicks: w.stepTicks,
    failNext: w.failNext,
    restTicks: w.restTicks,
    errands: w.errands,
    plans: w.plans,
    replans: w.replans,
    log: w.log.slice(),
  }),
  restore: (w, d) => {
    const x = errandRecord(d);
    const setup = factIds(w.problem, x["setup"], "$.setup");
    if (typeof x["failNext"] !== "boolean") bad("$.failNext", `must be a boolean but is ${describeValue(x["failNext"])}.`);
    const log = x["log"];
    if (!Array.isArray(log) || log.some((l) => typeof l !== "string")) bad("$.log", `must be an array of strings but is ${describeValue(log)}.`);
    const numbers = { stepTicks: 0, restTicks: 0, errands: 0, plans: 0, replans: 0 };
    for (const k of Object.keys(numbers) as (keyof typeof numbers)[]) numbers[k] = count(x[k], `$.${k}`);
    if (!Object.hasOwn(x, "result")) bad("$.result", `is missing; it is null or an HTN result snapshot.`);
    let result: HtnResult | null = null;
    if (x["result"] !== null) {
      // Checked in full by planning's codec before anything changes (its path re-rooted at $.result).
      result = createHtnResult();
      try {
        createHtnResultSnapshotCodec(w.htn).restore(result, x["result"]);
      } catch (e) {
        const path = isTacticaError(e) && e.path !== undefined ? e.path : "$";
        bad(`$.result${path.replace(/^\$/, "")}`, `was rejected: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    // Everything checked: apply.
    stateFromIds(w.setup, setup);
    w.result = result;
    w.failNext = x["failNext"];
    w.log = (log as string[]).slice();
    Object.assign(w, numbers);
  },
};

/**
 * The errand as an inspectable world (`"planning-htn"`): sections `shopper.runner` (planning's
 * runner codec) and `shopper.errand` ({@link errandSnapshotCodec}); `step` is
 * {@link stepErrandWorld}.
 */
export function createErrandInspectorWorld(w: ErrandWorld): InspectorWorld {
  const codecs = createSnapshotCodecs();
  registerSnapshotCodec(codecs, "shopper.runner", createPlanRunnerSnapshotCodec(w.problem));
  registerSnapshotCodec(codecs, "shopper.errand", errandSnapshotCodec);
  return createSnapshotWorld({
    name: "planning-htn",
    codecs,
    targets: () => ({ "shopper.runner": w.runner, "shopper.errand": w }),
    step: (inputs, emit) => stepErrandWorld(w, inputs, emit),
  });
}
