import { createRng, isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { addCrowdAgent, createCrowd, restoreCrowd, saveCrowd } from "../src";

// Regression found by the qa fuzz suite (issue 18): a snapshot value without a prototype (or with
// a hostile toString) is reported with its JSON path instead of a TypeError from the message.

describe("restoreCrowd on hostile input", () => {
  it("rejects prototype-less values with a located error and leaves the crowd unchanged", () => {
    const crowd = createCrowd({ capacity: 4, cellSize: 2, rng: createRng(1) });
    addCrowdAgent(crowd, { x: 1, y: 2 });
    const snap = saveCrowd(crowd);
    const before = JSON.stringify(saveCrowd(crowd));
    const hostile = [
      { ...snap, highWater: Object.create(null) as unknown },
      { ...snap, columns: { ...snap.columns, velY: [JSON.parse('{"toString":1}')] } },
      { ...snap, alive: [Object.create(null) as unknown] },
      { ...snap, format: Object.create(null) as unknown },
    ];
    const paths = hostile.map((h) => {
      try {
        restoreCrowd(crowd, h);
      } catch (e) {
        if (isTacticaError(e)) return e.path;
        throw e;
      }
      return "accepted";
    });
    expect(paths).toEqual(["$.highWater", "$.columns.velY[0]", "$.alive[0]", "$.format"]);
    expect(JSON.stringify(saveCrowd(crowd))).toBe(before);
  });
});
