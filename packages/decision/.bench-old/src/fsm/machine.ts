import { assertInteger, assertNonNegative, ErrorCodes, invalidArgument, TacticaError } from "@tactica/core";
import { IssueList, throwDefinitionIssues, type DefinitionIssue } from "../definition-error";
import type { MachineBindings, MachineCallbackContext, StateCallback, StateDefinition, StateMachineDefinition, TransitionGuard } from "./definition";

const WHERE = "@tactica/decision";
const HIST = { none: 0, shallow: 1, deep: 2 } as const;

/**
 * A compiled state machine: states flattened into tables (parent, depth, initial child,
 * history kind) and transitions with resolved targets and bound callbacks. Shareable between
 * instances. Create with {@link createStateMachine}.
 */
export interface StateMachine<A> {
  /** State names by index (depth-first order). */
  readonly names: readonly string[];
  /** State name → index. */
  readonly index: ReadonlyMap<string, number>;
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
  /** Event name → id. */
  readonly eventIndex: ReadonlyMap<string, number>;
}

function checkCallback(L: IssueList, path: string, v: unknown, names: Readonly<Record<string, unknown>> | undefined, what: string): void {
  if (v === undefined || typeof v === "function") return;
  if (!L.string(path, v)) return;
  if (!names?.[v]) L.add(path, `names ${what} ${JSON.stringify(v)}, which is not bound`);
}

/**
 * Validates a state-machine definition: structure, unique state names, transition targets,
 * triggers and bound callback names. Returns the problems by JSON path (empty when valid).
 */
export function validateStateMachine<A>(definition: unknown, bindings: MachineBindings<A> = {}): DefinitionIssue[] {
  const L = new IssueList();
  if (!L.object("$", definition)) return L.issues;
  L.known("$", definition, ["version", "initial", "states"]);
  if (definition["version"] !== 1) L.add("$.version", "must be 1");
  const all = new Set<string>();
  const collect = (path: string, states: unknown): void => {
    if (!L.object(path, states)) return;
    if (Object.keys(states).length === 0) L.add(path, "must declare at least one state");
    for (const [name, s] of Object.entries(states)) {
      if (all.has(name)) L.add(`${path}.${name}`, `duplicates state name ${JSON.stringify(name)}; names are unique across the machine`);
      all.add(name);
      if (L.object(`${path}.${name}`, s) && s["states"] !== undefined) collect(`${path}.${name}.states`, s["states"]);
    }
  };
  collect("$.states", definition["states"]);
  if (definition["initial"] !== undefined && L.string("$.initial", definition["initial"])) {
    const st = definition["states"] as Record<string, unknown> | undefined;
    if (st && !(definition["initial"] in st)) L.add("$.initial", "must name a top-level state");
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
      if (s["initial"] !== undefined && L.string(`${p}.initial`, s["initial"]) && !(kids && s["initial"] in kids)) {
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
            L.add(`${tp}.to`, `names unknown state ${JSON.stringify(tr["to"])}`);
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
  const index = new Map(names.map((n, i) => [n, i]));
  const cb = (v: string | StateCallback<A> | undefined): StateCallback<A> | null =>
    v === undefined ? null : typeof v === "function" ? v : (bindings.callbacks?.[v] ?? null);
  const events: string[] = [];
  const eventIndex = new Map<string, number>();
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
      initialChild[i] = index.get(s.initial ?? first)!;
      history[i] = HIST[s.history ?? "none"];
    }
    transStart[i] = tEvent.length;
    for (const tr of s.transitions ?? []) {
      let ev = -1;
      if (tr.event !== undefined) {
        ev = eventIndex.get(tr.event) ?? -1;
        if (ev < 0) {
          ev = events.length;
          events.push(tr.event);
          eventIndex.set(tr.event, ev);
        }
      }
      tEvent.push(ev);
      tTo.push(tr.pop ? -1 : index.get(tr.to!)!);
      tAfter.push(tr.after ?? -1);
      tKind.push(tr.pop ? 2 : tr.push ? 1 : 0);
      tGuard.push(tr.guard === undefined ? null : typeof tr.guard === "function" ? tr.guard : (bindings.guards?.[tr.guard] ?? null));
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
    initial: index.get(definition.initial ?? Object.keys(definition.states)[0]!)!,
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
    eventIndex,
  };
}

/**
 * The running state of a {@link StateMachine} for one agent: the active leaf state, its time,
 * the history per composite state, the push-down stack and the queue of delayed events. Plain
 * typed arrays; updates and event dispatch allocate nothing.
 */
export interface MachineInstance<A> {
  /** The compiled machine. */
  readonly machine: StateMachine<A>;
  /** The agent passed to callbacks. */
  readonly agent: A;
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
  /** Delayed events: event ids (ring buffer, kept sorted by due time). */
  readonly queueEvent: Int32Array;
  /** Delayed events: due times (machine time, seconds). */
  readonly queueDue: Float64Array;
  /** Number of queued events. */
  queueSize: number;
  /** Number of transitions taken so far. */
  transitions: number;
  /** Reused callback context. */
  readonly ctx: MachineCallbackContext;
  /** Scratch path buffer for entering nested states. */
  readonly path: Int32Array;
}

/** Options for {@link createMachineInstance}. */
export interface MachineInstanceOptions {
  /** Capacity of the push-down stack (default 16). */
  stackCapacity?: number;
  /** Capacity of the delayed-event queue (default 32). */
  queueCapacity?: number;
}

/** Creates a machine instance (not yet started: call {@link startMachine}). */
export function createMachineInstance<A>(machine: StateMachine<A>, agent: A, options: MachineInstanceOptions = {}): MachineInstance<A> {
  const where = `${WHERE}: createMachineInstance`;
  const sc = assertInteger(where, "options.stackCapacity", options.stackCapacity ?? 16, 0, 1 << 20);
  const qc = assertInteger(where, "options.queueCapacity", options.queueCapacity ?? 32, 0, 1 << 20);
  let maxDepth = 0;
  for (const d of machine.depth) maxDepth = Math.max(maxDepth, d + 1);
  return {
    machine,
    agent,
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

function call<A>(inst: MachineInstance<A>, fn: StateCallback<A> | null, state: number, dt: number): void {
  if (fn === null) return;
  const ctx = inst.ctx;
  ctx.state = inst.machine.names[state]!;
  ctx.dt = dt;
  ctx.timeInState = inst.timeInState;
  ctx.time = inst.time;
  fn(inst.agent, ctx);
}

/** Enters `target` from just below `from` (an ancestor or -1), then descends to a leaf. */
function enterDown<A>(inst: MachineInstance<A>, from: number, target: number): void {
  const m = inst.machine;
  let k = 0;
  for (let s = target; s !== from && s >= 0; s = m.parent[s]!) inst.path[k++] = s;
  for (let i = k - 1; i >= 0; i--) call(inst, m.onEnter[inst.path[i]!]!, inst.path[i]!, 0);
  let s = target;
  while (m.initialChild[s]! >= 0) {
    const h = m.history[s]!;
    const rem = inst.remembered[s]!;
    if (h === HIST.deep && rem >= 0) {
      enterDown(inst, s, rem);
      return;
    }
    s = h === HIST.shallow && rem >= 0 ? rem : m.initialChild[s]!;
    call(inst, m.onEnter[s]!, s, 0);
  }
  inst.current = s;
  inst.timeInState = 0;
}

/** Exits from the active leaf up to (not including) `ancestor`, recording history. */
function exitUp<A>(inst: MachineInstance<A>, ancestor: number): void {
  const m = inst.machine;
  const leaf = inst.current;
  for (let s = leaf; s !== ancestor && s >= 0; s = m.parent[s]!) {
    call(inst, m.onExit[s]!, s, 0);
    const p = m.parent[s]!;
    if (p >= 0) {
      if (m.history[p] === HIST.shallow) inst.remembered[p] = s;
      else if (m.history[p] === HIST.deep) inst.remembered[p] = leaf;
    }
  }
}

function isAncestorOrSelf(m: StateMachine<unknown>, a: number, s: number): boolean {
  for (let x = s; x >= 0; x = m.parent[x]!) if (x === a) return true;
  return false;
}

function transition<A>(inst: MachineInstance<A>, source: number, t: number, target: number): void {
  const m = inst.machine;
  // Least common ancestor of source and target; a self or ancestor target is exited and re-entered.
  let lca = m.parent[source]!;
  while (lca >= 0 && !isAncestorOrSelf(m as StateMachine<unknown>, lca, target)) lca = m.parent[lca]!;
  if (lca === target) lca = m.parent[target]!;
  exitUp(inst, lca);
  call(inst, m.transAction[t]!, source, 0);
  enterDown(inst, lca, target);
  inst.transitions++;
}

/** Tries transitions of the active states (innermost first) for event `ev` (-1 = eventless/after). */
function fire<A>(inst: MachineInstance<A>, ev: number): boolean {
  const m = inst.machine;
  const ctx = inst.ctx;
  for (let s = inst.current; s >= 0; s = m.parent[s]!) {
    const a = m.transStart[s]!;
    const b = a + m.transCount[s]!;
    for (let t = a; t < b; t++) {
      if (m.transEvent[t] !== ev) continue;
      const after = m.transAfter[t]!;
      if (ev < 0 && after >= 0 && inst.timeInState < after - 1e-9) continue;
      const kind = m.transKind[t]!;
      let target = m.transTo[t]!;
      if (kind === 2) {
        if (inst.stackSize === 0) continue;
        target = inst.stack[inst.stackSize - 1]!;
      }
      const g = m.transGuard[t]!;
      if (g !== null) {
        ctx.state = m.names[s]!;
        ctx.dt = 0;
        ctx.timeInState = inst.timeInState;
        ctx.time = inst.time;
        if (!g(inst.agent, ctx)) continue;
      }
      if (kind === 1) {
        if (inst.stackSize >= inst.stack.length) {
          throw new TacticaError(ErrorCodes.CapacityExceeded, `${WHERE}: state stack is full (${inst.stack.length}). Raise stackCapacity in createMachineInstance or pop states.`);
        }
        inst.stack[inst.stackSize++] = inst.current;
      } else if (kind === 2) inst.stackSize--;
      transition(inst, s, t, target);
      return true;
    }
  }
  return false;
}

/** Enters the initial state (and its initial descendants), calling `onEnter` outermost first. */
export function startMachine<A>(inst: MachineInstance<A>): void {
  if (inst.current >= 0) throw new TacticaError(ErrorCodes.InvalidState, `${WHERE}: startMachine: the machine is already started. Create a new instance to start over.`);
  inst.ctx.event = "";
  enterDown(inst, -1, inst.machine.initial);
}

function checkStarted<A>(inst: MachineInstance<A>, fn: string): void {
  if (inst.current < 0) throw new TacticaError(ErrorCodes.InvalidState, `${WHERE}: ${fn}: the machine is not started. Call startMachine first.`);
}

/**
 * Dispatches event `name` now: the first transition on it whose guard passes, searching from
 * the active leaf outwards, fires. Returns true when a transition fired; an event nothing
 * listens to is ignored (false). No allocation.
 */
export function dispatchMachineEvent<A>(inst: MachineInstance<A>, name: string): boolean {
  checkStarted(inst, "dispatchMachineEvent");
  const ev = inst.machine.eventIndex.get(name);
  if (ev === undefined) return false;
  inst.ctx.event = name;
  const r = fire(inst, ev);
  inst.ctx.event = "";
  return r;
}

/**
 * Queues event `name` for delivery after `delay` seconds of machine time (delivered by
 * {@link updateMachine}, in due-time order, FIFO among equal times). Returns false when the
 * queue is full or no transition listens to the event.
 */
export function postMachineEvent<A>(inst: MachineInstance<A>, name: string, delay = 0): boolean {
  assertNonNegative(`${WHERE}: postMachineEvent`, "delay", delay);
  const ev = inst.machine.eventIndex.get(name);
  if (ev === undefined || inst.queueSize >= inst.queueEvent.length) return false;
  const due = inst.time + delay;
  let i = inst.queueSize++;
  while (i > 0 && inst.queueDue[i - 1]! > due) {
    inst.queueDue[i] = inst.queueDue[i - 1]!;
    inst.queueEvent[i] = inst.queueEvent[i - 1]!;
    i--;
  }
  inst.queueDue[i] = due;
  inst.queueEvent[i] = ev;
  return true;
}

/**
 * Advances the machine by `dt` seconds: delivers due delayed events, fires eventless and `after`
 * transitions (at most `maxTransitions` in a row, default 16, so a cycle of always-true guards
 * cannot hang), then runs `onUpdate` of the active states outermost first. No allocation.
 *
 * @returns the number of transitions taken.
 */
export function updateMachine<A>(inst: MachineInstance<A>, dt: number, maxTransitions = 16): number {
  checkStarted(inst, "updateMachine");
  if (!(dt >= 0) || dt === Infinity) invalidArgument(`${WHERE}: updateMachine`, "dt", `must be a finite number >= 0 but is ${String(dt)}`, "Pass the frame time in seconds.");
  inst.time += dt;
  inst.timeInState += dt;
  const m = inst.machine;
  let taken = 0;
  while (inst.queueSize > 0 && inst.queueDue[0]! <= inst.time + 1e-9) {
    const ev = inst.queueEvent[0]!;
    inst.queueSize--;
    inst.queueEvent.copyWithin(0, 1, inst.queueSize + 1);
    inst.queueDue.copyWithin(0, 1, inst.queueSize + 1);
    inst.ctx.event = m.events[ev]!;
    if (fire(inst, ev)) taken++;
    inst.ctx.event = "";
  }
  while (taken < maxTransitions && fire(inst, -1)) taken++;
  // onUpdate, outermost first: walk up into the path buffer, then call down.
  let k = 0;
  for (let s = inst.current; s >= 0; s = m.parent[s]!) inst.path[k++] = s;
  for (let i = k - 1; i >= 0; i--) call(inst, m.onUpdate[inst.path[i]!]!, inst.path[i]!, dt);
  return taken;
}

/** Name of the active leaf state (`""` before start). */
export function currentStateName<A>(inst: MachineInstance<A>): string {
  return inst.current < 0 ? "" : inst.machine.names[inst.current]!;
}

/** True when state `name` is active (the leaf or one of its ancestors). */
export function isStateActive<A>(inst: MachineInstance<A>, name: string): boolean {
  const s = inst.machine.index.get(name);
  return s !== undefined && inst.current >= 0 && isAncestorOrSelf(inst.machine as StateMachine<unknown>, s, inst.current);
}

/** Plain-data state of a {@link MachineInstance}. */
export interface MachineSnapshot {
  /** Active leaf state name. */
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

/** Saves the machine state as plain data. Allocates. */
export function saveMachine<A>(inst: MachineInstance<A>): MachineSnapshot {
  const m = inst.machine;
  const queue: { event: string; due: number }[] = [];
  for (let i = 0; i < inst.queueSize; i++) queue.push({ event: m.events[inst.queueEvent[i]!]!, due: inst.queueDue[i]! });
  return {
    current: currentStateName(inst),
    timeInState: inst.timeInState,
    time: inst.time,
    remembered: Array.from(inst.remembered),
    stack: Array.from(inst.stack.subarray(0, inst.stackSize), (s) => m.names[s]!),
    queue,
    transitions: inst.transitions,
  };
}

/**
 * Restores a machine instance from {@link saveMachine} output without calling any callbacks.
 *
 * @throws TacticaError `INVALID_ARGUMENT` when names do not exist or capacities are too small.
 */
export function restoreMachine<A>(inst: MachineInstance<A>, snap: MachineSnapshot): void {
  const where = `${WHERE}: restoreMachine`;
  const m = inst.machine;
  const id = (name: string, path: string): number => {
    const s = m.index.get(name);
    if (s === undefined) invalidArgument(where, path, `names unknown state ${JSON.stringify(name)}`, "Restore a snapshot of the same machine.");
    return s;
  };
  if (snap.remembered.length !== m.names.length) invalidArgument(where, "snap.remembered", "has the wrong length", "Restore a snapshot of the same machine.");
  if (snap.stack.length > inst.stack.length || snap.queue.length > inst.queueEvent.length) {
    invalidArgument(where, "snap", "holds more stack or queue entries than this instance's capacities", "Create the instance with larger capacities.");
  }
  inst.current = snap.current === "" ? -1 : id(snap.current, "snap.current");
  inst.timeInState = snap.timeInState;
  inst.time = snap.time;
  inst.remembered.set(snap.remembered);
  snap.stack.forEach((s, i) => (inst.stack[i] = id(s, `snap.stack[${i}]`)));
  inst.stackSize = snap.stack.length;
  snap.queue.forEach((q, i) => {
    const ev = m.eventIndex.get(q.event);
    if (ev === undefined) invalidArgument(where, `snap.queue[${i}].event`, "is unknown", "Restore a snapshot of the same machine.");
    inst.queueEvent[i] = ev;
    inst.queueDue[i] = q.due;
  });
  inst.queueSize = snap.queue.length;
  inst.transitions = snap.transitions;
}
