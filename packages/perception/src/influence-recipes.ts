import { addInfluence, findHighestInfluence, type InfluenceLayer, multiplyInfluence, normalizeInfluence } from "./influence-layer";

/**
 * The *nearest battlefront* recipe (*Game AI Pro 2* ch. 30): `scratch = enemyThreat × allyThreat ×
 * interest`, the highest cell (index `y · width + x`) is where both sides' threat overlaps nearest
 * the agent. `interest` is the agent's own interest template stamped at its position (zero outside
 * its radius, so the answer stays within reach). All layers have the same size; `scratch` is
 * overwritten (it may be one of the inputs). Returns the cell.
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
