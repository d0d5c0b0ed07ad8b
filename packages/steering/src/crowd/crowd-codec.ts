import type { SnapshotCodec } from "@tactica/core";
import { restoreCrowd, saveCrowd } from "./crowd-snapshot";
import type { Crowd } from "./crowd";

/**
 * The snapshot-envelope codec of a {@link Crowd} (section version 1): {@link saveCrowd} and
 * {@link restoreCrowd}, which checks the whole section (columns, free slots, hash order, random
 * state) before touching the crowd.
 *
 * @example
 * ```ts
 * const codecs = createSnapshotCodecs();
 * registerSnapshotCodec(codecs, "crowd", crowdSnapshotCodec);
 * const crowd = createCrowd({ capacity: 8, cellSize: 2, rng: createRng(1) });
 * addCrowdAgent(crowd, { x: 3, y: 4 });
 * const snap = saveSnapshot(codecs, { crowd }, { tick: 1 });
 * const copy = createCrowd({ capacity: 8, cellSize: 2, rng: createRng(2) });
 * restoreSnapshot(codecs, { crowd: copy }, JSON.parse(JSON.stringify(snap)));
 * copy.count; // → 1
 * ```
 */
export const crowdSnapshotCodec: SnapshotCodec<Crowd> = { version: 1, save: saveCrowd, restore: restoreCrowd };
