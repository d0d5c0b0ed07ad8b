// Custom polygon tags (Game AI Pro 3, chapter 32: triangle metadata "extensible to arbitrary
// tags", e.g. "forested"): tagged spans get their own internal area codes through the region
// stages, so tagged and untagged ground never share a region or a polygon.
import { NavMeshErrorCodes } from "../errors";
import type { NavMesh } from "../navmesh";
import { polyIndexOfRef } from "../tiles/poly-ref";
import { showValue, voxelError } from "./errors";
import { NULL_AREA, type CompactHeightfield, type PolyMesh } from "./types";

/** @internal Area and tag of each internal area code (codes 1..63 are the plain area ids). */
export interface TagTable {
  readonly codeArea: Uint8Array;
  readonly codeTag: Int32Array;
}

/** First internal code of an (area, tag) pair. */
const FIRST_TAG_CODE = 64;

/**
 * @internal Replaces each tagged walkable span's area id by an internal code (64..255) unique to
 * its (area, tag) pair, so the region stages keep tags apart. Returns the table, or undefined
 * when nothing is tagged. Throws `NAVMESH_CONFIG` past 192 distinct pairs.
 */
export function encodeTaggedAreas(chf: CompactHeightfield, fn: string): TagTable | undefined {
  const tags = chf.tags;
  if (!tags) return undefined;
  const codeArea = new Uint8Array(256),
    codeTag = new Int32Array(256);
  for (let c = 0; c < FIRST_TAG_CODE; c++) codeArea[c] = c;
  const codes = new Map<number, number>();
  let next = FIRST_TAG_CODE;
  for (let i = 0; i < chf.spanCount; i++) {
    const tag = tags[i]!,
      area = chf.areas[i]!;
    if (tag === 0 || area === NULL_AREA || area >= FIRST_TAG_CODE) continue;
    const key = tag * 64 + area;
    let code = codes.get(key);
    if (code === undefined) {
      if (next > 255) throw voxelError(NavMeshErrorCodes.Config, fn, `more than ${256 - FIRST_TAG_CODE} distinct (area, tag) pairs; use fewer tags.`, "tag");
      code = next++;
      codes.set(key, code);
      codeArea[code] = area;
      codeTag[code] = tag;
    }
    chf.areas[i] = code;
  }
  return { codeArea, codeTag };
}

/**
 * @internal Turns internal codes back into area ids in the polygon mesh and the compact
 * heightfield; returns the tag of each polygon.
 */
export function decodeTaggedAreas(mesh: PolyMesh, chf: CompactHeightfield, table: TagTable): Int32Array {
  const out = new Int32Array(mesh.polyCount);
  for (let p = 0; p < mesh.polyCount; p++) {
    const c = mesh.areas[p]!;
    out[p] = table.codeTag[c]!;
    mesh.areas[p] = table.codeArea[c]!;
  }
  for (let i = 0; i < chf.spanCount; i++) chf.areas[i] = table.codeArea[chf.areas[i]!]!;
  return out;
}

/**
 * A query filter's `polyCost` that costs or excludes polygons by custom tag (`navMesh.tags`):
 * `costs[tag]` multiplies the cost of polygons with that tag (missing tags cost 1; `Infinity`
 * excludes them). Costs must be ≥ 1 (or `Infinity`) so that A* stays optimal. Combine it with
 * `areaCosts` freely: both multiply. Throws `NAVMESH_BAD_INPUT` for a bad cost.
 *
 * @param mesh - The navmesh whose `tags` the returned callback reads (by reference: later tile changes are seen).
 * @param costs - Cost multiplier per custom tag (integer keys ≥ 1), each ≥ 1 or `Infinity` (excludes the tag); untagged or unlisted polygons cost 1.
 *
 * @example
 * ```ts
 * const FORESTED = 1;
 * // Build with markAreas: (chf) => markBoxArea(chf, min, max, WALKABLE_AREA, { tag: FORESTED }), then:
 * const mesh = createNavMesh({ vertices: [0, 0, 1, 0, 2, 0, 0, 1, 1, 1, 2, 1], polygons: [[0, 1, 4, 3], [1, 2, 5, 4]], tags: [0, FORESTED] });
 * const avoidForest = createTagCost(mesh, { [FORESTED]: 3 });
 * avoidForest(1); // 3: polygon 1 is forested
 * findNavMeshPath(mesh, { x: 0.5, y: 0.5 }, { x: 1.5, y: 0.5 }, { polyCost: avoidForest }).found; // true
 * ```
 */
export function createTagCost(mesh: NavMesh, costs: Readonly<Record<number, number>>): (ref: number) => number {
  if (costs === null || typeof costs !== "object")
    throw voxelError(NavMeshErrorCodes.BadInput, "createTagCost", `"costs" must map tags to cost multipliers, e.g. { 1: 3 }.`, "costs");
  const table = new Map<number, number>();
  for (const key of Object.keys(costs)) {
    const tag = Number(key),
      c = costs[tag];
    if (!Number.isInteger(tag) || tag < 1)
      throw voxelError(NavMeshErrorCodes.BadInput, "createTagCost", `tag ${showValue(key)} is not an integer ≥ 1.`, `costs.${key}`);
    if (typeof c !== "number" || !(c >= 1))
      throw voxelError(
        NavMeshErrorCodes.BadInput,
        "createTagCost",
        `the cost of tag ${tag} is ${showValue(c)}; give a number ≥ 1 or Infinity.`,
        `costs.${key}`,
      );
    table.set(tag, c);
  }
  return (ref: number): number => {
    const p = polyIndexOfRef(mesh, ref);
    if (p < 0) return 1;
    const c = table.get(mesh.tags[p]!);
    return c === undefined ? 1 : c;
  };
}
