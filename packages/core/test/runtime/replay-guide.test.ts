import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as core from "../../src/index";

// apps/docs/guide/deterministic-replay.md: its ```ts blocks, run in order in one scope (later
// blocks use the toy world of earlier ones), against the real API.
function guideCode(): string {
  const md = readFileSync(fileURLToPath(new URL("../../../../apps/docs/guide/deterministic-replay.md", import.meta.url)), "utf8");
  return [...md.matchAll(/```ts\n([\s\S]*?)```/g)]
    .map((m) => m[1]!)
    .join("\n")
    .replace(/import\s*(type\s*)?\{([^}]*)\}\s*from\s*"@tactica\/core";?/g, (_m, _t: string, names: string) => {
      const values = names
        .split(",")
        .map((n) => n.trim())
        .filter((n) => n !== "" && !n.startsWith("type "));
      return `const { ${values.join(", ")} } = __core;`;
    });
}

function run(tail: string): unknown {
  const body = `${guideCode()}\n${tail}`;
  if (/from\s*"/.test(body)) throw new Error("a guide snippet imports something other than @tactica/core");
  const js = ts.transpileModule(body, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
  // Running documentation code is the point of this test.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return (new Function("__core", "console", js) as (c: unknown, log: unknown) => unknown)(core, { log: () => undefined });
}

describe("guide: Deterministic replay", () => {
  it("every snippet runs and shows what its comments say", () => {
    const out = run(
      `let thrown; try { replayLog({ ...log, seed: 2 }, freshWorld()); } catch (e) { thrown = e; }
       return { same, ok: replayLog(log, freshWorld()), r, thrown, dx, dy, heading, ticks: log.ticks.length };`,
    ) as {
      same: boolean;
      ok: core.ReplayResult;
      r: core.ReplayResult;
      thrown: unknown;
      dx: number;
      dy: number;
      heading: number;
      ticks: number;
    };
    expect(out.same).toBe(true);
    expect(out.ticks).toBe(100);
    expect(out.ok).toEqual({ ok: true, ticks: 100, divergence: null });
    expect(out.r.ok).toBe(false);
    expect(out.r.divergence).toMatchObject({ tick: 41, module: "walk", agent: 1, expectedChoice: 0, actualChoice: 1 });
    expect(core.isTacticaError(out.thrown, "CORE_REPLAY")).toBe(true);
    expect((out.thrown as core.TacticaError).path).toBe("$.seed");
    expect(out.heading).toBeCloseTo(Math.atan2(3, 4), 15);
    expect(out.dx).toBeCloseTo(1.2, 14);
    expect(out.dy).toBeCloseTo(0.9, 14);
  });
});
