import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  clusterKMeans,
  createMetricReducers,
  metricDefinitionsFromJson,
  normalizeVariance,
  readMetrics,
  recordTelemetry,
  reduceTelemetryByPlayer,
} from "../src/index.js";
import { createRng } from "@tactica/core";

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return isTacticaError(e) ? `${e.code} ${e.path ?? ""}` : `other: ${String(e)}`;
  }
  return undefined;
}

describe("telemetry events and metric reducers (chapter 39)", () => {
  it("counts, sums, means, maxima, rates and smoothed ratios", () => {
    const r = createMetricReducers(
      metricDefinitionsFromJson([
        { name: "kills", kind: "count", event: "kill" },
        { name: "damage", kind: "sum", event: "damage" },
        { name: "meanDamage", kind: "mean", event: "damage" },
        { name: "maxDamage", kind: "max", event: "damage" },
        { name: "lastDamage", kind: "last", event: "damage" },
        { name: "killsPerSecond", kind: "rate", event: "kill" },
        { name: "kd", kind: "ratio", event: "kill", denominator: "death" },
        { name: "dpk", kind: "ratio", event: "damage", denominator: "damage", byValue: true, smoothing: 0 },
      ]),
    );
    expect(readMetrics(r)).toEqual({ kills: 0, damage: 0, meanDamage: 0, maxDamage: 0, lastDamage: 0, killsPerSecond: 0, kd: 1, dpk: 0 });
    recordTelemetry(r, { time: 10, type: "damage", value: 30 });
    recordTelemetry(r, { time: 12, type: "kill" });
    recordTelemetry(r, { time: 15, type: "damage", value: 10 });
    recordTelemetry(r, { time: 20, type: "kill" });
    expect(readMetrics(r)).toEqual({ kills: 2, damage: 40, meanDamage: 20, maxDamage: 30, lastDamage: 10, killsPerSecond: 0.2, kd: 3, dpk: 1 });
    expect(readMetrics(r, { time: 30 }).killsPerSecond).toBe(0.1);
  });

  it("per-player rows feed normalisation and clustering", () => {
    const metrics = metricDefinitionsFromJson([
      { name: "kills", kind: "count", event: "kill" },
      { name: "kd", kind: "ratio", event: "kill", denominator: "death" },
      { name: "accuracy", kind: "ratio", event: "hit", denominator: "shot", smoothing: 0 },
    ]);
    const log = [
      { time: 0, type: "shot", player: "ann" },
      { time: 0, type: "hit", player: "ann" },
      { time: 1, type: "kill", player: "ann" },
      { time: 2, type: "shot", player: "bob" },
      { time: 3, type: "death", player: "bob" },
    ];
    const table = reduceTelemetryByPlayer(metrics, log);
    expect(table).toEqual({
      names: ["kills", "kd", "accuracy"],
      players: ["ann", "bob"],
      rows: [
        [1, 2, 1],
        [0, 0.5, 0],
      ],
    });
    const clusters = clusterKMeans(normalizeVariance(table.rows).rows, 2, createRng(1));
    expect(new Set(clusters.assignment).size).toBe(2);
  });

  it("rejects bad definitions and events with a location, before changing anything", () => {
    expect(code(() => metricDefinitionsFromJson([{ name: "a", kind: "median", event: "x" }]))).toBe("NARRATIVE_BAD_INPUT $[0].kind");
    expect(code(() => metricDefinitionsFromJson([{ name: "a", kind: "ratio", event: "x" }]))).toBe("NARRATIVE_BAD_INPUT $[0].denominator");
    expect(
      code(() =>
        metricDefinitionsFromJson([
          { name: "a", kind: "count", event: "x" },
          { name: "a", kind: "count", event: "y" },
        ]),
      ),
    ).toBe("NARRATIVE_BAD_INPUT $[1].name");
    const r = createMetricReducers([{ name: "n", kind: "count", event: "x" }]);
    recordTelemetry(r, { time: 5, type: "x" });
    const before = JSON.stringify(r);
    expect(code(() => recordTelemetry(r, { time: 4, type: "x" }))).toBe("INVALID_ARGUMENT event.time");
    expect(code(() => recordTelemetry(r, { time: 6, type: "x", value: Number.NaN }))).toBe("INVALID_ARGUMENT event.value");
    expect(JSON.stringify(r)).toBe(before);
    expect(code(() => reduceTelemetryByPlayer([], [{ time: 1, type: "" }]))).toBe("INVALID_ARGUMENT events[0]");
  });
});
