import type { Snapshot } from "@tactica/core";

/**
 * One thing a world reports during a tick through its trace hook: which module of which agent did
 * what. Plain data (the recording exports it as JSON): `detail` holds whatever the module's trace
 * gives (a behaviour tree's visited nodes, a utility breakdown, a plan), JSON-safe.
 */
export interface InspectorEvent {
  /** The module that reported it: "bt", "fsm", "utility", "goap", "htn", "memory", "influence", … */
  readonly module: string;
  /** The agent's id as text ("guard", "12", "team 0"). */
  readonly agent: string;
  /** A short label for the timeline ("shoot: running", "idle → combat", "eat 0.82"). */
  readonly label: string;
  /** Optional JSON-safe detail shown in the inspector's detail view (no size limit). */
  readonly detail?: unknown;
}

/** Receives the events of the tick being stepped. */
export type InspectorSink = (event: InspectorEvent) => void;

/**
 * What the inspector needs from a world: step it by one fixed tick, save and restore it through a
 * core snapshot envelope, hash it, and report per tick per agent per module events to a sink.
 *
 * A world is inspectable when `restore(save())` followed by the same steps (with the same inputs)
 * gives the same hashes and events as the run it was saved from: the inspector checks exactly that
 * when it scrubs.
 */
export interface InspectorWorld {
  /** A name stored in recordings: a recording imports only into a world of the same name. */
  readonly name: string;
  /** The current tick (an integer ≥ 0; `step` adds one). */
  readonly tick: number;
  /** Advances one fixed tick, applying `inputs` (JSON-safe, recorded with the tick) first. */
  step(inputs: readonly unknown[]): void;
  /** The running state as a core snapshot envelope (JSON-safe). */
  save(): Snapshot;
  /** Puts the world back into a saved state (throws `TacticaError` `CORE_SNAPSHOT` for broken data). */
  restore(snapshot: Snapshot): void;
  /** A uint32 hash of the running state (for example {@link hashPlainData} of `save()`). */
  hash(): number;
  /** Sets (or with `null`, clears) the sink that `step` reports its events to. */
  trace(sink: InspectorSink | null): void;
}
