import { invalidArgument, restoreRng, saveRng, type RngSnapshot } from "@tactica/core";
import { checkBlackboardSnapshot, restoreBlackboard, saveBlackboard, type BlackboardSnapshot } from "../blackboard";
import { BtStatus, type BtStatusValue } from "./status";
import type { BtState } from "./types";

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
  rng: RngSnapshot;
  /** The blackboard. */
  blackboard: BlackboardSnapshot;
}

/**
 * Copies the running state `inst` into JSON-safe plain data (see {@link BtSnapshot}). O(nodes),
 * allocates. (A {@link BtState} is itself plain data: `structuredClone` copies it too; the
 * snapshot is the form for JSON save games.)
 * @param inst - The running state to copy; read only.
 */
export function saveTree(inst: BtState): BtSnapshot {
  return {
    format: "tactica-bt-state",
    version: 1,
    fingerprint: inst.fingerprint,
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
    rng: saveRng(inst.rng),
    blackboard: saveBlackboard(inst.blackboard),
  };
}

type NumArray = { readonly length: number; [i: number]: number };

function checkArray(where: string, name: string, dst: NumArray, src: unknown, min: number, max: number): void {
  if (!Array.isArray(src) || src.length !== dst.length) {
    invalidArgument(where, `snapshot.${name}`, `must be an array of ${dst.length} numbers`, "Restore a snapshot saved from the same tree.");
  }
  for (let i = 0; i < dst.length; i++) {
    const v: unknown = src[i];
    if (typeof v !== "number" || !Number.isFinite(v) || v < min || v > max) {
      invalidArgument(where, `snapshot.${name}[${i}]`, `must be a finite number in [${min}, ${max}]`, "Restore an unmodified snapshot.");
    }
  }
}

function checkNumber(where: string, name: string, v: unknown, min: number): number {
  if (typeof v !== "number" || !Number.isFinite(v) || v < min)
    invalidArgument(where, `snapshot.${name}`, `must be a finite number >= ${min}`, "Restore an unmodified snapshot.");
  return v;
}

/**
 * Restores `inst` (a state of the same tree, e.g. freshly created after loading a save game)
 * from {@link saveTree} output; the next tick continues exactly as the saved state would have.
 * Running actions continue (their `started` flag is false); asynchronous work that was in flight
 * is started again (see {@link createAsyncAction}). The whole snapshot is checked first: when it
 * throws, `inst` is unchanged.
 *
 * @param inst - A running state of the same tree (same fingerprint), overwritten in place; unchanged when the call throws.
 * @param snapshot - The value {@link saveTree} returned (possibly through JSON); checked in full before anything is written.
 * @throws TacticaError `INVALID_ARGUMENT` naming the JSON path when the snapshot is malformed or from another tree.
 */
export function restoreTree(inst: BtState, snapshot: BtSnapshot): void {
  const where = "@tactica/decision: restoreTree";
  if (snapshot === null || typeof snapshot !== "object" || snapshot.format !== "tactica-bt-state" || snapshot.version !== 1) {
    invalidArgument(where, "snapshot", "is not a behaviour-tree snapshot (format tactica-bt-state, version 1)", "Pass the value saveTree returned.");
  }
  if (snapshot.fingerprint !== inst.fingerprint) {
    invalidArgument(where, "snapshot.fingerprint", "belongs to a different tree definition", "Restore into a state of the tree the snapshot was saved from.");
  }
  const U32 = 0xffffffff;
  checkArray(where, "status", inst.status, snapshot.status, BtStatus.Idle, BtStatus.Running);
  checkArray(where, "cursor", inst.cursor, snapshot.cursor, -0x80000000, 0x7fffffff);
  checkArray(where, "timer", inst.timer, snapshot.timer, -Number.MAX_VALUE, Number.MAX_VALUE);
  checkArray(where, "order", inst.order, snapshot.order, 0, inst.scratch.length - 1);
  checkArray(where, "hints", inst.hints, snapshot.hints, -1, 1);
  checkArray(where, "pending", inst.pending, snapshot.pending, 0, BtStatus.Failure);
  checkArray(where, "gen", inst.gen, snapshot.gen, 0, U32);
  checkArray(where, "lastTick", inst.lastTick, snapshot.lastTick, 0, U32);
  checkArray(where, "seenVersion", inst.seenVersion, snapshot.seenVersion, 0, U32);
  checkNumber(where, "time", snapshot.time, -Number.MAX_VALUE);
  checkNumber(where, "dt", snapshot.dt, 0);
  checkNumber(where, "ticks", snapshot.ticks, 0);
  checkNumber(where, "polling", snapshot.polling, 0);
  if (snapshot.nextWake !== null) checkNumber(where, "nextWake", snapshot.nextWake, -Number.MAX_VALUE);
  if (snapshot.rootStatus !== 0 && snapshot.rootStatus !== 1 && snapshot.rootStatus !== 2 && snapshot.rootStatus !== 3) {
    invalidArgument(where, "snapshot.rootStatus", "must be a BtStatus value (0-3)", "Restore an unmodified snapshot.");
  }
  if (typeof snapshot.wake !== "boolean") invalidArgument(where, "snapshot.wake", "must be a boolean", "Restore an unmodified snapshot.");
  checkBlackboardSnapshot(where, inst.blackboard, snapshot.blackboard, "snapshot.blackboard");
  // Everything checked; the RNG restore validates its own words before writing them.
  restoreRng(inst.rng, snapshot.rng);
  inst.status.set(snapshot.status);
  inst.cursor.set(snapshot.cursor);
  inst.timer.set(snapshot.timer);
  inst.order.set(snapshot.order);
  inst.hints.set(snapshot.hints);
  inst.pending.set(snapshot.pending);
  inst.gen.set(snapshot.gen);
  inst.lastTick.set(snapshot.lastTick);
  inst.seenVersion.set(snapshot.seenVersion);
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
