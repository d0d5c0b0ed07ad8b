import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { createDisappearanceWatch, stepDisappearanceWatch } from "../../src/index";

/** Runs `seconds` at 10 Hz; returns the times (s, from the start of this call) at which the rule fired. */
function run(w: ReturnType<typeof createDisappearanceWatch>, seconds: number, inEarshot: boolean, noise: boolean): number[] {
  const fired: number[] = [];
  for (let k = 1; k <= Math.round(seconds * 10); k++) if (stepDisappearanceWatch(w, inEarshot, noise, 0.1)) fired.push(k / 10);
  return fired;
}

describe("disappearing-NPC rule (ch. 28)", () => {
  it("fires once after 10 s heard and 5 s silent, not again during the cooldown", () => {
    const w = createDisappearanceWatch();
    expect(run(w, 10.05, true, true)).toEqual([]);
    const fired = run(w, 6, true, false);
    expect(fired.length).toBe(1);
    expect(Math.abs(fired[0]! - 5)).toBeLessThanOrEqual(0.1 + 1e-9); // within one 0.1 s tick
    expect(run(w, 10.05, true, true)).toEqual([]);
    expect(run(w, 30, true, false)).toEqual([]); // cooldown (120 s)
  });

  it("needs 10 s of hearing first and resets when out of earshot", () => {
    const w = createDisappearanceWatch();
    run(w, 9, true, true);
    expect(run(w, 20, true, false)).toEqual([]);
    run(w, 10.05, true, true);
    run(w, 3, true, false);
    run(w, 0.1, false, false); // walked away
    expect(run(w, 10, true, false)).toEqual([]);
    expect(() => stepDisappearanceWatch(w, true, true, Number.NaN)).toThrow();
    try {
      stepDisappearanceWatch(w, true, true, -1);
    } catch (e) {
      expect(isTacticaError(e, "PERCEPTION_CONFIG")).toBe(true);
    }
  });
});
