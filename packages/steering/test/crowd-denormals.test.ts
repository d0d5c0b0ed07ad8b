import { createRng, isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { addCrowdAgent, createCrowd, integrateCrowd, restoreCrowd, saveCrowd, stepCrowdBoids } from "../src/index";

// Hostile input round 2 (issue 35): mass 5e-324 was accepted by restoreCrowd and addCrowdAgent,
// and integrateCrowd then threw from the spatial hash (its inverse is Infinity). Masses whose
// inverse is not finite, subnormal radii, speeds and forces, and accelerations maxForce / mass
// that overflow are refused where they enter, with the field's path.

function refusal(fn: () => unknown): { code: string; path: string | undefined } {
  try {
    fn();
  } catch (e) {
    if (isTacticaError(e)) return { code: e.code, path: e.path };
    throw e;
  }
  throw new Error("accepted");
}

const crowd = () => {
  const c = createCrowd({ capacity: 4, cellSize: 2, rng: createRng(1) });
  addCrowdAgent(c, { x: 0, y: 0, vx: 1 });
  addCrowdAgent(c, { x: 1, y: 0 });
  return c;
};

describe("crowd agent scalars", () => {
  it.each([
    ["mass", 5e-324],
    ["mass", 1e-310],
    ["radius", 5e-324],
    ["maxSpeed", 1e-320],
    ["maxForce", 4e-310],
  ])("addCrowdAgent refuses %s = %s", (key, value) => {
    expect(refusal(() => addCrowdAgent(crowd(), { x: 0, y: 0, [key]: value })).path).toBe(key);
  });

  it("addCrowdAgent refuses an acceleration bound that overflows, and a non-object", () => {
    expect(refusal(() => addCrowdAgent(crowd(), { x: 0, y: 0, mass: 1e-300, maxForce: 1e300 })).path).toBe("maxForce");
    expect(refusal(() => addCrowdAgent(crowd(), null as never)).path).toBe("options");
  });

  it.each([
    ["mass", 5e-324],
    ["radius", 5e-324],
    ["maxSpeed", 1e-320],
  ] as const)("restoreCrowd refuses %s = %s and leaves the crowd as it was", (key, value) => {
    const c = crowd();
    const before = JSON.stringify(saveCrowd(c));
    const snap = saveCrowd(c);
    (snap.columns[key] as number[])[1] = value;
    expect(refusal(() => restoreCrowd(c, snap)).path).toBe(`$.columns.${key}[1]`);
    expect(JSON.stringify(saveCrowd(c))).toBe(before);
  });

  it("restoreCrowd refuses maxForce / mass that overflows; accepted extremes still step", () => {
    const c = crowd();
    const snap = saveCrowd(c);
    (snap.columns.mass as number[])[0] = 1e-300;
    (snap.columns.maxForce as number[])[0] = 1e300;
    expect(refusal(() => restoreCrowd(c, snap)).path).toBe("$.columns.maxForce[0]");
    const ok = crowd();
    addCrowdAgent(ok, { x: 2, y: 0, mass: 2 ** -1022, maxForce: 1e-10, radius: 0 });
    for (let i = 0; i < 5; i++) stepCrowdBoids(ok, { neighborRadius: 3, separationWeight: 1, alignmentWeight: 0.5, cohesionWeight: 0.5 }, 1 / 30);
    integrateCrowd(ok, 1 / 30);
    expect(Number.isFinite(ok.posX[2]!)).toBe(true);
  });
});
