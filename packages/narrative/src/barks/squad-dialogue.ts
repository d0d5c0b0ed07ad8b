import { rngInt, type Rng } from "@tactica/core";
import { matchConditions, readConditions } from "../conditions.js";
import { fail, isFiniteNumber, isRecord, readList } from "../internal/fail.js";
import type { Condition, Qualities } from "../types.js";

/** One line of a squad dialogue: who may say it and what they say, by their state. */
export interface SquadDialogueLine {
  /** Criteria on the speaker's facts (the role slot). The speaker is never one who spoke earlier in the dialogue. */
  speaker: Condition[];
  /** Variants: the first whose criteria match the speaker's facts is said ("I'm hit!" / "I'm alright!"). `{name}` fills from the query's slots. */
  variants: { criteria: Condition[]; text: string }[];
}

/** A canned squad dialogue of a few lines (chapter 2, F.E.A.R.). */
export interface SquadDialogue {
  /** Unique id. */
  id: string;
  /** The concept it answers. */
  concept: string;
  /** Criteria on the world facts. */
  trigger: Condition[];
  /** Squad members needed within `radius` of the query's position. */
  minMembers: number;
  /** Proximity radius. */
  radius: number;
  /** The lines in order (2 or 3 in F.E.A.R.). */
  lines: SquadDialogueLine[];
}

/** A squad member as the dialogue sees it. */
export interface SquadMember {
  /** Id. */
  id: string;
  /** Position x. */
  x: number;
  /** Position y. */
  y: number;
  /** Facts about the member (`health`, `injured`, `class`…). */
  facts: Qualities;
}

/** A named area of the level (an axis-aligned rectangle), for `{region}` callouts ("He's behind the crates!"). */
export interface SquadRegion {
  /** What the squad calls it ("behind the crates"). */
  name: string;
  /** Left edge. */
  minX: number;
  /** Top edge. */
  minY: number;
  /** Right edge. */
  maxX: number;
  /** Bottom edge. */
  maxY: number;
}

/**
 * The name of the first region containing (`x`, `y`), or `undefined` (chapter 2: callouts name the
 * region of the target's last known position).
 *
 * @param regions - The named rectangles (edges inclusive, world units), tried in order.
 * @param x - Point x in the regions' units, e.g. the target's last known position.
 * @param y - Point y in the regions' units.
 * @example
 * ```ts
 * const regions = [{ name: "behind the crates", minX: 0, minY: 0, maxX: 10, maxY: 5 }];
 * findRegionName(regions, 4, 2); // → "behind the crates"
 * findRegionName(regions, 40, 2); // → undefined
 * ```
 */
export function findRegionName(regions: readonly SquadRegion[], x: number, y: number): string | undefined {
  for (const r of regions) if (x >= r.minX && x <= r.maxX && y >= r.minY && y <= r.maxY) return r.name;
  return undefined;
}

/** @internal A member who is down: `down` fact true, or a `health` fact ≤ 0. */
function isDown(m: SquadMember): boolean {
  const h = m.facts["health"];
  return m.facts["down"] === true || (typeof h === "number" && h <= 0);
}

/** A squad dialogue query. */
export interface SquadDialogueQuery {
  /** The concept. */
  concept: string;
  /** World facts the triggers read. */
  facts: Qualities;
  /** Where the squad is (proximity is measured from here). */
  x: number;
  /** See `x`. */
  y: number;
  /** The squad. */
  members: readonly SquadMember[];
  /** Values for `{name}` slots: the target's last known region, a man-down count… */
  slots?: Record<string, string | number>;
  /** The target's last known position: with `regions`, fills the `{region}` slot when `slots` has none. */
  lastKnown?: { x: number; y: number };
  /** Named regions of the level for `lastKnown`. */
  regions?: readonly SquadRegion[];
}

/** A dialogue to play: who says what, in order. */
export interface SquadDialogueResult {
  /** The dialogue's id. */
  dialogueId: string;
  /** The lines. */
  lines: { speaker: string; text: string }[];
}

const FN = "squadDialoguesFromJson";

/**
 * Validates squad dialogues written as JSON. Throws `NARRATIVE_BAD_INPUT` naming the JSON path.
 * @param json - Parsed JSON: an array of dialogues `{ id, concept, trigger?, minMembers?, radius?, lines }`. Validated in full.
 */
export function squadDialoguesFromJson(json: unknown): SquadDialogue[] {
  if (!Array.isArray(json)) fail("NARRATIVE_BAD_INPUT", FN, "expected an array of dialogues.", "$");
  // Declared lengths are checked first; Array.from visits holes (as undefined, refused), map would skip them.
  readList(FN, json, "$", "dialogues");
  return Array.from(json, (d: unknown, i): SquadDialogue => {
    const p = `$[${i}]`;
    if (!isRecord(d) || typeof d.id !== "string" || d.id === "") fail("NARRATIVE_BAD_INPUT", FN, `${p} needs a non-empty string id.`, `${p}.id`);
    if (typeof d.concept !== "string" || d.concept === "") fail("NARRATIVE_BAD_INPUT", FN, `${p}.concept must be a non-empty string.`, `${p}.concept`);
    const minMembers = (d.minMembers ?? 1) as number;
    if (!Number.isInteger(minMembers) || minMembers < 1) fail("NARRATIVE_BAD_INPUT", FN, `${p}.minMembers must be an integer ≥ 1.`, `${p}.minMembers`);
    const radius = d.radius ?? Infinity;
    if (typeof radius !== "number" || Number.isNaN(radius) || radius <= 0) fail("NARRATIVE_BAD_INPUT", FN, `${p}.radius must be a number > 0.`, `${p}.radius`);
    if (!Array.isArray(d.lines) || d.lines.length === 0) fail("NARRATIVE_BAD_INPUT", FN, `${p}.lines must be a non-empty array.`, `${p}.lines`);
    if (minMembers < d.lines.length)
      fail(
        "NARRATIVE_BAD_INPUT",
        FN,
        `${p}.minMembers (${minMembers}) must be at least the number of lines (${d.lines.length}): each line has its own speaker.`,
        `${p}.minMembers`,
      );
    readList(FN, d.lines, `${p}.lines`, "lines", 4096);
    const lines = Array.from(d.lines, (l: unknown, j): SquadDialogueLine => {
      const lp = `${p}.lines[${j}]`;
      if (!isRecord(l) || !Array.isArray(l.variants) || l.variants.length === 0)
        fail("NARRATIVE_BAD_INPUT", FN, `${lp}.variants must be a non-empty array of { criteria?, text }.`, `${lp}.variants`);
      return {
        speaker: readConditions(FN, l.speaker, `${lp}.speaker`),
        variants: Array.from(readList(FN, l.variants, `${lp}.variants`, "variants", 4096), (v: unknown, k) => {
          if (!isRecord(v) || typeof v.text !== "string")
            fail("NARRATIVE_BAD_INPUT", FN, `${lp}.variants[${k}] needs a string text.`, `${lp}.variants[${k}].text`);
          return { criteria: readConditions(FN, v.criteria, `${lp}.variants[${k}].criteria`), text: v.text };
        }),
      };
    });
    return { id: d.id, concept: d.concept, trigger: readConditions(FN, d.trigger, `${p}.trigger`), minMembers, radius, lines };
  });
}

function fill(text: string, slots: Readonly<Record<string, string | number>> | undefined): string {
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (slots !== undefined && slots[name] !== undefined ? String(slots[name]) : m));
}

/**
 * Picks a squad dialogue for `query`: the first dialogue of the concept (authoring order) whose
 * trigger holds, with at least `minMembers` members within `radius`, and a distinct speaker for
 * every line (seeded pick among the members in range whose facts fit the line's role). Each line's
 * text is its first variant matching the speaker's facts, with `{slots}` filled. Returns `null` when
 * nothing fits (play a single bark instead).
 *
 * Members who are down (fact `down: true`, or `health` ≤ 0) never speak and do not count toward
 * `minMembers`; their number fills the `{down}` slot and the world fact `down` unless the query
 * gives them (man-down callouts). With `lastKnown` and `regions`, the `{region}` slot names the
 * region of the target's last known position ({@link findRegionName}) unless `slots.region` is set.
 *
 * @param dialogues - The dialogues from {@link squadDialoguesFromJson}, tried in authoring order.
 * @param query - The event: `concept`, world `facts`, the squad position `x`, `y` (finite, world units; `radius` is measured from it), the
 *   `members`, and optional `slots`, `lastKnown` and `regions` for the `{name}` placeholders.
 * @param rng - Generator; draws to pick each line's speaker among the fitting members.
 * @example
 * ```ts
 * const dialogues = squadDialoguesFromJson([{
 *   id: "status", concept: "status", minMembers: 2, radius: 20,
 *   lines: [
 *     { speaker: [{ key: "injured", op: "==", value: false }], variants: [{ text: "What's your status?" }] },
 *     { speaker: [{ key: "injured", op: "==", value: true }],
 *       variants: [{ criteria: [{ key: "health", op: "<", value: 0.5 }], text: "I'm hit!" }, { text: "I'm alright!" }] },
 *   ],
 * }]);
 * const members = [
 *   { id: "a", x: 0, y: 0, facts: { injured: false, health: 1 } },
 *   { id: "b", x: 5, y: 0, facts: { injured: true, health: 0.3 } },
 * ];
 * const r = findSquadDialogue(dialogues, { concept: "status", facts: {}, x: 0, y: 0, members }, createRng(1));
 * r?.lines; // → [{ speaker: "a", text: "What's your status?" }, { speaker: "b", text: "I'm hit!" }]
 * ```
 */
export function findSquadDialogue(dialogues: readonly SquadDialogue[], query: SquadDialogueQuery, rng: Rng): SquadDialogueResult | null {
  if (!isFiniteNumber(query.x) || !isFiniteNumber(query.y))
    fail("INVALID_ARGUMENT", "findSquadDialogue", "query.x and query.y must be finite numbers.", "query.x");
  const down = query.members.reduce((n, m) => n + (isDown(m) ? 1 : 0), 0);
  const facts = query.facts["down"] === undefined ? { ...query.facts, down } : query.facts;
  const slots: Record<string, string | number> = { down, ...query.slots };
  if (slots["region"] === undefined && query.lastKnown !== undefined && query.regions !== undefined) {
    const region = findRegionName(query.regions, query.lastKnown.x, query.lastKnown.y);
    if (region !== undefined) slots["region"] = region;
  }
  for (const d of dialogues) {
    if (d.concept !== query.concept || !matchConditions(d.trigger, facts)) continue;
    const inRange = query.members.filter((m) => !isDown(m) && Math.hypot(m.x - query.x, m.y - query.y) <= d.radius);
    if (inRange.length < d.minMembers) continue;
    const used = new Set<string>();
    const lines: { speaker: string; text: string }[] = [];
    for (const line of d.lines) {
      const candidates = inRange.filter((m) => !used.has(m.id) && matchConditions(line.speaker, m.facts));
      if (candidates.length === 0) break;
      const speaker = candidates[candidates.length === 1 ? 0 : rngInt(rng, 0, candidates.length - 1)]!;
      const variant = line.variants.find((v) => matchConditions(v.criteria, speaker.facts));
      if (variant === undefined) break;
      used.add(speaker.id);
      lines.push({ speaker: speaker.id, text: fill(variant.text, slots) });
    }
    if (lines.length === d.lines.length) return { dialogueId: d.id, lines };
  }
  return null;
}
