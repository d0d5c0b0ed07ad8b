import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as navmesh from "../src";

// The README's example runs against the real API and prints what its comment says.
describe("README", () => {
  it("the example runs and logs what it claims", () => {
    const text = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8");
    const src = /```ts\n([\s\S]*?)```/.exec(text)![1]!;
    const body = src.replace(/import\s*\{([^}]*)\}\s*from\s*"@tactica\/navmesh";?/, (_m, names: string) => `const { ${names} } = navmesh;`);
    const js = ts.transpileModule(body, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None } }).outputText;
    const logs: unknown[][] = [];
    // Running documentation code is the point of this test.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const run = new Function("navmesh", "console", js) as (m: typeof navmesh, c: { log: (...a: unknown[]) => void }) => void;
    run(navmesh, { log: (...a: unknown[]) => logs.push(a) });
    expect(logs).toEqual([[true, "any-angle", 4, "8.325"]]);
  });

  // The building snippet, the same in the README and the navmesh guide, runs on a small OBJ level
  // (a 10 m × 10 m floor with a 2 m box) standing in for the user's file.
  for (const page of ["packages/navmesh/README.md", "apps/docs/guide/navmesh.md"]) {
    it(`${page}: the voxel-builder snippet runs and logs what it claims`, () => {
      const text = readFileSync(join(import.meta.dirname, "..", "..", "..", page), "utf8");
      const src = [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.includes("buildNavMeshFromTriangles3d("));
      expect(src, "a snippet calling buildNavMeshFromTriangles3d").toBeDefined();
      const body = src!
        .replace(/import\s*\{([^}]*)\}\s*from\s*"@tactica\/navmesh";?/, (_m, names: string) => `const { ${names} } = navmesh;`)
        .replace(/import\s*\{\s*readFileSync\s*\}\s*from\s*"node:fs";?/, "");
      expect(body).not.toMatch(/\bfrom\s*"/);
      const level = [
        ...["0 0 0", "10 0 0", "10 0 10", "0 0 10", "4 0 4", "6 0 4", "6 2 4", "4 2 4", "4 0 6", "6 0 6", "6 2 6", "4 2 6"].map((v) => `v ${v}`),
        ...["1 3 2", "1 4 3", "7 8 12", "7 12 11", "5 6 7", "5 7 8", "9 12 11", "9 11 10", "5 8 12", "5 12 9", "6 10 11", "6 11 7"].map((f) => `f ${f}`),
      ].join("\n");
      const readFileSync_ = (path: string) => {
        expect(path).toBe("level.obj");
        return level;
      };
      const js = ts.transpileModule(body, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None } }).outputText;
      const logs: unknown[][] = [];
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      const run = new Function("navmesh", "readFileSync", "console", js) as (
        m: typeof navmesh,
        r: typeof readFileSync_,
        c: { log: (...a: unknown[]) => void },
      ) => void;
      run(navmesh, readFileSync_, { log: (...a: unknown[]) => logs.push(a) });
      expect(logs).toEqual([[false, true]]);
      expect(src).toContain("console.log(empty, r.found); // false true");
    });
  }
});
