import { matchConditions, readConditions } from "../conditions.js";
import { fail, isFiniteNumber, isRecord, readList } from "../internal/fail.js";
import type { Condition, Qualities, QualityValue } from "../types.js";
import { PlayStyles } from "./player-model.js";

/** One option of a refinable parameter: a value and how much each play style likes it. */
export interface EncounterOption {
  /** The value (what a trader mentions, which enemy appears…). */
  value: QualityValue;
  /** One weight per {@link PlayStyles} entry. */
  annotation: number[];
}

/** One branch of an encounter, annotated per play style (PaSSAGE). */
export interface EncounterBranch {
  /** Id, unique within the encounter. */
  id: string;
  /** One weight per {@link PlayStyles} entry: how well the branch suits each style. */
  annotation: number[];
  /** The author's content. Default "". */
  content: string;
  /** Parameters refined to the model: name → options; the option the model likes best is used. */
  parameters: Record<string, EncounterOption[]>;
}

/** A PaSSAGE encounter: fires when its preconditions hold, in the branch that best fits the player model. */
export interface Encounter {
  /** Unique id. */
  id: string;
  /** All must hold for the encounter to fire. */
  conditions: Condition[];
  /** Fires at most once (default true: PaSSAGE encounters are story beats). */
  once: boolean;
  /** The branches (at least one). */
  branches: EncounterBranch[];
}

/** Result of {@link selectEncounter}. */
export interface EncounterChoice {
  /** Index of the encounter in the list. */
  encounter: number;
  /** Index of the branch in the encounter. */
  branch: number;
  /** The branch's score: the dot product of its annotation with the model's style. */
  score: number;
  /** Each refined parameter's chosen value. */
  parameters: Record<string, QualityValue>;
}

const FN = "encountersFromJson";
const STYLES = PlayStyles.length;

function readAnnotation(json: unknown, path: string): number[] {
  if (!Array.isArray(json) || json.length !== STYLES || !json.every(isFiniteNumber))
    fail("NARRATIVE_BAD_INPUT", FN, `${path} must be ${STYLES} finite numbers (${PlayStyles.join(", ")}).`, path);
  return [...json];
}

/**
 * Validates a PaSSAGE encounter library written as JSON: an array of `{ id, conditions?, once?,
 * branches: [{ id, annotation: [F, M, S, T, P], content?, parameters?: { name: [{ value,
 * annotation }] } }] }`. Throws `NARRATIVE_BAD_INPUT` naming the JSON path (duplicate ids
 * included).
 * @param json - Parsed JSON: an array of encounters with their branches, each branch's `annotation` one finite weight per play style. Validated
 *   in full.
 */
export function encountersFromJson(json: unknown): Encounter[] {
  if (!Array.isArray(json)) fail("NARRATIVE_BAD_INPUT", FN, "expected an array of encounters.", "$");
  readList(FN, json, "$", "encounters");
  const ids = new Set<string>();
  // Array.from visits holes (refused as non-objects), map would skip them.
  return Array.from(json as unknown[], (e: unknown, i): Encounter => {
    const p = `$[${i}]`;
    if (!isRecord(e) || typeof e.id !== "string" || e.id === "") fail("NARRATIVE_BAD_INPUT", FN, `${p} needs a non-empty string id.`, `${p}.id`);
    if (ids.has(e.id)) fail("NARRATIVE_BAD_INPUT", FN, `${p}: duplicate id "${e.id}".`, `${p}.id`);
    ids.add(e.id);
    if (e.once !== undefined && typeof e.once !== "boolean") fail("NARRATIVE_BAD_INPUT", FN, `${p}.once must be a boolean.`, `${p}.once`);
    if (!Array.isArray(e.branches) || e.branches.length === 0) fail("NARRATIVE_BAD_INPUT", FN, `${p}.branches must be a non-empty array.`, `${p}.branches`);
    const branchIds = new Set<string>();
    readList(FN, e.branches, `${p}.branches`, "branches", 4096);
    const branches = Array.from(e.branches as unknown[], (b: unknown, k): EncounterBranch => {
      const bp = `${p}.branches[${k}]`;
      if (!isRecord(b) || typeof b.id !== "string" || b.id === "") fail("NARRATIVE_BAD_INPUT", FN, `${bp} needs a non-empty string id.`, `${bp}.id`);
      if (branchIds.has(b.id)) fail("NARRATIVE_BAD_INPUT", FN, `${bp}: duplicate branch id "${b.id}".`, `${bp}.id`);
      branchIds.add(b.id);
      if (b.content !== undefined && typeof b.content !== "string") fail("NARRATIVE_BAD_INPUT", FN, `${bp}.content must be a string.`, `${bp}.content`);
      const parameters: Record<string, EncounterOption[]> = Object.create(null) as Record<string, EncounterOption[]>;
      if (b.parameters !== undefined) {
        if (!isRecord(b.parameters)) fail("NARRATIVE_BAD_INPUT", FN, `${bp}.parameters must be an object of name → options.`, `${bp}.parameters`);
        for (const [name, options] of Object.entries(b.parameters)) {
          const pp = `${bp}.parameters.${name}`;
          if (!Array.isArray(options) || options.length === 0) fail("NARRATIVE_BAD_INPUT", FN, `${pp} must be a non-empty array of { value, annotation }.`, pp);
          parameters[name] = options.map((o: unknown, j): EncounterOption => {
            const op = `${pp}[${j}]`;
            if (!isRecord(o) || !(typeof o.value === "string" || typeof o.value === "boolean" || isFiniteNumber(o.value)))
              fail("NARRATIVE_BAD_INPUT", FN, `${op}.value must be a finite number, a string or a boolean.`, `${op}.value`);
            return { value: o.value, annotation: readAnnotation(o.annotation, `${op}.annotation`) };
          });
        }
      }
      return { id: b.id, annotation: readAnnotation(b.annotation, `${bp}.annotation`), content: b.content ?? "", parameters };
    });
    return { id: e.id, conditions: readConditions(FN, e.conditions, `${p}.conditions`), once: e.once ?? true, branches };
  });
}

function dot(a: readonly number[], b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/**
 * PaSSAGE (chapters 39 and 42): among the encounters whose preconditions hold now (and, for
 * once-only ones, not yet in `fired`), the encounter and branch whose annotation has the largest
 * dot product with the player's `style`; each of the branch's parameters is refined to the option
 * the model likes best. Ties keep the first. Returns `null` when no encounter can fire. Mark the
 * chosen one in `fired` (`fired[id] = true`) when you play it.
 *
 * @param encounters - The encounter library from {@link encountersFromJson}, tried in order (ties keep the first).
 * @param qualities - The story state the encounters' conditions read; read only.
 * @param style - The player model's style vector, exactly one entry per {@link PlayStyles} style.
 * @param fired - Encounter id → true for encounters already played; a once-only encounter listed here is skipped. Read only (record the pick
 *   yourself).
 * @example
 * ```ts
 * const library = encountersFromJson([{
 *   id: "trader", conditions: [{ key: "inTown", op: "==", value: true }],
 *   branches: [
 *     { id: "haggle", annotation: [0, 0.2, 0, 0.3, 0.9],
 *       parameters: { rumour: [{ value: "bandit camp", annotation: [1, 0, 0, 0.5, 0] }, { value: "lost heir", annotation: [0, 0.5, 1, 0, 0] }] } },
 *     { id: "story", annotation: [0, 0.8, 0.9, 0, 0] },
 *   ],
 * }]);
 * const c = selectEncounter(library, { inTown: true }, [0.9, 0.2, 0.1, 0.4, 0.3], {});
 * library[0].branches[c.branch].id; // → "haggle" (0.43 beats 0.25)
 * c.parameters.rumour;              // → "bandit camp"
 * ```
 */
export function selectEncounter(
  encounters: readonly Encounter[],
  qualities: Qualities,
  style: ArrayLike<number>,
  fired: Record<string, boolean>,
): EncounterChoice | null {
  if (style.length !== STYLES) fail("INVALID_ARGUMENT", "selectEncounter", `style must have ${STYLES} entries, got ${style.length}.`, "style");
  let best: { encounter: number; branch: number; score: number } | null = null;
  for (let i = 0; i < encounters.length; i++) {
    const e = encounters[i]!;
    if (e.once && Object.prototype.hasOwnProperty.call(fired, e.id) && fired[e.id] === true) continue;
    if (!matchConditions(e.conditions, qualities)) continue;
    for (let k = 0; k < e.branches.length; k++) {
      const score = dot(e.branches[k]!.annotation, style);
      if (best === null || score > best.score) best = { encounter: i, branch: k, score };
    }
  }
  if (best === null) return null;
  const branch = encounters[best.encounter]!.branches[best.branch]!;
  const parameters: Record<string, QualityValue> = Object.create(null) as Record<string, QualityValue>;
  for (const [name, options] of Object.entries(branch.parameters)) {
    let pick = 0;
    for (let j = 1; j < options.length; j++) if (dot(options[j]!.annotation, style) > dot(options[pick]!.annotation, style)) pick = j;
    parameters[name] = options[pick]!.value;
  }
  return { ...best, parameters };
}
