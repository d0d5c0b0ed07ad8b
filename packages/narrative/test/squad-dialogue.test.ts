import { createRng, isTacticaError } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findSquadDialogue, squadDialoguesFromJson, type SquadMember } from "../src/index.js";

const DIALOGUES = squadDialoguesFromJson([
  {
    id: "status",
    concept: "status",
    minMembers: 2,
    radius: 20,
    lines: [
      { speaker: [{ key: "injured", op: "==", value: false }], variants: [{ text: "What's your status?" }] },
      {
        speaker: [{ key: "injured", op: "==", value: true }],
        variants: [{ criteria: [{ key: "health", op: "<", value: 0.5 }], text: "I'm hit!" }, { text: "I'm alright!" }],
      },
    ],
  },
  {
    id: "where",
    concept: "lostTarget",
    minMembers: 2,
    radius: 30,
    lines: [{ variants: [{ text: "Anyone see him?" }] }, { variants: [{ text: "He's {region}!" }] }],
  },
  { id: "men-down", concept: "manDown", trigger: [{ key: "down", op: ">=", value: 2 }], lines: [{ variants: [{ text: "I've got {down} men down!" }] }] },
  { id: "man-down", concept: "manDown", trigger: [{ key: "down", op: "==", value: 1 }], lines: [{ variants: [{ text: "Man down!" }] }] },
]);

const squad = (health: number): SquadMember[] => [
  { id: "a", x: 0, y: 0, facts: { injured: false, health: 1 } },
  { id: "b", x: 5, y: 0, facts: { injured: true, health } },
  { id: "c", x: 100, y: 0, facts: { injured: false, health: 1 } },
];

describe("squad dialogue (chapter 2)", () => {
  it("replies by state: I'm hit! / I'm alright!", () => {
    const q = (health: number) => ({ concept: "status", facts: {}, x: 0, y: 0, members: squad(health) });
    expect(findSquadDialogue(DIALOGUES, q(0.3), createRng(1))?.lines).toEqual([
      { speaker: "a", text: "What's your status?" },
      { speaker: "b", text: "I'm hit!" },
    ]);
    expect(findSquadDialogue(DIALOGUES, q(0.9), createRng(1))?.lines[1]).toEqual({ speaker: "b", text: "I'm alright!" });
  });

  it("fires only with enough members in range", () => {
    const members = squad(0.3).map((m) => (m.id === "b" ? { ...m, x: 50 } : m));
    expect(findSquadDialogue(DIALOGUES, { concept: "status", facts: {}, x: 0, y: 0, members }, createRng(1))).toBeNull();
  });

  it("fills region names and man-down counts from slots and facts; triggers pick the variant dialogue", () => {
    const r = findSquadDialogue(
      DIALOGUES,
      { concept: "lostTarget", facts: {}, x: 0, y: 0, members: squad(1), slots: { region: "behind the tree" } },
      createRng(2),
    );
    expect(r?.lines.map((l) => l.text)).toEqual(["Anyone see him?", "He's behind the tree!"]);
    expect(
      findSquadDialogue(DIALOGUES, { concept: "manDown", facts: { down: 2 }, x: 0, y: 0, members: squad(1), slots: { down: "two" } }, createRng(1))?.lines[0]!
        .text,
    ).toBe("I've got two men down!");
    expect(findSquadDialogue(DIALOGUES, { concept: "manDown", facts: { down: 1 }, x: 0, y: 0, members: squad(1) }, createRng(1))?.dialogueId).toBe("man-down");
  });

  it("property: the second speaker is never the first", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 0, max: 999 }), (n, seed) => {
        const members = Array.from({ length: n }, (_, i) => ({ id: `m${i}`, x: i, y: 0, facts: {} }));
        const r = findSquadDialogue(DIALOGUES, { concept: "lostTarget", facts: {}, x: 0, y: 0, members, slots: { region: "up" } }, createRng(seed));
        return r !== null && r.lines[0]!.speaker !== r.lines[1]!.speaker;
      }),
      { numRuns: 100 },
    );
  });

  it("rejects bad dialogues with the JSON path", () => {
    const code = (json: unknown): string | undefined => {
      try {
        squadDialoguesFromJson(json);
      } catch (e) {
        return isTacticaError(e) ? `${e.code} ${e.path ?? ""}` : String(e);
      }
      return undefined;
    };
    expect(code([{ id: "x", concept: "c", minMembers: 1, lines: [{ variants: [{ text: "a" }] }, { variants: [{ text: "b" }] }] }])).toBe(
      "NARRATIVE_BAD_INPUT $[0].minMembers",
    );
    expect(code([{ id: "x", concept: "c", lines: [{ variants: [] }] }])).toBe("NARRATIVE_BAD_INPUT $[0].lines[0].variants");
    expect(code([{ id: "x", concept: "c", radius: 0, lines: [{ variants: [{ text: "a" }] }] }])).toBe("NARRATIVE_BAD_INPUT $[0].radius");
  });
});
