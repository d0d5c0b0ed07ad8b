import { getRngState, invalidArgument, setRngState, type RngState } from "@tactica/core";
import { restoreBlackboard, saveBlackboard, type BlackboardSnapshot } from "../blackboard";
import type { BtInstance } from "./instance";
import type { BtStatusValue } from "./status";

/**
 * The whole state of a running behaviour tree as plain JSON-safe data: node statuses, cursors
 * and counters, timers, child orders (shuffles, hints), hints, pending asynchronous results, the
 * tree clock, the RNG state and the blackboard. {@link restoreTree} continues exactly where
 * {@link saveTree} left off.
 */
export interface BtSnapshot {
  /** Format tag. */
  format: "tactica-bt-state";
  /** Format version (1). */
  version: 1;
  /** Fingerprint of the tree definition (a snapshot restores only into the same tree). */
  fingerprint: string;
  /** Tree time, seconds. */
  time: number;
  /** `dt` of the latest tick, seconds. */
  dt: number;
  /** Evaluation count. */
  ticks: number;
  /** Root status of the last evaluation. */
  rootStatus: BtStatusValue;
  /** Pending wake request. */
  wake: boolean;
  /** Polled running nodes at the last evaluation. */
  polling: number;
  /** Next timer deadline (null = none). */
  nextWake: number | null;
  /** Per-node statuses. */
  status: number[];
  /** Per-node cursors and counters. */
  cursor: number[];
  /** Per-node timers (tree time, seconds). */
  timer: number[];
  /** Child orders. */
  order: number[];
  /** Hint values by hint id. */
  hints: number[];
  /** Pending asynchronous results per node. */
  pending: number[];
  /** Start generations per node. */
  gen: number[];
  /** Tick number of each node's last visit. */
  lastTick: number[];
  /** Blackboard versions seen by the watches. */
  seenVersion: number[];
  /** RNG state. */
  rng: RngState;
  /** The blackboard. */
  blackboard: BlackboardSnapshot;
}

/** Copies the running state of `inst` into plain data (see {@link BtSnapshot}). O(nodes), allocates. */
export function saveTree<A>(inst: BtInstance<A>): BtSnapshot {
  return {
    format: "tactica-bt-state",
    version: 1,
    fingerprint: inst.tree.fingerprint,
    time: inst.time,
    dt: inst.dt,
    ticks: inst.ticks,
    rootStatus: inst.rootStatus,
    wake: inst.wake,
    polling: inst.polling,
    nextWake: Number.isFinite(inst.nextWake) ? inst.nextWake : null,
    status: Array.from(inst.status),
    cursor: Array.from(inst.cursor),
    timer: Array.from(inst.timer),
    order: Array.from(inst.order),
    hints: Array.from(inst.hints),
    pending: Array.from(inst.pending),
    gen: Array.from(inst.gen),
    lastTick: Array.from(inst.lastTick),
    seenVersion: Array.from(inst.seenVersion),
    rng: getRngState(inst.rng),
    blackboard: saveBlackboard(inst.blackboard),
  };
}

function copy(where: string, name: string, dst: { length: number; [i: number]: number }, src: unknown): void {
  if (!Array.isArray(src) || src.length !== dst.length) {
    invalidArgument(where, `snapshot.${name}`, `must be an array of ${dst.length} numbers`, "Restore a snapshot saved from the same tree.");
  }
  for (let i = 0; i < dst.length; i++) {
    const v: unknown = src[i];
    if (typeof v !== "number" || !Number.isFinite(v)) invalidArgument(where, `snapshot.${name}[${i}]`, "must be a finite number", "Restore an unmodified snapshot.");
    dst[i] = v;
  }
}

/**
 * Restores `inst` (an instance of the same tree, e.g. freshly created after loading a save game)
 * from {@link saveTree} output; the next tick continues exactly as the saved instance would
 * have. Running actions continue (their `started` flag is false); asynchronous work that was in
 * flight is started again (see {@link createAsyncAction}).
 *
 * @throws TacticaError `INVALID_ARGUMENT` when the snapshot is malformed or from another tree.
 */
export function restoreTree<A>(inst: BtInstance<A>, snapshot: BtSnapshot): void {
  const where = "@tactica/decision: restoreTree";
  if (snapshot === null || typeof snapshot !== "object" || snapshot.format !== "tactica-bt-state" || snapshot.version !== 1) {
    invalidArgument(where, "snapshot", "is not a behaviour-tree snapshot (format tactica-bt-state, version 1)", "Pass the value saveTree returned.");
  }
  if (snapshot.fingerprint !== inst.tree.fingerprint) {
    invalidArgument(where, "snapshot.fingerprint", "belongs to a different tree definition", "Restore into an instance of the tree the snapshot was saved from.");
  }
  copy(where, "status", inst.status, snapshot.status);
  copy(where, "cursor", inst.cursor, snapshot.cursor);
  copy(where, "timer", inst.timer, snapshot.timer);
  copy(where, "order", inst.order, snapshot.order);
  copy(where, "hints", inst.hints, snapshot.hints);
  copy(where, "pending", inst.pending, snapshot.pending);
  copy(where, "gen", inst.gen, snapshot.gen);
  copy(where, "lastTick", inst.lastTick, snapshot.lastTick);
  copy(where, "seenVersion", inst.seenVersion, snapshot.seenVersion);
  setRngState(inst.rng, snapshot.rng);
  restoreBlackboard(inst.blackboard, snapshot.blackboard);
  inst.inflight.fill(0);
  inst.time = snapshot.time;
  inst.dt = snapshot.dt;
  inst.ticks = snapshot.ticks;
  inst.rootStatus = snapshot.rootStatus;
  inst.wake = snapshot.wake;
  inst.polling = snapshot.polling;
  inst.nextWake = snapshot.nextWake ?? Infinity;
  inst.traceLength = 0;
  inst.traceOverflow = false;
}
