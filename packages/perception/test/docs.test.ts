import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as grid from "@tactica/grid";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as perception from "../src/index";

// The README's and the guide's snippets must run against the real API.
function snippets(path: string): string[] {
  const md = readFileSync(fileURLToPath(new URL(path, import.meta.url)), "utf8");
  return [...md.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

function run(source: string, tail: string): unknown {
  const body =
    source
      .replace(/import\s*\{([^}]*)\}\s*from\s*"@tactica\/perception";?/g, (_m, names: string) => `const {${names}} = __perception;`)
      .replace(/import\s*\{([^}]*)\}\s*from\s*"@tactica\/grid";?/g, (_m, names: string) => `const {${names}} = __grid;`) + `\n${tail}`;
  if (/from\s*"/.test(body)) throw new Error(`snippet imports something else:\n${source}`);
  const js = ts.transpileModule(body, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
  // Running documentation code is the point of this test.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return (new Function("__perception", "__grid", js) as (p: unknown, g: unknown) => unknown)(perception, grid);
}

describe("README", () => {
  it("the guard sees only the enemy not behind the crate and remembers it", () => {
    const [seen, count, conf] = run(snippets("../README.md")[0]!, "return [seen, memory.count, memory.confidence[0]];") as [number[], number, number];
    expect(seen).toEqual([1]);
    expect(count).toBe(1);
    expect(conf).toBeCloseTo(1 - 0.1 / 60, 12);
  });
});

describe("guide snippets (apps/docs/guide/perception.md)", () => {
  const guide = snippets("../../../apps/docs/guide/perception.md");
  it("vision", () => {
    const [seen, certainty] = run(guide[0]!, "return [seen, certainty];") as [boolean, number];
    expect(seen).toBe(true);
    expect(certainty).toBeCloseTo(0.8, 12);
  });
  it("memory", () => {
    expect(run(guide[1]!, "return level;")).toBe(perception.Awareness.Investigate);
  });
  it("probability maps", () => {
    const belief = run(guide[2]!, "return belief;") as number[];
    [0.97, 0.026, 0.003, 0, 0.001].forEach((v, i) => expect(Math.abs(belief[i]! - v)).toBeLessThanOrEqual(0.001));
  });
  it("search coordinator", () => {
    const [first, second] = run(guide[3]!, "return [first, second];") as number[];
    expect(first).toBeGreaterThanOrEqual(0);
    expect(second).toBeGreaterThanOrEqual(0);
    expect(second).not.toBe(first);
  });
  it("terrain", () => {
    const [choke, deadEnds] = run(guide[4]!, "return [choke, deadEnds.length];") as [boolean, number];
    expect(choke).toBe(true);
    expect(deadEnds).toBeGreaterThan(0);
  });
  it("point influence and region influence", () => {
    const [threat, x, y, balance] = run(guide[6]!, "return [threat, safest.x, safest.y, balance];") as number[];
    expect(threat).toBe(0);
    expect(Math.hypot(x!, y!)).toBeGreaterThanOrEqual(10 - 1e-9);
    expect(Math.hypot(x! - 3, y! - 4)).toBeLessThanOrEqual(20 + 1e-9);
    expect(balance).toBe(-3);
  });
  it("influence", () => {
    const [front, ours, theirs] = run(guide[5]!, "return [front, influenceAt(control, 3, 3), influenceAt(control, 12, 3)];") as number[];
    expect(Math.abs(front!)).toBeLessThan(0.02);
    expect(ours).toBeGreaterThan(0.3);
    expect(theirs).toBeLessThan(-0.3);
  });
});
