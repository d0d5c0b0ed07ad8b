import { createRng, isTacticaError, rngNextFloat, type TacticaErrorCode } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canSee,
  detectionTime,
  hearingIntensity,
  PerceptionThreshold,
  ReactionTime,
  reactionDelay,
  soundPathDistance,
  stepDetection,
  stepPerceptionTimer,
  viewHalfAngle,
} from "../../src/index";

function throwsCode(f: () => unknown, code: TacticaErrorCode): void {
  let caught: unknown;
  try {
    f();
  } catch (e) {
    caught = e;
  }
  expect(isTacticaError(caught, code), String(caught)).toBe(true);
}

describe("detection over time", () => {
  it("fills faster at higher certainty, never at certainty 0, and drains when hidden", () => {
    const fill = (certainty: number): number => {
      let m = 0;
      let frames = 0;
      while (m < 1 && frames < 10_000) {
        m = stepDetection(m, certainty, 1 / 60);
        frames++;
      }
      return frames;
    };
    expect(Math.abs(fill(1) - 90)).toBeLessThanOrEqual(1); // 1.5 s (± one frame of rounding)
    expect(Math.abs(fill(0.5) - 180)).toBeLessThanOrEqual(1);
    expect(fill(0)).toBe(10_000);
    expect(stepDetection(0.5, 0, 1)).toBe(0.25);
    expect(stepDetection(0.1, 0, 1)).toBe(0);
    expect(stepDetection(0.9, 1, 1, { timeToDetect: 0.5 })).toBe(1);
    throwsCode(() => stepDetection(0, 1.2, 0.1), "PERCEPTION_CONFIG");
    throwsCode(() => stepDetection(0, 0.5, 0.1, { timeToDetect: 0 }), "PERCEPTION_CONFIG");
  });

  it("identifies sooner at higher certainty (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, b, m) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(stepDetection(m, hi, 0.1)).toBeGreaterThanOrEqual(stepDetection(m, lo, 0.1));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("detection time is lerp(min, max, d / range) of the shape, scaled", () => {
    expect(detectionTime(0, 20, 0.5, 3)).toBe(0.5);
    expect(detectionTime(10, 20, 0.5, 3)).toBe(1.75);
    expect(detectionTime(20, 20, 0.5, 3)).toBe(3);
    expect(detectionTime(20.01, 20, 0.5, 3)).toBe(Infinity);
    expect(detectionTime(10, 20, 0.5, 3, { scale: 2 })).toBe(3.5); // in the dark
    throwsCode(() => detectionTime(1, 0, 0.5, 3), "PERCEPTION_CONFIG");
    throwsCode(() => detectionTime(1, 10, 3, 0.5), "PERCEPTION_CONFIG");
  });

  it("reaction delays: simple < go/no-go, weak stimuli and aiming slow it, lapses are seeded", () => {
    expect(ReactionTime.Simple).toBe(0.2);
    expect(ReactionTime.GoNoGo).toBe(0.4);
    expect(reactionDelay(ReactionTime.Simple)).toBe(0.2);
    expect(reactionDelay(ReactionTime.GoNoGo, { certainty: 0.5 })).toBeCloseTo(0.5, 12);
    expect(reactionDelay(ReactionTime.Simple, { aimTime: 0.3 })).toBeCloseTo(0.5, 12);
    const draws = (seed: number): number[] => {
      const rng = createRng(seed);
      return Array.from({ length: 5 }, () => reactionDelay(ReactionTime.Simple, { lapse: rngNextFloat(rng) }));
    };
    expect(draws(3)).toEqual(draws(3));
    for (const d of draws(3)) {
      expect(d).toBeGreaterThanOrEqual(0.2);
      expect(d).toBeLessThan(0.3);
    }
    throwsCode(() => reactionDelay(0.2, { certainty: 2 }), "PERCEPTION_CONFIG");
    throwsCode(() => reactionDelay(-1), "PERCEPTION_CONFIG");
  });
});

describe("ch. 34 vision: half-angle clamp(k/d) and the perception timer", () => {
  it("a near player at a wide angle is seen, a far player off-axis is not", () => {
    expect(viewHalfAngle(0, 10, 0.2, 1.2)).toBe(1.2);
    expect(viewHalfAngle(5, 10, 0.2, 1.2)).toBe(1.2);
    expect(viewHalfAngle(20, 10, 0.2, 1.2)).toBe(0.5);
    expect(viewHalfAngle(100, 10, 0.2, 1.2)).toBe(0.2);
    const coneAt = (d: number) => ({ viewRange: 50, fieldOfView: 2 * viewHalfAngle(d, 10, 0.2, 1.2) });
    const near = { x: 4 * Math.cos(1), y: 4 * Math.sin(1) }; // 4 away, 57° off the heading
    const far = { x: 40 * Math.cos(0.4), y: 40 * Math.sin(0.4) }; // 40 away, 23° off
    expect(canSee(coneAt(4), 0, 0, 0, near.x, near.y)).toBe(true);
    expect(canSee(coneAt(40), 0, 0, 0, far.x, far.y)).toBe(false);
    throwsCode(() => viewHalfAngle(1, 1, 1, 0.5), "PERCEPTION_CONFIG");
  });

  it("the timer rises while seen, falls while unseen, and thresholds order combat < default < stealth", () => {
    expect(PerceptionThreshold.Combat).toBeLessThan(PerceptionThreshold.Default);
    expect(PerceptionThreshold.Default).toBeLessThan(PerceptionThreshold.Stealth);
    let t = 0;
    for (let i = 0; i < 3; i++) t = stepPerceptionTimer(t, true, 0.1);
    expect(t).toBeCloseTo(0.3, 12);
    expect(t >= PerceptionThreshold.Combat && t < PerceptionThreshold.Default).toBe(true);
    t = stepPerceptionTimer(t, false, 0.2);
    expect(t).toBeCloseTo(0.1, 12);
    expect(stepPerceptionTimer(t, false, 1)).toBe(0);
    throwsCode(() => stepPerceptionTimer(0, true, -1), "PERCEPTION_CONFIG");
  });
});

describe("sound through areas (Eq. 28.1)", () => {
  // A →(window1 | window2)→ B →door2→ C →door3→ D; window1 is the closer one to the source.
  const chokes = [
    { x: 4, y: 0, a: 0, b: 1 }, // window1
    { x: 4, y: 8, a: 0, b: 1 }, // window2
    { x: 8, y: 3, a: 1, b: 2 }, // door2
    { x: 8, y: 9, a: 2, b: 3 }, // door3
  ];

  it("sums source → window1 → door2 → door3 → listener", () => {
    const d = soundPathDistance(chokes, 0, 0, 12, 9, [0, 1, 2, 3]);
    expect(d).toBeCloseTo(4 + 5 + 6 + 4, 12);
    expect(soundPathDistance(chokes, 0, 0, 3, 4, [0])).toBe(5); // same area: straight
    expect(soundPathDistance(chokes, 0, 0, 3, 4, [0, 3])).toBe(Infinity); // no choke between A and D
    // From near window2 the closest choke is window2.
    expect(soundPathDistance(chokes, 4, 7, 8, 3, [0, 1, 2])).toBeCloseTo(1 + Math.hypot(4, 5), 12);
    throwsCode(() => soundPathDistance(chokes, 0, 0, 1, 1, []), "PERCEPTION_CONFIG");
  });

  it("is never shorter than the straight line (property)", () => {
    const pt = fc.integer({ min: -20, max: 20 });
    fc.assert(
      fc.property(pt, pt, pt, pt, fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 6 }), (sx, sy, lx, ly, areas) => {
        const d = soundPathDistance(chokes, sx, sy, lx, ly, areas);
        expect(d).toBeGreaterThanOrEqual(Math.hypot(lx - sx, ly - sy) - 1e-9);
      }),
      { numRuns: 200 },
    );
  });

  it("off-screen far listeners hear at half the radius", () => {
    const shot = { x: 0, y: 0, radius: 20 };
    expect(hearingIntensity(shot, 12, 0)).toBeCloseTo(0.4, 12);
    expect(hearingIntensity(shot, 12, 0, { radiusScale: 0.5 })).toBe(0);
    expect(hearingIntensity(shot, 5, 0, { radiusScale: 0.5 })).toBe(0.5);
  });
});
