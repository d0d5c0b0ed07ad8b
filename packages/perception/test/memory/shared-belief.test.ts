import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { advanceSharedBelief, createSharedBelief, reportSighting, shouldApproach } from "../../src/index";

describe("shared belief and pacing (ch. 34)", () => {
  it("approaches after 10 s unseen, or at once when the player is 5 m from the belief", () => {
    const b = createSharedBelief();
    expect(shouldApproach(b, 50, 50)).toBe(false); // nobody knows anything yet
    reportSighting(b, 10, 10);
    expect(shouldApproach(b, 12, 13)).toBe(false); // 3.6 m away, just seen
    advanceSharedBelief(b, 9.9);
    expect(shouldApproach(b, 12, 13)).toBe(false);
    advanceSharedBelief(b, 0.1);
    expect(shouldApproach(b, 12, 13)).toBe(true); // 10 s unseen
    reportSighting(b, 10, 10);
    expect(b.age).toBe(0);
    expect(shouldApproach(b, 13, 14)).toBe(false); // exactly 5 m
    expect(shouldApproach(b, 13, 14.1)).toBe(true); // drifted
    expect(shouldApproach(b, 20, 10, { driftDistance: 15 })).toBe(false);
    expect(structuredClone(b)).toEqual(b);
    let caught: unknown;
    try {
      advanceSharedBelief(b, -1);
    } catch (e) {
      caught = e;
    }
    expect(isTacticaError(caught, "PERCEPTION_CONFIG")).toBe(true);
  });
});
