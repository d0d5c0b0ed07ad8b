import { checkNumber, configError } from "../errors";

/**
 * Scent trails ("Echoes of the Past", *AI Game Programming Wisdom 2*, 2003) as plain data over a
 * node graph (navmesh polygons, waypoints, grid cells): each node keeps up to `slots` entries
 * (entity id, timestamp). Timestamps, not countdowns, so nothing is updated per frame; expired
 * entries are purged lazily, only on the nodes a tracker inspects. `fade[node]` multiplies a scent's
 * age there (a river washes scent away: fade > 1).
 */
export interface ScentField {
  /** Number of nodes. */
  readonly nodes: number;
  /** Entries per node. */
  readonly slots: number;
  /** Entity id per entry (`node · slots + k`), −1 when empty. */
  readonly entity: Int32Array;
  /** Timestamp per entry, seconds. */
  readonly time: Float64Array;
  /** Age multiplier per node, ≥ 0 (default 1). */
  readonly fade: Float64Array;
}

/** Options for {@link createScentField}. */
export interface ScentFieldOptions {
  /** Entries kept per node, integer in [1, 64] (default 4): the most entities whose scent a node remembers at once. */
  readonly slots?: number;
}

/**
 * Creates an empty scent field over `nodes` nodes (integer in [1, 2^22]) with `options.slots` entries each (default 4).
 *
 * @param nodes - Number of graph nodes (navmesh polygons, waypoints, grid cells), an integer in [1, 2^22].
 * @param options - `slots`: entries kept per node, an integer in [1, 64] (default 4).
 */
export function createScentField(nodes: number, options?: ScentFieldOptions): ScentField {
  const slots = options === undefined ? 4 : (options.slots ?? 4);
  if (!Number.isInteger(nodes) || nodes < 1 || nodes > 1 << 22) configError("createScentField", `"nodes" is ${nodes}; pass an integer in [1, 2^22].`, "nodes");
  if (!Number.isInteger(slots) || slots < 1 || slots > 64) configError("createScentField", `"slots" is ${slots}; pass an integer in [1, 64].`, "slots");
  return { nodes, slots, entity: new Int32Array(nodes * slots).fill(-1), time: new Float64Array(nodes * slots), fade: new Float64Array(nodes).fill(1) };
}

function checkNode(fn: string, field: ScentField, node: number): void {
  if (!(Number.isInteger(node) && node >= 0 && node < field.nodes)) configError(fn, `node ${node} does not exist (${field.nodes} nodes).`, "node");
}

/**
 * Sets how fast scent fades at `node` (age multiplier ≥ 0; 1 normal, 4 a river).
 *
 * @param field - The scent field, changed in place (`fade[node]`).
 * @param node - Node index, an integer in `[0, nodes)`.
 * @param multiplier - Age multiplier at the node, ≥ 0: 1 normal, > 1 fades faster (4 for a river), 0 never fades.
 */
export function setScentFade(field: ScentField, node: number, multiplier: number): void {
  checkNode("setScentFade", field, node);
  field.fade[node] = checkNumber("setScentFade", "multiplier", multiplier, 0);
}

/**
 * Entity `entity` (integer ≥ 0) passes `node` at `now`: its entry there is refreshed, or a new one
 * takes an empty slot, or the oldest entry's slot.
 *
 * @param field - The scent field, changed in place (one entry of `node`).
 * @param entity - Your id of the entity leaving the scent, an integer ≥ 0.
 * @param node - The node it passes, an integer in `[0, nodes)`.
 * @param now - Timestamp in seconds (your game clock), finite.
 */
export function depositScent(field: ScentField, entity: number, node: number, now: number): void {
  checkNode("depositScent", field, node);
  if (!(Number.isInteger(entity) && entity >= 0 && entity <= 0x7fffffff))
    configError("depositScent", `"entity" is ${entity}; pass an integer id ≥ 0.`, "entity");
  checkNumber("depositScent", "now", now);
  const base = node * field.slots;
  let slot = -1;
  for (let k = 0; k < field.slots; k++) {
    const e = field.entity[base + k]!;
    if (e === entity) {
      slot = k;
      break;
    }
    if (slot < 0 && e === -1) slot = k;
  }
  if (slot < 0) {
    slot = 0;
    for (let k = 1; k < field.slots; k++) if (field.time[base + k]! < field.time[base + slot]!) slot = k;
  }
  field.entity[base + slot] = entity;
  field.time[base + slot] = now;
}

/** Purges the expired entries of `node` (faded age > maxAge) and returns `entity`'s timestamp there, or −Infinity. */
function inspect(field: ScentField, node: number, entity: number, now: number, maxAge: number): number {
  const base = node * field.slots;
  const fade = field.fade[node]!;
  let found = -Infinity;
  for (let k = 0; k < field.slots; k++) {
    const e = field.entity[base + k]!;
    if (e === -1) continue;
    if ((now - field.time[base + k]!) * fade > maxAge) {
      field.entity[base + k] = -1; // lazy cleanup
      continue;
    }
    if (e === entity) found = field.time[base + k]!;
  }
  return found;
}

/**
 * The tracker at `fromNode` follows `entity`'s scent: of `fromNode`'s neighbours
 * (`neighbors[fromNode]`), the one with the most recent timestamp for that entity whose faded age is
 * at most `maxAge` (per scent type and predator: long for smell, short for sight). Returns the node,
 * or −1 when no neighbour carries a fresh enough scent. Only the inspected nodes are cleaned. The
 * most recent scent is not necessarily the nearest entity (entities move at different speeds).
 *
 * @param field - The scent field; expired entries of the inspected neighbours are purged in place.
 * @param neighbors - Adjacency lists of the node graph, one per node (`neighbors.length` equals `nodes`).
 * @param entity - The id of the entity tracked.
 * @param fromNode - The tracker's node, an integer in `[0, nodes)`.
 * @param now - Current time, seconds on the same clock as `depositScent`'s `now`, finite (else `PERCEPTION_CONFIG`).
 * @param maxAge - Longest faded age (seconds × the node's fade) a scent may have to count, ≥ 0.
 */
export function followScent(
  field: ScentField,
  neighbors: readonly (readonly number[])[],
  entity: number,
  fromNode: number,
  now: number,
  maxAge: number,
): number {
  checkNode("followScent", field, fromNode);
  if (neighbors.length !== field.nodes) configError("followScent", `${neighbors.length} neighbour lists for ${field.nodes} nodes.`, "neighbors");
  checkNumber("followScent", "now", now);
  checkNumber("followScent", "maxAge", maxAge, 0);
  let best = -1;
  let bestTime = -Infinity;
  for (const n of neighbors[fromNode]!) {
    if (!(n >= 0 && n < field.nodes)) continue;
    const t = inspect(field, n, entity, now, maxAge);
    if (t > bestTime) {
      bestTime = t;
      best = n;
    }
  }
  return best;
}
