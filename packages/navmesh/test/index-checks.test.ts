import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { buildNavMeshFromPolygons, createPathCorridor, decodePolyRef, encodePolyRef, findPolygon, resetPathCorridor } from "../src/index";

// ADR 0002: a polygon ref that is not one (`undefined`, NaN, -1, a fraction) fails loudly instead of
// being stored or decoded into NaN fields.

function expectBadInput(f: () => unknown, label: string): void {
  let error: unknown;
  try {
    f();
  } catch (e) {
    error = e;
  }
  expect(isTacticaError(error, "NAVMESH_BAD_INPUT"), `${label} should throw NAVMESH_BAD_INPUT`).toBe(true);
}

const notRefs: unknown[] = [undefined, Number.NaN, -1, 0.5, Infinity, 2 ** 52];

describe("navmesh polygon-ref checks", () => {
  it("decodePolyRef decodes refs and rejects what is not one", () => {
    expect(decodePolyRef(encodePolyRef(3, 2, 17))).toEqual({ generation: 3, slot: 2, poly: 17 });
    for (const r of notRefs) expectBadInput(() => decodePolyRef(r as number), `decodePolyRef(${String(r)})`);
  });

  it("resetPathCorridor stores a ref and finite coordinates only", () => {
    const mesh = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [] }]);
    const corridor = createPathCorridor({ capacity: 8 });
    const ref = findPolygon(mesh, 1, 1);
    resetPathCorridor(corridor, ref, 1, 1);
    expect([corridor.length, corridor.polys[0], corridor.x, corridor.y]).toEqual([1, ref, 1, 1]);
    for (const r of notRefs) expectBadInput(() => resetPathCorridor(corridor, r as number, 1, 1), `resetPathCorridor ref ${String(r)}`);
    expectBadInput(() => resetPathCorridor(corridor, ref, Number.NaN, 1), "resetPathCorridor x NaN");
    expectBadInput(() => resetPathCorridor(corridor, ref, 1, Infinity), "resetPathCorridor y Infinity");
    expect([corridor.length, corridor.polys[0], corridor.x, corridor.y]).toEqual([1, ref, 1, 1]); // untouched by the failures
  });
});
