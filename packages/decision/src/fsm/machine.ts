import { assertInteger, assertNonNegative, describeValue, ErrorCodes, invalidArgument, TacticaError } from "@tactica/core";
import { indexRecord, IssueList, ownValue, throwDefinitionIssues, type DefinitionIssue } from "../definition-error";
import type { MachineBindings, MachineCallbackContext, StateCallback, StateDefinition, StateMachineDefinition, TransitionGuard } from "./definition";

const WHERE = "@tactica/decision";
/** Deepest state nesting a definition may use (deeper input is rejected, never a stack overflow). */
const MAX_DEPTH = 100;
/** History kinds in {@link StateMachine.history}. */
const HIST = { none: 0, shallow: 1, deep: 2 } as const;
/** Transition kinds in {@link StateMachine.transKind}. */
const TRANS = { plain: 0, push: 1, pop: 2 } as const;

/**
 * A compiled state machine: states flattened into tables (parent, depth, initial child,
 * history kind) and transitions with resolved targets and bound callbacks. Shareable between
 * instances. Create with {@link createStateMachine}.
 */
export interface StateMachine<A> {
  /** State names by index (depth-first order). */
  readonly names: readonly string[];
  /** State name → index (own keys only). */
  readonly index: Readonly<Record<string, number>>;
  /** Parent state index (-1 for top level). */
  readonly parent: Int32Array;
  /** Nesting depth (0 for top level). */
  readonly depth: Int32Array;
  /** Initial child per composite state (-1 for leaves). */
  readonly initialChild: Int32Array;
  /** History kind per state: 0 none, 1 shallow, 2 deep. */
  readonly history: Uint8Array;
  /** The machine's initial top-level state. */
  readonly initial: number;
  /** Bound callbacks per state. */
  readonly onEnter: readonly (StateCallback<A> | null)[];
  /** Bound update callbacks per state. */
  readonly onUpdate: readonly (StateCallback<A> | null)[];
  /** Bound exit callbacks per state. */
  readonly onExit: readonly (StateCallback<A> | null)[];
  /** Transition ranges per state: first index into the transition tables. */
  readonly transStart: Int32Array;
  /** Transition ranges per state: count. */
  readonly transCount: Int32Array;
  /** Per transition: event id (-1 = eventless). */
  readonly transEvent: Int32Array;
  /** Per transition: target state (-1 for pop). */
  readonly transTo: Int32Array;
  /** Per transition: `after` seconds (-1 when none). */
  readonly transAfter: Float64Array;
  /** Per transition: 1 push, 2 pop, 0 plain. */
  readonly transKind: Uint8Array;
  /** Per transition: guard. */
  readonly transGuard: readonly (TransitionGuard<A> | null)[];
  /** Per transition: action. */
  readonly transAction: readonly (StateCallback<A> | null)[];
  /** Event names by id. */
  readonly events: readonly string[];
  /** Event name → id (own keys only). */
  readonly eventIndex: Readonly<Record<string, number>>;
}

function checkCallback(L: IssueList, path: string, v: unknown, names: Readonly<Record<string, unknown>> | undefined, what: string): void {
  if (v === undefined || typeof v === "function") return;
  if (!L.string(path, v)) return;
  if (!ownValue(names, v)) L.add(path, `names ${what} ${describeValue(v)}, which is not bound`);
}

/**
 * Validates a state-machine definition: structure, unique state names, transition targets,
 * triggers and bound callback names. Returns the problems by JSON path (empty when valid).
 * @param definition - The candidate definition, typically parsed JSON of any shape; read only.
 * @param bindings - `callbacks` and `guards` by name; every name the definition uses must be bound there. Left out: no bindings, so any callback
 *   or guard given by name is reported.
 */
export function validateStateMachine<A>(definition: unknown, bindings: MachineBindings<A> = {}): DefinitionIssue[] {
  const L = new IssueList();
  if (!L.object("$", definition)) return L.issues;
  L.known("$", definition, ["version", "initial", "states"]);
  if (definition["version"] !== 1) L.add("$.version", "must be 1");
  const all = new Set<string>();
  const collect = (path: string, states: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) {
      L.add(path, `is nested deeper than ${MAX_DEPTH} levels`);
      return;
    }
    if (!L.object(path, states)) return;
    if (Object.keys(states).length === 0) L.add(path, "must declare at least one state");
    for (const [name, s] of Object.entries(states)) {
      if (all.has(name)) L.add(`${path}.${name}`, `duplicates state name ${describeValue(name)}; names are unique across the machine`);
      all.add(name);
      if (L.object(`${path}.${name}`, s) && s["states"] !== undefined) collect(`${path}.${name}.states`, s["states"], depth + 1);
    }
  };
  collect("$.states", definition["states"], 0);
  if (L.issues.length > 0 && L.issues.some((i) => i.message.startsWith("is nested deeper"))) return L.issues;
  if (definition["initial"] !== undefined && L.string("$.initial", definition["initial"])) {
    const st = definition["states"] as Record<string, unknown> | undefined;
    if (st && ownValue(st, definition["initial"]) === undefined) L.add("$.initial", "must name a top-level state");
  }
  const check = (path: string, states: Record<string, unknown>): void => {
    for (const [name, raw] of Object.entries(states)) {
      const p = `${path}.${name}`;
      if (raw === null || typeof raw !== "object") continue;
      const s = raw as Record<string, unknown>;
      L.known(p, s, ["onEnter", "onUpdate", "onExit", "transitions", "states", "initial", "history"]);
      checkCallback(L, `${p}.onEnter`, s["onEnter"], bindings.callbacks, "callback");
      checkCallback(L, `${p}.onUpdate`, s["onUpdate"], bindings.callbacks, "callback");
      checkCallback(L, `${p}.onExit`, s["onExit"], bindings.callbacks, "callback");
      if (s["history"] !== undefined) L.oneOf(`${p}.history`, s["history"], ["none", "shallow", "deep"]);
      const kids = s["states"] as Record<string, unknown> | undefined;
      if (s["initial"] !== undefined && L.string(`${p}.initial`, s["initial"]) && ownValue(kids, s["initial"]) === undefined) {
        L.add(`${p}.initial`, "must name a child state");
      }
      if ((s["initial"] !== undefined || s["history"] !== undefined) && kids === undefined) L.add(p, "uses initial/history but has no child states");
      if (s["transitions"] !== undefined && L.array(`${p}.transitions`, s["transitions"])) {
        s["transitions"].forEach((tr, i) => {
          const tp = `${p}.transitions[${i}]`;
          if (!L.object(tp, tr)) return;
          L.known(tp, tr, ["event", "after", "to", "guard", "action", "push", "pop"]);
          if (tr["event"] !== undefined) L.string(`${tp}.event`, tr["event"]);
          if (tr["after"] !== undefined) L.number(`${tp}.after`, tr["after"], 0);
          if (tr["event"] !== undefined && tr["after"] !== undefined) L.add(tp, 'uses both "event" and "after"; choose one trigger');
          if (tr["push"] !== undefined) L.boolean(`${tp}.push`, tr["push"]);
          if (tr["pop"] !== undefined) L.boolean(`${tp}.pop`, tr["pop"]);
          if (tr["pop"] === true) {
            if (tr["to"] !== undefined) L.add(`${tp}.to`, 'must be omitted with "pop" (the target is the popped state)');
            if (tr["push"] === true) L.add(tp, 'cannot both "push" and "pop"');
          } else if (L.string(`${tp}.to`, tr["to"]) && !all.has(tr["to"])) {
            L.add(`${tp}.to`, `names unknown state ${describeValue(tr["to"])}`);
          }
          checkCallback(L, `${tp}.guard`, tr["guard"], bindings.guards, "guard");
          checkCallback(L, `${tp}.action`, tr["action"], bindings.callbacks, "callback");
        });
      }
      if (kids !== undefined && kids !== null && typeof kids === "object") check(`${p}.states`, kids);
    }
  };
  const top = definition["states"];
  if (top !== null && typeof top === "object" && !Array.isArray(top)) check("$.states", top as Record<string, unknown>);
  return L.issues;
}

/**
 * Validates and compiles a finite or hierarchical state machine. O(states + transitions).
 *
 * @param definition - The machine definition (`{ version: 1, initial?, states }`); callbacks and guards may be functions or names of `bindings`.
 *   Read, not kept.
 * @param bindings - `callbacks` and `guards` by name for definitions that name them (JSON). Left out: every callback and guard must be given as
 *   a function.
 * @throws TacticaError `INVALID_DEFINITION` listing every problem by JSON path.
 */
export function createStateMachine<A>(definition: StateMachineDefinition<A>, bindings: MachineBindings<A> = {}): StateMachine<A> {
  const issues = validateStateMachine(definition, bindings);
  if (issues.length > 0) throwDefinitionIssues(`${WHERE}: createStateMachine`, issues);
  const names: string[] = [];
  const defs: StateDefinition<A>[] = [];
  const parentL: number[] = [];
  const depthL: number[] = [];
  const walk = (states: Record<string, StateDefinition<A>>, parent: number, depth: number): void => {
    for (const [name, s] of Object.entries(states)) {
      const id = names.length;
      names.push(name);
      defs.push(s);
      parentL.push(parent);
      depthL.push(depth);
      if (s.states) walk(s.states, id, depth + 1);
    }
  };
  walk(definition.states, -1, 0);
  const index = indexRecord(names);
  const cb = (v: string | StateCallback<A> | undefined): StateCallback<A> | null =>
    v === undefined ? null : typeof v === "function" ? v : (ownValue(bindings.callbacks, v) ?? null);
  const events: string[] = [];
  const eventIds = new Map<string, number>();
  const n = names.length;
  const initialChild = new Int32Array(n).fill(-1);
  const history = new Uint8Array(n);
  const transStart = new Int32Array(n);
  const transCount = new Int32Array(n);
  const tEvent: number[] = [];
  const tTo: number[] = [];
  const tAfter: number[] = [];
  const tKind: number[] = [];
  const tGuard: (TransitionGuard<A> | null)[] = [];
  const tAction: (StateCallback<A> | null)[] = [];
  for (let i = 0; i < n; i++) {
    const s = defs[i]!;
    if (s.states) {
      const first = Object.keys(s.states)[0]!;
      initialChild[i] = index[s.initial ?? first]!;
      history[i] = HIST[s.history ?? "none"];
    }
    transStart[i] = tEvent.length;
    for (const tr of s.transitions ?? []) {
      let ev = -1;
      if (tr.event !== undefined) {
        ev = eventIds.get(tr.event) ?? -1;
        if (ev < 0) {
          ev = events.length;
          events.push(tr.event);
          eventIds.set(tr.event, ev);
        }
      }
      tEvent.push(ev);
      tTo.push(tr.pop ? -1 : index[tr.to!]!);
      tAfter.push(tr.after ?? -1);
      tKind.push(tr.pop ? TRANS.pop : tr.push ? TRANS.push : TRANS.plain);
      tGuard.push(tr.guard === undefined ? null : typeof tr.guard === "function" ? tr.guard : (ownValue(bindings.guards, tr.guard) ?? null));
      tAction.push(cb(tr.action));
    }
    transCount[i] = tEvent.length - transStart[i]!;
  }
  return {
    names,
    index,
    parent: Int32Array.from(parentL),
    depth: Int32Array.from(depthL),
    initialChild,
    history,
    initial: index[definition.initial ?? Object.keys(definition.states)[0]!]!,
    onEnter: defs.map((d) => cb(d.onEnter)),
    onUpdate: defs.map((d) => cb(d.onUpdate)),
    onExit: defs.map((d) => cb(d.onExit)),
    transStart,
    transCount,
    transEvent: Int32Array.from(tEvent),
    transTo: Int32Array.from(tTo),
    transAfter: Float64Array.from(tAfter),
    transKind: Uint8Array.from(tKind),
    transGuard: tGuard,
    transAction: tAction,
    events,
    eventIndex: indexRecord(events),
  };
}

/**
 * The running state of a {@link StateMachine} for one agent, as plain data: the active leaf
 * state, its time, the history per composite state, the push-down stack and the queue of
 * delayed events. It holds no functions and no reference to the machine or the agent (both are
 * passed to every call), so `structuredClone(state)` gives an independent copy. Updates and
 * event dispatch allocate nothing.
 */
export interface MachineState {
  /** Number of states of the machine this state belongs to (checked when the machine is passed in). */
  readonly stateCount: number;
  /** Active leaf state (-1 before {@link startMachine}). */
  current: number;
  /** Seconds the active leaf state has been active. */
  timeInState: number;
  /** Machine time, seconds. */
  time: number;
  /** Per composite state: the remembered child (shallow) or leaf (deep), -1 when none. */
  readonly remembered: Int32Array;
  /** The push-down stack of leaf states. */
  readonly stack: Int32Array;
  /** Number of states on the stack. */
  stackSize: number;
  /** Delayed events: event ids (kept sorted by due time). */
  readonly queueEvent: Int32Array;
  /** Delayed events: due times (machine time, seconds). */
  readonly queueDue: Float64Array;
  /** Number of queued events. */
  queueSize: number;
  /** Number of transitions taken so far. */
  transitions: number;
  /** Reused callback context (plain data). */
  readonly ctx: MachineCallbackContext;
  /** Scratch path buffer for entering nested states. */
  readonly path: Int32Array;
}

/** Options for {@link createMachineState}. */
export interface MachineStateOptions {
  /** Capacity of the push-down stack (default 16). */
  stackCapacity?: number;
  /** Capacity of the delayed-event queue (default 32). */
  queueCapacity?: number;
}

/**
 * Creates the running state of `machine` for one agent (not yet started: call
 * {@link startMachine}). Plain data; O(states) allocation once.
 *
 * @param machine - The compiled machine the state is for; its state count sizes the arrays.
 * @param options - `stackCapacity` (push-down stack, default 16) and `queueCapacity` (delayed events, default 32), integers in [0, 2^20].
 * @example
 * ```ts
 * const machine = createStateMachine({ version: 1, states: { idle: { transitions: [{ event: "see", to: "chase" }] }, chase: {} } });
 * const state = createMachineState(machine);
 * startMachine(state, machine, null);
 * dispatchMachineEvent(state, machine, null, "see"); // true
 * getActiveStateName(state, machine);                // "chase"
 * ```
 *
 * @throws TacticaError `INVALID_ARGUMENT` for a capacity that is not an integer in [0, 2^20].
 */
export function createMachineState<A>(machine: StateMachine<A>, options: MachineStateOptions = {}): MachineState {
  const where = `${WHERE}: createMachineState`;
  const sc = assertInteger(where, "options.stackCapacity", options.stackCapacity ?? 16, 0, 1 << 20);
  const qc = assertInteger(where, "options.queueCapacity", options.queueCapacity ?? 32, 0, 1 << 20);
  let maxDepth = 0;
  for (const d of machine.depth) maxDepth = Math.max(maxDepth, d + 1);
  return {
    stateCount: machine.names.length,
    current: -1,
    timeInState: 0,
    time: 0,
    remembered: new Int32Array(machine.names.length).fill(-1),
    stack: new Int32Array(sc),
    stackSize: 0,
    queueEvent: new Int32Array(qc),
    queueDue: new Float64Array(qc),
    queueSize: 0,
    transitions: 0,
    ctx: { state: "", dt: 0, timeInState: 0, time: 0, event: "" },
    path: new Int32Array(maxDepth + 1),
  };
}

function checkMachineState<A>(fn: string, st: MachineState, m: StateMachine<A>): void {
  if (st === null || typeof st !== "object" || st.stateCount !== m.names.length || st.remembered?.length !== m.names.length) {
    invalidArgument(
      `${WHERE}: ${fn}`,
      "state",
      "was not created for this machine",
      "Pass the state createMachineState(machine) returned for the same machine.",
    );
  }
}

function call<A>(st: MachineState, m: StateMachine<A>, agent: A, fn: StateCallback<A> | null, state: number, dt: number): void {
  if (fn === null) return;
  const ctx = st.ctx;
  ctx.state = m.names[state]!;
  ctx.dt = dt;
  ctx.timeInState = st.timeInState;
  ctx.time = st.time;
  fn(agent, ctx);
}

/** Enters `target` from just below `from` (an ancestor or -1), then descends to a leaf. */
function enterDown<A>(st: MachineState, m: StateMachine<A>, agent: A, from: number, target: number): void {
  let k = 0;
  for (let s = target; s !== from && s >= 0; s = m.parent[s]!) st.path[k++] = s;
  for (let i = k - 1; i >= 0; i--) call(st, m, agent, m.onEnter[st.path[i]!]!, st.path[i]!, 0);
  let s = target;
  while (m.initialChild[s]! >= 0) {
    const h = m.history[s]!;
    const rem = st.remembered[s]!;
    if (h === HIST.deep && rem >= 0) {
      enterDown(st, m, agent, s, rem);
      return;
    }
    s = h === HIST.shallow && rem >= 0 ? rem : m.initialChild[s]!;
    call(st, m, agent, m.onEnter[s]!, s, 0);
  }
  st.current = s;
  st.timeInState = 0;
}

/** Exits from the active leaf up to (not including) `ancestor`, recording history. */
function exitUp<A>(st: MachineState, m: StateMachine<A>, agent: A, ancestor: number): void {
  const leaf = st.current;
  for (let s = leaf; s !== ancestor && s >= 0; s = m.parent[s]!) {
    call(st, m, agent, m.onExit[s]!, s, 0);
    const p = m.parent[s]!;
    if (p >= 0) {
      if (m.history[p] === HIST.shallow) st.remembered[p] = s;
      else if (m.history[p] === HIST.deep) st.remembered[p] = leaf;
    }
  }
}

function isAncestorOrSelf(m: StateMachine<unknown>, a: number, s: number): boolean {
  for (let x = s; x >= 0; x = m.parent[x]!) if (x === a) return true;
  return false;
}

function transition<A>(st: MachineState, m: StateMachine<A>, agent: A, source: number, t: number, target: number): void {
  // Least common ancestor of source and target; a self or ancestor target is exited and re-entered.
  let lca = m.parent[source]!;
  while (lca >= 0 && !isAncestorOrSelf(m as StateMachine<unknown>, lca, target)) lca = m.parent[lca]!;
  if (lca === target) lca = m.parent[target]!;
  exitUp(st, m, agent, lca);
  call(st, m, agent, m.transAction[t]!, source, 0);
  enterDown(st, m, agent, lca, target);
  st.transitions++;
}

/** Tries transitions of the active states (innermost first) for event `ev` (-1 = eventless/after). */
function fire<A>(st: MachineState, m: StateMachine<A>, agent: A, ev: number): boolean {
  const ctx = st.ctx;
  for (let s = st.current; s >= 0; s = m.parent[s]!) {
    const a = m.transStart[s]!;
    const b = a + m.transCount[s]!;
    for (let t = a; t < b; t++) {
      if (m.transEvent[t] !== ev) continue;
      const after = m.transAfter[t]!;
      if (ev < 0 && after >= 0 && st.timeInState < after - 1e-9) continue;
      const kind = m.transKind[t]!;
      let target = m.transTo[t]!;
      if (kind === TRANS.pop) {
        if (st.stackSize === 0) continue;
        target = st.stack[st.stackSize - 1]!;
      }
      const g = m.transGuard[t]!;
      if (g !== null) {
        ctx.state = m.names[s]!;
        ctx.dt = 0;
        ctx.timeInState = st.timeInState;
        ctx.time = st.time;
        if (!g(agent, ctx)) continue;
      }
      if (kind === TRANS.push) {
        if (st.stackSize >= st.stack.length) {
          throw new TacticaError(
            ErrorCodes.CapacityExceeded,
            `${WHERE}: state stack is full (${st.stack.length}). Raise stackCapacity in createMachineState or pop states.`,
          );
        }
        st.stack[st.stackSize++] = st.current;
      } else if (kind === TRANS.pop) st.stackSize--;
      transition(st, m, agent, s, t, target);
      return true;
    }
  }
  return false;
}

/**
 * Enters the initial state (and its initial descendants), calling `onEnter` outermost first.
 *
 * @param state - The machine's running state from {@link createMachineState} for this `machine`; changed in place.
 * @param machine - The compiled machine `state` was created for (read only).
 * @param agent - Your agent object, handed to guards and `onEnter` / `onExit` / `onUpdate` callbacks.
 * @throws TacticaError `INVALID_STATE` when already started; `INVALID_ARGUMENT` for a state of another machine.
 */
export function startMachine<A>(state: MachineState, machine: StateMachine<A>, agent: A): void {
  checkMachineState("startMachine", state, machine);
  if (state.current >= 0)
    throw new TacticaError(ErrorCodes.InvalidState, `${WHERE}: startMachine: the machine is already started. Create a new state to start over.`);
  state.ctx.event = "";
  enterDown(state, machine, agent, -1, machine.initial);
}

function checkStarted<A>(state: MachineState, machine: StateMachine<A>, fn: string): void {
  checkMachineState(fn, state, machine);
  if (state.current < 0) throw new TacticaError(ErrorCodes.InvalidState, `${WHERE}: ${fn}: the machine is not started. Call startMachine first.`);
}

/**
 * Dispatches event `name` now: the first transition on it whose guard passes, searching from
 * the active leaf outwards, fires. Returns true when a transition fired; an event nothing
 * listens to is ignored (false). No allocation.
 *
 * @param state - The machine's running state from {@link createMachineState} for this `machine`; changed in place.
 * @param machine - The compiled machine `state` was created for (read only).
 * @param agent - Your agent object, handed to guards and `onEnter` / `onExit` / `onUpdate` callbacks.
 * @param name - The event name, as in the definition's transitions (`on`).
 */
export function dispatchMachineEvent<A>(state: MachineState, machine: StateMachine<A>, agent: A, name: string): boolean {
  checkStarted(state, machine, "dispatchMachineEvent");
  const ev = ownValue(machine.eventIndex, name);
  if (ev === undefined) return false;
  state.ctx.event = name;
  const r = fire(state, machine, agent, ev);
  state.ctx.event = "";
  return r;
}

/** Options for {@link postMachineEvent}. */
export interface PostMachineEventOptions {
  /** Seconds of machine time until delivery (default 0: at the next update). */
  delay?: number;
}

/**
 * Queues event `name` for delivery by {@link updateMachine} after `options.delay` seconds of
 * machine time (in due-time order, FIFO among equal times). Returns false when the queue is full
 * or no transition listens to the event.
 *
 * @param state - The machine's running state; the event joins its delayed-event queue.
 * @param machine - The compiled machine `state` was created for (read only).
 * @param name - The event name, as in the definition's transitions (`on`).
 * @param options - `delay`: seconds of machine time before delivery (default 0: the next update).
 */
export function postMachineEvent<A>(state: MachineState, machine: StateMachine<A>, name: string, options: PostMachineEventOptions = {}): boolean {
  checkMachineState("postMachineEvent", state, machine);
  const delay = options.delay ?? 0;
  assertNonNegative(`${WHERE}: postMachineEvent`, "options.delay", delay);
  const ev = ownValue(machine.eventIndex, name);
  if (ev === undefined || state.queueSize >= state.queueEvent.length) return false;
  const due = state.time + delay;
  let i = state.queueSize++;
  while (i > 0 && state.queueDue[i - 1]! > due) {
    state.queueDue[i] = state.queueDue[i - 1]!;
    state.queueEvent[i] = state.queueEvent[i - 1]!;
    i--;
  }
  state.queueDue[i] = due;
  state.queueEvent[i] = ev;
  return true;
}

/** Options for {@link updateMachine}. */
export interface UpdateMachineOptions {
  /** Most eventless/`after` transitions taken in a row in one update (default 16), so a cycle of always-true guards cannot hang. */
  maxTransitions?: number;
}

/**
 * Advances the machine by `dt` seconds: delivers due delayed events, fires eventless and `after`
 * transitions (at most `options.maxTransitions` in a row), then runs `onUpdate` of the active
 * states outermost first. No allocation. For a one-liner that creates and starts the state, see
 * {@link runStateMachine}.
 *
 *
 * @param state - The machine's running state from {@link createMachineState} for this `machine`; changed in place.
 * @param machine - The compiled machine `state` was created for (read only).
 * @param agent - Your agent object, handed to guards and `onEnter` / `onExit` / `onUpdate` callbacks.
 * @param dt - Seconds since the previous update (finite, ≥ 0); advances machine time and `after` timers.
 * @param options - `maxTransitions`: most transitions fired in a row in one update.
 * @returns the number of transitions taken.
 */
export function updateMachine<A>(state: MachineState, machine: StateMachine<A>, agent: A, dt: number, options?: UpdateMachineOptions): number {
  checkStarted(state, machine, "updateMachine");
  if (!(dt >= 0) || dt === Infinity)
    invalidArgument(`${WHERE}: updateMachine`, "dt", `must be a finite number >= 0 but is ${String(dt)}`, "Pass the frame time in seconds.");
  const maxTransitions = options?.maxTransitions ?? 16;
  const st = state;
  const m = machine;
  st.time += dt;
  st.timeInState += dt;
  let taken = 0;
  while (st.queueSize > 0 && st.queueDue[0]! <= st.time + 1e-9) {
    const ev = st.queueEvent[0]!;
    st.queueSize--;
    st.queueEvent.copyWithin(0, 1, st.queueSize + 1);
    st.queueDue.copyWithin(0, 1, st.queueSize + 1);
    st.ctx.event = m.events[ev]!;
    if (fire(st, m, agent, ev)) taken++;
    st.ctx.event = "";
  }
  while (taken < maxTransitions && fire(st, m, agent, -1)) taken++;
  // onUpdate, outermost first: walk up into the path buffer, then call down.
  let k = 0;
  for (let s = st.current; s >= 0; s = m.parent[s]!) st.path[k++] = s;
  for (let i = k - 1; i >= 0; i--) call(st, m, agent, m.onUpdate[st.path[i]!]!, st.path[i]!, dt);
  return taken;
}

/**
 * Name of the active leaf state (`""` before start).
 *
 * @param state - The machine's running state from {@link createMachineState} (read only).
 * @param machine - The compiled machine `state` was created for (read only).
 */
export function getActiveStateName<A>(state: MachineState, machine: StateMachine<A>): string {
  return state.current < 0 ? "" : machine.names[state.current]!;
}

/**
 * True when state `name` is active (the leaf or one of its ancestors).
 * @param state - The machine's running state from {@link createMachineState} (read only).
 * @param machine - The compiled machine `state` was created for (read only).
 * @param name - A state name of `machine`, at any depth.
 * @throws TacticaError `INVALID_ARGUMENT` when `name` is not a state of `machine` (a typo would
 *   otherwise read as "not active" forever).
 */
export function isStateActive<A>(state: MachineState, machine: StateMachine<A>, name: string): boolean {
  const s = ownValue(machine.index, name);
  if (s === undefined)
    invalidArgument(
      "@tactica/decision: isStateActive",
      "name",
      `is not a state of this machine (${describeValue(name)})`,
      `Use one of ${machine.names.join(", ")}.`,
    );
  return state.current >= 0 && isAncestorOrSelf(machine as StateMachine<unknown>, s, state.current);
}

/** JSON-safe snapshot of a {@link MachineState} (states and events by name). */
export interface MachineSnapshot {
  /** Active leaf state name (`""` before start). */
  current: string;
  /** Seconds in the active leaf. */
  timeInState: number;
  /** Machine time. */
  time: number;
  /** Remembered history per state index (-1 none). */
  remembered: number[];
  /** Stack of state names, bottom first. */
  stack: string[];
  /** Queued events: names and due times. */
  queue: { event: string; due: number }[];
  /** Transition count. */
  transitions: number;
}

/**
 * Saves the machine state as JSON-safe plain data, states and events by name. Allocates.
 *
 * @param state - The machine's running state from {@link createMachineState} (read only).
 * @param machine - The compiled machine `state` was created for (read only).
 */
export function saveMachine<A>(state: MachineState, machine: StateMachine<A>): MachineSnapshot {
  checkMachineState("saveMachine", state, machine);
  const queue: { event: string; due: number }[] = [];
  for (let i = 0; i < state.queueSize; i++) queue.push({ event: machine.events[state.queueEvent[i]!]!, due: state.queueDue[i]! });
  return {
    current: getActiveStateName(state, machine),
    timeInState: state.timeInState,
    time: state.time,
    remembered: Array.from(state.remembered),
    stack: Array.from(state.stack.subarray(0, state.stackSize), (s) => machine.names[s]!),
    queue,
    transitions: state.transitions,
  };
}

/**
 * Restores `state` from {@link saveMachine} output without calling any callbacks. The whole
 * snapshot is checked first: when it throws, `state` is unchanged.
 *
 * @param state - The running state to overwrite (created for `machine`); unchanged when the snapshot is rejected.
 * @param machine - The compiled machine (read only); the snapshot's state and event names must exist in it.
 * @param snapshot - A {@link saveMachine} result, possibly parsed from JSON.
 * @throws TacticaError `INVALID_ARGUMENT` naming the JSON path when names do not exist, values are malformed or capacities are too small.
 */
export function restoreMachine<A>(state: MachineState, machine: StateMachine<A>, snapshot: MachineSnapshot): void {
  const where = `${WHERE}: restoreMachine`;
  checkMachineState("restoreMachine", state, machine);
  const m = machine;
  const fix = "Restore a snapshot saved from the same machine.";
  const id = (name: unknown, path: string): number => {
    const s = typeof name === "string" ? ownValue(m.index, name) : undefined;
    if (s === undefined) invalidArgument(where, path, `names unknown state ${describeValue(name)}`, fix);
    return s;
  };
  const num = (v: unknown, path: string, min: number): number => {
    if (typeof v !== "number" || !Number.isFinite(v) || v < min) invalidArgument(where, path, `must be a finite number >= ${min}`, fix);
    return v;
  };
  const snap = snapshot as unknown as Record<string, unknown>;
  if (snap === null || typeof snap !== "object")
    invalidArgument(where, "snapshot", "must be a machine snapshot object", "Pass the value saveMachine returned.");
  const current = snap["current"] === "" ? -1 : id(snap["current"], "snapshot.current");
  if (current >= 0 && m.initialChild[current]! >= 0) invalidArgument(where, "snapshot.current", "must name a leaf state", fix);
  const time = num(snap["time"], "snapshot.time", 0);
  const timeInState = num(snap["timeInState"], "snapshot.timeInState", 0);
  if (timeInState > time) invalidArgument(where, "snapshot.timeInState", `must be <= snapshot.time (${time})`, fix);
  const transitions = num(snap["transitions"], "snapshot.transitions", 0);
  if (!Number.isInteger(transitions)) invalidArgument(where, "snapshot.transitions", "must be an integer >= 0", fix);
  const remembered = snap["remembered"];
  if (!Array.isArray(remembered) || remembered.length !== m.names.length)
    invalidArgument(where, "snapshot.remembered", `must be an array of ${m.names.length} state indices`, fix);
  for (let i = 0; i < m.names.length; i++) {
    const r: unknown = remembered[i];
    const h = m.history[i]!;
    // -1, or (shallow) a child of state i, or (deep) a leaf below state i.
    const ok =
      r === -1 ||
      (typeof r === "number" &&
        Number.isInteger(r) &&
        r >= 0 &&
        r < m.names.length &&
        r !== i &&
        ((h === HIST.shallow && m.parent[r] === i) || (h === HIST.deep && m.initialChild[r] === -1 && isAncestorOrSelf(m as StateMachine<unknown>, i, r))));
    if (!ok) invalidArgument(where, `snapshot.remembered[${i}]`, "must be -1 or a state this state's history can remember", fix);
  }
  const stack = snap["stack"];
  if (!Array.isArray(stack)) invalidArgument(where, "snapshot.stack", "must be an array of state names", fix);
  if (stack.length > state.stack.length)
    invalidArgument(
      where,
      "snapshot.stack",
      `holds ${stack.length} states; this state's stackCapacity is ${state.stack.length}`,
      "Create the state with a larger stackCapacity.",
    );
  const stackIds = stack.map((s: unknown, i) => {
    const k = id(s, `snapshot.stack[${i}]`);
    if (m.initialChild[k]! >= 0) invalidArgument(where, `snapshot.stack[${i}]`, "must name a leaf state", fix);
    return k;
  });
  const queue = snap["queue"];
  if (!Array.isArray(queue)) invalidArgument(where, "snapshot.queue", "must be an array of { event, due }", fix);
  if (queue.length > state.queueEvent.length)
    invalidArgument(
      where,
      "snapshot.queue",
      `holds ${queue.length} events; this state's queueCapacity is ${state.queueEvent.length}`,
      "Create the state with a larger queueCapacity.",
    );
  const queueDue: number[] = [];
  const queueIds = queue.map((q: unknown, i) => {
    if (q === null || typeof q !== "object" || Array.isArray(q)) invalidArgument(where, `snapshot.queue[${i}]`, "must be an object { event, due }", fix);
    const e = (q as Record<string, unknown>)["event"];
    const ev = typeof e === "string" ? ownValue(m.eventIndex, e) : undefined;
    if (ev === undefined) invalidArgument(where, `snapshot.queue[${i}].event`, "names an event no transition listens to", fix);
    const due = num((q as Record<string, unknown>)["due"], `snapshot.queue[${i}].due`, i > 0 ? queueDue[i - 1]! : 0);
    queueDue.push(due);
    return ev;
  });
  // Everything checked: write.
  state.current = current;
  state.timeInState = timeInState;
  state.time = time;
  state.remembered.set(remembered as number[]);
  stackIds.forEach((s, i) => (state.stack[i] = s));
  state.stackSize = stackIds.length;
  queueIds.forEach((ev, i) => {
    state.queueEvent[i] = ev;
    state.queueDue[i] = queueDue[i]!;
  });
  state.queueSize = queueIds.length;
  state.transitions = transitions;
}
