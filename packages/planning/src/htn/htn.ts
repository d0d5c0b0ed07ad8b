import { describeValue } from "@tactica/core";
import { PathFlags } from "@tactica/search";
import { formatLiteral, parseLiteral } from "../domain/literal";
import type { PlanningLiteral } from "../domain/types";
import type { PlanningProblem } from "../ground/problem";
import { isActionApplicable } from "../ground/state";
import { checkArray, checkOptions, planningError, PlanningErrorCodes } from "../internal/errors";

/**
 * An HTN method: how to perform compound task `task` (a head like `"deliver(?pkg, ?to)"`, whose
 * `?` arguments are the method's parameters) when `preconditions` hold, as the ordered list
 * `subtasks` (compound task heads or action names of the planning domain, with parameters or
 * objects as arguments).
 */
export interface HtnMethod {
  /** Method name (shown in the decomposition trace). */
  readonly name: string;
  /** The compound task head this method decomposes: `name(?p, …)`. */
  readonly task: string;
  /** Literals over the head's parameters and objects (`"at(?pkg, ?to)"`, `"not busy()"`). */
  readonly preconditions?: readonly string[];
  /** Subtasks: compound tasks or primitive actions, e.g. `"go(?from, ?to)"`. At least one. */
  readonly subtasks: readonly string[];
  /**
   * `false` lets the planner try the subtasks in any order (partial-order method). Experimental:
   * only read when `planHtn` is called with `partialOrder: true`; the search may grow factorially.
   */
  readonly ordered?: boolean;
}

interface Ref {
  /** ≥ 0: parameter index; < 0: object id -(ref + 1). */
  readonly args: Int32Array;
}
interface LitRef extends Ref {
  readonly predicate: string;
  readonly negated: boolean;
  /** The predicate's fact table, resolved at compile time (a keyed lookup per test allocates). `undefined`: no such fact. */
  readonly table: Int32Array | null | undefined;
}
interface SubRef extends Ref {
  readonly primitive: boolean;
  /** Compound task id or action schema index. */
  readonly id: number;
  /** The task itself when every argument is a constant (shared, never rebuilt). */
  readonly constant: Task | null;
}
interface CompiledMethod {
  readonly name: string;
  readonly arity: number;
  readonly pre: readonly LitRef[];
  readonly subs: readonly SubRef[];
  readonly ordered: boolean;
}

/** Methods compiled against a grounded problem by {@link compileHtn}. */
export interface HtnProblem {
  /** The problem whose actions are the primitive tasks. */
  readonly problem: PlanningProblem;
  /** Compound task names, by id. */
  readonly taskNames: readonly string[];
  /** @internal */
  readonly taskArity: readonly number[];
  /** @internal */
  readonly methods: readonly (readonly CompiledMethod[])[];
  /** @internal ground action index by schema and mixed-radix argument code (-1: none), or null when too big */
  readonly actionTable: readonly (Int32Array | null)[];
  /** @internal fact bit by predicate name and mixed-radix argument code (-1: none), or null when too big */
  readonly factTable: Readonly<Record<string, Int32Array | null>>;
}

const TABLE_LIMIT = 1 << 20;

function buildTables(problem: PlanningProblem): { actionTable: (Int32Array | null)[]; factTable: Record<string, Int32Array | null> } {
  const n = problem.objectNames.length;
  const objectId = new Map(problem.objectNames.map((o, i) => [o, i] as const));
  const size = (arity: number) => (n ** arity <= TABLE_LIMIT ? n ** arity : -1);
  const actionTable = problem.domain.actions.map((a) => {
    const s = size(a.parameters.length);
    return s < 0 ? null : new Int32Array(Math.max(1, s)).fill(-1);
  });
  for (let a = 0; a < problem.actionCount; a++) {
    const t = actionTable[problem.actionSchema[a]!];
    if (!t) continue;
    let code = 0;
    for (let k = problem.actionArgStart[a]!; k < problem.actionArgStart[a + 1]!; k++) code = code * n + problem.actionArgs[k]!;
    t[code] = a;
  }
  const factTable: Record<string, Int32Array | null> = Object.create(null) as Record<string, Int32Array | null>;
  problem.factNames.forEach((name, f) => {
    const l = parseLiteral(name, "compileHtn", "fact");
    let t = factTable[l.predicate];
    if (t === undefined) {
      const s = size(l.args.length);
      t = factTable[l.predicate] = s < 0 ? null : new Int32Array(Math.max(1, s)).fill(-1);
    }
    if (!t) return;
    let code = 0;
    for (const a of l.args) code = code * n + objectId.get(a)!;
    t[code] = f;
  });
  return { actionTable, factTable };
}

const FN = "compileHtn";

/**
 * Compiles HTN methods against a grounded problem: compound tasks are the method heads, primitive
 * tasks are the problem's action schemas (operators over the same facts).
 * @throws TacticaError `PLANNING_DOMAIN` naming `methods[i]…` for an unknown task, predicate,
 * parameter or object, an arity mismatch, or a method without subtasks.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room hall, kitchen) (item key))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
 *   (:initial (at(hall) and in(key, kitchen)))
 *   (:goal (has(key)))`));
 * const htn = compileHtn(problem, [{ name: "fetch", task: "get(?i)", subtasks: ["go(hall, kitchen)", "take(kitchen, ?i)"] }]);
 * htn.taskNames; // → ["get"]
 * ```
 */
export function compileHtn(problem: PlanningProblem, methods: readonly HtnMethod[]): HtnProblem {
  checkArray(methods, FN, "methods", "method objects");
  const d = problem.domain;
  const tables = buildTables(problem);
  const objectId = new Map(problem.objectNames.map((n, i) => [n, i] as const));
  const taskId = new Map<string, number>();
  const taskNames: string[] = [];
  const taskArity: number[] = [];
  const heads = methods.map((m, i) => {
    const path = `methods[${i}].task`;
    const h = parseLiteral(m?.task, FN, path);
    if (h.negated) throw planningError(PlanningErrorCodes.Domain, FN, `a task head cannot be negated.`, { path });
    if (d.actions.some((a) => a.name === h.predicate))
      throw planningError(PlanningErrorCodes.Domain, FN, `task "${h.predicate}" is also an action; compound tasks need their own names.`, { path });
    let id = taskId.get(h.predicate);
    if (id === undefined) {
      id = taskNames.length;
      taskId.set(h.predicate, id);
      taskNames.push(h.predicate);
      taskArity.push(h.args.length);
    } else if (taskArity[id] !== h.args.length)
      throw planningError(
        PlanningErrorCodes.Domain,
        FN,
        `task "${h.predicate}" takes ${taskArity[id]} argument(s) in an earlier method, ${h.args.length} here (arity mismatch).`,
        { path },
      );
    return h;
  });
  const predArity = new Map<string, number>();
  for (const p of d.predicates) predArity.set(p.name, p.types.length);
  for (const l of [...d.initial, ...d.actions.flatMap((a) => [...a.preconditions, ...a.effects]), ...d.goal])
    if (!predArity.has(l.predicate)) predArity.set(l.predicate, l.args.length);
  const compiled: CompiledMethod[][] = taskNames.map(() => []);
  methods.forEach((m, i) => {
    const head = heads[i]!;
    const params = new Map<string, number>();
    head.args.forEach((a, k) => {
      if (!a.startsWith("?"))
        throw planningError(PlanningErrorCodes.Domain, FN, `task head arguments must be parameters ("?x"), got "${a}".`, { path: `methods[${i}].task` });
      params.set(a, k);
    });
    const refs = (l: PlanningLiteral, path: string) =>
      Int32Array.from(l.args, (a) => {
        if (a.startsWith("?")) {
          const k = params.get(a);
          if (k === undefined)
            throw planningError(
              PlanningErrorCodes.Domain,
              FN,
              `unknown parameter "${a}" in "${formatLiteral(l)}"; method parameters come from the task head "${m.task}".`,
              { path },
            );
          return k;
        }
        const o = objectId.get(a);
        if (o === undefined) throw planningError(PlanningErrorCodes.Domain, FN, `unknown object "${a}" in "${formatLiteral(l)}".`, { path });
        return -(o + 1);
      });
    if (typeof m.name !== "string")
      throw planningError(PlanningErrorCodes.Domain, FN, `a method name must be a string but is ${describeValue(m.name)}.`, { path: `methods[${i}].name` });
    const rawPre: unknown = m.preconditions ?? [];
    if (!Array.isArray(rawPre))
      throw planningError(PlanningErrorCodes.Domain, FN, `preconditions must be an array of literal strings but is ${describeValue(rawPre)}.`, {
        path: `methods[${i}].preconditions`,
      });
    const pre = (rawPre as readonly string[]).map((s, k) => {
      const path = `methods[${i}].preconditions[${k}]`;
      const l = parseLiteral(s, FN, path);
      const n = predArity.get(l.predicate);
      if (n === undefined) throw planningError(PlanningErrorCodes.Domain, FN, `unknown predicate "${l.predicate}".`, { path });
      if (n !== l.args.length)
        throw planningError(PlanningErrorCodes.Domain, FN, `predicate "${l.predicate}" takes ${n} argument(s), got ${l.args.length} (arity mismatch).`, {
          path,
        });
      return { predicate: l.predicate, negated: l.negated, args: refs(l, path), table: tables.factTable[l.predicate] };
    });
    if (!Array.isArray(m.subtasks) || m.subtasks.length === 0)
      throw planningError(PlanningErrorCodes.Domain, FN, `method ${describeValue(m.name)} has no subtasks; give it at least one.`, {
        path: `methods[${i}].subtasks`,
      });
    const subs = m.subtasks.map((s, k) => {
      const path = `methods[${i}].subtasks[${k}]`;
      const l = parseLiteral(s, FN, path);
      const tid = taskId.get(l.predicate);
      const aid = d.actions.findIndex((a) => a.name === l.predicate);
      if (tid === undefined && aid < 0)
        throw planningError(PlanningErrorCodes.Domain, FN, `unknown task "${l.predicate}": not a method head nor an action.`, { path });
      const arity = tid !== undefined ? taskArity[tid]! : d.actions[aid]!.parameters.length;
      if (arity !== l.args.length)
        throw planningError(PlanningErrorCodes.Domain, FN, `task "${l.predicate}" takes ${arity} argument(s), got ${l.args.length} (arity mismatch).`, {
          path,
        });
      const args = refs(l, path);
      const primitive = tid === undefined;
      const id = tid ?? aid;
      const constant = args.every((r) => r < 0) ? { primitive, id, args: Int32Array.from(args, (r) => -(r + 1)), arity: args.length } : null;
      return { primitive, id, args, constant };
    });
    compiled[taskId.get(head.predicate)!]!.push({ name: m.name, arity: head.args.length, pre, subs, ordered: m.ordered !== false });
  });
  return { problem, taskNames, taskArity, methods: compiled, ...tables };
}

/** One node of an HTN decomposition trace. */
export interface HtnTraceNode {
  /** The task, ground: `"deliver(pkg, b)"` or `"go(a, b)"`. */
  readonly task: string;
  /** Method chosen for a compound task; `null` for a primitive step. */
  readonly method: string | null;
  /** Index of the parent node in the trace, -1 for a root task. */
  readonly parent: number;
  /** Depth (roots are 0). */
  readonly depth: number;
  /** Plan step of a primitive node, -1 for compound nodes. */
  readonly step: number;
}

/**
 * Result of {@link planHtn} / {@link replanHtn}, or a caller-owned result buffer made by
 * {@link createHtnResult} and filled by {@link planHtnInto}. A buffer owns the storage of its
 * plan, trace and continuations and reuses it on the next call: a result read from it stays valid
 * until the buffer is passed to {@link planHtnInto} again.
 */
export interface HtnResult {
  /** `Found`, `NoPath`, or `BudgetExhausted`; `Partial` when a budget cut the search and `plan` is the longest prefix reached. */
  readonly flags: number;
  /** Ground action indices, in order. */
  readonly plan: number[];
  /** The decomposition tree of the plan (parents before children). */
  readonly trace: HtnTraceNode[];
  /** Task nodes expanded. */
  readonly expanded: number;
  /** For a replan: the task that was decomposed again (`""` for a full plan). */
  readonly replannedTask: string;
  /** @internal continuation agenda of each trace node, for partial replanning */
  readonly continuations: readonly unknown[];
  /** @internal pooled search storage owned by this result */
  readonly pool: unknown;
}

/** Options of {@link planHtn}. */
export interface HtnOptions {
  /** Deepest decomposition (default 64). */
  readonly maxDepth?: number;
  /** Most task nodes expanded (default 100 000). */
  readonly maxNodes?: number;
  /** Experimental: honour `ordered: false` methods (try subtasks in every order). */
  readonly partialOrder?: boolean;
}

/** A ground task (also used by the snapshot codec). @internal */
export interface Task {
  readonly primitive: boolean;
  readonly id: number;
  /** Ground object ids; may be longer than the task's arity when pooled (read `arity` entries). */
  readonly args: Int32Array;
  readonly arity: number;
}
/** A pooled task (mutable). */
interface PoolTask {
  primitive: boolean;
  id: number;
  args: Int32Array;
  arity: number;
}
/** One cell of a continuation agenda, a linked list of pending tasks (also used by the snapshot codec). @internal */
export interface Agenda {
  task: Task | null;
  /** Unordered group (experimental partial order). */
  group: readonly Task[] | null;
  parent: number;
  depth: number;
  next: Agenda | null;
}

function taskCode(h: HtnProblem, t: Task): number {
  const n = h.problem.objectNames.length;
  let code = t.id * 2 + (t.primitive ? 1 : 0);
  for (let i = 0; i < t.arity; i++) {
    code = code * n + t.args[i]!;
    if (code > 0x3fffffff) return -1;
  }
  return code > 0x3ffffff ? -1 : code * 16 + t.arity;
}

function buildTaskName(h: HtnProblem, t: Task): string {
  const p = h.problem;
  const name = t.primitive ? p.domain.actions[t.id]!.name : h.taskNames[t.id]!;
  let args = "";
  for (let i = 0; i < t.arity; i++) args += (i > 0 ? ", " : "") + p.objectNames[t.args[i]!]!;
  return `${name}(${args})`;
}

/** The ground text of a task, `"travel(home, shop)"` (cached per compiled problem). @internal */
export function taskName(h: HtnProblem, t: Task): string {
  const code = t.arity < 16 ? taskCode(h, t) : -1;
  if (code < 0) return buildTaskName(h, t);
  const names = workspace(h).names;
  let s = names.get(code);
  if (s === undefined) names.set(code, (s = buildTaskName(h, t)));
  return s;
}

function groundAction(h: HtnProblem, t: Task): number {
  const table = h.actionTable[t.id];
  const n = h.problem.objectNames.length;
  if (table) {
    let code = 0;
    for (let i = 0; i < t.arity; i++) code = code * n + t.args[i]!;
    return table[code]!;
  }
  return h.problem.actionIndex[taskName(h, t)] ?? -1;
}

function groundFact(h: HtnProblem, l: LitRef, args: Int32Array): number {
  const table = l.table;
  const n = h.problem.objectNames.length;
  if (table === undefined) return -1;
  if (table) {
    let code = 0;
    for (let i = 0; i < l.args.length; i++) {
      const r = l.args[i]!;
      code = code * n + (r >= 0 ? args[r]! : -(r + 1));
    }
    return table[code]!;
  }
  const p = h.problem;
  return p.factIndex[`${l.predicate}(${Array.from(l.args, (r) => p.objectNames[r >= 0 ? args[r]! : -(r + 1)]).join(", ")})`] ?? -1;
}

interface RawNode {
  task: Task;
  method: string | null;
  parent: number;
  depth: number;
  step: number;
}

/** Per compiled problem: state buffers per plan step, the best prefix, ground task names, parsed root tasks. */
interface Workspace {
  readonly states: Uint32Array[];
  /** Longest plan prefix reached (first `bestLength` entries; never truncated, so never reallocated). */
  readonly best: number[];
  bestLength: number;
  readonly names: Map<number, string>;
  readonly roots: Map<string, Task>;
  readonly maxArity: number;
}

const workspaces = new WeakMap<HtnProblem, Workspace>();

function workspace(h: HtnProblem): Workspace {
  let ws = workspaces.get(h);
  if (!ws) {
    let maxArity = 0;
    for (const a of h.problem.domain.actions) maxArity = Math.max(maxArity, a.parameters.length);
    for (const n of h.taskArity) maxArity = Math.max(maxArity, n);
    workspaces.set(h, (ws = { states: [], best: [], bestLength: 0, names: new Map(), roots: new Map(), maxArity }));
  }
  return ws;
}

/**
 * Storage a result owns and reuses (bump-allocated, reset on backtracking: the search is depth
 * first, so everything allocated after a mark is garbage once the search backtracks past it).
 */
interface Pool {
  readonly cells: Agenda[];
  cellTop: number;
  readonly tasks: PoolTask[];
  taskTop: number;
  /** Raw trace nodes; the trace's length is `traceTop`. */
  readonly raw: RawNode[];
  traceTop: number;
  // search context (no closure per search)
  h: HtnProblem | null;
  /** Plan under construction (first `planTop` entries; written by index, never truncated). */
  readonly planBuf: number[];
  planTop: number;
  /** Continuation per trace node (first `traceTop` entries). */
  readonly contBuf: (Agenda | null)[];
  /**
   * Public arrays by length. A JS array cut to a shorter length may lose its backing store (and
   * allocate it again when it grows), so each length gets its own array, made once.
   */
  readonly planArrays: number[][];
  readonly traceArrays: TraceNode[][];
  readonly contArrays: unknown[][];
  /** Trace node objects shared by the trace arrays. */
  readonly nodes: TraceNode[];
  expanded: number;
  cut: boolean;
  exhausted: boolean;
  maxDepth: number;
  maxNodes: number;
  partialOrder: boolean;
}

/** @internal */
export type MutableResult = { -readonly [K in keyof HtnResult]: HtnResult[K] };
type TraceNode = { -readonly [K in keyof HtnTraceNode]: HtnTraceNode[K] };

function arrayOfLength<T>(cache: T[][], n: number, fill: T): T[] {
  let a = cache[n];
  if (a === undefined) {
    a = [];
    for (let i = 0; i < n; i++) a.push(fill);
    cache[n] = a;
  }
  return a;
}

/**
 * Creates a caller-owned result buffer for {@link planHtnInto}. Its plan, trace and continuation
 * storage grows to the largest plan seen and is reused afterwards, so a warm planner allocates
 * nothing per plan.
 */
export function createHtnResult(): HtnResult {
  const pool: Pool = {
    cells: [],
    cellTop: 0,
    tasks: [],
    taskTop: 0,
    raw: [],
    traceTop: 0,
    h: null,
    planBuf: [],
    planTop: 0,
    contBuf: [],
    planArrays: [],
    traceArrays: [],
    contArrays: [],
    nodes: [],
    expanded: 0,
    cut: false,
    exhausted: false,
    maxDepth: 64,
    maxNodes: 100_000,
    partialOrder: false,
  };
  return { flags: PathFlags.None, plan: [], trace: [], expanded: 0, replannedTask: "", continuations: [], pool };
}

/** Throws `PLANNING_ARGUMENT` at `out` unless `out` was made by {@link createHtnResult}. @internal */
export function checkHtnResult(out: HtnResult, fn: string): void {
  poolOf(out, fn);
}

function poolOf(out: HtnResult, fn: string): Pool {
  const pool = out?.pool as Pool | undefined;
  if (pool === undefined || pool === null || !Array.isArray(pool.cells))
    throw planningError(PlanningErrorCodes.Argument, fn, `out must be a result made by createHtnResult().`, { path: "out" });
  return pool;
}

function cell(pool: Pool, task: Task | null, group: readonly Task[] | null, parent: number, depth: number, next: Agenda | null): Agenda {
  let c = pool.cells[pool.cellTop];
  if (c === undefined) pool.cells.push((c = { task, group, parent, depth, next }));
  else {
    c.task = task;
    c.group = group;
    c.parent = parent;
    c.depth = depth;
    c.next = next;
  }
  pool.cellTop++;
  return c;
}

function pushRaw(pool: Pool, task: Task, method: string | null, parent: number, depth: number, step: number): void {
  const r = pool.raw[pool.traceTop];
  if (r === undefined) pool.raw.push({ task, method, parent, depth, step });
  else {
    r.task = task;
    r.method = method;
    r.parent = parent;
    r.depth = depth;
    r.step = step;
  }
  pool.traceTop++;
}

function subTask(pool: Pool, maxArity: number, sr: SubRef, args: Int32Array): Task {
  if (sr.constant !== null) return sr.constant;
  let t = pool.tasks[pool.taskTop];
  if (t === undefined) pool.tasks.push((t = { primitive: false, id: 0, args: new Int32Array(maxArity), arity: 0 }));
  pool.taskTop++;
  t.primitive = sr.primitive;
  t.id = sr.id;
  t.arity = sr.args.length;
  for (let i = 0; i < sr.args.length; i++) {
    const r = sr.args[i]!;
    t.args[i] = r >= 0 ? args[r]! : -(r + 1);
  }
  return t;
}

function solve(pool: Pool, ws: Workspace, ag: Agenda | null, s: Uint32Array): boolean {
  if (ag === null) return true;
  if (pool.expanded >= pool.maxNodes) {
    pool.exhausted = pool.cut = true;
    return false;
  }
  pool.expanded++;
  const h = pool.h!;
  const p = h.problem;
  if (ag.group !== null) {
    // Experimental partial order: allocates its permutations (not pooled).
    for (let i = 0; i < ag.group.length; i++) {
      const rest = ag.group.filter((_, k) => k !== i);
      const tail: Agenda | null = rest.length ? { task: null, group: rest, parent: ag.parent, depth: ag.depth, next: ag.next } : ag.next;
      if (solve(pool, ws, { task: ag.group[i]!, group: null, parent: ag.parent, depth: ag.depth, next: tail }, s)) return true;
      if (pool.exhausted) return false;
    }
    return false;
  }
  const t = ag.task!;
  if (t.primitive) {
    const a = groundAction(h, t);
    if (a < 0 || !isActionApplicable(p, s, a)) return false;
    // One state buffer per plan step, reused between searches: the search is depth first.
    const W = p.words;
    const step = pool.planTop;
    let s2 = ws.states[step];
    if (s2 === undefined || s2.length !== W) ws.states[step] = s2 = new Uint32Array(W);
    const o = a * W;
    for (let w = 0; w < W; w++) s2[w] = (s[w]! & ~p.del[o + w]!) | p.add[o + w]!;
    pool.planBuf[pool.planTop++] = a;
    pool.contBuf[pool.traceTop] = ag.next;
    pushRaw(pool, t, null, ag.parent, ag.depth, step);
    if (pool.planTop > ws.bestLength) {
      for (let i = 0; i < pool.planTop; i++) ws.best[i] = pool.planBuf[i]!;
      ws.bestLength = pool.planTop;
    }
    if (solve(pool, ws, ag.next, s2)) return true;
    pool.planTop--;
    pool.traceTop--;
    return false;
  }
  if (ag.depth >= pool.maxDepth) {
    pool.cut = true;
    return false;
  }
  const methods = h.methods[t.id]!;
  for (let mi = 0; mi < methods.length; mi++) {
    const m = methods[mi]!;
    let ok = true;
    for (let li = 0; li < m.pre.length; li++) {
      const l = m.pre[li]!;
      const k = groundFact(h, l, t.args);
      const holds = k >= 0 && ((s[k >>> 5]! >>> (k & 31)) & 1) === 1;
      if (holds === l.negated) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    const idx = pool.traceTop;
    const cellMark = pool.cellTop;
    const taskMark = pool.taskTop;
    pool.contBuf[pool.traceTop] = ag.next;
    pushRaw(pool, t, m.name, ag.parent, ag.depth, -1);
    let next: Agenda | null = ag.next;
    if (!m.ordered && pool.partialOrder && m.subs.length > 1)
      next = { task: null, group: m.subs.map((sr) => subTask(pool, ws.maxArity, sr, t.args)), parent: idx, depth: ag.depth + 1, next };
    else for (let k = m.subs.length - 1; k >= 0; k--) next = cell(pool, subTask(pool, ws.maxArity, m.subs[k]!, t.args), null, idx, ag.depth + 1, next);
    if (solve(pool, ws, next, s)) return true;
    pool.traceTop = idx;
    pool.cellTop = cellMark;
    pool.taskTop = taskMark;
    if (pool.exhausted) return false;
  }
  return false;
}

/**
 * Runs the search from `agenda` into `out` (whose plan is empty and whose trace may hold `prefix`
 * nodes already, for a replan). Fills `out.flags`, `out.expanded`, `out.plan` (the best prefix
 * when not found), `out.trace` and `out.continuations`.
 */
function run(h: HtnProblem, out: HtnResult, pool: Pool, state: Uint32Array, agenda: Agenda | null, options: HtnOptions | undefined): boolean {
  const ws = workspace(h);
  pool.h = h;
  pool.maxDepth = options?.maxDepth ?? 64;
  pool.maxNodes = options?.maxNodes ?? 100_000;
  pool.partialOrder = options?.partialOrder === true;
  pool.expanded = 0;
  pool.cut = false;
  pool.exhausted = false;
  ws.bestLength = 0;
  const found = solve(pool, ws, agenda, state);
  let flags: number = found ? PathFlags.Found : pool.exhausted ? PathFlags.BudgetExhausted : PathFlags.NoPath;
  if (!found && pool.cut) flags |= PathFlags.Partial;
  const o = out as MutableResult;
  o.flags = flags;
  o.expanded = pool.expanded;
  pool.h = null;
  // Public arrays: one array per length, reused (see Pool.planArrays).
  const n = found ? pool.planTop : ws.bestLength;
  const plan = arrayOfLength(pool.planArrays, n, 0);
  if (found) for (let i = 0; i < n; i++) plan[i] = pool.planBuf[i]!;
  else for (let i = 0; i < n; i++) plan[i] = ws.best[i]!;
  if (!found) pool.traceTop = 0;
  const m = pool.traceTop;
  const conts = arrayOfLength(pool.contArrays, m, null);
  for (let i = 0; i < m; i++) conts[i] = pool.contBuf[i];
  while (pool.nodes.length < m) pool.nodes.push({ task: "", method: null, parent: -1, depth: 0, step: -1 });
  const trace = arrayOfLength<TraceNode>(pool.traceArrays, m, pool.nodes[0]!);
  for (let i = 0; i < m; i++) {
    const r = pool.raw[i]!;
    const node = pool.nodes[i]!;
    node.task = taskName(h, r.task);
    node.method = r.method;
    node.parent = r.parent;
    node.depth = r.depth;
    node.step = r.step;
    trace[i] = node;
  }
  o.plan = plan;
  o.trace = trace;
  o.continuations = conts;
  return found;
}

/** Parses a ground task's text against the HTN (`PLANNING_DOMAIN` at `tasks[i]` when it is unknown or malformed). @internal */
export function parseTask(h: HtnProblem, text: string, i: number, fn: string): Task {
  const p = h.problem;
  const path = `tasks[${i}]`;
  const l = parseLiteral(text, fn, path);
  const tid = h.taskNames.indexOf(l.predicate);
  const aid = p.domain.actions.findIndex((a) => a.name === l.predicate);
  if (tid < 0 && aid < 0) throw planningError(PlanningErrorCodes.Domain, fn, `unknown task "${l.predicate}".`, { path });
  const arity = tid >= 0 ? h.taskArity[tid]! : p.domain.actions[aid]!.parameters.length;
  if (arity !== l.args.length)
    throw planningError(PlanningErrorCodes.Domain, fn, `task "${l.predicate}" takes ${arity} argument(s), got ${l.args.length} (arity mismatch).`, { path });
  const args = Int32Array.from(l.args, (a) => {
    const o = p.objectNames.indexOf(a);
    if (o < 0) throw planningError(PlanningErrorCodes.Domain, fn, `unknown object "${a}".`, { path });
    return o;
  });
  return { primitive: tid < 0, id: tid >= 0 ? tid : aid, args, arity: args.length };
}

function parseTasks(h: HtnProblem, tasks: readonly string[], fn: string): Task[] {
  checkArray(tasks, fn, "tasks", "task strings");
  return tasks.map((s, i) => parseTask(h, s, i, fn));
}

/** A root task parsed once per compiled problem (the cache keeps up to 4096 distinct task strings). */
function rootTask(h: HtnProblem, ws: Workspace, text: string, i: number, fn: string): Task {
  let t = ws.roots.get(text);
  if (t === undefined) {
    t = parseTask(h, text, i, fn);
    if (ws.roots.size < 4096) ws.roots.set(text, t);
  }
  return t;
}

/**
 * Level 1: {@link planHtn} into the caller-owned buffer `out` (made by {@link createHtnResult}).
 * After warm-up (the buffer's pools grown to the largest plan, root task strings and ground task
 * names cached per compiled problem) a call allocates nothing. `out`'s previous plan, trace and
 * continuations are overwritten. Returns `out`.
 * @param out - Result buffer from {@link createHtnResult}, overwritten in place and returned; its
 *   pools grow to the largest plan.
 * @param htn - The compiled HTN ({@link compileHtn}); read only.
 * @param state - Start state bitset, a `Uint32Array` of `htn.problem.words` words; read only.
 * @param tasks - Root tasks to decompose in order, ground heads (`"deliver(pkg, b)"`) of compound
 *   tasks or primitive actions; `[]` gives an empty plan.
 * @param options - `maxDepth` (default 64), `maxNodes` (default 100 000) and `partialOrder`
 *   (experimental, default false). Omitted: all defaults.
 * @throws TacticaError `PLANNING_ARGUMENT` when `out` is not a result buffer or `state` does not
 *   fit the problem; `PLANNING_DOMAIN` on an unknown task or object or an arity mismatch.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room hall, kitchen) (item key))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
 *   (:initial (at(hall) and in(key, kitchen)))
 *   (:goal (has(key)))`));
 * const htn = compileHtn(problem, [{ name: "fetch", task: "get(?i)", subtasks: ["go(hall, kitchen)", "take(kitchen, ?i)"] }]);
 * const out = createHtnResult();
 * const tasks = ["get(key)"];
 * planHtnInto(out, htn, problem.initial, tasks).plan.map((a) => problem.actionNames[a]); // → ["go(hall, kitchen)", "take(kitchen, key)"]
 * ```
 */
export function planHtnInto(out: HtnResult, htn: HtnProblem, state: Uint32Array, tasks: readonly string[], options?: HtnOptions): HtnResult {
  const pool = poolOf(out, "planHtnInto");
  if (!(state instanceof Uint32Array) || state.length !== htn.problem.words)
    throw planningError(PlanningErrorCodes.Argument, "planHtnInto", `state must be a Uint32Array of ${htn.problem.words} words.`, { path: "state" });
  checkArray(tasks, "planHtnInto", "tasks", "task strings");
  checkOptions(options, "planHtnInto");
  const ws = workspace(htn);
  // Parse (or fetch) every root before touching `out`.
  for (let k = 0; k < tasks.length; k++) rootTask(htn, ws, tasks[k]!, k, "planHtnInto");
  pool.cellTop = 0;
  pool.taskTop = 0;
  pool.traceTop = 0;
  pool.planTop = 0;
  let agenda: Agenda | null = null;
  for (let k = tasks.length - 1; k >= 0; k--) agenda = cell(pool, rootTask(htn, ws, tasks[k]!, k, "planHtnInto"), null, -1, 0, agenda);
  (out as MutableResult).replannedTask = "";
  run(htn, out, pool, state, agenda, options);
  return out;
}

/**
 * Total-order HTN planning: decomposes `tasks` (ground task heads, `"deliver(pkg, b)"`) depth first,
 * trying each task's methods in order and backtracking when a method's preconditions fail or a
 * primitive action is not applicable in the state reached. Returns the plan and the decomposition
 * trace. A depth or node budget turns an unfinished search into `BudgetExhausted`/`Partial`.
 * Returns a fresh result (level 2); in a hot loop use {@link planHtnInto} with a reused buffer.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room hall, kitchen) (item key))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
 *   (:initial (at(hall) and in(key, kitchen)))
 *   (:goal (has(key)))`));
 * const htn = compileHtn(problem, [{ name: "fetch", task: "get(?i)", subtasks: ["go(hall, kitchen)", "take(kitchen, ?i)"] }]);
 * const r = planHtn(htn, problem.initial, ["get(key)"]);
 * r.plan.map((a) => problem.actionNames[a]); // → ["go(hall, kitchen)", "take(kitchen, key)"]
 * r.trace.map((n) => n.task); // → ["get(key)", "go(hall, kitchen)", "take(kitchen, key)"]
 * ```
 */
export function planHtn(htn: HtnProblem, state: Uint32Array, tasks: readonly string[], options?: HtnOptions): HtnResult {
  checkOptions(options, "planHtn");
  if (!(state instanceof Uint32Array) || state.length !== htn.problem.words)
    throw planningError(PlanningErrorCodes.Argument, "planHtn", `state must be a Uint32Array of ${htn.problem.words} words.`, { path: "state" });
  parseTasks(htn, tasks, "planHtn");
  return planHtnInto(createHtnResult(), htn, state, tasks, options);
}

/** Copies a continuation agenda with its parent trace indices mapped through `remap` (replanning only). */
function remapAgenda(ag: Agenda | null, remap: ReadonlyMap<number, number>): Agenda | null {
  const items: Agenda[] = [];
  for (let a: Agenda | null = ag; a !== null; a = a.next) items.push(a);
  let out: Agenda | null = null;
  for (let i = items.length - 1; i >= 0; i--) {
    const a = items[i]!;
    const parent = remap.get(a.parent);
    if (parent === undefined)
      throw planningError(PlanningErrorCodes.Argument, "replanHtn", `previous's continuations do not match its trace; pass a result of planHtn or replanHtn.`, {
        path: "previous",
      });
    // Tasks from a pooled buffer are copied too: the new result must not share the old one's storage.
    out = { task: a.task === null ? null : copyTask(a.task), group: a.group, parent, depth: a.depth, next: out };
  }
  return out;
}

function copyTask(t: Task): Task {
  return { primitive: t.primitive, id: t.id, args: t.args.slice(0, t.arity), arity: t.arity };
}

/**
 * Partial replanning: step `failedStep` of `previous` failed (or its effects did not happen) and
 * the world is now `state`. Steps before it are kept as executed; the planner decomposes again the
 * innermost compound task above the failed step (with the tasks that followed it), walking up to
 * the roots until a decomposition succeeds. The returned plan holds the new steps only (from the
 * failed step on); `replannedTask` names the task decomposed again.
 * @param htn - The compiled HTN that produced `previous`; read only.
 * @param state - The world's state now, a `Uint32Array` of `htn.problem.words` words; read only.
 * @param previous - The result being executed (from {@link planHtn}, {@link planHtnInto},
 *   {@link replanHtn} or a restored snapshot); read only, the new result shares no storage with it.
 * @param failedStep - Index into `previous.plan` of the step that failed (the `step` of one of
 *   `previous.trace`'s nodes).
 * @param options - Budgets for each new decomposition, as for {@link planHtn} (`maxDepth`
 *   default 64, `maxNodes` default 100 000). Omitted: defaults.
 * @returns A new result: `Found` with the new steps, or `NoPath` when no ancestor task can be
 *   decomposed again; `expanded` sums every attempt.
 * @throws TacticaError `PLANNING_ARGUMENT` when `failedStep` is not a step of `previous`'s trace.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room hall, kitchen) (item key))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
 *   (:initial (at(hall) and in(key, kitchen)))
 *   (:goal (has(key)))`));
 * const htn = compileHtn(problem, [
 *   { name: "from-kitchen", task: "get(?i)", preconditions: ["in(?i, kitchen)"], subtasks: ["go(hall, kitchen)", "take(kitchen, ?i)"] },
 *   { name: "from-hall", task: "get(?i)", preconditions: ["in(?i, hall)"], subtasks: ["go(kitchen, hall)", "take(hall, ?i)"] },
 * ]);
 * const previous = planHtn(htn, problem.initial, ["get(key)"]); // go(hall, kitchen), take(kitchen, key)
 * // Step 0 ran, then step 1 failed: somebody carried the key to the hall.
 * const stateNow = stateFromFacts(problem, ["at(kitchen)", "in(key, hall)"]);
 * const again = replanHtn(htn, stateNow, previous, 1);
 * again.replannedTask; // → "get(key)"
 * again.plan.map((a) => problem.actionNames[a]); // → ["go(kitchen, hall)", "take(hall, key)"]
 * ```
 */
export function replanHtn(htn: HtnProblem, state: Uint32Array, previous: HtnResult, failedStep: number, options: HtnOptions = {}): HtnResult {
  checkOptions(options, "replanHtn");
  const node = previous.trace.findIndex((n) => n.step === failedStep);
  if (node < 0)
    throw planningError(PlanningErrorCodes.Argument, "replanHtn", `step ${failedStep} is not in the previous plan's trace.`, { path: "failedStep" });
  let expanded = 0;
  for (let anc = previous.trace[node]!.parent; anc >= 0; anc = previous.trace[anc]!.parent) {
    const n = previous.trace[anc]!;
    const [task] = parseTasks(htn, [n.task], "replanHtn");
    // The new trace starts with copies of the replanned task's ancestors (root first), and the kept
    // continuation's parent indices are remapped onto them, so the trace never points into `previous`.
    const chain: number[] = [];
    for (let k = n.parent; k >= 0; k = previous.trace[k]!.parent) chain.push(k);
    chain.reverse();
    const remap = new Map<number, number>([[-1, -1]]);
    chain.forEach((k, i) => remap.set(k, i));
    const out = createHtnResult();
    const pool = out.pool as Pool;
    for (const k of chain) {
      const a = previous.trace[k]!;
      pool.contBuf[pool.traceTop] = remapAgenda(previous.continuations[k] as Agenda | null, remap);
      pushRaw(pool, parseTasks(htn, [a.task], "replanHtn")[0]!, a.method, remap.get(a.parent)!, a.depth, -1);
    }
    const agenda: Agenda = {
      task: task!,
      group: null,
      parent: remap.get(n.parent)!,
      depth: n.depth,
      next: remapAgenda(previous.continuations[anc] as Agenda | null, remap),
    };
    const found = run(htn, out, pool, state, agenda, options);
    expanded += out.expanded;
    if (found) {
      const o = out as MutableResult;
      o.expanded = expanded;
      o.replannedTask = n.task;
      return out;
    }
  }
  const out = createHtnResult() as MutableResult;
  out.flags = PathFlags.NoPath;
  out.expanded = expanded;
  return out;
}
