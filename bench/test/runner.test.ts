import { describe, expect, it } from "vitest";
import { measure, quantile } from "../src/measure";
import { markdownTable } from "../src/report";
import { validateRow, type BenchRow } from "../src/row";
import { createContext } from "../src/suite";

describe("bench runner", () => {
  it("computes quantiles of sorted samples", () => {
    expect(quantile([1, 2, 3, 4, 5], 0.5)).toBe(3);
    expect(quantile([1, 2, 3, 4, 5], 0.95)).toBe(5);
    expect(() => quantile([], 0.5)).toThrow();
  });

  it("measures a function and reports consistent figures", () => {
    let x = 0;
    const t = measure(() => (x += Math.sqrt(x + 1)), { timeMs: 30, sampleMs: 2, minSamples: 3 });
    expect(t.samples).toBeGreaterThanOrEqual(3);
    expect(t.medianUs).toBeGreaterThan(0);
    expect(t.p95Us).toBeGreaterThanOrEqual(t.medianUs);
    expect(t.opsPerSec).toBeCloseTo(1e6 / t.medianUs);
  });

  it("rejects malformed rows", () => {
    const ok: BenchRow = { suite: "core", case: "c", library: "tactica", metric: "ops_per_s", value: 1, unit: "ops/s" };
    expect(validateRow(ok)).toBe(ok);
    expect(() => validateRow({ ...ok, value: Number.NaN })).toThrow(/malformed/);
    expect(() => validateRow({ ...ok, library: "" })).toThrow(/malformed/);
  });

  it("collects rows with the suite name and renders a Markdown table", () => {
    const rows: BenchRow[] = [];
    const ctx = createContext("core", rows, [], true);
    ctx.record({ case: "heap", library: "tactica", metric: "ops_per_s", value: 1234.5, unit: "ops/s" });
    ctx.record({ case: "heap", library: "naive-array", metric: "ops_per_s", value: 12, unit: "ops/s" });
    ctx.record({ case: "heap", library: "tactica", metric: "ratio_vs_naive-array", value: 102.9, unit: "x" });
    expect(rows.every((r) => r.suite === "core")).toBe(true);
    const md = markdownTable(rows);
    expect(md.split("\n")[0]).toBe("| case | library | ops_per_s (ops/s) | ratio_vs_naive-array (x) |");
    expect(md).toContain("| heap | tactica | 1,235 | 103 |");
    expect(md).toContain("| heap | naive-array | 12.00 |  |");
  });
});
