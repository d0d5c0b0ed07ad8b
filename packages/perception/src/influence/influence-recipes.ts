import { addInfluence, findHighestInfluence, type InfluenceLayer, invertInfluence, multiplyInfluence, normalizeInfluence } from "./influence-layer";

/**
 * The *nearest battlefront* recipe (*Game AI Pro 2* ch. 30): `scratch = enemyThreat × allyThreat ×
 * interest`, the highest cell (index `y · width + x`) is where both sides' threat overlaps nearest
 * the agent. `interest` is the agent's own interest template stamped at its position (zero outside
 * its radius, so the answer stays within reach). All layers have the same size; `scratch` is
 * overwritten (it may be one of the inputs). Returns the cell.
 *
 * @param scratch - Overwritten with the product layer (may be one of the inputs); same size as the others.
 * @param enemyThreat - The enemies' threat layer, read.
 * @param allyThreat - The allies' threat layer, read.
 * @param interest - The agent's interest template stamped at its position (zero outside its reach), read.
 */
export function findBattlefront(scratch: InfluenceLayer, enemyThreat: InfluenceLayer, allyThreat: InfluenceLayer, interest: InfluenceLayer): number {
  multiplyInfluence(scratch, enemyThreat, allyThreat);
  multiplyInfluence(scratch, scratch, interest);
  return findHighestInfluence(scratch);
}

/** Options for {@link findSpacedBattlefront}. */
export interface SpacedBattlefrontOptions {
  /** Weight of the ally spacing map (default 0.5, the chapter's). */
  readonly spacingWeight?: number;
}

/**
 * *Battlefront with spacing* (ch. 30): normalise `enemyThreat × allyThreat`, add
 * `−spacingWeight × allySpacing` (allySpacing = the allies' location map minus the agent's own
 * location template, so an agent is not repelled by itself), multiply by `interest`, take the
 * highest cell. Two allies at the same front then pick different cells. `scratch` is overwritten.
 * Returns the cell index `y · width + x`.
 *
 * @param scratch - Overwritten with the scored layer (may be one of the inputs); same size as the others.
 * @param enemyThreat - The enemies' threat layer, read.
 * @param allyThreat - The allies' threat layer, read.
 * @param interest - The agent's interest template stamped at its position (zero outside its reach), read.
 * @param allySpacing - The allies' location layer minus the agent's own location template, read; subtracted with `spacingWeight`.
 * @param options - `spacingWeight`: weight of `allySpacing` (default 0.5).
 */
export function findSpacedBattlefront(
  scratch: InfluenceLayer,
  enemyThreat: InfluenceLayer,
  allyThreat: InfluenceLayer,
  interest: InfluenceLayer,
  allySpacing: InfluenceLayer,
  options?: SpacedBattlefrontOptions,
): number {
  multiplyInfluence(scratch, enemyThreat, allyThreat);
  normalizeInfluence(scratch, scratch);
  addInfluence(scratch, scratch, allySpacing, { weight: -(options?.spacingWeight ?? 0.5) });
  multiplyInfluence(scratch, scratch, interest);
  return findHighestInfluence(scratch);
}

/**
 * The *AoE location* recipe (*Game AI Pro 2* ch. 30): `scratch = enemyLocation × interest`, the
 * highest cell is where an area spell hits the most enemies within the agent's reach (pass the
 * allies' location map for a buff). `scratch` is overwritten (it may be one of the inputs). Returns
 * the cell index `y · width + x`.
 *
 * @param scratch - Overwritten with `enemyLocation × interest` (may be one of the inputs); same size as the others.
 * @param enemyLocation - The enemies' location layer (the allies' for a buff), read.
 * @param interest - The caster's interest template stamped at its position (zero outside its reach), read.
 *
 * @example
 * ```ts
 * const enemies = createInfluenceLayer(16, 16);
 * stampInfluence(enemies, 3, 3, 1, 3);
 * stampInfluence(enemies, 12, 12, 1, 3);
 * stampInfluence(enemies, 13, 12, 1, 3);            // a pair of enemies at (12–13, 12)
 * const interest = createInfluenceLayer(16, 16);
 * stampInfluence(interest, 10, 10, 1, 8);           // the caster at (10, 10) reaches 8 cells
 * const cell = findAreaOfEffectTarget(createInfluenceLayer(16, 16), enemies, interest); // in the pair, not at (3, 3)
 * ```
 */
export function findAreaOfEffectTarget(scratch: InfluenceLayer, enemyLocation: InfluenceLayer, interest: InfluenceLayer): number {
  multiplyInfluence(scratch, enemyLocation, interest);
  return findHighestInfluence(scratch);
}

/**
 * The *safer spot* recipe (ch. 30): `scratch = AddInverse(normalised enemyThreat) × interest`, i.e.
 * `(1 − threat) · interest` with the threat normalised to [0, 1] first: the highest cell is the
 * least threatened one the agent is interested in (its interest template stamped at its position,
 * so the answer stays within reach). `scratch` is overwritten (it may be `enemyThreat`). Returns the
 * cell index `y · width + x`.
 *
 * @param scratch - Overwritten with the scored layer (may be `enemyThreat`); same size as the others.
 * @param enemyThreat - The enemies' threat layer, read (raw: it is normalised into `scratch` first).
 * @param interest - The agent's interest template stamped at its position (zero outside its reach), read.
 */
export function findSaferSpot(scratch: InfluenceLayer, enemyThreat: InfluenceLayer, interest: InfluenceLayer): number {
  normalizeInfluence(scratch, enemyThreat);
  invertInfluence(scratch, scratch);
  multiplyInfluence(scratch, scratch, interest);
  return findHighestInfluence(scratch);
}
