import { fail } from "../internal/fail.js";
import { cosineSimilarity } from "./vectors.js";

/** Result of {@link matchArchetype}. */
export interface ArchetypeMatch {
  /** Index of the most similar archetype (the first on ties). */
  index: number;
  /** Its cosine similarity with the player's vector, in [−1, 1]. */
  similarity: number;
  /** Cosine similarity with every archetype, by index. */
  similarities: number[];
}

/**
 * Archetype vectors (chapter 39): names a player by the archetype whose vector points the most
 * the same way as the player's metric vector (cosine similarity, so a player who does everything
 * twice as often as an archetype still matches it). Archetypes are typically the centres of
 * {@link clusterKMeans} or {@link clusterKMedoids} on variance-normalised metrics
 * ({@link normalizeVariance}); normalise the player's vector with the same means and deviations.
 *
 * @param archetypes - Archetype vectors (e.g. cluster centres), at least one, each as long as `vector`.
 * @param vector - The player's metric vector, normalised like the archetypes (e.g. with the means and deviations of {@link normalizeVariance}).
 * @example
 * ```ts
 * const archetypes = [[1, 0, 0], [0, 1, 1]]; // "fighter" (kills), "explorer" (areas, secrets)
 * matchArchetype(archetypes, [0.1, 3, 2]).index; // → 1
 * ```
 *
 * @throws TacticaError `INVALID_ARGUMENT` when there are no archetypes or a length differs.
 */
export function matchArchetype(archetypes: readonly ArrayLike<number>[], vector: ArrayLike<number>): ArchetypeMatch {
  if (archetypes.length === 0) fail("INVALID_ARGUMENT", "matchArchetype", "give at least one archetype vector.", "archetypes");
  const similarities = archetypes.map((a, i) => {
    if (a.length !== vector.length)
      fail("INVALID_ARGUMENT", "matchArchetype", `archetype ${i} has ${a.length} values but the vector has ${vector.length}.`, `archetypes[${i}]`);
    return cosineSimilarity(a, vector);
  });
  let index = 0;
  for (let i = 1; i < similarities.length; i++) if (similarities[i]! > similarities[index]!) index = i;
  return { index, similarity: similarities[index]!, similarities };
}
