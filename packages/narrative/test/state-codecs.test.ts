import { createRngStream, createSnapshotCodecs, isTacticaError, registerSnapshotCodec, restoreSnapshot, rngFloat, saveSnapshot, type Rng } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  addDirectorIntensity,
  createDirector,
  createStoryletState,
  directorSnapshotCodec,
  drawStorylet,
  playStorylet,
  saveDirector,
  saveStoryletState,
  stepDirector,
  storyletDeckFromJson,
  storyletStateSnapshotCodec,
  type Director,
  type StoryletState,
} from "../src/index";

const deck = storyletDeckFromJson([
  { id: "calm", weight: 3, cooldownPlays: 2, effects: [{ key: "tension", op: "add", value: 1 }] },
  { id: "rumor", weight: 2, effects: [{ key: "tension", op: "add", value: 2 }] },
  { id: "ambush", salience: 5, conditions: [{ key: "tension", op: ">=", value: 6 }], effects: [{ key: "tension", op: "set", value: 0 }] },
  { id: "finale", salience: 9, once: true, conditions: [{ key: "tension", op: ">=", value: 9 }] },
]);

interface World {
  story: StoryletState;
  director: Director;
}

const codecs = createSnapshotCodecs();
registerSnapshotCodec(codecs, "story", storyletStateSnapshotCodec);
registerSnapshotCodec(codecs, "director", directorSnapshotCodec);

function createWorld(seed: number): World {
  return { story: createStoryletState({ tension: 0 }), director: createDirector({ relaxMin: 2, relaxMax: 4, sustainMin: 1, sustainMax: 2, seed: seed }) };
}

/** One tick; returns a fingerprint of the state after it. */
function step(w: World, rng: Rng, t: number): string {
  if (t % 5 === 0) drawStorylet(w.story, deck, rng);
  if (rngFloat(rng, 0, 1) < 0.08) addDirectorIntensity(w.director, rngFloat(rng, 0.1, 0.9));
  stepDirector(w.director, 0.1, { distance: rngFloat(rng, 0, 2) });
  return JSON.stringify([saveStoryletState(w.story), saveDirector(w.director)]);
}

describe("storyletStateSnapshotCodec and directorSnapshotCodec", () => {
  const N = 600;
  const K = 233;

  it("save at tick k, restore into a world of another seed, run to N: every tick equals the uninterrupted run", () => {
    const a = createWorld(1);
    const ra = { story: createRngStream(3, "story") };
    const trace: string[] = [];
    let snap: unknown;
    for (let t = 0; t < N; t++) {
      if (t === K) snap = JSON.parse(JSON.stringify(saveSnapshot(codecs, { ...a }, { tick: t, rng: ra })));
      trace.push(step(a, ra.story, t));
    }
    expect(new Set(trace.map((s) => (JSON.parse(s) as [unknown, { phase: string }])[1].phase)).size).toBeGreaterThanOrEqual(3);
    const b = createWorld(2);
    const rb = { story: createRngStream(4, "story") };
    const k = restoreSnapshot(codecs, { ...b }, snap, { rng: rb });
    expect(k).toBe(K);
    for (let t = k; t < N; t++) expect(step(b, rb.story, t)).toBe(trace[t]);
  });

  it("the @examples", () => {
    const d = storyletDeckFromJson([{ id: "intro", once: true, effects: [{ key: "act", op: "set", value: 2 }] }]);
    const state = createStoryletState({ act: 1 });
    playStorylet(state, d, 0);
    const director = createDirector({ relaxMin: 30, relaxMax: 45, seed: 1 });
    addDirectorIntensity(director, 1.2);
    stepDirector(director, 0.1);
    const snap: unknown = JSON.parse(JSON.stringify(saveSnapshot(codecs, { story: state, director }, { tick: 9 })));
    const copy = createStoryletState();
    const dcopy = createDirector({ seed: 2 });
    restoreSnapshot(codecs, { story: copy, director: dcopy }, snap);
    expect(copy.qualities["act"]).toBe(2);
    expect(dcopy.phase).toBe("sustain-peak");
  });

  it("broken data is CORE_SNAPSHOT at the section's JSON path, and nothing changes (the story section is put back)", () => {
    const a = createWorld(1);
    const rng = createRngStream(8, "story");
    for (let t = 0; t < 50; t++) step(a, rng, t);
    const good = JSON.stringify(saveSnapshot(codecs, { ...a }, { tick: 50 }));
    const target = createWorld(5);
    for (let t = 0; t < 20; t++) step(target, rng, t);
    const before = JSON.stringify([saveStoryletState(target.story), saveDirector(target.director)]);
    const cases: [(s: { sections: { story: { data: Record<string, unknown> }; director: { data: Record<string, unknown> } } }) => void, string][] = [
      [(s) => (s.sections.director.data["phase"] = "party"), "$.sections.director.data.phase"],
      [(s) => (s.sections.director.data["rng"] = [0, 0, 0, 0]), "$.sections.director.data.rng"],
      [(s) => (s.sections.story.data["turn"] = -1), "$.sections.story.data.turn"],
    ];
    for (const [mutate, path] of cases) {
      const bad = JSON.parse(good) as Parameters<typeof mutate>[0];
      mutate(bad);
      let err: unknown;
      try {
        restoreSnapshot(codecs, { ...target }, bad);
      } catch (e) {
        err = e;
      }
      expect(isTacticaError(err, "CORE_SNAPSHOT")).toBe(true);
      expect((err as { path: string }).path).toBe(path);
      expect(JSON.stringify([saveStoryletState(target.story), saveDirector(target.director)])).toBe(before);
    }
  });
});
