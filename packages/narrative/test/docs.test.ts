import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as core from "@tactica/core";
import * as decision from "@tactica/decision";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as narrative from "../src/index";

// The README's and the guide's snippets must run against the real API.
function blocks(rel: string): string[] {
  const md = readFileSync(fileURLToPath(new URL(rel, import.meta.url)), "utf8");
  return [...md.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

function run(code: string, result: string): Record<string, unknown> {
  const body =
    code.replace(/import\s*\{([^}]*)\}\s*from\s*"@tactica\/(core|decision|narrative)";?/g, (_m, names: string, pkg: string) => `const {${names}} = ${pkg};`) +
    `\nreturn { ${result} };`;
  const js = ts.transpileModule(body, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
  // Running documentation code is the point of this test.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return (new Function("core", "decision", "narrative", js) as (c: typeof core, d: typeof decision, n: typeof narrative) => Record<string, unknown>)(
    core,
    decision,
    narrative,
  );
}

describe("README", () => {
  const [storylets, barks] = blocks("../README.md");
  it("storylet and bark examples run", () => {
    expect(run(storylets!, "state")).toEqual({
      state: {
        turn: 2,
        qualities: { inForest: true, metWolf: true, flowers: 1 },
        lastPlayed: { "meet-wolf": 0, "pick-flowers": 1 },
        playCount: { "meet-wolf": 1, "pick-flowers": 1 },
      },
    });
    expect(run(barks!, "rules")).toHaveProperty("rules");
  });
});

describe("narrative guide", () => {
  const [storylets, twinning, barks, squad, director, grammar, experience, plots, merchants, analytics] = blocks("../../../apps/docs/guide/narrative.md");

  it("storylets: salience, cooldown, save against an edited deck", () => {
    const r = run(storylets!, "played, report");
    const played = r.played as string[];
    expect(played[0]).toBe("meet-wolf");
    for (let i = 1; i < played.length; i++) if (played[i] === "pick-flowers") expect(played[i - 1]).not.toBe("pick-flowers");
    expect(r.report).toEqual({ missing: [] });
  });

  it("barks: class line first, then a generic one", () => {
    const r = run(barks!, "first, second");
    expect(r.first).toBe("A barrel.");
    expect(["What's that?", "Huh."]).toContain(r.second);
  });

  it("barks: two agents sharing decision's blackboard do not twin", () => {
    const r = run(twinning!, "alice, bob");
    expect(["Contact!", "Enemy spotted!"]).toContain(r.alice);
    expect(["Contact!", "Enemy spotted!"]).toContain(r.bob);
    expect(r.bob).not.toBe(r.alice);
  });

  it("experience: planning alternatives, chosen by style", () => {
    const r = run(plots!, "plots, chosen");
    expect((r.plots as { unreachable: boolean }).unreachable).toBe(true);
    expect((r.chosen as { repairs: string[] }).repairs).toEqual(["appear(grendel)"]);
  });

  it("director: the phases cycle in order", () => {
    const r = run(director!, "phases, budget");
    expect((r.phases as string[]).slice(0, 4)).toEqual(["build-up", "sustain-peak", "peak-fade", "relax"]);
    expect(typeof r.budget).toBe("number");
  });

  it("grammar: the seeded lines", () => {
    expect(run(grammar!, "line, tavern")).toEqual({ line: "Ada met a wolf.", tavern: "The Rusty Pony" });
  });

  it("experience management: the chapter's numbers", () => {
    const r = run(experience!, "goals, now, byStyle, byEmotion") as Record<string, { index?: number; normalized?: number[]; hope?: number; fear?: number }>;
    expect(r.goals!.normalized![0]).toBeCloseTo(0.7, 2);
    expect(r.now!.hope).toBeCloseTo(0.35, 12);
    expect(r.now!.fear).toBeCloseTo(0.03, 12);
    expect(r.byStyle!.index).toBe(0);
    expect(r.byEmotion!.index).toBe(1);
  });

  it("merchants: Table 37.1 and a visit after a trade", () => {
    const r = run(merchants!, "table, atFirstVisit, twoDaysLater") as { table: Float64Array; atFirstVisit: number; twoDaysLater: number };
    expect(r.table[3]!.toFixed(3)).toBe("0.103");
    expect(Number.isInteger(r.atFirstVisit) && Number.isInteger(r.twoDaysLater)).toBe(true);
  });

  it("analytics: profiles, Elo, teams", () => {
    const r = run(analytics!, "profiles, winner, loser, teams") as { profiles: number[]; winner: number; loser: number; teams: number[][] };
    expect(r.profiles[0]).toBe(r.profiles[1]);
    expect(r.profiles[2]).toBe(r.profiles[3]);
    expect(r.profiles[0]).not.toBe(r.profiles[2]);
    expect(Math.round(r.winner)).toBe(1524);
    expect(r.teams.map((t) => t.length)).toEqual([2, 2]);
  });

  it("squad dialogue: two speakers, region filled", () => {
    const r = run(squad!, "talk") as { talk: { lines: { speaker: string; text: string }[] } };
    expect(r.talk.lines.map((l) => l.text)).toEqual(["Anyone see him?", "He's behind the tree!"]);
    expect(r.talk.lines[0]!.speaker).not.toBe(r.talk.lines[1]!.speaker);
  });
});
