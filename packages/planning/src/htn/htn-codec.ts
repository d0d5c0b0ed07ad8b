import { describeValue, type SnapshotCodec } from "@tactica/core";
import { planningError, PlanningErrorCodes } from "../internal/errors";
import { checkHtnResult, parseTask, taskName, type Agenda, type HtnProblem, type HtnResult, type HtnTraceNode, type MutableResult, type Task } from "./htn";

/** One pending entry of a saved continuation: a ground task, or an unordered group (partial order). */
export type HtnAgendaSnapshot =
  | { readonly task: string; readonly parent: number; readonly depth: number }
  | { readonly group: readonly string[]; readonly parent: number; readonly depth: number };

/**
 * Section data of {@link createHtnResultSnapshotCodec} (version 1), plain JSON. Tasks and plan
 * steps are written as their ground text (`"travel(home, shop)"`, `"walk(home, shop)"`), not as
 * indices: indices depend on the order the problem was grounded in, names do not, so a snapshot
 * survives a recompiled problem and a changed domain fails loudly at the step's path instead of
 * running another action.
 */
export interface HtnResultSnapshot {
  /** The result's `flags`. */
  readonly flags: number;
  /** Task nodes expanded. */
  readonly expanded: number;
  /** The replanned task (`""` for a full plan). */
  readonly replannedTask: string;
  /** Ground action names, in order. */
  readonly plan: readonly string[];
  /** The decomposition trace. */
  readonly trace: readonly HtnTraceNode[];
  /** Per trace node: the tasks pending after it (first to last), for partial replanning. */
  readonly continuations: readonly (readonly HtnAgendaSnapshot[])[];
}

const FN = "restoreHtnResult";

function fail(path: string, message: string): never {
  throw planningError(PlanningErrorCodes.Snapshot, FN, message, { path });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Most plan steps, trace nodes, and agenda entries (in all) a snapshot may hold. */
const MAX_ENTRIES = 100_000;
/** Most ancestor steps walked while checking continuation parents (the sum of the trace's depths). */
const MAX_DEPTH_SUM = 4_000_000;

/** Checks an array's declared length before anything iterates it (a sparse array may declare 2^26 slots). */
function list(v: unknown, path: string, what: string): unknown[] {
  if (!Array.isArray(v)) fail(path, `must be an array of ${what} but is ${describeValue(v)}.`);
  if (v.length > MAX_ENTRIES) fail(path, `has ${v.length} entries; at most ${MAX_ENTRIES}.`);
  return v;
}

function int(v: unknown, min: number, max: number, path: string): number {
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) fail(path, `must be an integer in [${min}, ${max}] but is ${describeValue(v)}.`);
  return v;
}

function task(h: HtnProblem, v: unknown, path: string): Task {
  if (typeof v !== "string") fail(path, `must be a ground task string like "travel(home, shop)" but is ${describeValue(v)}.`);
  try {
    return parseTask(h, v, 0, FN);
  } catch (e) {
    const why = e instanceof Error ? e.message.replace(/^@tactica\/planning: \w+: /, "").replace(/ \(at tasks\[0\]\)$/, "") : describeValue(e);
    return fail(path, `(${JSON.stringify(v)}) is not a task of this HTN: ${why}`);
  }
}

function saveAgenda(h: HtnProblem, ag: Agenda | null): HtnAgendaSnapshot[] {
  const out: HtnAgendaSnapshot[] = [];
  for (let a = ag; a !== null; a = a.next)
    out.push(
      a.group !== null
        ? { group: a.group.map((t) => taskName(h, t)), parent: a.parent, depth: a.depth }
        : { task: taskName(h, a.task!), parent: a.parent, depth: a.depth },
    );
  return out;
}

/** Saves `result` as plain JSON data ({@link HtnResultSnapshot}). */
function saveHtnResult(h: HtnProblem, result: HtnResult): HtnResultSnapshot {
  const names = h.problem.actionNames;
  return {
    flags: result.flags,
    expanded: result.expanded,
    replannedTask: result.replannedTask,
    plan: result.plan.map((a) => names[a]!),
    trace: result.trace.map((n) => ({ task: n.task, method: n.method, parent: n.parent, depth: n.depth, step: n.step })),
    continuations: result.continuations.map((c) => saveAgenda(h, c as Agenda | null)),
  };
}

/** Checks all of `data` against `h`, then overwrites `target`'s fields (never its pooled storage). */
function restoreHtnResult(h: HtnProblem, target: HtnResult, data: unknown): void {
  checkHtnResult(target, FN);
  const p = h.problem;
  if (!isRecord(data)) fail("$", `must be an HTN result snapshot object but is ${describeValue(data)}.`);
  const flags = int(data["flags"], 0, 63, "$.flags");
  const expanded = int(data["expanded"], 0, Number.MAX_SAFE_INTEGER, "$.expanded");
  const replannedIn = data["replannedTask"];
  if (typeof replannedIn !== "string") fail("$.replannedTask", `must be a string but is ${describeValue(replannedIn)}.`);
  const replanned = replannedIn === "" ? null : task(h, replannedIn, "$.replannedTask");
  if (replanned?.primitive === true) fail("$.replannedTask", `("${replannedIn}") is an action; only a compound task is replanned.`);
  const replannedTask = replanned === null ? "" : taskName(h, replanned);
  const planIn = list(data["plan"], "$.plan", "ground action names");
  const plan: number[] = [];
  for (let i = 0; i < planIn.length; i++) {
    const name = planIn[i];
    const a = typeof name === "string" && Object.hasOwn(p.actionIndex, name) ? p.actionIndex[name] : undefined;
    if (typeof a !== "number") fail(`$.plan[${i}]`, `must be a ground action name of the problem but is ${describeValue(name)}.`);
    plan.push(a);
  }
  const traceIn = list(data["trace"], "$.trace", "trace nodes");
  const trace: HtnTraceNode[] = [];
  let steps = 0;
  let depthSum = 0;
  for (let i = 0; i < traceIn.length; i++) {
    const n = traceIn[i];
    const path = `$.trace[${i}]`;
    if (!isRecord(n)) fail(path, `must be { task, method, parent, depth, step } but is ${describeValue(n)}.`);
    const t = task(h, n["task"], `${path}.task`);
    const parent = int(n["parent"], -1, i - 1, `${path}.parent`);
    if (parent >= 0 && trace[parent]!.method === null) fail(`${path}.parent`, `(${parent}) is a primitive step; only compound tasks have children.`);
    const depth = parent < 0 ? 0 : trace[parent]!.depth + 1;
    if (n["depth"] !== depth) fail(`${path}.depth`, `must be ${depth} (its parent's depth + 1) but is ${describeValue(n["depth"])}.`);
    depthSum += depth;
    if (depthSum > MAX_DEPTH_SUM) fail(path, `makes the trace too deep: its nodes' depths add up to more than ${MAX_DEPTH_SUM}.`);
    const method = n["method"];
    let step = -1;
    if (t.primitive) {
      if (method !== null) fail(`${path}.method`, `must be null for a primitive step but is ${describeValue(method)}.`);
      step = steps++;
      if (n["step"] !== step) fail(`${path}.step`, `must be ${step} (primitive steps are numbered in trace order) but is ${describeValue(n["step"])}.`);
      if (step >= plan.length) fail(`${path}.task`, `("${taskName(h, t)}") is step ${step} but the plan has ${plan.length} step(s).`);
      if (plan[step] !== p.actionIndex[taskName(h, t)])
        fail(`${path}.task`, `("${taskName(h, t)}") is not step ${step} of the plan (${describeValue(planIn[step])}).`);
    } else {
      if (typeof method !== "string" || !h.methods[t.id]!.some((m) => m.name === method))
        fail(
          `${path}.method`,
          `must name a method of task "${h.taskNames[t.id]}" (${h.methods[t.id]!.map((m) => m.name).join(", ")}) but is ${describeValue(method)}.`,
        );
      if (n["step"] !== -1) fail(`${path}.step`, `must be -1 for a compound task but is ${describeValue(n["step"])}.`);
    }
    trace.push({ task: taskName(h, t), method: t.primitive ? null : method, parent, depth, step });
  }
  if (trace.length > 0 && steps !== plan.length)
    fail("$.trace", `has ${steps} primitive step(s) but the plan has ${plan.length}; a trace covers the whole plan (or is empty).`);
  const contIn = data["continuations"];
  if (!Array.isArray(contIn)) fail("$.continuations", `must be an array (one agenda per trace node) but is ${describeValue(contIn)}.`);
  if (contIn.length !== trace.length) fail("$.continuations", `has ${contIn.length} agenda(s) but the trace has ${trace.length} node(s); one per node.`);
  let entries = 0;
  const continuations: (Agenda | null)[] = [];
  for (let i = 0; i < contIn.length; i++) {
    const c: unknown = contIn[i];
    const path = `$.continuations[${i}]`;
    if (!Array.isArray(c)) fail(path, `must be an array of pending tasks but is ${describeValue(c)}.`);
    entries += c.length;
    if (entries > MAX_ENTRIES) fail(path, `brings the continuations past ${MAX_ENTRIES} entries in all.`);
    const ancestors = new Set<number>([-1]);
    for (let k = trace[i]!.parent; k >= 0; k = trace[k]!.parent) ancestors.add(k);
    const cells: Agenda[] = [];
    for (let j = 0; j < c.length; j++) {
      const x: unknown = c[j];
      const q = `${path}[${j}]`;
      if (!isRecord(x)) fail(q, `must be { task, parent, depth } or { group, parent, depth } but is ${describeValue(x)}.`);
      const parent = int(x["parent"], -1, trace.length - 1, `${q}.parent`);
      if (!ancestors.has(parent)) fail(`${q}.parent`, `(${parent}) must be -1 or an ancestor of trace node ${i}.`);
      const depth = parent < 0 ? 0 : trace[parent]!.depth + 1;
      if (x["depth"] !== depth) fail(`${q}.depth`, `must be ${depth} (its parent's depth + 1) but is ${describeValue(x["depth"])}.`);
      if (Object.hasOwn(x, "group")) {
        if (Object.hasOwn(x, "task")) fail(q, `has both task and group; an entry is one or the other.`);
        const g = x["group"];
        if (!Array.isArray(g) || g.length === 0) fail(`${q}.group`, `must be a non-empty array of ground tasks but is ${describeValue(g)}.`);
        entries += g.length;
        if (entries > MAX_ENTRIES) fail(`${q}.group`, `brings the continuations past ${MAX_ENTRIES} entries in all.`);
        const group: Task[] = [];
        for (let k = 0; k < g.length; k++) group.push(task(h, g[k], `${q}.group[${k}]`));
        cells.push({ task: null, group, parent, depth, next: null });
        continue;
      }
      cells.push({ task: task(h, x["task"], `${q}.task`), group: null, parent, depth, next: null });
    }
    for (let j = cells.length - 2; j >= 0; j--) cells[j]!.next = cells[j + 1]!;
    continuations.push(cells.length > 0 ? cells[0]! : null);
  }
  const o = target as MutableResult;
  o.flags = flags;
  o.expanded = expanded;
  o.replannedTask = replannedTask;
  o.plan = plan;
  o.trace = trace;
  o.continuations = continuations;
}

/**
 * The snapshot-envelope codec of an {@link HtnResult} over `htn` (section version 1; data
 * {@link HtnResultSnapshot}): a plan in progress, with the continuations that
 * {@link replanHtn} needs, so a restored result replans exactly like the original. `restore`
 * checks every task, method, parent and step against `htn` first (`PLANNING_SNAPSHOT` naming the
 * JSON path, wrapped in core's `CORE_SNAPSHOT` by `restoreSnapshot`), then overwrites the target
 * result (made by {@link createHtnResult}). A later version adds `migrations[1]`.
 *
 * @param htn - The compiled HTN ({@link compileHtn}) that saved results refer to and restored
 *   ones are checked against; kept by reference.
 * @returns A new codec to register under a section name with core's `registerSnapshotCodec`.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room hall, kitchen) (item key))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
 *   (:initial (at(hall) and in(key, kitchen)))`));
 * const htn = compileHtn(problem, [
 *   { name: "from-kitchen", task: "get(?i)", preconditions: ["in(?i, kitchen)"], subtasks: ["go(hall, kitchen)", "take(kitchen, ?i)"] },
 *   { name: "from-hall", task: "get(?i)", preconditions: ["in(?i, hall)"], subtasks: ["go(kitchen, hall)", "take(hall, ?i)"] },
 * ]);
 * const codecs = createSnapshotCodecs();
 * registerSnapshotCodec(codecs, "errand", createHtnResultSnapshotCodec(htn));
 * const plan = planHtn(htn, problem.initial, ["get(key)"]);
 * const snap = JSON.parse(JSON.stringify(saveSnapshot(codecs, { errand: plan }, { tick: 3 })));
 * const restored = createHtnResult();
 * restoreSnapshot(codecs, { errand: restored }, snap); // → 3
 * // Step 1 fails after the restore: the key is in the hall now.
 * const again = replanHtn(htn, stateFromFacts(problem, ["at(kitchen)", "in(key, hall)"]), restored, 1);
 * again.plan.map((a) => problem.actionNames[a]); // → ["go(kitchen, hall)", "take(hall, key)"]
 * ```
 */
export function createHtnResultSnapshotCodec(htn: HtnProblem): SnapshotCodec<HtnResult> {
  return {
    version: 1,
    save: (result) => saveHtnResult(htn, result),
    restore: (result, data) => restoreHtnResult(htn, result, data),
  };
}
