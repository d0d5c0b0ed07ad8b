import { ownValue } from "../definition-error";
import { ErrorCodes, rngNextFloat, TacticaError } from "@tactica/core";
import { writeBlackboardAt } from "../blackboard";
import { abortChildrenExcept, abortRunning } from "./abort";
import type { BtRun } from "./context";
import { setHintById } from "./hints";
import { BtStatus, type BtStatusValue } from "./status";
import { recordTrace } from "./trace-record";
import { CompareOp, NodeFlag, NodeKind, type BtState } from "./types";

// Module-local copies of the opcode tables: the hot switch and flag tests read locals, never a
// property of another module's export (which some loaders, e.g. tsx's CommonJS transform, turn
// into a getter call per access).
const {
  Sequence: K_SEQUENCE,
  Selector: K_SELECTOR,
  Shuffle: K_SHUFFLE,
  RandomSelector: K_RANDOM_SELECTOR,
  Parallel: K_PARALLEL,
  Inverter: K_INVERTER,
  Succeed: K_SUCCEED,
  Fail: K_FAIL,
  Repeat: K_REPEAT,
  Retry: K_RETRY,
  Cooldown: K_COOLDOWN,
  Timeout: K_TIMEOUT,
  Guard: K_GUARD,
  Action: K_ACTION,
  Condition: K_CONDITION,
  Compare: K_COMPARE,
  Set: K_SET,
  Wait: K_WAIT,
  Hinter: K_HINTER,
  HintCondition: K_HINT_CONDITION,
} = NodeKind;
const {
  Memory: F_MEMORY,
  AbortSelf: F_ABORT_SELF,
  AbortLower: F_ABORT_LOWER,
  SuccessOne: F_SUCCESS_ONE,
  FailureAll: F_FAILURE_ALL,
  ByKey: F_BY_KEY,
} = NodeFlag;
const { Less: OP_LESS, LessEqual: OP_LESS_EQUAL, Equal: OP_EQUAL, NotEqual: OP_NOT_EQUAL, GreaterEqual: OP_GREATER_EQUAL, Greater: OP_GREATER } = CompareOp;

const IDLE = BtStatus.Idle;
const SUCCESS = BtStatus.Success;
const FAILURE = BtStatus.Failure;
const RUNNING = BtStatus.Running;
/** @internal Tolerance (s) when comparing tree time against a deadline. */
export const TIME_EPS = 1e-9;

/** Blackboard comparison of a `compare` node or a key guard. */
function compareKey(run: BtRun<unknown>, n: number): boolean {
  const t = run.tree;
  const k = t.key[n]!;
  const bb = run.blackboard;
  const op = t.op[n]!;
  if (bb.types[k] === "string") {
    const eq = bb.str[k] === t.strValue[n];
    return op === OP_NOT_EQUAL ? !eq : eq;
  }
  const a = bb.num[k]!;
  const b = t.param[n]!;
  switch (op) {
    case OP_LESS:
      return a < b;
    case OP_LESS_EQUAL:
      return a <= b;
    case OP_EQUAL:
      return a === b;
    case OP_NOT_EQUAL:
      return a !== b;
    case OP_GREATER_EQUAL:
      return a >= b;
    case OP_GREATER:
    default:
      return a > b;
  }
}

/** A `condition` node or a guard: a bound predicate, or a blackboard comparison. */
function checkCondition<A>(run: BtRun<A>, n: number): boolean {
  const t = run.tree;
  if ((t.flags[n]! & F_BY_KEY) !== 0) return compareKey(run as BtRun<unknown>, n);
  run.node = n;
  run.args = t.args[n]!;
  run.started = true;
  return t.conditions[n]!(run) === true;
}

function shuffleSegment(state: BtState, start: number, cnt: number): void {
  const o = state.order;
  for (let i = cnt - 1; i > 0; i--) {
    const j = Math.floor(rngNextFloat(state.rng) * (i + 1));
    const a = o[start + i]!;
    o[start + i] = o[start + j]!;
    o[start + j] = a;
  }
}

/** Sequence and shuffle: children in order until one does not succeed. */
function execSequence<A>(run: BtRun<A>, n: number, entering: boolean): number {
  const t = run.tree;
  const state = run.state;
  const start = t.childStart[n]!;
  const cnt = t.childCount[n]!;
  const order = state.order;
  if (entering) {
    state.cursor[n] = 0;
    if (t.kind[n] === K_SHUFFLE) shuffleSegment(state, start, cnt);
  }
  if ((t.flags[n]! & F_MEMORY) !== 0) {
    for (let p = state.cursor[n]!; p < cnt; p++) {
      const cr = execNode(run, t.children[start + order[start + p]!]!);
      if (cr === SUCCESS) continue;
      state.cursor[n] = p;
      return cr;
    }
  } else {
    for (let p = 0; p < cnt; p++) {
      const c = t.children[start + order[start + p]!]!;
      const cr = execNode(run, c);
      if (cr === SUCCESS) continue;
      abortChildrenExcept(run, n, c);
      state.cursor[n] = p;
      return cr;
    }
  }
  return SUCCESS;
}

/** Selector and random selector: children in order until one does not fail; lower-priority guards may abort. */
function execSelector<A>(run: BtRun<A>, n: number, entering: boolean): number {
  const t = run.tree;
  const state = run.state;
  const start = t.childStart[n]!;
  const cnt = t.childCount[n]!;
  const order = state.order;
  if (entering) {
    state.cursor[n] = 0;
    if (t.kind[n] === K_RANDOM_SELECTOR) shuffleSegment(state, start, cnt);
  }
  if ((t.flags[n]! & F_MEMORY) !== 0) {
    let from = state.cursor[n]!;
    if (!entering) {
      for (let q = 0; q < from; q++) {
        const g = t.children[start + order[start + q]!]!;
        if (t.kind[g] === K_GUARD && (t.flags[g]! & F_ABORT_LOWER) !== 0 && checkCondition(run, g)) {
          abortRunning(run, t.children[start + order[start + from]!]!);
          from = q;
          break;
        }
      }
    }
    for (let p = from; p < cnt; p++) {
      const cr = execNode(run, t.children[start + order[start + p]!]!);
      if (cr === FAILURE) continue;
      state.cursor[n] = p;
      return cr;
    }
  } else {
    // Reactive: a higher-priority child tried while a lower one runs may pre-empt it. The old
    // branch is aborted before the new branch's first action ticks (flushPreemptions), so an
    // abort hook that clears shared state (a movement target) cannot undo what the new branch
    // just started; a branch of conditions alone aborts it after (below).
    const running = state.status[n] === RUNNING ? state.cursor[n]! : -1;
    for (let p = 0; p < cnt; p++) {
      const c = t.children[start + order[start + p]!]!;
      const mark = run.preemptLength;
      if (p < running) {
        run.preempt[mark * 2] = n;
        run.preempt[mark * 2 + 1] = c;
        run.preemptLength = mark + 1;
      }
      const cr = execNode(run, c);
      if (run.preemptLength > mark) run.preemptLength = mark;
      if (cr === FAILURE) continue;
      abortChildrenExcept(run, n, c);
      state.cursor[n] = p;
      return cr;
    }
  }
  return FAILURE;
}

/**
 * Runs the pending pre-emptions of reactive selectors: aborts every running child of each
 * composite except the new branch. Called before an action of the new branch is entered.
 */
function flushPreemptions<A>(run: BtRun<A>): void {
  const len = run.preemptLength;
  run.preemptLength = 0;
  for (let i = 0; i < len; i++) abortChildrenExcept(run, run.preempt[i * 2]!, run.preempt[i * 2 + 1]!);
}

/** Parallel and race: every child each tick; success/failure policies from the flags. */
function execParallel<A>(run: BtRun<A>, n: number, entering: boolean): number {
  const t = run.tree;
  const st = run.state.status;
  const start = t.childStart[n]!;
  const cnt = t.childCount[n]!;
  const flags = t.flags[n]!;
  const memory = (flags & F_MEMORY) !== 0;
  if (entering) for (let i = start; i < start + cnt; i++) st[t.children[i]!] = IDLE;
  let succ = 0;
  let fail = 0;
  let running = 0;
  for (let i = start; i < start + cnt; i++) {
    const c = t.children[i]!;
    const prev = st[c]!;
    const cr = memory && !entering && (prev === SUCCESS || prev === FAILURE) ? prev : execNode(run, c);
    if (cr === SUCCESS) succ++;
    else if (cr === FAILURE) fail++;
    else running++;
  }
  const needS = (flags & F_SUCCESS_ONE) !== 0 ? 1 : cnt;
  const needF = (flags & F_FAILURE_ALL) !== 0 ? cnt : 1;
  const r = succ >= needS ? SUCCESS : fail >= needF ? FAILURE : running === 0 ? FAILURE : RUNNING;
  if (r !== RUNNING) abortChildrenExcept(run, n, -1);
  return r;
}

/** Repeat (again on success) and retry (again on failure), up to `param` times (≤ 0 = forever). */
function execRepeat<A>(run: BtRun<A>, n: number, entering: boolean): number {
  const t = run.tree;
  const state = run.state;
  if (entering) state.cursor[n] = 0;
  const cr = execNode(run, t.children[t.childStart[n]!]!);
  if (cr === RUNNING) return RUNNING;
  const again = t.kind[n] === K_REPEAT ? SUCCESS : FAILURE;
  if (cr !== again) return cr;
  const count = state.cursor[n]! + 1;
  state.cursor[n] = count;
  const limit = t.param[n]!;
  if (limit > 0 && count >= limit) return cr;
  state.polling++;
  return RUNNING;
}

/** Cooldown: fails while cooling down; the timer holds the ready time. */
function execCooldown<A>(run: BtRun<A>, n: number, entering: boolean): number {
  const t = run.tree;
  const state = run.state;
  const ready = state.timer[n]!;
  if (entering && state.time < ready - TIME_EPS) {
    if (ready < state.nextWake) state.nextWake = ready;
    return FAILURE;
  }
  const r = execNode(run, t.children[t.childStart[n]!]!);
  if (r !== RUNNING) state.timer[n] = state.time + t.param[n]!;
  return r;
}

/** Timeout: fails (aborting the child) once the child has run `param` seconds. */
function execTimeout<A>(run: BtRun<A>, n: number, entering: boolean): number {
  const t = run.tree;
  const state = run.state;
  const c = t.children[t.childStart[n]!]!;
  if (entering) state.timer[n] = state.time;
  else if (state.time - state.timer[n]! >= t.param[n]! - TIME_EPS) {
    abortRunning(run, c);
    return FAILURE;
  }
  const r = execNode(run, c);
  if (r === RUNNING) {
    const due = state.timer[n]! + t.param[n]!;
    if (due < state.nextWake) state.nextWake = due;
  }
  return r;
}

/** Guard: runs the child while the condition holds; with a self abort, re-checks while running. */
function execGuard<A>(run: BtRun<A>, n: number, entering: boolean): number {
  const t = run.tree;
  const c = t.children[t.childStart[n]!]!;
  if (entering) return checkCondition(run, n) ? execNode(run, c) : FAILURE;
  if ((t.flags[n]! & F_ABORT_SELF) !== 0 && !checkCondition(run, n)) {
    abortRunning(run, c);
    return FAILURE;
  }
  return execNode(run, c);
}

function badActionResult(path: string, r: number): never {
  throw new TacticaError(
    ErrorCodes.InvalidState,
    `@tactica/decision: tickTree: action at ${path} returned ${String(r)}. Return BtStatus.Success, Failure or Running.`,
    { path },
  );
}

/** Set: writes the node's value to its blackboard key. */
function execSet<A>(run: BtRun<A>, n: number): number {
  const t = run.tree;
  const k = t.key[n]!;
  const bb = run.blackboard;
  const type = bb.types[k];
  writeBlackboardAt(bb, k, type === "string" ? t.strValue[n]! : type === "boolean" ? t.param[n] !== 0 : t.param[n]!);
  return SUCCESS;
}

/** Wait: running until `param` seconds after entry. */
function execWait<A>(run: BtRun<A>, n: number, entering: boolean): number {
  const state = run.state;
  if (entering) state.timer[n] = state.time;
  const due = state.timer[n]! + run.tree.param[n]!;
  if (state.time >= due - TIME_EPS) return SUCCESS;
  if (due < state.nextWake) state.nextWake = due;
  return RUNNING;
}

/** Hinter: sends its hint to the tree one level below (in a hinted controller). */
function execHinter<A>(run: BtRun<A>, n: number): number {
  const target = run.hintTree;
  if (target !== null) {
    const t = run.tree;
    const id = ownValue(target.hintIndex, t.hintNames[t.hint[n]!]!);
    if (id !== undefined) setHintById(run.hintState!, target, id, t.hintValue[n]!);
  }
  return SUCCESS;
}

/** @internal Evaluates node `n` (and its running subtree); records and returns its status. */
export function execNode<A>(run: BtRun<A>, n: number): number {
  const t = run.tree;
  const state = run.state;
  const st = state.status;
  state.lastTick[n] = state.ticks;
  const entering = st[n] !== RUNNING;
  let r: number;
  switch (t.kind[n]) {
    case K_SEQUENCE:
    case K_SHUFFLE:
      r = execSequence(run, n, entering);
      break;
    case K_SELECTOR:
    case K_RANDOM_SELECTOR:
      r = execSelector(run, n, entering);
      break;
    case K_PARALLEL:
      r = execParallel(run, n, entering);
      break;
    case K_INVERTER: {
      const cr = execNode(run, t.children[t.childStart[n]!]!);
      r = cr === SUCCESS ? FAILURE : cr === FAILURE ? SUCCESS : cr;
      break;
    }
    case K_SUCCEED: {
      const cr = execNode(run, t.children[t.childStart[n]!]!);
      r = cr === RUNNING ? RUNNING : SUCCESS;
      break;
    }
    case K_FAIL: {
      const cr = execNode(run, t.children[t.childStart[n]!]!);
      r = cr === RUNNING ? RUNNING : FAILURE;
      break;
    }
    case K_REPEAT:
    case K_RETRY:
      r = execRepeat(run, n, entering);
      break;
    case K_COOLDOWN:
      r = execCooldown(run, n, entering);
      break;
    case K_TIMEOUT:
      r = execTimeout(run, n, entering);
      break;
    case K_GUARD:
      r = execGuard(run, n, entering);
      break;
    case K_ACTION: {
      // Inline (the hottest leaf): a pending asynchronous result, or the bound handler's tick.
      const p = state.pending[n]!;
      state.pending[n] = 0;
      if (p !== 0 && !entering) {
        state.inflight[n] = 0;
        r = p;
        break;
      }
      if (entering) {
        if (run.preemptLength !== 0) flushPreemptions(run);
        state.gen[n] = (state.gen[n]! + 1) >>> 0;
      }
      const h = t.handlers[n]!;
      run.node = n;
      run.args = t.args[n]!;
      run.started = entering;
      r = h.tick(run);
      if (r === RUNNING) {
        if (h.polled !== false) state.polling++;
      } else if (r === SUCCESS || r === FAILURE) {
        state.inflight[n] = 0;
      } else badActionResult(t.paths[n]!, r);
      break;
    }
    case K_CONDITION:
      if ((t.flags[n]! & F_BY_KEY) !== 0) r = compareKey(run as BtRun<unknown>, n) ? SUCCESS : FAILURE;
      else {
        run.node = n;
        run.args = t.args[n]!;
        run.started = true;
        r = t.conditions[n]!(run) === true ? SUCCESS : FAILURE;
      }
      break;
    case K_COMPARE:
      r = compareKey(run as BtRun<unknown>, n) ? SUCCESS : FAILURE;
      break;
    case K_SET:
      r = execSet(run, n);
      break;
    case K_WAIT:
      r = execWait(run, n, entering);
      break;
    case K_HINTER:
      r = execHinter(run, n);
      break;
    case K_HINT_CONDITION:
    default:
      r = state.hints[t.hint[n]!] === t.hintValue[n] ? SUCCESS : FAILURE;
      break;
  }
  st[n] = r;
  if (state.trace.length > 0) recordTrace(state, n, r);
  return r;
}

/** @internal One evaluation from the root: resets the per-evaluation counters, records watched versions. */
export function evaluateTree<A>(run: BtRun<A>): BtStatusValue {
  const state = run.state;
  state.traceLength = 0;
  state.traceOverflow = false;
  state.polling = 0;
  state.nextWake = Infinity;
  state.wake = false;
  run.time = state.time;
  run.dt = state.dt;
  const r = execNode(run, 0) as BtStatusValue;
  state.rootStatus = r;
  const wk = run.tree.watchKeys;
  const ver = run.blackboard.version;
  for (let i = 0; i < wk.length; i++) state.seenVersion[i] = ver[wk[i]!]!;
  return r;
}
