import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildDualGraph, buildHierarchicalGraph, createHierarchicalPathResult, findHierarchicalPath, findNavGraphPath, hasNavGraphEdge } from "../src";
import { createPathResult, PathFlags } from "@tactica/search";
import { arbRegion } from "./build-arbitraries";

describe("hierarchical graphs (C.1.7)", () => {
  it("the @example: disconnected rooms answer NoPath without expanding a base node", () => {
    const base = buildDualGraph([{ outer: [0, 0, 4, 0, 4, 4, 0, 4] }, { outer: [10, 0, 14, 0, 14, 4, 10, 4] }]);
    const h = buildHierarchicalGraph(base, { regionSize: 4 });
    const out = createHierarchicalPathResult(64);
    findHierarchicalPath(out, h, 0, base.nodeCount - 1);
    expect(out.flags).toBe(PathFlags.NoPath);
    expect(out.expanded).toBe(0);
    expect(out.superExpanded).toBeGreaterThan(0);
    // A flat search learns the same thing only after expanding the whole start component.
    const flat = createPathResult(64);
    findNavGraphPath(flat, base, 0, base.nodeCount - 1);
    expect(flat.flags).toBe(PathFlags.NoPath);
    expect(flat.expanded).toBeGreaterThan(0);
  });

  it("the buildHierarchicalGraph @example: a long room splits into about 4 regions with portals", () => {
    const base = buildDualGraph([{ outer: [0, 0, 40, 0, 40, 10, 0, 10] }]);
    const h = buildHierarchicalGraph(base, { regionSize: 10 });
    expect(h.regionCount).toBeGreaterThanOrEqual(4);
    expect(h.regionCount).toBeLessThanOrEqual(10);
    expect(h.portals.length).toBeGreaterThan(0);
    for (const p of h.portals) {
      let crosses = false;
      for (let e = base.edges.offsets[p]!; e < base.edges.offsets[p + 1]!; e++) if (h.regionOf[base.edges.targets[e]!] !== h.regionOf[p]) crosses = true;
      expect(crosses).toBe(true);
    }
  });

  it("automatic regions are connected inside (every node reaches the others of its region without leaving it)", () => {
    const base = buildDualGraph([{ outer: [0, 0, 20, 0, 20, 20, 0, 20], holes: [[5, 5, 15, 5, 15, 15, 5, 15]] }]);
    const h = buildHierarchicalGraph(base, { regionSize: 7 });
    for (let r = 0; r < h.regionCount; r++) {
      const members = [];
      for (let i = 0; i < base.nodeCount; i++) if (h.regionOf[i] === r) members.push(i);
      const seen = new Set([members[0]!]);
      const stack = [members[0]!];
      while (stack.length > 0) {
        const a = stack.pop()!;
        for (let e = base.edges.offsets[a]!; e < base.edges.offsets[a + 1]!; e++) {
          const b = base.edges.targets[e]!;
          if (h.regionOf[b] !== r || seen.has(b)) continue;
          seen.add(b);
          stack.push(b);
        }
      }
      expect(seen.size).toBe(members.length);
    }
  });

  it("property: same reachability as flat A*, valid paths, cost never below the optimum", () => {
    fc.assert(
      fc.property(
        arbRegion(),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.double({ min: 1.5, max: 8, noNaN: true }),
        (region, s, g, size) => {
          const base = buildDualGraph([region]);
          const h = buildHierarchicalGraph(base, { regionSize: size });
          const start = s % base.nodeCount,
            goal = g % base.nodeCount;
          const out = createHierarchicalPathResult(512);
          const flat = createPathResult(512);
          findHierarchicalPath(out, h, start, goal);
          findNavGraphPath(flat, base, start, goal);
          expect(out.flags & PathFlags.Found).toBe(flat.flags & PathFlags.Found);
          expect(out.cost).toBeGreaterThanOrEqual(flat.cost - 1e-9);
          expect(out.path[0]).toBe(start);
          expect(out.path[out.length - 1]).toBe(goal);
          for (let i = 0; i + 1 < out.length; i++) expect(hasNavGraphEdge(base, out.path[i]!, out.path[i + 1]!)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("user-given regions that are not connected inside still find the path (fallback to the whole graph)", () => {
    const base = buildDualGraph([{ outer: [0, 0, 20, 0, 20, 4, 0, 4] }]);
    // Two regions alternating by node parity: neither is connected by itself.
    const h = buildHierarchicalGraph(base, { regionOf: Array.from({ length: base.nodeCount }, (_, i) => i % 2) });
    const out = createHierarchicalPathResult(128);
    findHierarchicalPath(out, h, 0, base.nodeCount - 1);
    expect(out.flags & PathFlags.Found).toBeTruthy();
    expect(() => buildHierarchicalGraph(base, { regionOf: [0] })).toThrow(/one region per node/);
  });
});
