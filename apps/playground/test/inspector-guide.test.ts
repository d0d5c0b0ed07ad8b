import { readFileSync } from "node:fs";
import * as core from "@tactica/core";
import * as decision from "@tactica/decision";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as recorder from "../src/inspector/recorder";
import * as snapshotWorld from "../src/inspector/snapshot-world";

// apps/docs/guide/inspector.md: its ```ts blocks, run in order in one scope, against the real
// playground inspector and packages.

const MODULES: Record<string, unknown> = {
  "@tactica/core": core,
  "@tactica/decision": decision,
  "./inspector/recorder": recorder,
  "./inspector/snapshot-world": snapshotWorld,
};

function run(tail: string): unknown {
  const md = readFileSync(new URL("../../docs/guide/inspector.md", import.meta.url), "utf8");
  const code = [...md.matchAll(/```ts\n([\s\S]*?)```/g)]
    .map((m) => m[1]!)
    .join("\n")
    .replace(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)";?/g, (_m, names: string, from: string) => {
      if (!(from in MODULES)) throw new Error(`the guide imports ${from}, which this test does not provide`);
      return `const { ${names.trim()} } = __modules[${JSON.stringify(from)}];`;
    });
  const js = ts.transpileModule(`${code}\n${tail}`, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
  // Running documentation code is the point of this test.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return (new Function("__modules", js) as (m: unknown) => unknown)(MODULES);
}

describe("guide: Inspector", () => {
  it("every snippet runs and shows what its comments say", () => {
    const out = run("return { back, loaded, tick: world.tick, lanes: rec.recording.ticks[0].events.map((e) => `${e.agent} · ${e.module}`) };") as {
      back: recorder.InspectorSeekResult;
      loaded: recorder.InspectorSeekResult;
      tick: number;
      lanes: string[];
    };
    expect(out.back).toEqual({ tick: 33, from: 20, replayed: 13, ok: true, divergence: null });
    expect(out.loaded.ok).toBe(true);
    expect(out.tick).toBe(50);
    expect(out.lanes).toEqual(["guard · bt"]);
  });
});
