// Save and restore of a path corridor's running state (position, target, polygon refs) and its
// snapshot-envelope codec.
import type { SnapshotCodec } from "@tactica/core";
import { navMeshError, NavMeshErrorCodes, show } from "./errors";
import type { PathCorridor } from "./path-corridor";
import { own } from "./plain-data";

/** Format tag of a {@link PathCorridorSnapshot}. */
export const PATH_CORRIDOR_SNAPSHOT_FORMAT = "tactica.path-corridor";

/**
 * A path corridor's running state as JSON-safe plain data (made by {@link savePathCorridor}): the
 * agent's position, its target and the polygon refs between them. Refs keep their generation and
 * tile slot bits; restore the mesh's tile generations with {@link navMeshTilesSnapshotCodec} so
 * that they name the same polygons (a stale ref stays stale and `repairPathCorridor` fixes it as
 * before the save).
 */
export interface PathCorridorSnapshot {
  /** Always {@link PATH_CORRIDOR_SNAPSHOT_FORMAT}. */
  readonly format: typeof PATH_CORRIDOR_SNAPSHOT_FORMAT;
  /** Layout version (1). */
  readonly version: 1;
  /** Capacity of the saved corridor (`createPathCorridor({ capacity })`); a snapshot restores only into a corridor of the same capacity. */
  readonly capacity: number;
  /** Agent position x. */
  readonly x: number;
  /** Agent position y. */
  readonly y: number;
  /** Target x. */
  readonly targetX: number;
  /** Target y. */
  readonly targetY: number;
  /** Polygon refs from the agent's polygon to the target's (`polys[0 .. length)` of the corridor; empty for an empty corridor). */
  readonly polys: number[];
}

/**
 * Saves `corridor` (position, target, polygon refs) as a JSON-safe {@link PathCorridorSnapshot}
 * (allocates; not for a hot loop). The corridor's scratch buffers are not state and are not saved.
 *
 * @param corridor - the corridor to save (read only): its position, target and `polys[0 .. length)` are copied into the snapshot
 *
 * @example
 * ```ts
 * const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [] }]);
 * const corridor = createPathCorridor({ capacity: 16 });
 * resetPathCorridor(corridor, findPolygon(mesh, 1, 1), 1, 1);
 * const saved = JSON.parse(JSON.stringify(savePathCorridor(corridor)));
 * const copy = createPathCorridor({ capacity: 16 });
 * restorePathCorridor(copy, saved);
 * copy.x === corridor.x && copy.polys[0] === corridor.polys[0]; // → true
 * ```
 */
export function savePathCorridor(corridor: PathCorridor): PathCorridorSnapshot {
  return {
    format: PATH_CORRIDOR_SNAPSHOT_FORMAT,
    version: 1,
    capacity: corridor.polys.length,
    x: corridor.x,
    y: corridor.y,
    targetX: corridor.targetX,
    targetY: corridor.targetY,
    polys: Array.from(corridor.polys.subarray(0, corridor.length)),
  };
}

const FN = "restorePathCorridor";

function bad(path: string, problem: string): never {
  throw navMeshError(NavMeshErrorCodes.Format, FN, `${path} ${problem}`, { path });
}

/**
 * Puts a {@link savePathCorridor} snapshot back into `corridor`: position, target and polygon refs,
 * so the corridor continues exactly as the saved one (same corners, same moves). `corridor` must
 * have the saved capacity. The refs are not checked against a mesh (the corridor holds none):
 * stale ones are reported by `isPathCorridorValid` and fixed by `repairPathCorridor`, as before the
 * save. The whole snapshot is checked before anything changes: on error the corridor is untouched.
 *
 * @param corridor - the corridor to overwrite in place (position, target, polygon refs, length); it must have the saved capacity, and is untouched when the snapshot is rejected
 * @param snapshot - parsed JSON from `savePathCorridor` (format `"tactica.path-corridor"`, version 1); anything else throws `NAVMESH_FORMAT` naming the JSON path
 *
 * @throws TacticaError `NAVMESH_FORMAT` naming the JSON path (`$.polys[2]`) of the first problem.
 */
export function restorePathCorridor(corridor: PathCorridor, snapshot: unknown): void {
  if (typeof snapshot !== "object" || snapshot === null || Array.isArray(snapshot))
    bad("$", `must be a path corridor snapshot object but is ${show(snapshot)}.`);
  const s = snapshot as Record<string, unknown>;
  if (own(s, "format") !== PATH_CORRIDOR_SNAPSHOT_FORMAT) bad("$.format", `must be "${PATH_CORRIDOR_SNAPSHOT_FORMAT}" but is ${show(own(s, "format"))}.`);
  if (own(s, "version") !== 1) bad("$.version", `must be 1 (this build reads version 1) but is ${show(own(s, "version"))}.`);
  const capacity = corridor.polys.length;
  if (own(s, "capacity") !== capacity)
    bad(
      "$.capacity",
      `is ${show(own(s, "capacity"))} but the corridor holds ${capacity} polygons; restore into createPathCorridor({ capacity: ${show(own(s, "capacity"))} }).`,
    );
  const nums: number[] = [];
  for (const key of ["x", "y", "targetX", "targetY"]) {
    const v = own(s, key);
    if (typeof v !== "number" || !Number.isFinite(v)) bad(`$.${key}`, `must be a finite number but is ${show(v)}.`);
    nums.push(v);
  }
  const polys = own(s, "polys");
  if (!Array.isArray(polys)) bad("$.polys", `must be an array of polygon refs but is ${show(polys)}.`);
  if (polys.length > capacity) bad("$.polys", `holds ${polys.length} refs, more than the corridor's capacity ${capacity}.`);
  for (let i = 0; i < polys.length; i++) {
    const r: unknown = polys[i];
    if (typeof r !== "number" || !Number.isInteger(r) || r < 0 || r >= 2 ** 52)
      bad(`$.polys[${i}]`, `must be a polygon ref (an integer in 0 .. 2^52) but is ${show(r)}.`);
  }
  corridor.x = nums[0]!;
  corridor.y = nums[1]!;
  corridor.targetX = nums[2]!;
  corridor.targetY = nums[3]!;
  for (let i = 0; i < polys.length; i++) corridor.polys[i] = polys[i] as number;
  corridor.length = polys.length;
}

/**
 * The snapshot-envelope codec of a {@link PathCorridor} (section version 1): {@link savePathCorridor}
 * and {@link restorePathCorridor}. Register one section per agent's corridor, next to the mesh's
 * {@link navMeshTilesSnapshotCodec} section, so the saved refs name the same polygons after a restore.
 *
 * @example
 * ```ts
 * const codecs = createSnapshotCodecs();
 * registerSnapshotCodec(codecs, "guard.corridor", pathCorridorSnapshotCodec);
 * const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [] }]);
 * const corridor = createPathCorridor({ capacity: 16 });
 * resetPathCorridor(corridor, findPolygon(mesh, 1, 1), 1, 1);
 * const snap = saveSnapshot(codecs, { "guard.corridor": corridor }, { tick: 5 });
 * const copy = createPathCorridor({ capacity: 16 });
 * restoreSnapshot(codecs, { "guard.corridor": copy }, JSON.parse(JSON.stringify(snap))); // → 5
 * copy.length; // → 1
 * ```
 */
export const pathCorridorSnapshotCodec: SnapshotCodec<PathCorridor> = { version: 1, save: savePathCorridor, restore: restorePathCorridor };
