/** A state callback: `onEnter`, `onUpdate` or `onExit`. `dt` is 0 for enter/exit. */
export type StateCallback<A> = (agent: A, ctx: MachineCallbackContext) => void;

/** A transition guard; the transition fires only when it returns true. */
export type TransitionGuard<A> = (agent: A, ctx: MachineCallbackContext) => boolean;

/** What callbacks receive besides the agent (one reused object; read it, do not keep it). */
export interface MachineCallbackContext {
  /** Name of the state whose callback runs (or the transition's source state). */
  state: string;
  /** Seconds since the previous update (0 in enter/exit/transition callbacks). */
  dt: number;
  /** Seconds the current leaf state has been active. */
  timeInState: number;
  /** Machine time, seconds. */
  time: number;
  /** The event being handled, or `""`. */
  event: string;
}

/**
 * A transition out of a state. Exactly one trigger style: `event` (fires when that event is
 * dispatched), `after` (fires once the leaf state has been active that many seconds), or
 * neither (checked on every update). A `guard` may veto it. `push: true` remembers the current
 * leaf state on the stack before leaving; `pop: true` returns to the state on top of the stack
 * (then `to` is omitted).
 */
export interface TransitionDefinition<A = unknown> {
  /** Event name that triggers it. */
  event?: string;
  /** Seconds in the current leaf state after which it fires (checked on update). */
  after?: number;
  /** Target state name (omit with `pop`). */
  to?: string;
  /** Name of a bound guard, or the guard itself when defined in code. */
  guard?: string | TransitionGuard<A>;
  /** Name of a bound callback run between exits and entries, or the callback itself. */
  action?: string | StateCallback<A>;
  /** Push the current leaf state on the state stack before leaving. */
  push?: boolean;
  /** Return to the state popped from the stack (fails when the stack is empty). */
  pop?: boolean;
}

/**
 * A state. A state with `states` is composite (hierarchical): entering it enters its `initial`
 * child (or, with `history`, the child — `"shallow"` — or leaf — `"deep"` — that was active when
 * it was last left). Transitions of inner states take priority over those of outer states.
 */
export interface StateDefinition<A = unknown> {
  /** Called when the state is entered (bound name or function). */
  onEnter?: string | StateCallback<A>;
  /** Called on every update while active, outermost state first. */
  onUpdate?: string | StateCallback<A>;
  /** Called when the state is left. */
  onExit?: string | StateCallback<A>;
  /** Outgoing transitions, in priority order. */
  transitions?: TransitionDefinition<A>[];
  /** Child states (makes the state composite). Names are unique across the whole machine. */
  states?: Record<string, StateDefinition<A>>;
  /** Initial child of a composite state (default: the first child). */
  initial?: string;
  /** History kind of a composite state (default `"none"`). */
  history?: "none" | "shallow" | "deep";
}

/** A finite or hierarchical state machine definition: JSON (callbacks by name) or code (functions inline). */
export interface StateMachineDefinition<A = unknown> {
  /** Schema version; must be 1. */
  version: 1;
  /** Initial top-level state (default: the first). */
  initial?: string;
  /** Top-level states. */
  states: Record<string, StateDefinition<A>>;
}

/** Callbacks that JSON definitions refer to by name. */
export interface MachineBindings<A> {
  /** State callbacks and transition actions by name. */
  callbacks?: Readonly<Record<string, StateCallback<A>>>;
  /** Guards by name. */
  guards?: Readonly<Record<string, TransitionGuard<A>>>;
}
