import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as decision from "../src/index";

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

/** Runs example code (the package's exports in scope) followed by `tail`; returns what `tail` returns. */
function run(code: string, tail: string): unknown {
  const names = Object.keys(decision).join(", ");
  const js = ts.transpileModule(`const { ${names} } = __decision;\n${code}\n${tail}`, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
  // Running documentation code is the point of this test.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return (new Function("__decision", js) as (d: unknown) => unknown)(decision);
}

const { BtStatus } = decision;

describe("TSDoc @example blocks run as documented", () => {
  it("runBehaviorTree: heals on the first tick, then waits", () => {
    const code = example("bt/run.ts", "runBehaviorTree").replace(/^runBehaviorTree\((.*)\);.*$/m, "const first = runBehaviorTree($1);");
    // As documented: the first call heals and enters the wait; the state is kept for the next call.
    const [first, hp, second, third] = run(code, "return [first, npc.hp, runBehaviorTree(tree, npc, 0.5), runBehaviorTree(tree, npc, 0.5)];") as unknown[];
    expect(first).toEqual({ status: BtStatus.Running, running: true, time: 0.5 });
    expect(hp).toBe(40);
    expect(second).toEqual({ status: BtStatus.Running, running: true, time: 1 });
    expect(third).toEqual({ status: BtStatus.Success, running: false, time: 1.5 });
  });

  it("tickTree: one tick heals", () => {
    const code = example("bt/tick.ts", "tickTree");
    const out = run(code.replace(/^tickTree\((.*)\);.*$/m, "const r = tickTree($1);"), "return [r, npc.hp];");
    expect(out).toEqual([BtStatus.Success, 40]);
  });

  it("createTreeState: a structuredClone is an independent copy", () => {
    const code = example("bt/state.ts", "createTreeState");
    const lines = code.split("\n");
    const ticks = lines.filter((l) => l.startsWith("tickTree(")).map((l, i) => l.replace(/^tickTree\(([^)]*)\);.*$/, `const t${i} = tickTree($1);`));
    const body = lines
      .filter((l) => !l.startsWith("tickTree("))
      .concat(ticks)
      .join("\n");
    expect(run(body, "return [t0, t1, t2];")).toEqual([BtStatus.Running, BtStatus.Success, BtStatus.Running]);
  });

  it("createMachineState: the event moves the machine to chase", () => {
    const code = example("fsm/machine.ts", "createMachineState");
    const body = code
      .replace(/^dispatchMachineEvent\((.*)\);.*$/m, "const fired = dispatchMachineEvent($1);")
      .replace(/^getActiveStateName\((.*)\);.*$/m, "const name = getActiveStateName($1);");
    expect(run(body, "return [fired, name];")).toEqual([true, "chase"]);
  });

  it("runStateMachine: an empty gun reloads", () => {
    const code = example("fsm/run.ts", "runStateMachine");
    const body = code.replace(/^runStateMachine\((.*)\);.*$/m, "const r = runStateMachine($1);");
    expect(run(body, "return r;")).toEqual({ state: "reload", transitions: 1, timeInState: 0 });
  });

  it("pickUtilityOption: a hurt agent far from the enemy heals", () => {
    const code = example("utility/pick.ts", "pickUtilityOption");
    const body = code.replace(/^pickUtilityOption\((.*)\)\.option;.*$/m, "const pick = pickUtilityOption($1);");
    const pick = run(body, "return pick;") as decision.UtilityPick;
    expect(pick.option).toBe("heal");
    expect(pick.index).toBe(0);
    expect(pick.score).toBeCloseTo(0.8, 12);
    expect(pick.scores["attack"]).toBeCloseTo(0.2, 12);
  });
});
