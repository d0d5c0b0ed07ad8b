import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

// Issue 26: the per-frame calls allocate nothing in a user's process. Each case runs in its own plain
// `node` process (bench/src/allocation/child.mjs, the probe behind `pnpm bench:alloc`) that imports
// the built packages by name, warms up and counts its calls with the inspector's sampling heap
// profiler, objects already collected included. Needs `pnpm build` first, as every e2e test.
//
// Two budgets (a boxed number is 16 bytes, an empty array 32; only what is allocated under the
// measuring loop counts, not the profiler's own traffic):
// - with V8's default flags, everything the calls allocate (what a user's process sees): ≤ 0.5 B
//   per unit;
// - with `--no-turbo-inlining` (every call stays a call, so every fractional number passed to or
//   returned from a function is boxed somewhere), only the allocation in steering's and navmesh's
//   own frames: this catches a helper taking doubles even where V8 happens to inline it today.
//   Core's rngNextFloat boxes its result in that mode (core's frame, not counted), and the crowd
//   steps box the two coordinates they pass to core's spatialHashUpdate (32 B per agent per step
//   in their own frames, allowed below: spatialHashUpdate is a wrapper small enough that V8
//   inlines it at any hot call site, which the first budget checks). A one-off deoptimization can
//   add about a byte per unit to these short runs, hence ≤ 1 B there.

const root = join(import.meta.dirname, "..");
const child = join(root, "bench", "src", "allocation", "child.mjs");

interface Site {
  fn: string;
  at: string;
  library: boolean;
  bytesPerCall: number;
}
interface Measurement {
  case: string;
  bytesPerCall: number;
  top: Site[];
}

function measure(name: string, calls: number, nodeFlags: string[] = []): Measurement {
  const text = execFileSync(process.execPath, [...nodeFlags, child, name, "--calls", String(calls), "--warm-ms", "250", "--target", "0.5"], {
    cwd: join(root, "bench"),
    encoding: "utf8",
    timeout: 120_000,
  });
  return JSON.parse(text.trim().split("\n").pop()!) as Measurement;
}

/**
 * The default-flags measurement, retried in a fresh process (at most twice) when every allocating
 * site is outside the packages: that is the caller boxing the fractional coordinates it passes to a
 * library call V8 chose not to inline in that process (16 B per double; seen once in a CI run on a
 * loaded machine, where the measuring loop was compiled on-stack with the case inlined and the call
 * left out: 64 B for findPolygonPath's four coordinates). Any allocation in a package's own frames
 * fails at once.
 */
function measureDefault(name: string, calls: number, budget: number): Measurement {
  let m = measure(name, calls);
  for (let retry = 0; retry < 2 && m.bytesPerCall > budget && m.top.every((s) => !s.library); retry++) m = measure(name, calls);
  return m;
}

/** Bytes per unit in steering's and navmesh's own frames. */
function ownBytes(m: Measurement): number {
  return m.top.filter((s) => /^(steering|navmesh)\/dist\//.test(s.at)).reduce((sum, s) => sum + s.bytesPerCall, 0);
}

beforeAll(() => {
  for (const pkg of ["core", "steering", "navmesh"]) {
    if (!existsSync(join(root, "packages", pkg, "dist", "index.js"))) throw new Error(`packages/${pkg}/dist is missing: run \`pnpm build\` first.`);
  }
});

/** `{ case, bytes: 0, sites: [] }` when `bytes` is within `budget`, else the bytes and the allocating sites (so a failure names them). */
function verdict(name: string, bytes: number, budget: number, top: Site[]): { case: string; bytes: number; sites: Site[] } {
  return bytes <= budget ? { case: name, bytes: 0, sites: [] } : { case: name, bytes, sites: top };
}
const clean = (name: string) => ({ case: name, bytes: 0, sites: [] });

describe("per-frame calls allocate nothing in a plain Node process on the built packages", () => {
  // The hash update's two boxed coordinates per agent per step without inlining (see above).
  const HASH_UPDATE = 32;
  it.each([["stepCrowdOrca"], ["stepCrowdTtc"], ["stepCrowdBoids"]])(
    "%s: ≤ 0.5 B per agent per step; without inlining nothing in its own frames but the hash update's coordinates",
    (name) => {
      const normal = measureDefault(name, 100, 0.5);
      expect(verdict(name, normal.bytesPerCall, 0.5, normal.top)).toEqual(clean(name));
      const worst = measure(name, 30, ["--no-turbo-inlining"]);
      expect(verdict(name, ownBytes(worst) - HASH_UPDATE, 4, worst.top)).toEqual(clean(name));
    },
  );

  it.each([["hasNavMeshLineOfSight"], ["moveCorridorPosition"], ["findCorridorCorners"], ["findPathPoints"], ["findPolygonPath"]])(
    "navmesh %s: ≤ 0.5 B per call; without inlining nothing in its own frames",
    (name) => {
      const normal = measureDefault(name, 3000, 0.5);
      expect(verdict(name, normal.bytesPerCall, 0.5, normal.top)).toEqual(clean(name));
      const worst = measure(name, 1000, ["--no-turbo-inlining"]);
      expect(verdict(name, ownBytes(worst), 1, worst.top)).toEqual(clean(name));
    },
  );
});
