import { createRng, isTacticaError } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findRegionName, findSquadDialogue, squadDialoguesFromJson, type SquadMember } from "../src/index.js";

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

  it("region names from the target's last known position; man-down counts from the squad; the down never speak", () => {
    const regions = [
      { name: "behind the crates", minX: 10, minY: -5, maxX: 20, maxY: 5 },
      { name: "on the roof", minX: -50, minY: -50, maxX: 50, maxY: 50 },
    ];
    expect(findRegionName(regions, 15, 0)).toBe("behind the crates");
    expect(findRegionName(regions, 40, 0)).toBe("on the roof");
    expect(findRegionName(regions, 15, 10)).toBe("on the roof"); // below the crates' rectangle
    expect(findRegionName(regions, 15, -10)).toBe("on the roof"); // above it
    expect(findRegionName(regions, 400, 0)).toBeUndefined();
    const members = squad(1);
    const lost = (x: number) =>
      findSquadDialogue(DIALOGUES, { concept: "lostTarget", facts: {}, x: 0, y: 0, members, lastKnown: { x, y: 0 }, regions }, createRng(2))?.lines[1]!.text;
    expect(lost(12)).toBe("He's behind the crates!");
    expect(lost(45)).toBe("He's on the roof!");
    expect(lost(500)).toBe("He's {region}!");
    // Two of four members down: the world fact and slot `down` count them, and they never speak.
    const four: SquadMember[] = [...squad(1), { id: "d1", x: 1, y: 0, facts: { health: 0 } }, { id: "d2", x: 2, y: 0, facts: { down: true } }];
    for (let seed = 0; seed < 20; seed++) {
      const r = findSquadDialogue(DIALOGUES, { concept: "manDown", facts: {}, x: 0, y: 0, members: four }, createRng(seed))!;
      expect(r.lines[0]!.text).toBe("I've got 2 men down!");
      expect(["d1", "d2"]).not.toContain(r.lines[0]!.speaker);
    }
    // Only a and b are up and in range (c is 100 away): the two-line status dialogue still fits; with b down it does not.
    expect(findSquadDialogue(DIALOGUES, { concept: "status", facts: {}, x: 0, y: 0, members: squad(0.3) }, createRng(1))).not.toBeNull();
    expect(findSquadDialogue(DIALOGUES, { concept: "status", facts: {}, x: 0, y: 0, members: squad(0) }, createRng(1))).toBeNull();
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
