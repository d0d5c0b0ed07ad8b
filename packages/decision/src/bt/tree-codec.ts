import type { SnapshotCodec } from "@tactica/core";
import { restoreTree, saveTree, type BtSnapshot } from "./snapshot";
import type { BtState } from "./types";

/**
 * The snapshot-envelope codec of a running behaviour tree's {@link BtState} (section version 1):
 * {@link saveTree} and {@link restoreTree}, which checks the whole section (the tree fingerprint,
 * every per-node column, the clock, the RNG and the blackboard) before touching the state. Register
 * it under a name of your choice, one per tree state.
 *
 * @example
 * ```ts
 * const codecs = createSnapshotCodecs();
 * registerSnapshotCodec(codecs, "guard.tree", treeSnapshotCodec);
 * const tree = createBehaviorTree({ version: 1, root: { type: "wait", duration: 1 } });
 * const state = createTreeState(tree, { seed: 7 });
 * tickTree(state, tree, null, 0); // the wait starts at tree time 0
 * const snap = saveSnapshot(codecs, { "guard.tree": state }, { tick: 1 });
 * const copy = createTreeState(tree, { seed: 8 });
 * restoreSnapshot(codecs, { "guard.tree": copy }, JSON.parse(JSON.stringify(snap)));
 * tickTree(copy, tree, null, 1); // → BtStatus.Success: one second on the restored clock
 * ```
 */
export const treeSnapshotCodec: SnapshotCodec<BtState> = {
  version: 1,
  save: saveTree,
  restore: (state, data) => restoreTree(state, data as BtSnapshot),
};
