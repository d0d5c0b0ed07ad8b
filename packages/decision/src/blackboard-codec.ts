import type { SnapshotCodec } from "@tactica/core";
import { restoreBlackboard, saveBlackboard, type Blackboard, type BlackboardSnapshot } from "./blackboard";

/**
 * The snapshot-envelope codec of a {@link Blackboard} (section version 1): {@link saveBlackboard}
 * and {@link restoreBlackboard}, which checks the whole section first. Register it under a name of
 * your choice, one per board.
 *
 * @example
 * ```ts
 * const codecs = createSnapshotCodecs();
 * registerSnapshotCodec(codecs, "guard.board", blackboardSnapshotCodec);
 * const bb = createBlackboard({ alert: "number" }, { alert: 0.5 });
 * const snap = saveSnapshot(codecs, { "guard.board": bb }, { tick: 10 });
 * const copy = createBlackboard({ alert: "number" });
 * restoreSnapshot(codecs, { "guard.board": copy }, snap);
 * readBlackboard(copy, "alert"); // → 0.5
 * ```
 */
export const blackboardSnapshotCodec: SnapshotCodec<Blackboard> = {
  version: 1,
  save: saveBlackboard,
  restore: (bb, data) => restoreBlackboard(bb, data as BlackboardSnapshot),
};
