import { SliceFlags, type SliceCounters, type SlicedTask } from "@tactica/core";
import { navMeshError, NavMeshErrorCodes } from "../errors";
import { buildNavMeshTile, type BuildNavMeshTileOptions, type NavMeshTileBuild, type TiledNavMeshInput } from "./tile-build";

/** A tile to build: its column and row in the input's tile grid. */
export interface TileCoordinate {
  /** Tile column, `0 … tilesX − 1`. */
  readonly x: number;
  /** Tile row, `0 … tilesY − 1`. */
  readonly y: number;
}

/** A list of tile builds as a core `SlicedTask` (see {@link createTileBuildTask}). */
export interface TileBuildTask extends SlicedTask {
  /** The tiles to build, in order. */
  readonly tiles: readonly TileCoordinate[];
  /** The builds so far, in the order of `tiles` (`builds[k]` is tile `tiles[k]`). */
  readonly builds: NavMeshTileBuild[];
  /** Next tile to build (`tiles.length` when done). */
  next: number;
}

/** Options of {@link createTileBuildTask}: the tile list, plus the options of each tile build. */
export interface CreateTileBuildTaskOptions extends BuildNavMeshTileOptions {
  /** The tiles to build, in order (default: every tile of the input, in row order). */
  readonly tiles?: readonly TileCoordinate[] | undefined;
}

/**
 * Builds `options.tiles` (default: every tile of `input`, in row order) one per work unit with
 * {@link buildNavMeshTile}, as a core `SlicedTask` for the frame-budget scheduler: each slice
 * builds up to `budget` tiles (a tile is indivisible: one unit), and the task is `Done` after the
 * last one. Hand `task.builds` to `assembleNavMeshTiles` for the navmesh; with the default tile
 * list the result is byte-identical to `buildTiledNavMesh(input).navMesh`, whatever the budgets.
 * Throws `NAVMESH_BAD_INPUT` for a tile outside the grid (checked here, before any slice).
 *
 * @param input - The tiled input from `createTiledNavMeshInput`, kept by the task.
 * @param options - `tiles` to build in order (`{ x, y }` tile coordinates inside the grid; default every tile in row order) and the per-tile `markAreas` / `keepLayer`.
 *
 * @example
 * ```ts
 * const positions = [0, 0, 0, 40, 0, 0, 40, 0, 10, 0, 0, 10];
 * const input = createTiledNavMeshInput(positions, [0, 2, 1, 0, 3, 2], { ...VoxelConfigPresets.default, tileSize: 64 });
 * const task = createTileBuildTask(input);                  // 3 tiles
 * const scheduler = createScheduler({ frameBudget: 1 });     // one tile per frame
 * addScheduledTask(scheduler, task, { module: "navmesh", once: true });
 * for (let frame = 0; frame < 3; frame++) runSchedulerFrame(scheduler, 1 / 60);
 * const navMesh = assembleNavMeshTiles(task.builds);          // = buildTiledNavMesh(input).navMesh
 * ```
 */
export function createTileBuildTask(input: TiledNavMeshInput, options: CreateTileBuildTaskOptions = {}): TileBuildTask {
  const fn = "createTileBuildTask";
  const tiles = options.tiles;
  let list: TileCoordinate[];
  if (tiles === undefined) {
    list = [];
    for (let y = 0; y < input.tilesY; y++) for (let x = 0; x < input.tilesX; x++) list.push({ x, y });
  } else {
    if (!Array.isArray(tiles))
      throw navMeshError(NavMeshErrorCodes.BadInput, fn, `"options.tiles" must be an array of { x, y } tile coordinates.`, { path: "options.tiles" });
    list = tiles.map((t, k) => {
      const x = (t as TileCoordinate | undefined)?.x,
        y = (t as TileCoordinate | undefined)?.y;
      if (!Number.isInteger(x) || !Number.isInteger(y) || x! < 0 || y! < 0 || x! >= input.tilesX || y! >= input.tilesY)
        throw navMeshError(
          NavMeshErrorCodes.BadInput,
          fn,
          `options.tiles[${k}] must be { x, y } with integers in [0, ${input.tilesX - 1}] × [0, ${input.tilesY - 1}].`,
          { path: `options.tiles[${k}]` },
        );
      return { x: x!, y: y! };
    });
  }
  const task: TileBuildTask = {
    tiles: list,
    builds: [],
    next: 0,
    step(budget: number, counters: SliceCounters): number {
      let done = 0;
      while (done < budget && task.next < list.length) {
        const t = list[task.next]!;
        task.builds.push(buildNavMeshTile(input, t.x, t.y, options));
        task.next++;
        done++;
      }
      counters.units += done;
      return task.next >= list.length ? SliceFlags.Done : SliceFlags.Partial;
    },
  };
  return task;
}
