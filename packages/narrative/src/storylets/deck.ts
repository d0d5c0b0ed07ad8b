import { readConditions, readEffects } from "../conditions.js";
import { describeValue } from "@tactica/core";
import { fail, isFiniteNumber, isRecord, readList } from "../internal/fail.js";
import type { Storylet, StoryletDeck } from "./types.js";

const FN = "storyletDeckFromJson";

/** The current storylet deck schema version. */
const DECK_VERSION = 2 as const;

/**
 * Validates a storylet set written as JSON (`{ version: 2, storylets: [...] }`, or a bare array of
 * storylets read as the current version) and fills the defaults. Throws `TacticaError`
 * `NARRATIVE_BAD_INPUT` naming the JSON path of the first problem (duplicate ids included). Lists
 * are checked against their limits before they are read: at most 100,000 storylets, 4,096
 * conditions, effects or tags per storylet.
 *
 * Migration: a `{ version: 1, storylets }` deck is read with its storylets' `cooldown` (which
 * counted plays) as `cooldownPlays`; the result is a version 2 deck. In version 2 and in a bare
 * array, `cooldown` is an error that names the new field (a storylet cooldown counts plays, so it
 * is not called like the time-based `cooldown` of barks).
 *
 * @param json - Parsed JSON: a bare array of storylets, or `{ version: 1 | 2, storylets }` (version 1 decks are migrated). Validated in full.
 * @example
 * ```ts
 * const deck = storyletDeckFromJson([{ id: "intro", effects: [{ key: "act", op: "set", value: 1 }] }]);
 * deck.storylets[0].salience; // → 0 (default)
 * ```
 */
export function storyletDeckFromJson(json: unknown): StoryletDeck {
  let list: unknown = json;
  let base = "$.storylets";
  let version: number = DECK_VERSION;
  if (isRecord(json)) {
    if (json.version !== 1 && json.version !== DECK_VERSION)
      fail("NARRATIVE_BAD_INPUT", FN, `version must be ${DECK_VERSION} (or 1, migrated), got ${describeValue(json.version)}.`, "$.version");
    version = json.version;
    list = json.storylets;
  } else base = "$";
  if (!Array.isArray(list)) fail("NARRATIVE_BAD_INPUT", FN, `expected { version: ${DECK_VERSION}, storylets: [...] } or an array of storylets.`, base);
  // The declared length is checked before anything iterates (a sparse array may declare 2^26 slots).
  readList(FN, list, base, "storylets");
  const seen = new Set<string>();
  const storylets: Storylet[] = [];
  for (let i = 0; i < list.length; i++) {
    const s: unknown = list[i];
    const p = `${base}[${i}]`;
    if (!isRecord(s) || typeof s.id !== "string" || s.id === "") fail("NARRATIVE_BAD_INPUT", FN, `${p} needs a non-empty string id.`, `${p}.id`);
    if (s.id === "__proto__") fail("NARRATIVE_BAD_INPUT", FN, `${p}.id "__proto__" is reserved; rename the storylet.`, `${p}.id`);
    if (seen.has(s.id)) fail("NARRATIVE_BAD_INPUT", FN, `${p}: duplicate id "${s.id}"; ids must be unique.`, `${p}.id`);
    seen.add(s.id);
    const num = (key: string, def: number, ok: (v: number) => boolean, what: string): number => {
      const v = s[key];
      if (v === undefined) return def;
      if (!isFiniteNumber(v) || !ok(v)) fail("NARRATIVE_BAD_INPUT", FN, `${p}.${key} must be ${what}, got ${describeValue(v)}.`, `${p}.${key}`);
      return v;
    };
    // Version 1 called cooldownPlays "cooldown"; later versions reject the old name.
    const cooldownKey = version === 1 ? "cooldown" : "cooldownPlays";
    if (version === 1 && s.cooldownPlays !== undefined)
      fail(
        "NARRATIVE_BAD_INPUT",
        FN,
        `${p}.cooldownPlays is a version ${DECK_VERSION} field; a version 1 deck writes cooldown (or set version to ${DECK_VERSION}).`,
        `${p}.cooldownPlays`,
      );
    if (version !== 1 && s.cooldown !== undefined)
      fail(
        "NARRATIVE_BAD_INPUT",
        FN,
        `${p}.cooldown was renamed cooldownPlays in deck version ${DECK_VERSION} (it counts plays, not seconds); write cooldownPlays.`,
        `${p}.cooldown`,
      );
    if (s.once !== undefined && typeof s.once !== "boolean") fail("NARRATIVE_BAD_INPUT", FN, `${p}.once must be a boolean.`, `${p}.once`);
    if (s.content !== undefined && typeof s.content !== "string") fail("NARRATIVE_BAD_INPUT", FN, `${p}.content must be a string.`, `${p}.content`);
    const tags: string[] = [];
    if (s.tags !== undefined) {
      const raw = readList(FN, s.tags, `${p}.tags`, "strings", 4096);
      for (let k = 0; k < raw.length; k++) {
        const t = raw[k];
        if (typeof t !== "string") fail("NARRATIVE_BAD_INPUT", FN, `${p}.tags must be an array of strings.`, `${p}.tags[${k}]`);
        tags.push(t);
      }
    }
    storylets.push({
      id: s.id,
      conditions: readConditions(FN, s.conditions, `${p}.conditions`),
      effects: readEffects(FN, s.effects, `${p}.effects`),
      salience: num("salience", 0, () => true, "a finite number"),
      weight: num("weight", 1, (v) => v > 0, "a number > 0"),
      cooldownPlays: num(cooldownKey, 0, (v) => v >= 0 && Number.isInteger(v), "an integer ≥ 0"),
      once: s.once ?? false,
      tags,
      content: s.content ?? "",
    });
  }
  return { version: DECK_VERSION, storylets };
}

/**
 * The deck as JSON-safe plain data that {@link storyletDeckFromJson} reads back to an equal deck.
 * @param deck - The deck to copy; read only.
 */
export function storyletDeckToJson(deck: StoryletDeck): { version: 2; storylets: Storylet[] } {
  return JSON.parse(JSON.stringify({ version: deck.version, storylets: deck.storylets })) as { version: 2; storylets: Storylet[] };
}
