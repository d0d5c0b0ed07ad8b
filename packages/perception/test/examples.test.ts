import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as core from "@tactica/core";
import * as grid from "@tactica/grid";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as perception from "../src/index";

/** The `@example` code block of the TSDoc comment above `export function <fn>` in `file`. */
function example(file: string, fn: string): string {
  const src = readFileSync(fileURLToPath(new URL(`../src/${file}`, import.meta.url)), "utf8");
  const at = src.indexOf(`export function ${fn}`);
  const doc = src.slice(src.lastIndexOf("/**", at), at);
  const m = /@example\s*\n\s*\*\s*```ts\n([\s\S]*?)\n\s*\*\s*```/.exec(doc);
  if (!m) throw new Error(`no @example on ${fn}`);
  return m[1]!
    .split("\n")
    .map((l) => l.replace(/^\s*\* ?/, ""))
    .join("\n");
}

/** Runs example code (perception, grid and core exports in scope) followed by `tail`; returns what `tail` returns. */
function run(code: string, tail: string): unknown {
  const scope = { ...core, ...grid, ...perception } as Record<string, unknown>;
  const names = Object.keys(scope).join(", ");
  const js = ts.transpileModule(`const { ${names} } = __scope;\n${code}\n${tail}`, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
  // Running documentation code is the point of this test.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return (new Function("__scope", js) as (d: unknown) => unknown)(scope);
}

describe("@example blocks run and do what their comments say", () => {
  it("createVisionBatchTask", () => {
    expect(run(example("runtime/sliced-task.ts", "createVisionBatchTask"), "return [...batch.visible];")).toEqual([1, 0, 1, 1, 1, 1]);
  });

  it("createInfluencePropagationTask", () => {
    const [completions, peak] = run(
      example("runtime/sliced-task.ts", "createInfluencePropagationTask"),
      "return [scheduler.completions[0], map.values[10 * 64 + 10]];",
    ) as number[];
    expect(completions).toBe(2); // 2 Hz over one second
    expect(peak).toBe(1);
  });

  it("createExposureTask", () => {
    expect(run(example("runtime/sliced-task.ts", "createExposureTask"), "return [exposure.nextRay, scheduler.moduleStats[1]];")).toEqual([-1, 124]);
  });

  it("canSee", () => {
    const code = example("senses/vision.ts", "canSee");
    const calls = code
      .split("\n")
      .filter((l) => l.startsWith("canSee"))
      .map((l) => l.replace(/;.*$/, ""));
    expect(run(code, `return [${calls.join(", ")}];`)).toEqual([true, false]);
  });

  it("hearingIntensity", () => {
    const code = example("senses/hearing.ts", "hearingIntensity");
    const calls = code
      .split("\n")
      .filter((l) => l.startsWith("hearingIntensity"))
      .map((l) => l.replace(/;.*$/, ""));
    expect(run(code, `return [${calls.join(", ")}];`)).toEqual([0.75, 0.375, 0]);
  });

  it("senseTargets", () => {
    expect(run(example("senses/sense-targets.ts", "senseTargets"), "return r;")).toEqual({ seen: [1], heard: [{ index: 0, intensity: 0.5 }] });
  });

  it("createTargetMemory", () => {
    const [c, x, a] = run(
      example("memory/target-memory.ts", "createTargetMemory"),
      "return [memory.confidence[slot], memory.x[slot], awarenessOf(memory, slot)];",
    ) as number[];
    expect(c).toBeCloseTo(0.6, 12);
    expect(x).toBe(3);
    expect(a).toBe(perception.Awareness.Investigate);
  });

  it("stampInfluence", () => {
    expect(run(example("influence/influence-layer.ts", "stampInfluence"), "return [hottest, threat.values[4 * 16 + 4], threat.values[4 * 16 + 7]];")).toEqual([
      255, 1, 0,
    ]);
  });

  it("createProbabilityMap", () => {
    const p = run(example("search/probability-map.ts", "createProbabilityMap"), "return [...guard.probabilities];") as number[];
    [0.97, 0.026, 0.003, 0, 0.001].forEach((v, i) => expect(Math.abs(p[i]! - v)).toBeLessThanOrEqual(0.001));
  });

  it("stepDetection", () => {
    const code = example("detection/detection.ts", "stepDetection");
    const [first, second] = code.split("\n").filter((l) => l.startsWith("for"));
    const a = run(`let meter = 0;\n${first}`, "return meter;") as number;
    const b = run(`let meter = 0;\n${first}\n${second}`, "return meter;") as number;
    expect(a).toBeCloseTo(2 / 3, 9);
    expect(b).toBeCloseTo(2 / 3 - 0.25, 9);
    expect(run(code, "return meter;")).toBeCloseTo(b, 12);
  });

  it("decomposeTerrain", () => {
    expect(run(example("terrain/terrain-regions.ts", "decomposeTerrain"), "return field.count;")).toBe(6);
  });

  it("boxLineOfSight", () => {
    const code = example("line-of-sight/box-line-of-sight.ts", "boxLineOfSight");
    const calls = code
      .split("\n")
      .filter((l) => l.startsWith("canSee") || l.startsWith("los("))
      .map((l) => l.replace(/;.*$/, ""));
    expect(run(code, `return [${calls.join(", ")}];`)).toEqual([false, true]);
  });

  it("stampInfluences", () => {
    expect(run(example("influence/influence-layer.ts", "stampInfluences"), "return [threat.values[4 * 16 + 4], threat.values[15 * 16 + 15]];")).toEqual([1, 2]);
  });

  it("findPointInfluenceExtreme", () => {
    const [x, y, value] = run(example("influence/point-influence.ts", "findPointInfluenceExtreme"), "return [best.x, best.y, value];") as number[];
    expect(value).toBe(0);
    expect(x).toBeCloseTo(6, 1);
    expect(y).toBeCloseTo(8, 1);
  });

  it("addRegionInfluence", () => {
    expect(run(example("influence/region-influence.ts", "addRegionInfluence"), "return [...ours];")).toEqual([15, 12, 9]);
  });

  it("findAreaOfEffectTarget", () => {
    expect(
      run(example("influence/influence-recipes.ts", "findAreaOfEffectTarget"), "return [cell % 16 >= 11 && cell % 16 <= 13, Math.floor(cell / 16)];"),
    ).toEqual([true, 12]);
  });

  it("computeTemplateRadius", () => {
    expect(run(example("influence/influence-stamps.ts", "computeTemplateRadius"), "return [r, side];")).toEqual([10, 21]);
  });

  it("selectSound and computeMovementNoiseRadius", () => {
    expect(run(example("senses/hearing.ts", "selectSound"), "return selectSound(events, 2, 0);")).toBe(1);
    expect(run(example("senses/hearing.ts", "computeMovementNoiseRadius"), "return [walk, run];")).toEqual([7, 15]);
  });

  it("stepVisionBatch, stepInfluencePropagation, stepExposureSlice", () => {
    expect(run(example("senses/vision-batch.ts", "stepVisionBatch"), "return [status, seen];")).toEqual(["done", [1, 0, 1, 1, 1, 1]]);
    expect(run(example("runtime/influence-slices.ts", "stepInfluencePropagation"), "return [frames, slice.row];")).toEqual([3, -1]);
    expect(run(example("runtime/exposure-slices.ts", "stepExposureSlice"), "return [counters.rays, counters.units, exposure.nextRay];")).toEqual([
      124, 124, -1,
    ]);
  });

  it("createRegionCenterCost", () => {
    expect(run(example("influence/region-influence.ts", "createRegionCenterCost"), "return [regions.count, ...cavalry];")).toEqual([2, 13, 13]);
  });

  it("mergeTerrainRegions", () => {
    expect(run(example("terrain/terrain-merge.ts", "mergeTerrainRegions"), "return [rects.count, regions.count];")).toEqual([3, 2]);
  });
});
