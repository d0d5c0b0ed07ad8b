import { createRng } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chooseUtility,
  chooseUtilityBatch,
  createPostSelector,
  createUtilitySet,
  createUtilityState,
  createPersonality,
  explainUtility,
  scorePersonality,
  pickWeighted,
  ratePosts,
  scoreUtility,
  selectDualUtility,
  validateUtility,
  type UtilityDefinition,
} from "../src/index";

const def: UtilityDefinition = {
  version: 1,
  inputs: ["health", "enemyDistance", "ammo"],
  options: [
    { name: "heal", considerations: [{ input: "health", curve: { type: "linear", m: -1, b: 1, input: { min: 0, max: 100 } } }] },
    {
      name: "attack",
      considerations: [
        { input: "ammo", curve: { type: "linear", input: { min: 0, max: 30 } } },
        { input: "enemyDistance", curve: { type: "linear", m: -1, b: 1, input: { min: 0, max: 50 } } },
      ],
    },
    { name: "idle", weight: 0.1, considerations: [{ input: "health", curve: { type: "step", threshold: 0, low: 1, high: 1 } }] },
  ],
};

describe("utility scoring", () => {
  it("multiplies compensated considerations and weights", () => {
    const set = createUtilitySet(def);
    const st = createUtilityState(set);
    const best = scoreUtility(st, set, [25, 25, 15]);
    expect(st.scores[0]).toBeCloseTo(0.75, 12); // one consideration: no compensation (1 − 1/1 = 0)
    // two considerations 0.5 and 0.5: each 0.5 + 0.5·0.5·0.5 = 0.625; product 0.390625
    expect(st.scores[1]).toBeCloseTo(0.390625, 12);
    expect(st.scores[2]).toBeCloseTo(0.1, 12);
    expect(best).toBe(0);
    const noComp = createUtilitySet({ ...def, selection: { compensation: false } });
    const st2 = createUtilityState(noComp);
    scoreUtility(st2, noComp, [25, 25, 15]);
    expect(st2.scores[1]).toBeCloseTo(0.25, 12);
    const b = explainUtility(st, set, [25, 25, 15]);
    expect(b[1]!.considerations.map((c) => [c.input, c.value, c.score])).toEqual([
      ["ammo", 15, 0.625],
      ["enemyDistance", 25, 0.625],
    ]);
  });

  it("momentum keeps the current choice until another option is clearly better", () => {
    const set = createUtilitySet({ ...def, selection: { momentum: 0.25 } });
    const st = createUtilityState(set);
    expect(chooseUtility(st, set, [25, 25, 15])).toBe(0); // heal 0.75
    // attack now slightly better than heal without momentum, but not with it
    // heal 0.7·1.25 = 0.875 vs attack (0.8 → 0.88)·(0.9 → 0.945) = 0.8316
    expect(chooseUtility(st, set, [30, 5, 24])).toBe(0);
    expect(st.scores[0]).toBeCloseTo(0.875, 12);
    expect(st.scores[1]).toBeCloseTo(0.8316, 12);
    expect(chooseUtility(st, set, [60, 0, 30])).toBe(1);
  });

  it("batch choice equals per-agent choice", () => {
    const set = createUtilitySet({ ...def, selection: { momentum: 0.1 } });
    const st = createUtilityState(set);
    const inputs = Float64Array.from({ length: 30 }, (_, i) => (i * 37) % 100);
    const cur = new Int32Array(10).fill(-1);
    chooseUtilityBatch(cur, st, set, inputs);
    for (let a = 0; a < 10; a++) {
      const s = createUtilityState(set);
      expect(cur[a]).toBe(chooseUtility(s, set, inputs, { offset: a * 3 }));
    }
  });

  it("reports definition errors by JSON path", () => {
    const paths = validateUtility({
      version: 1,
      inputs: ["a"],
      options: [
        {
          name: "x",
          considerations: [
            { input: "b", curve: { type: "linear" } },
            {
              input: "a",
              curve: {
                type: "piecewise",
                points: [
                  { x: 0.5, y: 0 },
                  { x: 0.5, y: 1 },
                ],
              },
            },
          ],
        },
      ],
      selection: { mode: "best" },
    }).map((i) => i.path);
    expect(paths).toEqual(["$.options[0].considerations[0].input", "$.options[0].considerations[1].curve.points[1].x", "$.selection.mode"]);
  });
});

describe("dual utility (chapter 3)", () => {
  it("never picks weight 0, only the highest rank, respects the cutoff", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ rank: fc.integer({ min: 0, max: 3 }), w: fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 10, noNaN: true })) }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer(),
        (opts, cutoff, seed) => {
          const rng = createRng(seed);
          const ranks = opts.map((o) => o.rank);
          const ws = opts.map((o) => o.w);
          const mask = new Uint8Array(opts.length);
          const i = selectDualUtility(mask, ranks, ws, opts.length, cutoff, rng);
          const valid = opts.filter((o) => o.w > 0);
          if (valid.length === 0) return i === -1;
          const top = Math.max(...valid.map((o) => o.rank));
          const maxW = Math.max(...valid.filter((o) => o.rank === top).map((o) => o.w));
          expect(ws[i]).toBeGreaterThan(0);
          expect(ranks[i]).toBe(top);
          expect(ws[i]).toBeGreaterThanOrEqual(cutoff * maxW);
          return true;
        },
      ),
    );
  });

  it("Zoo Tycoon ranks: die (1,000,000) trumps everything; frequencies follow weights", () => {
    const rng = createRng(7);
    const mask = new Uint8Array(4);
    expect(selectDualUtility(mask, [0, 5, 1_000_000, 100], [9, 9, 0.01, 9], 4, 0, rng)).toBe(2);
    const counts = [0, 0, 0];
    const N = 30000;
    for (let k = 0; k < N; k++) counts[pickWeighted([1, 2, 3], 3, rng)]!++;
    // chi-squared with 2 degrees of freedom; 13.8 is the 0.1% critical value
    const expected = [N / 6, N / 3, N / 2];
    const chi = counts.reduce((s, c, i) => s + (c - expected[i]!) ** 2 / expected[i]!, 0);
    expect(chi).toBeLessThan(13.8);
    expect(pickWeighted([0, 0], 2, rng)).toBe(-1);
  });

  it("dual mode through a utility set uses rank inputs", () => {
    const set = createUtilitySet({
      version: 1,
      inputs: ["x", "scriptRank"],
      options: [
        { name: "eat", considerations: [{ input: "x", curve: { type: "linear" } }] },
        { name: "show", rankInput: "scriptRank", considerations: [{ input: "x", curve: { type: "linear", m: 0, b: 0.01 } }] },
      ],
      selection: { mode: "dual" },
    });
    const st = createUtilityState(set);
    const rng = createRng(1);
    expect(chooseUtility(st, set, [0.9, 0], { rng }) >= 0).toBe(true);
    for (let k = 0; k < 20; k++) expect(chooseUtility(st, set, [0.9, 100], { rng })).toBe(1);
    expect(() => chooseUtility(st, set, [0.9, 0])).toThrow(/rng/);
  });
});

describe("post selectors (chapter 34)", () => {
  interface Post {
    distance: number;
    pathValid: boolean;
    available: boolean;
  }
  it("rates by the product of criteria; a zero criterion rejects", () => {
    // The chapter's cover selector: path valid × available × distance (3 m → 0 … 5 m → 1). The
    // curve's input range maps metres to [0, 1] first (10 m → 1), so its points sit at 0.3 and 0.5.
    const sel = createPostSelector<Post>(
      {
        name: "cover-near",
        postType: "cover",
        criteria: [
          { criterion: "path-valid" },
          { criterion: "available" },
          {
            property: "distance",
            curve: {
              type: "piecewise",
              points: [
                { x: 0.3, y: 0 },
                { x: 0.5, y: 1 },
              ],
              input: { min: 0, max: 10 },
              clamp: true,
            },
          },
        ],
      },
      { "path-valid": (p) => (p.pathValid ? 1 : 0), available: (p) => (p.available ? 1 : 0) },
    );
    const cover: Post[] = [
      { distance: 10, pathValid: false, available: true }, // no path: rejected
      { distance: 4, pathValid: true, available: true }, // halfway up the ramp: 0.5
      { distance: 2, pathValid: true, available: false }, // taken: rejected
      { distance: 4.5, pathValid: true, available: true }, // 0.75
      { distance: 0.5, pathValid: true, available: true }, // too close: 0
      { distance: 6, pathValid: true, available: true }, // past the ramp: 1
    ];
    const rated = new Float64Array(cover.length);
    expect(ratePosts(rated, sel, cover)).toBe(5);
    expect(Array.from(rated, (r) => Number(r.toFixed(12)))).toEqual([0, 0.5, 0, 0.75, 0, 1]);
    expect(sel.postType).toBe("cover");
    const sel2 = createPostSelector<Post>(
      { name: "d", criteria: [{ criterion: "path-valid" }, { property: "distance", curve: { type: "linear", input: { min: 3, max: 5 } } }] },
      { "path-valid": (p) => (p.pathValid ? 1 : 0) },
    );
    const posts: Post[] = [
      { distance: 10, pathValid: false, available: true },
      { distance: 4, pathValid: true, available: true },
      { distance: 2, pathValid: true, available: true },
      { distance: 4.5, pathValid: true, available: true },
    ];
    const out = new Float64Array(4);
    expect(ratePosts(out, sel2, posts)).toBe(3);
    expect(Array.from(out)).toEqual([0, 0.5, 0, 0.75]);
    expect(() => createPostSelector<Post>({ name: "x", criteria: [{ criterion: "nope" }] })).toThrow(/\$\.criteria\[0\]\.criterion/);
  });
});

describe("personality traits (chapter 23)", () => {
  const p = createPersonality({
    version: 1,
    traits: ["aggression", "safety", "gain"],
    archetypes: { coward: { safety: 1, aggression: -0.5 }, psycho: { aggression: 1 }, defender: { safety: 0.5, gain: 0.5 } },
  });
  // candidates × traits
  const raw = [
    [10, 0, 5], // charge
    [0, 8, 1], // hide
    [4, 4, 9], // take the flag
  ].flat();
  it("each archetype prefers its own kind of move", () => {
    const out = new Float64Array(3);
    expect(scorePersonality(out, p, p.archetypeIndex["psycho"]!, raw, 3)).toBe(0);
    expect(scorePersonality(out, p, p.archetypeIndex["coward"]!, raw, 3)).toBe(1);
    expect(scorePersonality(out, p, p.archetypeIndex["defender"]!, raw, 3)).toBe(2);
  });
  it("normalises each trait column over the candidates (hand values), with no scratch in the shared personality", () => {
    const out = new Float64Array(3);
    scorePersonality(out, p, p.archetypeIndex["psycho"]!, raw, 3);
    expect(Array.from(out)).toEqual([1, 0, 0.4]); // aggression 10, 0, 4 → 1, 0, 0.4
    scorePersonality(out, p, p.archetypeIndex["coward"]!, raw, 3);
    // safety 0, 8, 4 → 0, 1, 0.5; minus half the aggression column.
    expect(out[0]).toBeCloseTo(-0.5, 12);
    expect(out[1]).toBeCloseTo(1, 12);
    expect(out[2]).toBeCloseTo(0.3, 12);
    expect(Object.keys(p).sort()).toEqual(["archetypeIndex", "archetypes", "traits", "weights"]);
  });
  it("only weight ratios matter", () => {
    const q = createPersonality({ version: 1, traits: ["a", "b"], archetypes: { x: { a: 5, b: 10 }, y: { a: 0.2, b: 0.4 } } });
    const r = [1, 0, 0, 0.6, 0.4, 0.3];
    const o1 = new Float64Array(3);
    const o2 = new Float64Array(3);
    expect(scorePersonality(o1, q, 0, r, 3)).toBe(scorePersonality(o2, q, 1, r, 3));
    for (let i = 0; i < 3; i++) expect(o1[i]! / o2[i]!).toBeCloseTo(25);
    expect(() => createPersonality({ version: 1, traits: ["a"], archetypes: { x: { b: 1 } } })).toThrow(/\$\.archetypes\.x\.b/);
  });
});
