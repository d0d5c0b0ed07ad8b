import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import type * as CoreModule from "@tactica/core";

// The ESM and CJS builds of @tactica/core are two copies of the code with two TacticaError classes.
// A project that mixes them (a CJS dependency next to ESM app code) must still recognise an error
// thrown by one copy with the other's isTacticaError (the Symbol.for("tactica.error") brand,
// ADR 0002). Needs `pnpm build` (or `pnpm --filter @tactica/core build`) first, as every e2e test.

type Core = typeof CoreModule;

const dist = join(import.meta.dirname, "..", "packages", "core", "dist");
let esm: Core;
let cjs: Core;

beforeAll(async () => {
  for (const f of ["index.js", "index.cjs"]) {
    if (!existsSync(join(dist, f))) throw new Error(`packages/core/dist/${f} is missing: run \`pnpm --filter @tactica/core build\` first.`);
  }
  esm = (await import(pathToFileURL(join(dist, "index.js")).href)) as Core;
  cjs = createRequire(import.meta.url)(join(dist, "index.cjs")) as Core;
});

function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error("expected a throw");
}

describe("@tactica/core builds: one TacticaError identity", () => {
  it("the two builds really are two copies", () => {
    expect(esm.TacticaError).not.toBe(cjs.TacticaError);
  });

  it("an error thrown by the CJS build is a TacticaError for the ESM build (and back)", () => {
    const fromCjs = thrownBy(() => cjs.parseBitset("01x"));
    expect(esm.isTacticaError(fromCjs)).toBe(true);
    expect(esm.isTacticaError(fromCjs, esm.ErrorCodes.InvalidArgument)).toBe(true);
    expect(esm.isTacticaError(fromCjs, esm.ErrorCodes.ParseError)).toBe(false);
    expect(fromCjs instanceof esm.TacticaError).toBe(true);
    expect((fromCjs as { path?: string }).path).toBe("text[2]");

    const fromEsm = thrownBy(() => esm.createKdTree([1, 2, 3]));
    expect(cjs.isTacticaError(fromEsm, "INVALID_ARGUMENT")).toBe(true);
    expect(fromEsm instanceof cjs.TacticaError).toBe(true);
  });

  it("a package-scoped code survives the crossing", () => {
    const e = new cjs.TacticaError("GRID_BAD_INPUT", "@tactica/grid: findGridPath: start is outside the grid. Pass a cell inside it.");
    expect(esm.isTacticaError(e, "GRID_BAD_INPUT")).toBe(true);
    expect(esm.isTacticaError(new Error("plain"))).toBe(false);
  });
});
