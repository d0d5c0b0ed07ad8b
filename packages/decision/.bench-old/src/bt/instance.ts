import { createRng, invalidArgument, rngNextFloat, ErrorCodes, TacticaError, type Rng } from "@tactica/core";
import { createBlackboard, writeBlackboardAt, type Blackboard } from "../blackboard";
import { F, K, type BehaviorTree, type BtActionContext } from "./compile";
import { BtStatus, type BtStatusValue } from "./status";

const IDLE = 0;
const SUCCESS = 1;
const FAILURE = 2;
const RUNNING = 3;
const EPS = 1e-9;

/**
 * The per-agent state of a running behaviour tree: typed arrays indexed by node (status,
 * cursors/counters, timers, child orders, hints), the tree clock, the seeded RNG and the
 * blackboard. Ticking it allocates nothing. Save it mid-run with {@link saveTree} and continue
 * exactly with {@link restoreTree}.
 */
export interface BtInstance<A> {
  /** The compiled tree. */
  readonly tree: BehaviorTree<A>;
  /** The agent passed to actions and conditions. */
  readonly agent: A;
  /** The blackboard that `compare`, `set`, `guard` and watches use. */
  readonly blackboard: Blackboard;
  /** Seeded generator for `shuffle` / `randomSelector` (its state is saved with the tree). */
  readonly rng: Rng;
  /** Status per node: {@link BtStatus}; `Running` marks the open path. */
  readonly status: Uint8Array;
  /** Per node: composite child position, or repeat/retry counter. */
  readonly cursor: Int32Array;
  /** Per node: entry time (wait, timeout) or ready time (cooldown), seconds of tree time. */
  readonly timer: Float64Array;
  /** Child evaluation order per composite (positions into its children), same layout as `tree.children`. */
  readonly order: Int32Array;
  /** Hint value per hint id: 1 positive, 0 neutral, -1 negative. */
  readonly hints: Int8Array;
  /** Per node: an asynchronous result waiting to be returned (0 none, 1 success, 2 failure). */
  readonly pending: Uint8Array;
  /** Per node: how many times the action was started (guards late asynchronous results). */
  readonly gen: Uint32Array;
  /** Per node: the tick number of its last visit (0 = never). */
  readonly lastTick: Uint32Array;
  /** Per node: 1 while an asynchronous action's work is in flight (not saved: restarts on restore). */
  readonly inflight: Uint8Array;
  /** Trace of the last evaluation: pairs (node, status); status 0 means "aborted". */
  readonly trace: Int32Array;
  /** Number of ints used in {@link BtInstance.trace} (2 per entry). */
  traceLength: number;
  /** True when the last evaluation had more entries than the trace capacity. */
  traceOverflow: boolean;
  /** Blackboard versions of the watched keys seen at the last evaluation. */
  readonly seenVersion: Uint32Array;
  /** Unboxed storage of `time`, `dt` and `nextWake` (so updating them never allocates). */
  readonly clock: Float64Array;
  /** Tree time, seconds (sum of `dt`). */
  time: number;
  /** `dt` of the latest tick/update, seconds. */
  dt: number;
  /** Number of evaluations so far. */
  ticks: number;
  /** Root result of the last evaluation. */
  rootStatus: BtStatusValue;
  /** Event-driven: an evaluation was requested (event posted, hint changed, action resolved). */
  wake: boolean;
  /** Number of polled running nodes in the last evaluation (they need the next update). */
  polling: number;
  /** Earliest tree time a wait/timeout/cooldown needs attention (`Infinity` when none). */
  nextWake: number;
  /** The tree one level below in a hinted controller (receives this tree's hinter nodes). */
  hintTarget: BtInstance<unknown> | null;
  /** The context object reused for every action/condition call. */
  readonly ctx: BtActionContext<A>;
  /** Scratch buffer for re-sorting hinted selectors. */
  readonly scratch: Int32Array;
}

/** The reused action context; time and dt read the instance's unboxed clock. */
class ActionContext<A> implements BtActionContext<A> {
  args: Readonly<Record<string, unknown>> = {};
  node = 0;
  started = false;
  constructor(
    readonly agent: A,
    readonly blackboard: Blackboard,
    readonly instance: BtInstance<A>,
  ) {}
  get dt(): number {
    return this.instance.clock[1]!;
  }
  get time(): number {
    return this.instance.clock[0]!;
  }
}

/** Instance implementation: the clock lives in a Float64Array so ticking never boxes a number. */
class TreeInstance<A> implements BtInstance<A> {
  readonly status: Uint8Array;
  readonly cursor: Int32Array;
  readonly timer: Float64Array;
  readonly hints: Int8Array;
  readonly pending: Uint8Array;
  readonly gen: Uint32Array;
  readonly lastTick: Uint32Array;
  readonly inflight: Uint8Array;
  readonly trace: Int32Array;
  readonly seenVersion: Uint32Array;
  readonly scratch: Int32Array;
  readonly clock = new Float64Array([0, 0, Infinity]);
  readonly ctx: BtActionContext<A>;
  traceLength = 0;
  traceOverflow = false;
  ticks = 0;
  rootStatus: BtStatusValue = BtStatus.Idle;
  wake = true;
  polling = 0;
  hintTarget: BtInstance<unknown> | null = null;
  constructor(
    readonly tree: BehaviorTree<A>,
    readonly agent: A,
    readonly blackboard: Blackboard,
    readonly rng: Rng,
    readonly order: Int32Array,
    traceCapacity: number,
  ) {
    const n = tree.nodeCount;
    this.status = new Uint8Array(n);
    this.cursor = new Int32Array(n);
    this.timer = new Float64Array(n);
    this.hints = new Int8Array(tree.hintNames.length);
    this.pending = new Uint8Array(n);
    this.gen = new Uint32Array(n);
    this.lastTick = new Uint32Array(n);
    this.inflight = new Uint8Array(n);
    this.trace = new Int32Array(traceCapacity * 2);
    this.seenVersion = new Uint32Array(tree.watchKeys.length);
    this.scratch = new Int32Array(Math.max(1, tree.maxChildren));
    this.ctx = new ActionContext<A>(agent, blackboard, this);
  }
  get time(): number {
    return this.clock[0]!;
  }
  set time(v: number) {
    this.clock[0] = v;
  }
  get dt(): number {
    return this.clock[1]!;
  }
  set dt(v: number) {
    this.clock[1] = v;
  }
  get nextWake(): number {
    return this.clock[2]!;
  }
  set nextWake(v: number) {
    this.clock[2] = v;
  }
}

/** Options for {@link createTreeInstance}. */
export interface BtInstanceOptions {
  /** The blackboard (must have the schema the tree was compiled with). Default: a new one for that schema. */
  blackboard?: Blackboard;
  /** Generator for random composites. Default: `createRng(seed ?? 0)`. */
  rng?: Rng;
  /** Seed when `rng` is not given (default 0). */
  seed?: number;
  /** Trace capacity in entries (default 0: no trace). Each entry is a (node, status) pair. */
  traceCapacity?: number;
}

/**
 * Creates the running state of `tree` for one agent. Allocates O(nodes) once; ticking then
 * allocates nothing.
 *
 * @throws TacticaError `INVALID_ARGUMENT` when the blackboard's keys differ from the tree's schema.
 */
export function createTreeInstance<A>(tree: BehaviorTree<A>, agent: A, options: BtInstanceOptions = {}): BtInstance<A> {
  const where = "@tactica/decision: createTreeInstance";
  const bb = options.blackboard ?? createBlackboard(tree.blackboardSchema);
  if (tree.blackboardKeys.some((k, i) => bb.keys[i] !== k)) {
    invalidArgument(where, "options.blackboard", "has different keys from the tree's schema", "Create the blackboard from the same schema as the tree's bindings.blackboard.");
  }
  const cap = options.traceCapacity ?? 0;
  if (!Number.isInteger(cap) || cap < 0) invalidArgument(where, "options.traceCapacity", "must be an integer >= 0", "Pass a capacity in entries.");
  const n = tree.nodeCount;
  const order = new Int32Array(tree.children.length);
  for (let i = 0; i < n; i++) {
    const s = tree.childStart[i]!;
    for (let p = 0; p < tree.childCount[i]!; p++) order[s + p] = p;
  }
  const inst = new TreeInstance<A>(tree, agent, bb, options.rng ?? createRng(options.seed ?? 0), order, cap);
  return inst;
}

function record<A>(inst: BtInstance<A>, n: number, s: number): void {
  const len = inst.traceLength;
  if (len + 2 > inst.trace.length) {
    if (inst.trace.length > 0) inst.traceOverflow = true;
    return;
  }
  inst.trace[len] = n;
  inst.trace[len + 1] = s;
  inst.traceLength = len + 2;
}

function compare(inst: BtInstance<unknown>, n: number): boolean {
  const t = inst.tree;
  const k = t.key[n]!;
  const bb = inst.blackboard;
  const op = t.op[n]!;
  if (bb.types[k] === "string") {
    const eq = bb.str[k] === t.strValue[n];
    return op === 3 ? !eq : eq;
  }
  const a = bb.num[k]!;
  const b = t.param[n]!;
  switch (op) {
    case 0:
      return a < b;
    case 1:
      return a <= b;
    case 2:
      return a === b;
    case 3:
      return a !== b;
    case 4:
      return a >= b;
    default:
      return a > b;
  }
}

function condition<A>(inst: BtInstance<A>, n: number): boolean {
  const t = inst.tree;
  if ((t.flags[n]! & F.ByKey) !== 0) return compare(inst as BtInstance<unknown>, n);
  const ctx = inst.ctx;
  ctx.node = n;
  ctx.args = t.args[n]!;
  ctx.started = true;
  return t.conditions[n]!(ctx) === true;
}

function shuffleSegment<A>(inst: BtInstance<A>, start: number, cnt: number): void {
  const o = inst.order;
  for (let i = cnt - 1; i > 0; i--) {
    const j = Math.floor(rngNextFloat(inst.rng) * (i + 1));
    const a = o[start + i]!;
    o[start + i] = o[start + j]!;
    o[start + j] = a;
  }
}

/**
 * Aborts node `n` of `inst` if it is running: running descendants first (deepest first), calling
 * each running action's `abort` hook; statuses return to `Idle`. No allocation.
 */
export function abortNode<A>(inst: BtInstance<A>, n: number): void {
  const st = inst.status;
  if (st[n] !== RUNNING) return;
  const t = inst.tree;
  const s = t.childStart[n]!;
  const e = s + t.childCount[n]!;
  for (let i = s; i < e; i++) {
    const c = t.children[i]!;
    if (st[c] === RUNNING) abortNode(inst, c);
  }
  if (t.kind[n] === K.Action) {
    inst.gen[n] = (inst.gen[n]! + 1) >>> 0;
    inst.inflight[n] = 0;
    inst.pending[n] = 0;
    const h = t.handlers[n]!;
    if (h.abort) {
      const ctx = inst.ctx;
      ctx.node = n;
      ctx.args = t.args[n]!;
      ctx.started = false;
      h.abort(ctx);
    }
  }
  st[n] = IDLE;
  record(inst, n, IDLE);
}

function abortChildrenExcept<A>(inst: BtInstance<A>, n: number, keep: number): void {
  const t = inst.tree;
  const s = t.childStart[n]!;
  const e = s + t.childCount[n]!;
  for (let i = s; i < e; i++) {
    const c = t.children[i]!;
    if (c !== keep && inst.status[c] === RUNNING) abortNode(inst, c);
  }
}

function exec<A>(inst: BtInstance<A>, n: number): number {
  const t = inst.tree;
  const st = inst.status;
  inst.lastTick[n] = inst.ticks;
  const entering = st[n] !== RUNNING;
  let r: number;
  switch (t.kind[n]) {
    case K.Sequence:
    case K.Shuffle: {
      const start = t.childStart[n]!;
      const cnt = t.childCount[n]!;
      const order = inst.order;
      r = SUCCESS;
      if (entering) {
        inst.cursor[n] = 0;
        if (t.kind[n] === K.Shuffle) shuffleSegment(inst, start, cnt);
      }
      if ((t.flags[n]! & F.Memory) !== 0) {
        for (let p = inst.cursor[n]!; p < cnt; p++) {
          const c = t.children[start + order[start + p]!]!;
          const cr = exec(inst, c);
          if (cr === SUCCESS) continue;
          inst.cursor[n] = p;
          r = cr;
          break;
        }
      } else {
        for (let p = 0; p < cnt; p++) {
          const c = t.children[start + order[start + p]!]!;
          const cr = exec(inst, c);
          if (cr === SUCCESS) continue;
          abortChildrenExcept(inst, n, c);
          inst.cursor[n] = p;
          r = cr;
          break;
        }
      }
      break;
    }
    case K.Selector:
    case K.RandomSelector: {
      const start = t.childStart[n]!;
      const cnt = t.childCount[n]!;
      const order = inst.order;
      r = FAILURE;
      if (entering) {
        inst.cursor[n] = 0;
        if (t.kind[n] === K.RandomSelector) shuffleSegment(inst, start, cnt);
      }
      if ((t.flags[n]! & F.Memory) !== 0) {
        let from = inst.cursor[n]!;
        if (!entering) {
          for (let q = 0; q < from; q++) {
            const g = t.children[start + order[start + q]!]!;
            if (t.kind[g] === K.Guard && (t.flags[g]! & F.AbortLower) !== 0 && condition(inst, g)) {
              const running = t.children[start + order[start + from]!]!;
              abortNode(inst, running);
              from = q;
              break;
            }
          }
        }
        for (let p = from; p < cnt; p++) {
          const c = t.children[start + order[start + p]!]!;
          const cr = exec(inst, c);
          if (cr === FAILURE) continue;
          inst.cursor[n] = p;
          r = cr;
          break;
        }
      } else {
        for (let p = 0; p < cnt; p++) {
          const c = t.children[start + order[start + p]!]!;
          const cr = exec(inst, c);
          if (cr === FAILURE) continue;
          abortChildrenExcept(inst, n, c);
          inst.cursor[n] = p;
          r = cr;
          break;
        }
      }
      break;
    }
    case K.Parallel: {
      const start = t.childStart[n]!;
      const cnt = t.childCount[n]!;
      const memory = (t.flags[n]! & F.Memory) !== 0;
      if (entering) for (let i = start; i < start + cnt; i++) st[t.children[i]!] = IDLE;
      let succ = 0;
      let fail = 0;
      let running = 0;
      for (let i = start; i < start + cnt; i++) {
        const c = t.children[i]!;
        const prev = st[c]!;
        const cr = memory && !entering && (prev === SUCCESS || prev === FAILURE) ? prev : exec(inst, c);
        if (cr === SUCCESS) succ++;
        else if (cr === FAILURE) fail++;
        else running++;
      }
      const needS = (t.flags[n]! & F.SuccessOne) !== 0 ? 1 : cnt;
      const needF = (t.flags[n]! & F.FailureAll) !== 0 ? cnt : 1;
      if (succ >= needS) r = SUCCESS;
      else if (fail >= needF) r = FAILURE;
      else if (running === 0) r = FAILURE;
      else r = RUNNING;
      if (r !== RUNNING) abortChildrenExcept(inst, n, -1);
      break;
    }
    case K.Inverter: {
      const cr = exec(inst, t.children[t.childStart[n]!]!);
      r = cr === SUCCESS ? FAILURE : cr === FAILURE ? SUCCESS : cr;
      break;
    }
    case K.Succeed: {
      const cr = exec(inst, t.children[t.childStart[n]!]!);
      r = cr === RUNNING ? RUNNING : SUCCESS;
      break;
    }
    case K.Fail: {
      const cr = exec(inst, t.children[t.childStart[n]!]!);
      r = cr === RUNNING ? RUNNING : FAILURE;
      break;
    }
    case K.Repeat:
    case K.Retry: {
      if (entering) inst.cursor[n] = 0;
      const cr = exec(inst, t.children[t.childStart[n]!]!);
      const again = t.kind[n] === K.Repeat ? SUCCESS : FAILURE;
      if (cr === RUNNING) r = RUNNING;
      else if (cr !== again) r = cr;
      else {
        const count = inst.cursor[n]! + 1;
        inst.cursor[n] = count;
        const limit = t.param[n]!;
        if (limit > 0 && count >= limit) r = cr;
        else {
          r = RUNNING;
          inst.polling++;
        }
      }
      break;
    }
    case K.Cooldown: {
      if (entering && inst.clock[0]! < inst.timer[n]! - EPS) {
        if (inst.timer[n]! < inst.clock[2]!) inst.clock[2] = inst.timer[n]!;
        r = FAILURE;
        break;
      }
      r = exec(inst, t.children[t.childStart[n]!]!);
      if (r !== RUNNING) inst.timer[n] = inst.clock[0]! + t.param[n]!;
      break;
    }
    case K.Timeout: {
      const c = t.children[t.childStart[n]!]!;
      if (entering) inst.timer[n] = inst.clock[0]!;
      else if (inst.clock[0]! - inst.timer[n]! >= t.param[n]! - EPS) {
        abortNode(inst, c);
        r = FAILURE;
        break;
      }
      r = exec(inst, c);
      if (r === RUNNING) {
        const due = inst.timer[n]! + t.param[n]!;
        if (due < inst.clock[2]!) inst.clock[2] = due;
      }
      break;
    }
    case K.Guard: {
      const c = t.children[t.childStart[n]!]!;
      if (entering) {
        r = condition(inst, n) ? exec(inst, c) : FAILURE;
      } else if ((t.flags[n]! & F.AbortSelf) !== 0 && !condition(inst, n)) {
        abortNode(inst, c);
        r = FAILURE;
      } else {
        r = exec(inst, c);
      }
      break;
    }
    case K.Action: {
      const p = inst.pending[n]!;
      inst.pending[n] = 0;
      if (p !== 0 && !entering) {
        r = p;
        inst.inflight[n] = 0;
        break;
      }
      if (entering) inst.gen[n] = (inst.gen[n]! + 1) >>> 0;
      const h = t.handlers[n]!;
      const ctx = inst.ctx;
      ctx.node = n;
      ctx.args = t.args[n]!;
      ctx.started = entering;
      r = h.tick(ctx);
      if (r === RUNNING) {
        if (h.polled !== false) inst.polling++;
      } else if (r === SUCCESS || r === FAILURE) {
        inst.inflight[n] = 0;
      } else {
        throw new TacticaError(
          ErrorCodes.InvalidState,
          `@tactica/decision: tickTree: action at ${t.paths[n]} returned ${String(r)}. Return BtStatus.Success, Failure or Running.`,
          { path: t.paths[n]! },
        );
      }
      break;
    }
    case K.Condition:
      r = condition(inst, n) ? SUCCESS : FAILURE;
      break;
    case K.Compare:
      r = compare(inst as BtInstance<unknown>, n) ? SUCCESS : FAILURE;
      break;
    case K.Set: {
      const k = t.key[n]!;
      const bb = inst.blackboard;
      const type = bb.types[k];
      writeBlackboardAt(bb, k, type === "string" ? t.strValue[n]! : type === "boolean" ? t.param[n] !== 0 : t.param[n]!);
      r = SUCCESS;
      break;
    }
    case K.Wait: {
      if (entering) inst.timer[n] = inst.clock[0]!;
      const due = inst.timer[n]! + t.param[n]!;
      if (inst.clock[0]! >= due - EPS) r = SUCCESS;
      else {
        if (due < inst.clock[2]!) inst.clock[2] = due;
        r = RUNNING;
      }
      break;
    }
    case K.Hinter: {
      const target = inst.hintTarget;
      if (target !== null) {
        const id = target.tree.hintIndex.get(t.hintNames[t.hint[n]!]!);
        if (id !== undefined) setHintById(target, id, t.hintValue[n]!);
      }
      r = SUCCESS;
      break;
    }
    default: // K.HintCondition
      r = inst.hints[t.hint[n]!] === t.hintValue[n] ? SUCCESS : FAILURE;
      break;
  }
  st[n] = r;
  if (inst.trace.length > 0) record(inst, n, r);
  return r;
}

function evaluate<A>(inst: BtInstance<A>): BtStatusValue {
  inst.traceLength = 0;
  inst.traceOverflow = false;
  inst.polling = 0;
  inst.clock[2] = Infinity;
  inst.wake = false;
  const r = exec(inst, 0) as BtStatusValue;
  inst.rootStatus = r;
  const wk = inst.tree.watchKeys;
  const ver = inst.blackboard.version;
  for (let i = 0; i < wk.length; i++) inst.seenVersion[i] = ver[wk[i]!]!;
  return r;
}

function checkDt(fn: string, dt: number): void {
  if (!(dt >= 0) || dt === Infinity) {
    invalidArgument(`@tactica/decision: ${fn}`, "dt", `must be a finite number >= 0 but is ${String(dt)}`, "Pass the frame time in seconds.");
  }
}

/**
 * Per-tick evaluation: advances tree time by `dt` seconds and evaluates the tree from the root
 * (memory composites resume their running child; reactive ones re-check from the first). A
 * finished root starts again on the next tick. Returns the root status. Allocates nothing
 * (unless an action does). Cost: the nodes visited.
 *
 * @throws TacticaError `INVALID_ARGUMENT` for a negative or non-finite `dt`.
 */
export function tickTree<A>(inst: BtInstance<A>, dt: number): BtStatusValue {
  checkDt("tickTree", dt);
  inst.clock[0] = inst.clock[0]! + dt;
  inst.clock[1] = dt;
  inst.ticks++;
  return evaluate(inst);
}

/**
 * True when an event-driven {@link updateTree} would evaluate now: an event was posted, a hint
 * changed or an asynchronous action resolved; a polled action (or repeat/retry) is running; a
 * wait, timeout or cooldown is due; or a watched blackboard key changed.
 */
export function treeNeedsEvaluation<A>(inst: BtInstance<A>): boolean {
  if (inst.wake || inst.polling > 0 || inst.clock[0]! >= inst.clock[2]! - EPS) return true;
  const wk = inst.tree.watchKeys;
  const ver = inst.blackboard.version;
  for (let i = 0; i < wk.length; i++) if (ver[wk[i]!] !== inst.seenVersion[i]) return true;
  return false;
}

/**
 * Event-driven evaluation: advances tree time by `dt` and evaluates the tree only when
 * {@link treeNeedsEvaluation} says so; otherwise returns the last root status at O(watched keys)
 * cost. A finished tree sleeps until an event ({@link postTreeEvent}, a watched key change, a
 * hint). Conditions bound in code are re-checked only when something wakes the tree — list the
 * keys they read in `watch`. Allocates nothing.
 *
 * @throws TacticaError `INVALID_ARGUMENT` for a negative or non-finite `dt`.
 */
export function updateTree<A>(inst: BtInstance<A>, dt: number): BtStatusValue {
  checkDt("updateTree", dt);
  inst.clock[0] = inst.clock[0]! + dt;
  inst.clock[1] = dt;
  if (!treeNeedsEvaluation(inst)) return inst.rootStatus;
  inst.ticks++;
  return evaluate(inst);
}

/** Requests an evaluation at the next {@link updateTree} (something the tree cares about happened). */
export function postTreeEvent<A>(inst: BtInstance<A>): void {
  inst.wake = true;
}

/**
 * Finishes a running action from outside the tick (asynchronous work): the action node returns
 * `success ? Success : Failure` on the next evaluation, which an event-driven tree performs at
 * its next update. Returns false (and does nothing) when the node is not a running action.
 */
export function resolveAction<A>(inst: BtInstance<A>, node: number, success: boolean): boolean {
  if (node < 0 || node >= inst.tree.nodeCount || inst.tree.kind[node] !== K.Action || inst.status[node] !== RUNNING) return false;
  inst.pending[node] = success ? SUCCESS : FAILURE;
  inst.wake = true;
  return true;
}

/**
 * An asynchronous action for {@link BtBindings.actions}: on start it calls `start` and returns
 * Running; when the promise settles (true → success, false or rejection → failure) the node
 * finishes on the next evaluation. A late result from an aborted or restarted run is ignored. The
 * action is not polled, so an event-driven tree sleeps while it runs. Work in flight when the
 * tree is saved is started again after {@link restoreTree}. Allocates a promise per start (level 2).
 */
export function createAsyncAction<A>(
  start: (agent: A, args: Readonly<Record<string, unknown>>) => Promise<boolean>,
  abort?: (agent: A, args: Readonly<Record<string, unknown>>) => void,
): { tick: (ctx: BtActionContext<A>) => 3; abort: (ctx: BtActionContext<A>) => void; polled: false } {
  return {
    polled: false,
    tick(ctx) {
      const inst = ctx.instance;
      const n = ctx.node;
      if (ctx.started || inst.inflight[n] === 0) {
        inst.inflight[n] = 1;
        const gen = inst.gen[n];
        const done = (ok: boolean): void => {
          if (inst.gen[n] === gen && inst.inflight[n] === 1) {
            inst.inflight[n] = 0;
            resolveAction(inst, n, ok);
          }
        };
        start(ctx.agent, ctx.args).then(
          (ok) => done(ok === true),
          () => done(false),
        );
      }
      return RUNNING;
    },
    abort(ctx) {
      abort?.(ctx.agent, ctx.args);
    },
  };
}

/** Aborts whatever is running and returns every node to `Idle` (timers, counters and hints are kept). */
export function resetTree<A>(inst: BtInstance<A>): void {
  abortNode(inst, 0);
  inst.status.fill(IDLE);
  inst.pending.fill(0);
  inst.inflight.fill(0);
  inst.rootStatus = BtStatus.Idle;
  inst.wake = true;
}

/** @internal Sets hint `id` of `inst` and re-sorts the selectors that depend on it. */
export function setHintById<A>(inst: BtInstance<A>, id: number, value: number): void {
  if (inst.hints[id] === value) return;
  inst.hints[id] = value;
  inst.wake = true;
  const t = inst.tree;
  const sels = t.hintSelectors[id]!;
  for (let i = 0; i < sels.length; i++) resortSelector(inst, sels[i]!);
}

function resortSelector<A>(inst: BtInstance<A>, s: number): void {
  const t = inst.tree;
  const start = t.childStart[s]!;
  const cnt = t.childCount[s]!;
  const running = inst.status[s] === RUNNING ? t.children[start + inst.order[start + inst.cursor[s]!]!]! : -1;
  const out = inst.scratch;
  let k = 0;
  for (let pass = 1; pass >= -1; pass--) {
    for (let p = 0; p < cnt; p++) {
      const h = t.hint[t.children[start + p]!]!;
      const v = h >= 0 ? inst.hints[h]! : 0;
      if (v === pass) out[k++] = p;
    }
  }
  for (let p = 0; p < cnt; p++) {
    inst.order[start + p] = out[p]!;
    if (running >= 0 && t.children[start + out[p]!] === running) inst.cursor[s] = p;
  }
}

/**
 * Hinted execution: sets hint `name` on `inst` to `"positive"` (the named branches move to the
 * front of their selectors), `"negative"` (to the back) or `"neutral"` (back to the default
 * position); each group keeps the authored relative order. Hint conditions see the value at
 * once. Returns false when the tree has no such hint. O(selectors using the hint × children).
 */
export function setTreeHint<A>(inst: BtInstance<A>, name: string, value: "positive" | "negative" | "neutral"): boolean {
  const id = inst.tree.hintIndex.get(name);
  if (id === undefined) return false;
  setHintById(inst, id, value === "positive" ? 1 : value === "negative" ? -1 : 0);
  return true;
}

/** Sets every hint of `inst` to neutral (the authored order). */
export function clearTreeHints<A>(inst: BtInstance<A>): void {
  for (let i = 0; i < inst.hints.length; i++) setHintById(inst, i, 0);
}

/**
 * Current evaluation order of a selector's children (node indices), e.g. after hints. Allocates
 * the returned array (level 2; the order lives in `inst.order`).
 */
export function selectorOrder<A>(inst: BtInstance<A>, node: number): number[] {
  const t = inst.tree;
  const start = t.childStart[node]!;
  const out: number[] = [];
  for (let p = 0; p < t.childCount[node]!; p++) out.push(t.children[start + inst.order[start + p]!]!);
  return out;
}
