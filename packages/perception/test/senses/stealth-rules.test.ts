import { describe, expect, it } from "vitest";
import {
  addSensor,
  advanceChangedObjects,
  boxLineOfSight,
  claimChangedObject,
  createChangedObjects,
  createSenseManager,
  createSenseResult,
  observeObjectState,
  predictSighting,
  senseInto,
} from "../../src/index";

describe("changed-object events (ch. 28)", () => {
  it("the first sighting records, a change creates one event, the first witness claims it, it expires", () => {
    const store = createChangedObjects(4, 2, { lifetime: 10 });
    expect(observeObjectState(store, 1, 0, 3, 4)).toBe(-1); // door 1 first seen closed
    expect(observeObjectState(store, 1, 0, 3, 4)).toBe(-1); // unchanged
    const e = observeObjectState(store, 1, 1, 3, 4); // now open
    expect(e).toBe(0);
    expect(observeObjectState(store, 1, 0, 3, 4)).toBe(-1); // closed again: still one live event for it
    expect(claimChangedObject(store, e, 7)).toBe(true);
    expect(claimChangedObject(store, e, 8)).toBe(false);
    observeObjectState(store, 2, 0, 0, 0);
    observeObjectState(store, 3, 0, 0, 0);
    expect(observeObjectState(store, 2, 5, 1, 1)).toBe(1);
    expect(observeObjectState(store, 3, 5, 1, 1)).toBe(-1); // full: −1, no throw
    advanceChangedObjects(store, 6);
    expect(store.count).toBe(2);
    expect(advanceChangedObjects(store, 4)).toBe(2);
    expect(store.count).toBe(0);
    expect(() => observeObjectState(store, 9, 0, 0, 0)).toThrow(/object 9/);
  });
});

describe("omniscient sensors, ignore rules and will-see checks (ch. 35)", () => {
  it("an ignored target is never seen; an omniscient sensor sees the rest through walls", () => {
    const manager = createSenseManager(1);
    addSensor(manager, { x: 0, y: 0, heading: 0, viewRange: 10, fieldOfView: Math.PI / 2 });
    const targets = [5, 0, 6, 0.5, -5, 0]; // the player, a buddy beside him, someone behind
    const out = createSenseResult(4);
    senseInto(out, manager, 0, targets, {});
    expect([...out.seen.subarray(0, out.seenCount)]).toEqual([0, 1]);
    senseInto(out, manager, 0, targets, { ignored: [0, 1, 0] }); // the stealth cheat hides the buddy
    expect([...out.seen.subarray(0, out.seenCount)]).toEqual([0]);
    const wall = boxLineOfSight([{ minX: 2, minY: -3, maxX: 3, maxY: 3 }]);
    senseInto(out, manager, 0, targets, { lineOfSight: wall });
    expect(out.seenCount).toBe(0);
    senseInto(out, manager, 0, targets, { lineOfSight: wall, omniscient: true, ignored: [0, 1, 0] });
    expect([...out.seen.subarray(0, out.seenCount)]).toEqual([0, 2]);
  });

  it("predicts when a moving target comes into view, or −1", () => {
    const cone = { viewRange: 10, fieldOfView: Math.PI / 2 };
    // A target walking from behind a corner (y = 8, outside the 45° half-angle at x = 4) down towards the axis.
    const t = predictSighting(cone, 0, 0, 0, 4, 8, 0, -2, { horizon: 4, samples: 16 });
    expect(t).toBeGreaterThan(0);
    expect(t).toBeLessThanOrEqual(2.5);
    expect(predictSighting(cone, 0, 0, 0, -4, 0, -1, 0)).toBe(-1); // walking away behind
    expect(predictSighting(cone, 0, 0, 0, 5, 0, 0, 0, { horizon: 2, samples: 4 })).toBe(0.5); // the first sample after now
  });
});
