// Loaders of @tactica/narrative: storylet decks and deck snapshots, grammars (JSON and text), bark
// and squad-dialogue rule sets, director and merchant snapshots, emotion trajectories, PaSSAGE
// encounter libraries and telemetry metric definitions.
import { createRng, createSnapshotCodecs, registerSnapshotCodec, restoreSnapshot, saveSnapshot } from "@tactica/core";
import {
  addDirectorIntensity,
  barkRulesFromJson,
  createBarkState,
  createDirector,
  createMerchantItem,
  createStoryletState,
  emotionTrajectoryFromJson,
  encountersFromJson,
  expandGrammar,
  findBark,
  grammarFromJson,
  metricDefinitionsFromJson,
  parseGrammar,
  playStorylet,
  restoreDirector,
  restoreMerchantItem,
  restoreStoryletState,
  saveDirector,
  saveStoryletState,
  selectStorylet,
  squadDialoguesFromJson,
  stepDirector,
  storyletDeckFromJson,
  tradeMerchantItem,
  visitMerchantItem,
  analyzeStoryletDeck,
  type Director,
  type MerchantItem,
  type StoryletState,
  directorSnapshotCodec,
  storyletStateSnapshotCodec,
} from "@tactica/narrative";
import fc from "fast-check";
import type { LoaderCase } from "../kit";

const DECK = {
  version: 2,
  storylets: [
    { id: "leave-home", once: true, salience: 9, effects: [{ key: "inForest", op: "set", value: true }], content: "Red leaves home." },
    {
      id: "pick-flowers",
      cooldownPlays: 1,
      weight: 2,
      conditions: [{ key: "inForest", op: "==", value: true }],
      effects: [{ key: "flowers", op: "add", value: 1 }],
    },
    {
      id: "meet-wolf",
      once: true,
      salience: 5,
      tags: ["wolf"],
      conditions: [{ key: "flowers", op: ">=", value: 2 }],
      effects: [{ key: "metWolf", op: "set", value: true }],
    },
  ],
};
const deck = storyletDeckFromJson(DECK);

function playedState(): StoryletState {
  const s = createStoryletState({ gold: 3 });
  const rng = createRng(1);
  for (let i = 0; i < 4; i++) {
    const k = selectStorylet(s, deck, rng);
    if (k >= 0) playStorylet(s, deck, k);
  }
  return s;
}

const storyletDeck: LoaderCase<unknown> = {
  pkg: "narrative",
  name: "storyletDeckFromJson",
  kind: "json",
  seeds: [DECK, DECK.storylets, { version: 2, storylets: [] }, { version: 1, storylets: [{ id: "old", cooldown: 2 }] }],
  // Cycles of effects, dangling qualities, huge salience and cooldown values, deep condition lists.
  wrong: fc
    .record({
      n: fc.integer({ min: 1, max: 30 }),
      cooldown: fc.constantFrom(0, 1, 2 ** 31, 1e15),
      salience: fc.constantFrom(0, -1e308, 1e308),
      dup: fc.boolean(),
    })
    .map(({ n, cooldown, salience, dup }) => ({
      version: 1,
      storylets: Array.from({ length: n }, (_, i) => ({
        id: dup && i === n - 1 ? "s0" : `s${i}`,
        salience,
        cooldown,
        conditions: [{ key: `q${(i + 1) % n}`, op: ">=", value: i }],
        effects: [{ key: `q${i}`, op: "add", value: 1 }],
      })),
    })),
  load: (input) => {
    const d = storyletDeckFromJson(input);
    // The analyser must also stay bounded on whatever the loader accepts.
    analyzeStoryletDeck(d, {}, { maxStates: 200 });
    return d;
  },
};

const storyletRestore: LoaderCase<unknown> = {
  pkg: "narrative",
  name: "restoreStoryletState",
  kind: "json",
  seeds: [saveStoryletState(playedState()), saveStoryletState(createStoryletState())],
  wrong: fc
    .record({
      turn: fc.constantFrom(-1, 1.5, 2 ** 53, 7),
      ids: fc.array(fc.constantFrom("gone", "meet-wolf", "__proto__", "constructor"), { minLength: 0, maxLength: 5 }),
    })
    .map(({ turn, ids }) => ({
      turn,
      qualities: { inForest: true },
      lastPlayed: Object.fromEntries(ids.map((id, i) => [id, i])),
      playCount: Object.fromEntries(ids.map((id) => [id, 1])),
    })),
  target: {
    create: () => playedState(),
    hash: (t) => JSON.stringify(t),
    restore: (t, input) => {
      restoreStoryletState(t as StoryletState, input, { deck });
      selectStorylet(t as StoryletState, deck, createRng(1));
    },
  },
};

const GRAMMAR = {
  origin: ["#[hero:#name#]story#", { text: "#name.capitalize# waits.", weight: 2 }],
  story: "#hero# met #animal.a#. #hero.capitalize# ran.",
  name: ["ada", "bo"],
  animal: [{ text: "wolf", weight: 3 }, "owl"],
};

const grammarJson: LoaderCase<unknown> = {
  pkg: "narrative",
  name: "grammarFromJson",
  kind: "json",
  seeds: [GRAMMAR, { origin: "plain" }],
  // Cycles that never terminate, dangling symbols, deep nesting of tags and actions.
  wrong: fc.record({ depth: fc.integer({ min: 1, max: 3000 }), kind: fc.integer({ min: 0, max: 3 }) }).map(({ depth, kind }) => {
    if (kind === 0) return { origin: "#a#", a: "#b#", b: "x #a#" };
    if (kind === 1) return { origin: "#missing# and #also.s#" };
    if (kind === 2) return { origin: "[k:".repeat(depth) + "x" + "]".repeat(depth) + "#k#" };
    return { origin: "#n#", ...Object.fromEntries(Array.from({ length: Math.min(depth, 100) }, (_, i) => [`s${i}`, `#s${i + 1}# and #s${i + 1}#`])) };
  }),
  load: (input) => {
    const g = grammarFromJson(input);
    expandGrammar(g, createRng(1), { trace: true, maxExpansions: 2000 });
    return g;
  },
};

const grammarText: LoaderCase<string> = {
  pkg: "narrative",
  name: "parseGrammar",
  kind: "text",
  seeds: [JSON.stringify(GRAMMAR, null, 2), '{ "origin": "#a.capitalize.s#", "a": ["x", "y"] }'],
  load: (input) => {
    const g = parseGrammar(input);
    expandGrammar(g, createRng(2));
    return g;
  },
};

const BARKS = [
  { id: "generic", concept: "seeObject", lines: ["What's that?", "Huh."] },
  { id: "class", concept: "seeObject", criteria: [{ key: "object.class", op: "==", value: "barrel" }], lines: ["A barrel."], lineCooldown: 10 },
  { id: "low", concept: "reload", criteria: [{ fact: "ammo", op: "<", value: 3 }], lines: ["Almost dry!"], weight: 2, cooldown: 1 },
];

const barkRules: LoaderCase<unknown> = {
  pkg: "narrative",
  name: "barkRulesFromJson",
  kind: "json",
  seeds: [BARKS, []],
  wrong: fc.oneof(
    fc
      .integer({ min: 1, max: 2000 })
      .map((n) =>
        Array.from({ length: n }, (_, i) => ({ id: i % 7 === 6 ? "dup" : `r${i}`, concept: "c", criteria: [{ key: "k", op: ">", value: i }], lines: ["x"] })),
      ),
    // One fact compared with strings in one rule and numbers in another; the reserved key "concept".
    fc
      .constantFrom<unknown>("medic", 3, true, null)
      .map((value) => [...BARKS, { id: "mixed", concept: "seeObject", criteria: [{ key: "object.class", op: "==", value }], lines: ["x"] }]),
    fc.constantFrom("concept", "__proto__", "constructor").map((key) => [{ id: "k", concept: "c", criteria: [{ key, op: "==", value: "c" }], lines: ["x"] }]),
  ),
  load: (input) => {
    const rules = barkRulesFromJson(input);
    // The compiled decision engine must answer a query for every concept (all facts at their defaults).
    for (const concept of Object.keys(rules.byConcept).slice(0, 8)) findBark(createBarkState(), rules, { concept, facts: {} }, createRng(1));
    return rules;
  },
};

const SQUAD = [
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
];

const squadDialogues: LoaderCase<unknown> = {
  pkg: "narrative",
  name: "squadDialoguesFromJson",
  kind: "json",
  seeds: [SQUAD],
  load: (input) => squadDialoguesFromJson(input),
};

function busyDirector(): Director {
  const d = createDirector({ relaxDistance: 50, seed: 3 });
  addDirectorIntensity(d, 1.2);
  for (let i = 0; i < 10; i++) stepDirector(d, 0.5, { distance: 1 });
  return d;
}

const directorRestore: LoaderCase<unknown> = {
  pkg: "narrative",
  name: "restoreDirector",
  kind: "json",
  seeds: [saveDirector(busyDirector()), saveDirector(createDirector())],
  target: {
    create: () => busyDirector(),
    hash: (t) => JSON.stringify(saveDirector(t as Director)),
    save: (t) => saveDirector(t as Director),
    restore: (t, input) => {
      restoreDirector(t as Director, input);
      stepDirector(t as Director, 0.1);
    },
  },
};

function visitedMerchant(): MerchantItem {
  const m = createMerchantItem(1, 1 / 0.98, { reserve: 5, offset: 1 });
  const rng = createRng(4);
  visitMerchantItem(m, 0, rng);
  tradeMerchantItem(m, -Math.min(3, m.count));
  visitMerchantItem(m, 2, rng);
  return m;
}

const merchantRestore: LoaderCase<unknown> = {
  pkg: "narrative",
  name: "restoreMerchantItem",
  kind: "json",
  seeds: [JSON.parse(JSON.stringify(visitedMerchant())) as unknown, JSON.parse(JSON.stringify(createMerchantItem(0.5, 1))) as unknown],
  target: {
    create: () => visitedMerchant(),
    hash: (t) => JSON.stringify(t),
    restore: (t, input) => {
      restoreMerchantItem(t as MerchantItem, input);
      visitMerchantItem(t as MerchantItem, (t as MerchantItem).time + 1, createRng(1));
    },
  },
};

const trajectory: LoaderCase<unknown> = {
  pkg: "narrative",
  name: "emotionTrajectoryFromJson",
  kind: "json",
  seeds: [
    {
      keys: [
        { time: 0, hope: 0.2 },
        { time: 10, fear: 0.8, joy: 0.1 },
        { time: 20, distress: 1 },
      ],
    },
  ],
  load: (input) => emotionTrajectoryFromJson(input),
};

const encounters: LoaderCase<unknown> = {
  pkg: "narrative",
  name: "encountersFromJson",
  kind: "json",
  seeds: [
    [
      {
        id: "trader",
        conditions: [{ key: "inTown", op: "==", value: true }],
        branches: [
          { id: "haggle", annotation: [0, 0.2, 0, 0.3, 0.9], parameters: { rumour: [{ value: "bandit camp", annotation: [1, 0, 0, 0.5, 0] }] } },
          { id: "story", annotation: [0, 0.8, 0.9, 0, 0], content: "A tale." },
        ],
      },
      { id: "ambush", once: false, branches: [{ id: "fight", annotation: [1, 0, 0, 0.2, 0] }] },
    ],
  ],
  load: (input) => encountersFromJson(input),
};

const metrics: LoaderCase<unknown> = {
  pkg: "narrative",
  name: "metricDefinitionsFromJson",
  kind: "json",
  seeds: [
    [
      { name: "kills", kind: "count", event: "kill" },
      { name: "kd", kind: "ratio", event: "kill", denominator: "death", smoothing: 1 },
      { name: "dps", kind: "rate", event: "damage" },
      { name: "acc", kind: "ratio", event: "hit", denominator: "shot", byValue: true, smoothing: 0 },
    ],
  ],
  load: (input) => metricDefinitionsFromJson(input),
};

/** The snapshot envelope (core) over narrative's codecs: storylet state and director in one save. */
const NARRATIVE_CODECS = createSnapshotCodecs();
registerSnapshotCodec(NARRATIVE_CODECS, "story", storyletStateSnapshotCodec);
registerSnapshotCodec(NARRATIVE_CODECS, "director", directorSnapshotCodec);

interface NarrativeWorld {
  story: StoryletState;
  director: Director;
}

const narrativeEnvelope = (w: NarrativeWorld, tick: number): unknown => JSON.parse(JSON.stringify(saveSnapshot(NARRATIVE_CODECS, { ...w }, { tick })));
const goodNarrative = narrativeEnvelope({ story: playedState(), director: busyDirector() }, 30) as {
  sections: Record<string, { version: number; data: unknown }>;
};

const snapshotCodecs: LoaderCase<unknown> = {
  pkg: "narrative",
  name: "storyletStateSnapshotCodec+directorSnapshotCodec",
  kind: "json",
  seeds: [
    narrativeEnvelope({ story: playedState(), director: busyDirector() }, 30),
    narrativeEnvelope({ story: createStoryletState(), director: createDirector() }, 0),
  ],
  // Well-formed but wrong: the sections swapped, a newer section version, a missing section.
  wrong: fc.oneof(
    fc.constant({ ...goodNarrative, sections: { story: goodNarrative.sections["director"], director: goodNarrative.sections["story"] } }),
    fc.constant({ ...goodNarrative, sections: { ...goodNarrative.sections, director: { version: 9, data: goodNarrative.sections["director"]!.data } } }),
    fc.constant({ ...goodNarrative, sections: { story: goodNarrative.sections["story"] } }),
  ),
  target: {
    create: () => ({ story: playedState(), director: busyDirector() }),
    hash: (t) => JSON.stringify([(t as NarrativeWorld).story, saveDirector((t as NarrativeWorld).director)]),
    restore: (t, input) => {
      restoreSnapshot(NARRATIVE_CODECS, { ...(t as NarrativeWorld) }, input);
      stepDirector((t as NarrativeWorld).director, 0.1);
    },
  },
};

/**
 * Every loader of the package, for the unit suite and `pnpm fuzz`. Narrative opts in to the
 * stricter contract: every rejection names a JSON path starting with `$` (or a text line).
 */
export const cases: readonly LoaderCase<unknown>[] = (
  [
    storyletDeck,
    storyletRestore,
    grammarJson,
    grammarText,
    barkRules,
    squadDialogues,
    directorRestore,
    merchantRestore,
    trajectory,
    encounters,
    metrics,
    snapshotCodecs,
  ] as LoaderCase<unknown>[]
).map((c) => ({ ...c, jsonPaths: true }));
