import { createRng, rngNormal } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { balanceTeams, clusterKMeans, clusterKMedoids, cosineSimilarity, eloExpected, matchArchetype, normalizeVariance, updateElo } from "../src/index.js";

function blobs(seed: number): number[][] {
  const rng = createRng(seed);
  const centres = [
    [0, 0],
    [10, 0],
    [0, 10],
  ];
  return centres.flatMap((c) => Array.from({ length: 20 }, () => [c[0]! + rngNormal(rng, { sd: 0.5 }), c[1]! + rngNormal(rng, { sd: 0.5 })]));
}

describe("analytics (chapter 39)", () => {
  it("cosine similarity: identical 1, orthogonal 0, zero vector 0", () => {
    expect(cosineSimilarity([1, 2, 3], [1, 2, 3])).toBeCloseTo(1, 12);
    expect(cosineSimilarity([1, 0], [0, 5])).toBe(0);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
    expect(cosineSimilarity([1, 0], [-1, 0])).toBe(-1);
    expect(() => cosineSimilarity([1], [1, 2])).toThrow(/differ in length/);
  });

  it("variance normalisation gives mean 0 and variance 1 per column (constant columns 0)", () => {
    const r = normalizeVariance([
      [1, 100, 7],
      [2, 300, 7],
      [3, 500, 7],
    ]);
    for (let j = 0; j < 2; j++) {
      const col = r.rows.map((row) => row[j]!);
      expect(col.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 12);
      expect(col.reduce((a, b) => a + b * b, 0) / 3).toBeCloseTo(1, 12);
    }
    expect(r.rows.map((row) => row[2])).toEqual([0, 0, 0]);
    expect(r.means).toEqual([2, 300, 7]);
  });

  it("seeded k-means recovers three blobs and is deterministic for a seed", () => {
    const data = normalizeVariance(blobs(1)).rows;
    const a = clusterKMeans(data, 3, createRng(4));
    const b = clusterKMeans(data, 3, createRng(4));
    expect(a).toEqual(b);
    for (let g = 0; g < 3; g++) {
      const labels = new Set(a.assignment.slice(g * 20, g * 20 + 20));
      expect(labels.size).toBe(1);
    }
    expect(new Set(a.assignment).size).toBe(3);
    expect(() => clusterKMeans(data, 0, createRng(1))).toThrow(/k must be/);
  });

  it("k-medoids: centres are data points and the blobs are recovered", () => {
    const data = blobs(2);
    const c = clusterKMedoids(data, 3, createRng(9));
    c.medoids.forEach((m, i) => expect(c.centers[i]).toEqual(data[m]));
    for (let g = 0; g < 3; g++) expect(new Set(c.assignment.slice(g * 20, g * 20 + 20)).size).toBe(1);
    expect(new Set(c.assignment).size).toBe(3);
  });

  it("property: rows go to their nearest centre; converged centres are means / best medoids; medoids are rows", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 })), { minLength: 3, maxLength: 30 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 99 }),
        (pts, k, seed) => {
          const data = pts.map(([x, y]) => [x, y]);
          for (const c of [clusterKMeans(data, k, createRng(seed)), clusterKMedoids(data, k, createRng(seed))]) {
            for (let i = 0; i < data.length; i++) {
              const d = (j: number): number => (data[i]![0]! - c.centers[j]![0]!) ** 2 + (data[i]![1]! - c.centers[j]![1]!) ** 2;
              const mine = d(c.assignment[i]!);
              for (let j = 0; j < k; j++) if (d(j) < mine - 1e-9) return false;
            }
          }
          // k-means converged: each centre is the mean of its members
          const km = clusterKMeans(data, k, createRng(seed));
          for (let j = 0; j < k; j++) {
            const members = data.filter((_, i) => km.assignment[i] === j);
            if (members.length === 0) continue;
            for (const axis of [0, 1]) if (Math.abs(members.reduce((t, r) => t + r[axis]!, 0) / members.length - km.centers[j]![axis]!) > 1e-9) return false;
          }
          // k-medoids converged: each medoid has the least total squared distance within its cluster
          const m = clusterKMedoids(data, k, createRng(seed));
          const sq = (a: number[], b: number[]): number => (a[0]! - b[0]!) ** 2 + (a[1]! - b[1]!) ** 2;
          for (let j = 0; j < k; j++) {
            const members = data.filter((_, i) => m.assignment[i] === j);
            const cost = (c: number[]): number => members.reduce((t, r) => t + sq(c, r), 0);
            if (members.some((r) => cost(r) < cost(data[m.medoids[j]!]!) - 1e-9)) return false;
          }
          return m.medoids.every((idx, j) => data[idx]![0] === m.centers[j]![0] && data[idx]![1] === m.centers[j]![1]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("Elo: beating a stronger opponent gains more; ratings are conserved", () => {
    const [up] = updateElo(1500, 1700, 1);
    const [up2] = updateElo(1500, 1300, 1);
    expect(up - 1500).toBeGreaterThan(up2 - 1500);
    const [, loseWeak] = updateElo(1300, 1500, 1);
    const [, loseStrong] = updateElo(1700, 1500, 1);
    expect(1500 - loseWeak).toBeGreaterThan(1500 - loseStrong);
    const [a, b] = updateElo(1600, 1400, 0.5);
    expect(a + b).toBeCloseTo(3000, 9);
    expect(eloExpected(1500, 1500)).toBe(0.5);
    expect(updateElo(1500, 1700, 1).map(Math.round)).toEqual([1524, 1676]);
    expect(() => updateElo(1500, 1500, 2)).toThrow(/score/);
  });

  it("team balancing: sizes differ by at most one and sums are close", () => {
    const [t1, t2] = balanceTeams([2000, 1900, 1500, 1400, 1000, 900]);
    expect(t1.length).toBe(3);
    expect(t2.length).toBe(3);
    const sum = (t: number[]): number => t.reduce((s, i) => s + [2000, 1900, 1500, 1400, 1000, 900][i]!, 0);
    expect(Math.abs(sum(t1) - sum(t2))).toBeLessThanOrEqual(200);
    expect([...t1, ...t2].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe("archetype vectors", () => {
  it("a player matches the archetype pointing the same way (cosine), whatever the scale", () => {
    const archetypes = [
      [1, 0, 0],
      [0, 1, 1],
    ];
    const m = matchArchetype(archetypes, [0.1, 3, 2]);
    expect(m.index).toBe(1);
    expect(m.similarities[0]).toBeCloseTo(0.1 / Math.sqrt(0.01 + 9 + 4), 12);
    expect(matchArchetype(archetypes, [20, 0, 0])).toEqual({ index: 0, similarity: 1, similarities: [1, 0] });
  });

  it("archetypes from k-medoids on normalised metrics name each player's own cluster", () => {
    const players = [
      [30, 1, 0],
      [28, 2, 1],
      [2, 20, 15],
      [1, 22, 18],
    ];
    const norm = normalizeVariance(players);
    const c = clusterKMedoids(norm.rows, 2, createRng(3));
    norm.rows.forEach((row, i) => expect(matchArchetype(c.centers, row).index).toBe(c.assignment[i]));
  });

  it("rejects no archetypes or a length mismatch", () => {
    expect(() => matchArchetype([], [1])).toThrow(/at least one/);
    expect(() => matchArchetype([[1, 2]], [1])).toThrow(/archetype 0/);
  });
});
