import { isTacticaError } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDirectorIntensity, createDirector, getDirectorSpawnBudget, restoreDirector, saveDirector, stepDirector, type DirectorPhase } from "../src/index.js";

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return isTacticaError(e) ? `${e.code} ${e.path ?? ""}` : `other: ${String(e)}`;
  }
  return undefined;
}

interface Span {
  phase: DirectorPhase;
  length: number;
}

/** Runs a synthetic intensity trace: a hit of `hit` every `every` seconds while in build-up. */
function trace(seed: number, seconds: number, dt = 0.05, hit = 0.3, every = 1, speed = 0): Span[] {
  const d = createDirector({ seed: seed });
  const spans: Span[] = [{ phase: d.phase, length: 0 }];
  let sinceHit = 0;
  for (let t = 0; t < seconds; t += dt) {
    sinceHit += dt;
    if (sinceHit >= every && d.phase === "build-up") {
      addDirectorIntensity(d, hit);
      sinceHit = 0;
    }
    const before = d.phase;
    stepDirector(d, dt, { distance: speed * dt });
    const last = spans[spans.length - 1]!;
    if (d.phase === before) last.length += dt;
    else spans.push({ phase: d.phase, length: 0 });
  }
  return spans;
}

describe("AI director", () => {
  it("cycles build-up → sustain-peak → peak-fade → relax with sustain in [3, 5] s and relax in [30, 45] s", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const spans = trace(seed, 300);
      const order = ["build-up", "sustain-peak", "peak-fade", "relax"];
      spans.forEach((s, i) => expect(s.phase).toBe(order[i % 4]));
      const complete = spans.slice(0, -1);
      expect(complete.filter((s) => s.phase === "relax").length).toBeGreaterThanOrEqual(3);
      for (const s of complete) {
        const [lo, hi] = s.phase === "sustain-peak" ? [3, 5] : s.phase === "relax" ? [30, 45] : [0, Infinity];
        expect(s.length).toBeGreaterThanOrEqual(lo - 1e-9);
        expect(s.length).toBeLessThanOrEqual(hi + 0.051);
      }
    }
  });

  it("relax ends early once the players travelled relaxDistance (counted afresh in each relax)", () => {
    const d = createDirector({ relaxDistance: 100, seed: 1 });
    for (let round = 0; round < 2; round++) {
      addDirectorIntensity(d, 1.5);
      while (d.phase !== "relax") stepDirector(d, 0.1, { distance: 1 });
      let t = 0;
      while (d.phase === "relax") {
        stepDirector(d, 0.1, { distance: 1 }); // 10 units per second
        t += 0.1;
      }
      expect(t).toBeGreaterThan(9.8);
      expect(t).toBeLessThan(10.2);
      expect(d.phase).toBe("build-up");
    }
  });

  it("peak fade ends on the step intensity falls below fadeBelow", () => {
    const d = createDirector({ fadeBelow: 0.6, decayPerSecond: 0.1, seed: 2 });
    addDirectorIntensity(d, 1.5);
    let prev = d.intensity;
    while (d.phase !== "relax") {
      prev = d.intensity;
      stepDirector(d, 0.05);
      if (d.phase === "peak-fade") expect(d.intensity).toBeGreaterThanOrEqual(0.6);
    }
    expect(d.intensity).toBeLessThan(0.6);
    expect(prev).toBeGreaterThanOrEqual(0.6);
  });

  it("intensity decays linearly, is capped and never negative; spawn budget follows the phase", () => {
    const d = createDirector({ decayPerSecond: 0.5, peak: 1, maxIntensity: 1.2 });
    addDirectorIntensity(d, 0.8);
    stepDirector(d, 1);
    expect(d.intensity).toBeCloseTo(0.3, 12);
    stepDirector(d, 10);
    expect(d.intensity).toBe(0);
    addDirectorIntensity(d, 5);
    expect(d.intensity).toBe(1.2);
    expect(getDirectorSpawnBudget(d)).toBe(1);
    stepDirector(d, 0);
    expect(d.phase).toBe("sustain-peak");
    expect(getDirectorSpawnBudget(d)).toBe(1);
  });

  it("rejects bad input", () => {
    expect(code(() => createDirector({ fadeBelow: 2, peak: 1 }))).toBe("NARRATIVE_BAD_INPUT config.fadeBelow");
    expect(code(() => createDirector({ sustainMin: 6 }))).toBe("NARRATIVE_BAD_INPUT config.sustainMax");
    expect(code(() => createDirector({ decayPerSecond: Number.NaN }))).toBe("NARRATIVE_BAD_INPUT config.decayPerSecond");
    expect(code(() => stepDirector(createDirector(), -1))).toBe("INVALID_ARGUMENT dt");
    expect(code(() => addDirectorIntensity(createDirector(), Number.POSITIVE_INFINITY))).toBe("INVALID_ARGUMENT amount");
  });

  it("save/restore round-trips through JSON and continues identically", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.array(fc.double({ min: 0, max: 0.8, noNaN: true }), { minLength: 20, maxLength: 60 }), (seed, hits) => {
        const a = createDirector({ relaxDistance: 50, seed: seed });
        for (const h of hits) {
          addDirectorIntensity(a, h);
          stepDirector(a, 0.7, { distance: 0.3 });
        }
        const snap = JSON.parse(JSON.stringify(saveDirector(a))) as unknown;
        const b = restoreDirector(createDirector(), snap);
        expect(b).toEqual(a);
        for (let i = 0; i < 200; i++) {
          addDirectorIntensity(a, 0.05);
          addDirectorIntensity(b, 0.05);
          expect(stepDirector(b, 0.5, { distance: 0.1 })).toBe(stepDirector(a, 0.5, { distance: 0.1 }));
        }
        expect(b).toEqual(a);
      }),
      { numRuns: 30 },
    );
    const inf = createDirector();
    expect(restoreDirector(createDirector({ relaxDistance: 5 }), JSON.parse(JSON.stringify(saveDirector(inf)))).config.relaxDistance).toBe(Infinity);
  });

  it("restore validates the whole snapshot before touching the director", () => {
    const d = createDirector({ seed: 3 });
    addDirectorIntensity(d, 0.4);
    const before = JSON.stringify(saveDirector(d));
    const good = saveDirector(createDirector({ seed: 9 }));
    expect(code(() => restoreDirector(d, { ...good, phase: "panic" }))).toBe("NARRATIVE_BAD_INPUT $.phase");
    expect(code(() => restoreDirector(d, { ...good, rng: [0, 0, 0, 0] }))).toBe("NARRATIVE_BAD_INPUT $.rng");
    expect(code(() => restoreDirector(d, { ...good, intensity: -1 }))).toBe("NARRATIVE_BAD_INPUT $.intensity");
    expect(code(() => restoreDirector(d, { ...good, config: { ...good.config, relaxMin: 50 } }))).toBe("NARRATIVE_BAD_INPUT $.config.relaxMax");
    expect(JSON.stringify(saveDirector(d))).toBe(before);
  });

  it("the createDirector example holds", () => {
    const director = createDirector({ relaxMin: 30, relaxMax: 45, seed: 1 });
    addDirectorIntensity(director, 1.2);
    stepDirector(director, 0.1);
    expect(director.phase).toBe("sustain-peak");
    expect(getDirectorSpawnBudget(director)).toBe(1);
    for (let t = 0; t < 30; t += 0.1) stepDirector(director, 0.1);
    expect(director.phase).toBe("relax");
    expect(getDirectorSpawnBudget(director)).toBe(0);
  });
});

describe("tension arcs", () => {
  it("sinusoidal and Aristotelian arcs", async () => {
    const { evaluateTensionArc } = await import("../src/index.js");
    const sin = { kind: "sinusoidal", min: 0.2, max: 1, period: 60 } as const;
    expect(evaluateTensionArc(sin, 0)).toBeCloseTo(0.2, 12);
    expect(evaluateTensionArc(sin, 30)).toBeCloseTo(1, 12);
    expect(evaluateTensionArc(sin, 15)).toBeCloseTo(0.6, 12);
    expect(evaluateTensionArc(sin, 60)).toBeCloseTo(0.2, 12);
    const ar = { kind: "aristotelian", start: 0, peak: 1, end: 0.2, climax: 0.8, duration: 100 } as const;
    expect(evaluateTensionArc(ar, 40)).toBeCloseTo(0.5, 12);
    expect(evaluateTensionArc(ar, 80)).toBeCloseTo(1, 12);
    expect(evaluateTensionArc(ar, 90)).toBeCloseTo(0.6, 12);
    expect(evaluateTensionArc(ar, 500)).toBe(0.2);
    expect(() => evaluateTensionArc(ar, -1)).toThrow(/now must be/);
  });
});
