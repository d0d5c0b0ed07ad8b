import { createGrid, type Grid, type GridOptions } from "../model/grid";
import { definitionError } from "../internal/errors";

/** Options for {@link gridFromTiled}. */
export interface TiledGridOptions extends GridOptions {
  /** Name of the tile layer to read (default: the first tile layer). */
  readonly layer?: string;
  /** Boolean tile property that marks a blocked tile (default `"blocked"`); tiles without it are passable. */
  readonly blockedProperty?: string;
  /** Numeric tile property read as terrain cost (default `"cost"`); used when any tile has it. */
  readonly costProperty?: string;
  /** Whether empty cells (gid 0) are passable (default `false`). */
  readonly emptyPassable?: boolean;
}

interface TiledProperty {
  name?: unknown;
  value?: unknown;
}

const GID_MASK = 0x1fffffff; // strips Tiled's flip/rotation flags

/** Most tilesets, tiles per tileset and properties per tile {@link gridFromTiled} reads. */
const MAX_TILED_LIST = 65_536;

/**
 * Builds a grid from a Tiled JSON map (orthogonal, uncompressed CSV-style `data` arrays): reads
 * one tile layer and derives passability (and optionally terrain cost) from the properties of
 * the tilesets' tiles. Tile sets must be embedded (`tilesets[i].tiles[j].properties`). O(cells).
 *
 * Untrusted input: `width` and `height` are capped at 32,768 (as for {@link createGrid}) and checked
 * against the layer's `data` length before anything is allocated; tiles, ids and properties are
 * type-checked; at most 65,536 tilesets, tiles per tileset and properties per tile (checked before
 * they are read).
 *
 * @param map - untrusted input: the parsed Tiled JSON map (orthogonal, embedded tile sets, uncompressed `data`), `width` / `height` in tiles = cells
 * @param options - read: `layer` (tile layer name, default the first), `blockedProperty` (default `"blocked"`), `costProperty` (default `"cost"`), `emptyPassable` (gid 0 passable, default `false`) and the {@link GridOptions} `connectivity` / `cornerCutting` of the new grid (the inherited `passable` and `withCost` are ignored: the tiles decide); `{}` uses all defaults
 *
 * @throws TacticaError `INVALID_DEFINITION` naming the JSON path of a missing or malformed field.
 */
export function gridFromTiled(map: unknown, options: TiledGridOptions = {}): Grid {
  const where = "@tactica/grid: gridFromTiled";
  if (typeof map !== "object" || map === null) definitionError(where, "$", "must be an object", "Pass the parsed Tiled JSON map.");
  const m = map as Record<string, unknown>;
  const width = m["width"];
  const height = m["height"];
  // The cap is createGrid's: at most 32,768 cells a side (checked before anything is allocated).
  if (typeof width !== "number" || !Number.isInteger(width) || width < 1 || width > 32768)
    definitionError(where, "$.width", "must be an integer in [1, 32768]", "Export the map as Tiled JSON.");
  if (typeof height !== "number" || !Number.isInteger(height) || height < 1 || height > 32768)
    definitionError(where, "$.height", "must be an integer in [1, 32768]", "Export the map as Tiled JSON.");
  const layers = m["layers"];
  if (!Array.isArray(layers)) definitionError(where, "$.layers", "must be an array", "Export the map as Tiled JSON.");
  let index = -1;
  for (let i = 0; i < layers.length; i++) {
    const l = layers[i] as Record<string, unknown> | null;
    if (l === null || typeof l !== "object" || l["type"] !== "tilelayer") continue;
    if (options.layer === undefined || l["name"] === options.layer) {
      index = i;
      break;
    }
  }
  if (index < 0)
    definitionError(
      where,
      "$.layers",
      options.layer === undefined ? "has no tile layer" : `has no tile layer named ${JSON.stringify(options.layer)}`,
      "Check the layer name.",
    );
  const layer = layers[index] as Record<string, unknown>;
  const data = layer["data"];
  if (!Array.isArray(data) || data.length !== width * height) {
    definitionError(where, `$.layers[${index}].data`, `must be an array of ${width * height} gids`, "Save the layer with CSV (uncompressed) encoding.");
  }
  const blockedName = options.blockedProperty ?? "blocked";
  const costName = options.costProperty ?? "cost";
  const blocked = new Map<number, boolean>();
  const costs = new Map<number, number>();
  const tilesets = Array.isArray(m["tilesets"]) ? (m["tilesets"] as unknown[]) : [];
  // Declared lengths are checked before anything iterates (a sparse array may declare 2^26
  // slots); Array.from visits holes (refused as non-objects), forEach would skip them.
  if (tilesets.length > MAX_TILED_LIST) definitionError(where, "$.tilesets", `has ${tilesets.length} entries, more than ${MAX_TILED_LIST}`, "Check the map.");
  Array.from(tilesets).forEach((ts, ti) => {
    if (typeof ts !== "object" || ts === null) definitionError(where, `$.tilesets[${ti}]`, "must be an object", "Embed the tilesets in the map.");
    const t = ts as Record<string, unknown>;
    const first = t["firstgid"];
    if (typeof first !== "number" || !Number.isInteger(first) || first < 1 || first > GID_MASK)
      definitionError(where, `$.tilesets[${ti}].firstgid`, "must be an integer gid >= 1", "Embed the tilesets in the map.");
    const tiles = Array.isArray(t["tiles"]) ? (t["tiles"] as unknown[]) : [];
    if (tiles.length > MAX_TILED_LIST)
      definitionError(where, `$.tilesets[${ti}].tiles`, `has ${tiles.length} entries, more than ${MAX_TILED_LIST}`, "Check the tileset.");
    Array.from(tiles).forEach((tile, j) => {
      if (typeof tile !== "object" || tile === null || Array.isArray(tile))
        definitionError(where, `$.tilesets[${ti}].tiles[${j}]`, "must be an object", "Check the tileset.");
      const tr = tile as Record<string, unknown>;
      const id = tr["id"];
      if (typeof id !== "number" || !Number.isInteger(id) || id < 0 || id > GID_MASK)
        definitionError(where, `$.tilesets[${ti}].tiles[${j}].id`, "must be an integer tile id >= 0", "Check the tileset.");
      const props = Array.isArray(tr["properties"]) ? (tr["properties"] as unknown[]) : [];
      if (props.length > MAX_TILED_LIST)
        definitionError(where, `$.tilesets[${ti}].tiles[${j}].properties`, `has ${props.length} entries, more than ${MAX_TILED_LIST}`, "Check the tileset.");
      for (let k = 0; k < props.length; k++) {
        const p = props[k] as TiledProperty | null;
        if (typeof p !== "object" || p === null)
          definitionError(where, `$.tilesets[${ti}].tiles[${j}].properties[${k}]`, "must be an object { name, value }", "Check the tileset.");
        if (p.name === blockedName && p.value === true) blocked.set(first + id, true);
        if (p.name === costName) {
          if (typeof p.value !== "number" || !(p.value > 0) || !Number.isFinite(p.value)) {
            definitionError(
              where,
              `$.tilesets[${ti}].tiles[${j}].properties[${k}].value`,
              `"${costName}" must be a finite number > 0`,
              "Fix the tile property.",
            );
          }
          costs.set(first + id, p.value);
        }
      }
    });
  });
  const grid = createGrid(width, height, { ...options, passable: false, withCost: costs.size > 0 });
  const emptyPassable = options.emptyPassable === true;
  for (let i = 0; i < data.length; i++) {
    const raw: unknown = data[i];
    if (typeof raw !== "number" || !Number.isInteger(raw) || raw < 0 || raw > 0xffffffff)
      definitionError(where, `$.layers[${index}].data[${i}]`, "must be an integer gid in [0, 2^32)", "Save the layer with CSV encoding.");
    const gid = raw & GID_MASK;
    if (gid === 0) {
      grid.passable[i] = emptyPassable ? 1 : 0;
      continue;
    }
    grid.passable[i] = blocked.get(gid) === true ? 0 : 1;
    const c = costs.get(gid);
    if (c !== undefined && grid.cost !== null) grid.cost[i] = c;
  }
  return grid;
}
