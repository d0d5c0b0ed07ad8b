import { isTacticaError } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addPlayerAction,
  appraiseEmotions,
  createPlayerModel,
  decayPlayerModel,
  emotionDistance,
  inferGoals,
  PlayStyles,
  selectByEmotion,
  selectByStyle,
} from "../src/index.js";

const MODEL = [0.9, 0.2, 0.1, 0.4, 0.3];

describe("experience management (chapter 42)", () => {
  it("goal inference gives (1.31, 0.56) → (0.70, 0.30)", () => {
    const r = inferGoals(
      [
        [0.9, 0.7, 0.2, 0.4, 0.6],
        [0.1, 0.3, 0.6, 0.8, 0.1],
      ],
      MODEL,
    );
    expect(r.raw[0]).toBeCloseTo(1.31, 12);
    expect(r.raw[1]).toBeCloseTo(0.56, 12);
    expect(r.normalized[0]).toBeCloseTo(0.7005, 4);
    expect(r.normalized[1]).toBeCloseTo(0.2995, 4);
    expect(inferGoals([[0, 0, 0, 0, 0]], MODEL).normalized).toEqual([0]);
  });

  it("CEMA: hope 0.35, fear 0.03 (negative desirability = undesirable); certain goals give joy / distress", () => {
    const e = appraiseEmotions([
      { desirability: 0.7, likelihood: 0.5 },
      { desirability: -0.3, likelihood: 0.1 },
    ]);
    expect(e.joy).toBe(0);
    expect(e.hope).toBeCloseTo(0.35, 12);
    expect(e.fear).toBeCloseTo(0.03, 12);
    expect(e.distress).toBe(0);
    expect(
      appraiseEmotions([
        { desirability: 0.5, likelihood: 1 },
        { desirability: -0.25, likelihood: 1 },
      ]),
    ).toEqual({ joy: 0.5, hope: 0, fear: 0, distress: 0.25 });
    try {
      appraiseEmotions([{ desirability: 2, likelihood: 0.5 }]);
      expect.unreachable();
    } catch (err) {
      expect(isTacticaError(err, "INVALID_ARGUMENT")).toBe(true);
    }
  });

  it("dot products 0.81 vs 0.09 choose Grendel; distances 0.842 vs 0.05 choose the fairy", () => {
    const s = selectByStyle(
      [
        [0.9, 0, 0, 0, 0],
        [0, 0, 0.9, 0, 0],
      ],
      MODEL,
    );
    expect(s.index).toBe(0);
    expect(s.scores[0]).toBeCloseTo(0.81, 12);
    expect(s.scores[1]).toBeCloseTo(0.09, 12);
    const target = { joy: 0, hope: 0.4, fear: 0.03, distress: 0 };
    const c = selectByEmotion(
      [
        { joy: 0.8, hope: 0.6, fear: 0.2, distress: 0 },
        { joy: 0, hope: 0.35, fear: 0.03, distress: 0 },
      ],
      target,
    );
    expect(c.index).toBe(1);
    expect(c.scores[0]).toBeCloseTo(Math.sqrt(0.7089), 12);
    expect(c.scores[0]!.toFixed(3)).toBe("0.842");
    expect(c.scores[1]).toBeCloseTo(0.05, 12);
    expect(selectByStyle([], MODEL).index).toBe(-1);
  });

  it("a kill adds 0.3 to Fighter; Thue's power-gamer +100 gives 141; decay goes toward neutral", () => {
    const m = createPlayerModel({ style: MODEL });
    addPlayerAction(m, [0.3, 0, 0, 0, 0]);
    expect(m.style[0]).toBeCloseTo(1.2, 12);
    const thue = createPlayerModel({ style: [1, 81, 1, 1, 41] });
    addPlayerAction(thue, [0, 0, 0, 0, 100]);
    expect(thue.style).toEqual([1, 81, 1, 1, 141]);
    expect(PlayStyles[4]).toBe("powerGamer");
    const d = createPlayerModel({ style: [1, 0, 0, 0, 0], neutral: [0.5, 0, 0, 0, 0], decayPerSecond: Math.LN2 });
    decayPlayerModel(d, 1);
    expect(d.style[0]).toBeCloseTo(0.75, 12);
    expect(() => addPlayerAction(d, [1, 2])).toThrow(/one per play style/);
  });

  it("property: decay never overshoots neutral and composes (dt a + dt b = dt a+b)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 5, maxLength: 5 }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        (style, a, b) => {
          const m1 = createPlayerModel({ style, neutral: [1, 1, 1, 1, 1], decayPerSecond: 0.5 });
          const m2 = createPlayerModel({ style, neutral: [1, 1, 1, 1, 1], decayPerSecond: 0.5 });
          decayPlayerModel(decayPlayerModel(m1, a), b);
          decayPlayerModel(m2, a + b);
          return m1.style.every((v, i) => Math.abs(v - m2.style[i]!) < 1e-9 && Math.abs(v - 1) <= Math.abs(style[i]! - 1) + 1e-12);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("emotionDistance is a metric on examples", () => {
    const a = { joy: 1, hope: 0, fear: 0, distress: 0 };
    expect(emotionDistance(a, a)).toBe(0);
    expect(emotionDistance(a, { joy: 0, hope: 0, fear: 0, distress: 0 })).toBe(1);
  });
});
