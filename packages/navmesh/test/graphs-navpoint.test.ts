import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  buildNavpointGraph,
  findNavGraphPath,
  findNearestNavpoint,
  hasNavGraphEdge,
  isTraversable,
  NavMeshErrorCodes,
  navGraphFromJson,
  navGraphToJson,
  navpointParamsFromJson,
  navpointParamsToJson,
} from "../src";
import { createPathResult, PathFlags } from "@tactica/search";

const ledge = { heightAt: (x: number) => (x < 5 ? 2 : 0), maxStepUp: 0.5, maxDropSlope: Infinity, sampleStep: 0.25 };

describe("navpoint graphs with height-profile traversability (C.4)", () => {
  it("the isTraversable @example: jumping down a ledge is fine, climbing it is not", () => {
    expect(isTraversable(0, 0, 2, 10, 0, 0, ledge)).toBe(true);
    expect(isTraversable(10, 0, 0, 0, 0, 2, ledge)).toBe(false);
  });

  it("rejects a drop steeper than maxDropSlope and a rise above maxStepUp; samples every sampleStep", () => {
    const ramp = (slope: number) => ({ heightAt: (x: number) => -slope * x, maxStepUp: 0.3, maxDropSlope: 1, sampleStep: 0.5 });
    expect(isTraversable(0, 0, 0, 10, 0, -5, ramp(0.5))).toBe(true);
    expect(isTraversable(0, 0, 0, 10, 0, -20, ramp(2))).toBe(false); // too steep going down
    expect(isTraversable(10, 0, -5, 0, 0, 0, ramp(0.5))).toBe(true); // 0.25 per 0.5 step ≤ 0.3
    expect(isTraversable(10, 0, -10, 0, 0, 0, ramp(1))).toBe(false); // 0.5 per step > 0.3
    let calls = 0;
    isTraversable(0, 0, 0, 10, 0, 0, { heightAt: () => (calls++, 0), maxStepUp: 1, maxDropSlope: 1, sampleStep: 0.5 });
    expect(calls).toBe(21);
    // A gap: ground falls away for one sample between two platforms.
    const gap = { heightAt: (x: number) => (x > 4.9 && x < 5.6 ? -10 : 0), maxStepUp: 0.5, maxDropSlope: 3, sampleStep: 0.25 };
    expect(isTraversable(0, 0, 0, 10, 0, 0, gap)).toBe(false);
  });

  it("the buildNavpointGraph @example: pairs beyond maxRadius are not connected", () => {
    const flat = { heightAt: () => 0, maxStepUp: 0.3, maxDropSlope: 1, sampleStep: 0.5 };
    const g = buildNavpointGraph([0, 0, 0, 5, 0, 0, 10, 0, 0], { ...flat, maxRadius: 6, maxVertical: 1 });
    expect(g.edges.edgeCount).toBe(4);
    expect(hasNavGraphEdge(g, 0, 2)).toBe(false);
  });

  it("never tests pairs beyond maxRadius or maxVertical", () => {
    const tested: string[] = [];
    const pts = [0, 0, 0, 3, 0, 0, 20, 0, 0, 3, 1, 5];
    buildNavpointGraph(pts, {
      heightAt: () => 0,
      maxStepUp: 1,
      maxDropSlope: 1,
      sampleStep: 1,
      maxRadius: 5,
      maxVertical: 2,
      isBlocked: (ax, ay, az, bx, by, bz) => (tested.push(`${ax},${ay},${az}>${bx},${by},${bz}`), false),
    });
    expect(tested.sort()).toEqual(["0,0,0>3,0,0", "3,0,0>0,0,0"]);
  });

  it("edges are directed: a ledge gives a one-way edge and paths follow it", () => {
    const g = buildNavpointGraph([1, 0, 2, 8, 0, 0], { ...ledge, maxRadius: 10, maxVertical: 3 });
    expect(hasNavGraphEdge(g, 0, 1)).toBe(true);
    expect(hasNavGraphEdge(g, 1, 0)).toBe(false);
    const out = createPathResult(8);
    expect(findNavGraphPath(out, g, 0, 1).flags & PathFlags.Found).toBeTruthy();
    expect(findNavGraphPath(out, g, 1, 0).flags).toBe(PathFlags.NoPath);
    expect(g.edges.weights[0]).toBeCloseTo(Math.hypot(7, 2), 12);
  });

  it("direction pruning drops A → C when a closer B lies in the same direction", () => {
    const flat = { heightAt: () => 0, maxStepUp: 1, maxDropSlope: 1, sampleStep: 1, maxRadius: 100, maxVertical: 1 };
    const pts = [0, 0, 0, 5, 0.2, 0, 10, 0, 0, 0, 8, 0];
    const pruned = buildNavpointGraph(pts, { ...flat, pruneAngle: 0.2 });
    expect(hasNavGraphEdge(pruned, 0, 1)).toBe(true);
    expect(hasNavGraphEdge(pruned, 0, 2)).toBe(false);
    expect(hasNavGraphEdge(pruned, 0, 3)).toBe(true);
    expect(hasNavGraphEdge(buildNavpointGraph(pts, flat), 0, 2)).toBe(true);
  });

  it("the two nearest queries respect direction (to P vs from Q)", () => {
    const g = buildNavpointGraph([1, 0, 2, 8, 0, 0], { ...ledge, maxRadius: 10, maxVertical: 3 });
    // P = (6, 0, 0) on the low side. Node 0 (high) reaches it by dropping; node 1 is nearer and reaches it too.
    expect(findNearestNavpoint(g, 6, 0, 0, ledge, { direction: "to" })).toBe(1);
    // From Q = (4, 0, 2) on the high side: node 0 is reachable, node 1 too (a drop), node 0 is nearer.
    expect(findNearestNavpoint(g, 4, 0, 2, ledge, { direction: "from" })).toBe(0);
    // From Q = (6, 0, 0) on the low side only node 1 is reachable; to P = (4, 0, 2) only node 0 can walk.
    expect(findNearestNavpoint(g, 6, 0, 0, ledge, { direction: "from" })).toBe(1);
    expect(findNearestNavpoint(g, 4, 0, 2, ledge, { direction: "to" })).toBe(0);
    expect(findNearestNavpoint(g, 4, 0, 2, ledge, { direction: "to", maxRadius: 1 })).toBe(-1);
  });

  it("rejects bad options with located errors", () => {
    try {
      buildNavpointGraph([0, 0, 0], { ...ledge, sampleStep: 0, maxRadius: 1, maxVertical: 1 });
      expect.unreachable();
    } catch (e) {
      expect(isTacticaError(e, NavMeshErrorCodes.BadInput)).toBe(true);
      expect((e as { path: string }).path).toBe("options.sampleStep");
    }
  });
});

describe("navGraphToJson / navGraphFromJson", () => {
  it("the @example and an exact round trip", () => {
    expect(navGraphFromJson({ format: "tactica-nav-graph", version: 1, x: [0, 3], y: [0, 4], from: [0], to: [1] }).edges.weights[0]).toBe(5);
    const g = buildNavpointGraph([1, 0, 2, 8, 0, 0, 8, 3, 0], { ...ledge, maxRadius: 10, maxVertical: 3 });
    const back = navGraphFromJson(JSON.parse(JSON.stringify(navGraphToJson(g))));
    expect(back).toEqual(g);
  });

  it("rejects newer versions and bad data with NAVMESH_FORMAT and a JSON path", () => {
    const ok = { format: "tactica-nav-graph", version: 1, x: [0, 3], y: [0, 4], from: [0], to: [1] };
    const cases: [unknown, string][] = [
      [{ ...ok, version: 2 }, "$.version"],
      [{ ...ok, format: "x" }, "$.format"],
      [{ ...ok, y: [0] }, "$.y"],
      [{ ...ok, to: [2] }, "$.to[0]"],
      [{ ...ok, x: [0, Number.NaN] }, "$.x[1]"],
      [{ ...ok, kind: [0, 9] }, "$.kind[1]"],
      [[], "$"],
    ];
    for (const [json, path] of cases) {
      try {
        navGraphFromJson(json);
        expect.unreachable(path);
      } catch (e) {
        expect(isTacticaError(e, NavMeshErrorCodes.Format), String(e)).toBe(true);
        expect((e as { path: string }).path).toBe(path);
      }
    }
  });
});

describe("navpointParamsToJson / navpointParamsFromJson (versioned parameters, C.4)", () => {
  it("the @example: null drop slope is Infinity; a round trip is exact; pruneAngle defaults for older files", () => {
    const params = navpointParamsFromJson({
      format: "tactica-navpoint-params",
      version: 1,
      maxRadius: 8,
      maxVertical: 2,
      maxStepUp: 0.4,
      maxDropSlope: null,
      sampleStep: 0.25,
    });
    expect(params).toEqual({ maxRadius: 8, maxVertical: 2, maxStepUp: 0.4, maxDropSlope: Infinity, sampleStep: 0.25, pruneAngle: 0 });
    expect(navpointParamsFromJson(JSON.parse(JSON.stringify(navpointParamsToJson(params))))).toEqual(params);
    const g = buildNavpointGraph([0, 0, 0, 5, 0, 0], { ...params, heightAt: () => 0 });
    expect(g.edges.edgeCount).toBe(2);
  });

  it("rejects bad fields with NAVMESH_FORMAT and a JSON path", () => {
    const ok = { format: "tactica-navpoint-params", version: 1, maxRadius: 8, maxVertical: 2, maxStepUp: 0.4, maxDropSlope: 1, sampleStep: 0.25 };
    const cases: [unknown, string][] = [
      [{ ...ok, version: 2 }, "$.version"],
      [{ ...ok, sampleStep: 0 }, "$.sampleStep"],
      [{ ...ok, maxRadius: -1 }, "$.maxRadius"],
      [{ ...ok, pruneAngle: 4 }, "$.pruneAngle"],
      [{ ...ok, maxDropSlope: "steep" }, "$.maxDropSlope"],
    ];
    for (const [json, path] of cases) {
      try {
        navpointParamsFromJson(json);
        expect.unreachable(path);
      } catch (e) {
        expect(isTacticaError(e, NavMeshErrorCodes.Format), String(e)).toBe(true);
        expect((e as { path: string }).path).toBe(path);
      }
    }
  });
});
