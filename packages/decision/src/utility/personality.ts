import { assertInteger, describeValue } from "@tactica/core";
import { indexRecord, IssueList, throwDefinitionIssues } from "../definition-error";

/**
 * Personality traits (chapter 23, Nieves): each trait is a utility function that looks at one
 * aspect of a candidate (a move, a map space); an archetype ("coward", "defender", "psycho") is a
 * weight per trait, loaded as data. Weights may be negative and only their ratios matter.
 */
export interface PersonalityDefinition {
  /** Schema version; must be 1. */
  version: 1;
  /** Trait names, in the column order of the raw score matrix. */
  traits: string[];
  /** Archetypes: name → weight per trait (missing traits weigh 0). */
  archetypes: Record<string, Record<string, number>>;
}

/** A compiled personality set. */
export interface Personality {
  /** Trait names. */
  readonly traits: readonly string[];
  /** Archetype names. */
  readonly archetypes: readonly string[];
  /** Archetype name → index. */
  readonly archetypeIndex: Readonly<Record<string, number>>;
  /** Weights, archetypes × traits, row-major. */
  readonly weights: Float64Array;
}

/**
 * Validates and compiles a personality definition.
 *
 * @param definition - The personality definition: `version: 1`, the `traits` (column order of the raw scores) and per archetype a weight per
 *   trait (missing traits weigh 0).
 * @throws TacticaError `INVALID_DEFINITION` naming the JSON path of an unknown trait or bad weight.
 */
export function createPersonality(definition: PersonalityDefinition): Personality {
  const L = new IssueList();
  const d = definition as unknown as Record<string, unknown>;
  if (L.object("$", d)) {
    if (d["version"] !== 1) L.add("$.version", "must be 1");
    if (L.array("$.traits", d["traits"], 1)) d["traits"].forEach((t, i) => L.string(`$.traits[${i}]`, t));
    if (L.object("$.archetypes", d["archetypes"])) {
      const traits = Array.isArray(d["traits"]) ? (d["traits"] as unknown[]) : [];
      for (const [a, w] of Object.entries(d["archetypes"])) {
        if (!L.object(`$.archetypes.${a}`, w)) continue;
        for (const [t, v] of Object.entries(w)) {
          if (!traits.includes(t)) L.add(`$.archetypes.${a}.${t}`, `names unknown trait ${describeValue(t)}`);
          else L.number(`$.archetypes.${a}.${t}`, v);
        }
      }
    }
  }
  if (L.issues.length > 0) throwDefinitionIssues("@tactica/decision: createPersonality", L.issues);
  const traits = definition.traits;
  const archetypes = Object.keys(definition.archetypes);
  const weights = new Float64Array(archetypes.length * traits.length);
  archetypes.forEach((a, ai) => traits.forEach((t, ti) => (weights[ai * traits.length + ti] = definition.archetypes[a]![t] ?? 0)));
  return {
    traits,
    archetypes,
    archetypeIndex: indexRecord(archetypes),
    weights,
  };
}

/**
 * Scores `count` candidates for archetype `archetype` (index): `raw` holds one row of trait
 * utilities per candidate (`count × traits`). Each trait column is normalised linearly to [0, 1]
 * over the candidates (a constant column counts as 0 — note that one huge outlier squashes the
 * rest, as the chapter warns), multiplied by the archetype's weight and summed into `out[i]`.
 * Returns the best candidate (ties to the lower index), or -1 when `count` is 0. O(count ×
 * traits), no allocation.
 * @param out - Score per candidate, length >= `count`; entries `0 … count − 1` are overwritten in place.
 * @param p - The compiled personality from {@link createPersonality}; read only.
 * @param archetype - Index of the archetype in `p.archetypes` (0 to `p.archetypes.length − 1`), e.g. from `p.archetypeIndex`.
 * @param raw - Raw trait utilities, one row of `p.traits.length` values per candidate (`count × traits`, row-major); read only, any scale
 *   (normalised per column).
 * @param count - Number of candidates (rows of `raw`); 0 returns -1.
 */
export function scorePersonality(
  out: { [i: number]: number; length: number },
  p: Personality,
  archetype: number,
  raw: ArrayLike<number>,
  count: number,
): number {
  assertInteger("@tactica/decision: scorePersonality", "archetype", archetype, 0, p.archetypes.length - 1);
  const T = p.traits.length;
  const w = archetype * T;
  // Trait by trait (no scratch in the shared personality): the column's range, then each
  // candidate's weighted share, summed into out[i] in trait order.
  for (let i = 0; i < count; i++) out[i] = 0;
  for (let t = 0; t < T; t++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < count; i++) {
      const v = raw[i * T + t]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const range = hi - lo;
    const weight = p.weights[w + t]!;
    for (let i = 0; i < count; i++) out[i] = out[i]! + weight * (range > 0 ? (raw[i * T + t]! - lo) / range : 0);
  }
  let best = -1;
  let bestScore = -Infinity;
  for (let i = 0; i < count; i++) {
    const s = out[i]!;
    if (s > bestScore) {
      bestScore = s;
      best = i;
    }
  }
  return best;
}
