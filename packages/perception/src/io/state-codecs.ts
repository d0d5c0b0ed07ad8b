import type { SnapshotCodec } from "@tactica/core";
import { restoreInfluenceMap, saveInfluenceMap, type InfluenceMap } from "../influence/influence-map";
import { restoreTargetMemory, saveTargetMemory, type TargetMemory } from "../memory/target-memory";

/**
 * The snapshot-envelope codec of an {@link InfluenceMap} (section version 1):
 * {@link saveInfluenceMap} and {@link restoreInfluenceMap}, which checks the whole section (size,
 * rate, clock, three channels of finite numbers) before touching the map. The grid a map reads is
 * not part of it; restore into a map created with the same size and grid.
 *
 * @example
 * ```ts
 * const codecs = createSnapshotCodecs();
 * registerSnapshotCodec(codecs, "threat", influenceMapSnapshotCodec);
 * const map = createInfluenceMap(8, 8, { rateHz: 2 });
 * setInfluenceSource(map, 3, 4, 1);
 * advanceInfluenceMap(map, 0.5);
 * const snap = saveSnapshot(codecs, { threat: map }, { tick: 30 });
 * const copy = createInfluenceMap(8, 8, { rateHz: 2 });
 * restoreSnapshot(codecs, { threat: copy }, JSON.parse(JSON.stringify(snap)));
 * influenceAt(copy, 3, 4) === influenceAt(map, 3, 4); // → true
 * ```
 */
export const influenceMapSnapshotCodec: SnapshotCodec<InfluenceMap> = { version: 1, save: saveInfluenceMap, restore: restoreInfluenceMap };

/**
 * The snapshot-envelope codec of a {@link TargetMemory} (section version 1): {@link saveTargetMemory}
 * and {@link restoreTargetMemory}, which checks every record (ids, positions, ages, confidences,
 * senses, the capacity) before touching the memory. The memory's options (decay, thresholds) are
 * its own, not part of the section.
 *
 * @example
 * ```ts
 * const codecs = createSnapshotCodecs();
 * registerSnapshotCodec(codecs, "guard.memory", targetMemorySnapshotCodec);
 * const memory = createTargetMemory(4);
 * recordPerception(memory, 7, 10, 2, 1, SenseKind.Sight);
 * const snap = saveSnapshot(codecs, { "guard.memory": memory }, { tick: 12 });
 * const copy = createTargetMemory(4);
 * restoreSnapshot(codecs, { "guard.memory": copy }, JSON.parse(JSON.stringify(snap)));
 * findTargetMemory(copy, 7); // → 0
 * ```
 */
export const targetMemorySnapshotCodec: SnapshotCodec<TargetMemory> = { version: 1, save: saveTargetMemory, restore: restoreTargetMemory };
