import { createRng, invalidArgument, type Rng } from "@tactica/core";
import { createBlackboard, type Blackboard } from "../blackboard";
import { BtStatus } from "./status";
import type { BehaviorTree, BtState } from "./types";

/** Options for {@link createTreeState}. */
export interface BtStateOptions {
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
 * Creates the running state of `tree` for one agent, as plain data (see {@link BtState}).
 * Allocates O(nodes) once; ticking then allocates nothing.
 *
 * @param tree - The compiled tree the state is for; its node count, hint names and blackboard schema size the arrays.
 * @param options - `blackboard` (must have the tree's schema; left out: a new one), `rng` or `seed` for random composites (left out: `createRng(0)`), and
 *   `traceCapacity` in entries (left out: 0, no trace).
 * @example
 * ```ts
 * const tree = createBehaviorTree({ version: 1, root: { type: "wait", duration: 1 } });
 * const state = createTreeState(tree, { seed: 7 });
 * const copy = structuredClone(state);        // plain data: an independent copy
 * tickTree(state, tree, null, 0);             // BtStatus.Running: the wait starts at tree time 0
 * tickTree(state, tree, null, 1);             // BtStatus.Success: one second later
 * tickTree(copy, tree, null, 1);              // BtStatus.Running: the copy has its own clock
 * ```
 *
 * @throws TacticaError `INVALID_ARGUMENT` when the blackboard's keys differ from the tree's schema.
 */
export function createTreeState<A>(tree: BehaviorTree<A>, options: BtStateOptions = {}): BtState {
  const where = "@tactica/decision: createTreeState";
  const bb = options.blackboard ?? createBlackboard(tree.blackboardSchema);
  if (tree.blackboardKeys.length !== bb.keys.length || tree.blackboardKeys.some((k, i) => bb.keys[i] !== k)) {
    invalidArgument(
      where,
      "options.blackboard",
      "has different keys from the tree's schema",
      "Create the blackboard from the same schema as the tree's bindings.blackboard.",
    );
  }
  const cap = options.traceCapacity ?? 0;
  if (!Number.isInteger(cap) || cap < 0) invalidArgument(where, "options.traceCapacity", "must be an integer >= 0", "Pass a capacity in entries.");
  const n = tree.nodeCount;
  const order = new Int32Array(tree.children.length);
  for (let i = 0; i < n; i++) {
    const s = tree.childStart[i]!;
    for (let p = 0; p < tree.childCount[i]!; p++) order[s + p] = p;
  }
  return {
    fingerprint: tree.fingerprint,
    blackboard: bb,
    rng: options.rng ?? createRng(options.seed ?? 0),
    status: new Uint8Array(n),
    cursor: new Int32Array(n),
    timer: new Float64Array(n),
    order,
    hints: new Int8Array(tree.hintNames.length),
    pending: new Uint8Array(n),
    gen: new Uint32Array(n),
    lastTick: new Uint32Array(n),
    inflight: new Uint8Array(n),
    trace: new Int32Array(cap * 2),
    traceLength: 0,
    traceOverflow: false,
    seenVersion: new Uint32Array(tree.watchKeys.length),
    scratch: new Int32Array(Math.max(1, tree.maxChildren)),
    time: 0,
    dt: 0,
    nextWake: Infinity,
    ticks: 0,
    rootStatus: BtStatus.Idle,
    wake: true,
    polling: 0,
  };
}

/**
 * @internal Throws unless `state` was created for `tree` (same fingerprint and node count).
 */
export function checkTreeState(fn: string, tree: BehaviorTree<unknown>, state: BtState): void {
  if (state === null || typeof state !== "object" || state.fingerprint !== tree.fingerprint || state.status?.length !== tree.nodeCount) {
    invalidArgument(`@tactica/decision: ${fn}`, "state", "was not created for this tree", "Pass the state createTreeState(tree) returned for the same tree.");
  }
}
