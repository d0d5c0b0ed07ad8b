import { readConditions, readEffects } from "../conditions.js";
import { fail, isFiniteNumber, isRecord } from "../internal/fail.js";
import type { Storylet, StoryletDeck } from "./types.js";

const FN = "storyletDeckFromJson";

/**
 * Validates a storylet set written as JSON (`{ version: 1, storylets: [...] }`, or a bare array of
 * storylets) and fills the defaults. Throws `TacticaError` `NARRATIVE_BAD_INPUT` naming the JSON
 * path of the first problem (duplicate ids included).
 *
 * @example
 * ```ts
 * const deck = storyletDeckFromJson([{ id: "intro", effects: [{ key: "act", op: "set", value: 1 }] }]);
 * deck.storylets[0].salience; // → 0 (default)
 * ```
 */
export function storyletDeckFromJson(json: unknown): StoryletDeck {
  let list: unknown = json;
  let base = "$.storylets";
  if (isRecord(json)) {
    if (json.version !== 1) fail("NARRATIVE_BAD_INPUT", FN, `version must be 1, got ${JSON.stringify(json.version)}.`, "$.version");
    list = json.storylets;
  } else base = "$";
  if (!Array.isArray(list)) fail("NARRATIVE_BAD_INPUT", FN, "expected { version: 1, storylets: [...] } or an array of storylets.", base);
  const seen = new Set<string>();
  const storylets = list.map((s: unknown, i): Storylet => {
    const p = `${base}[${i}]`;
    if (!isRecord(s) || typeof s.id !== "string" || s.id === "") fail("NARRATIVE_BAD_INPUT", FN, `${p} needs a non-empty string id.`, `${p}.id`);
    if (s.id === "__proto__") fail("NARRATIVE_BAD_INPUT", FN, `${p}.id "__proto__" is reserved; rename the storylet.`, `${p}.id`);
    if (seen.has(s.id)) fail("NARRATIVE_BAD_INPUT", FN, `${p}: duplicate id "${s.id}"; ids must be unique.`, `${p}.id`);
    seen.add(s.id);
    const num = (key: string, def: number, ok: (v: number) => boolean, what: string): number => {
      const v = s[key];
      if (v === undefined) return def;
      if (!isFiniteNumber(v) || !ok(v)) fail("NARRATIVE_BAD_INPUT", FN, `${p}.${key} must be ${what}, got ${JSON.stringify(v)}.`, `${p}.${key}`);
      return v;
    };
    if (s.once !== undefined && typeof s.once !== "boolean") fail("NARRATIVE_BAD_INPUT", FN, `${p}.once must be a boolean.`, `${p}.once`);
    if (s.content !== undefined && typeof s.content !== "string") fail("NARRATIVE_BAD_INPUT", FN, `${p}.content must be a string.`, `${p}.content`);
    if (s.tags !== undefined && !(Array.isArray(s.tags) && s.tags.every((t) => typeof t === "string")))
      fail("NARRATIVE_BAD_INPUT", FN, `${p}.tags must be an array of strings.`, `${p}.tags`);
    return {
      id: s.id,
      conditions: readConditions(FN, s.conditions, `${p}.conditions`),
      effects: readEffects(FN, s.effects, `${p}.effects`),
      salience: num("salience", 0, () => true, "a finite number"),
      weight: num("weight", 1, (v) => v > 0, "a number > 0"),
      cooldown: num("cooldown", 0, (v) => v >= 0 && Number.isInteger(v), "an integer ≥ 0"),
      once: s.once ?? false,
      tags: [...(s.tags ?? [])],
      content: s.content ?? "",
    };
  });
  return { version: 1, storylets };
}

/** The deck as JSON-safe plain data that {@link storyletDeckFromJson} reads back to an equal deck. */
export function storyletDeckToJson(deck: StoryletDeck): { version: 1; storylets: Storylet[] } {
  return JSON.parse(JSON.stringify({ version: deck.version, storylets: deck.storylets })) as { version: 1; storylets: Storylet[] };
}
