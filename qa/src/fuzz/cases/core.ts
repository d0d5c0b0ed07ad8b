// Loaders of @tactica/core: RNG state restore, the bitset text reader and response-curve JSON.
import {
  compileResponseCurve,
  createReplayRecorder,
  createRng,
  formatBitset,
  parseBitset,
  recordReplayDecision,
  recordReplayTick,
  restoreRng,
  rngNextUint32,
  saveRng,
  validateReplayLog,
  validateResponseCurve,
  type Rng,
} from "@tactica/core";
import fc from "fast-check";
import type { LoaderCase } from "../kit";

const rngRestore: LoaderCase<unknown> = {
  pkg: "core",
  name: "restoreRng",
  kind: "json",
  seeds: [saveRng(createRng(1)), saveRng(createRng("level-3"))],
  // Semantically wrong: all-zero states (a dead xoshiro stream), wrong lengths, out-of-range words.
  wrong: fc.oneof(
    fc.constant([0, 0, 0, 0]),
    fc.array(fc.nat({ max: 0xffffffff }), { minLength: 0, maxLength: 8 }),
    fc.tuple(fc.constant(1), fc.constant(2), fc.constant(3), fc.constantFrom(2 ** 32, -1, 0.5, Number.NaN)),
  ),
  target: {
    create: () => createRng(42),
    hash: (t) => saveRng(t as Rng).join(","),
    restore: (t, input) => {
      restoreRng(t as Rng, input as ArrayLike<number>);
      rngNextUint32(t as Rng);
    },
  },
};

const bitsetParse: LoaderCase<string> = {
  pkg: "core",
  name: "parseBitset",
  kind: "text",
  seeds: ["0", "0110100111", formatBitset(parseBitset("1".repeat(70)))],
  wrong: fc.oneof(
    fc.string({ unit: fc.constantFrom("0", "1", " ", "\n", "2"), minLength: 0, maxLength: 80 }),
    fc.nat({ max: 5000 }).map((n) => "10".repeat(n)),
  ),
  load: (text) => formatBitset(parseBitset(text)),
};

const CURVES: unknown[] = [
  { type: "linear", m: 1, b: 0 },
  { type: "polynomial", m: 1, k: 2, b: 0, c: 0, input: { min: 0, max: 100 } },
  { type: "logistic", m: 1, k: 10, b: 0, c: 0.5 },
  { type: "logit", k: 1 },
  { type: "step", threshold: 0.3, low: 0, high: 1 },
  {
    type: "piecewise",
    points: [
      { x: 0, y: 0 },
      { x: 0.5, y: 1 },
      { x: 1, y: 0.2 },
    ],
  },
];

const responseCurve: LoaderCase<unknown> = {
  pkg: "core",
  name: "validateResponseCurve",
  kind: "json",
  seeds: CURVES,
  // Semantically wrong: unsorted or duplicate piecewise points, empty ranges, huge point lists.
  wrong: fc.oneof(
    fc.constant({
      type: "piecewise",
      points: [
        { x: 1, y: 0 },
        { x: 0, y: 1 },
      ],
    }),
    fc.constant({ type: "piecewise", points: [] }),
    fc.constant({ type: "linear", input: { min: 1, max: 1 } }),
    fc.nat({ max: 20_000 }).map((n) => ({ type: "piecewise", points: Array.from({ length: n }, (_, i) => ({ x: i, y: (i % 7) / 7 })) })),
  ),
  load: (json) => {
    const c = compileResponseCurve(validateResponseCurve(json));
    for (const x of [-1, 0, 0.25, 0.5, 1, 2, 1e9]) {
      const y = c.evaluate(x);
      if (!Number.isFinite(y)) throw new Error(`accepted curve evaluates to ${y} at ${x}`);
    }
    return c;
  },
};

/** Every loader of the package, for the unit suite and `pnpm fuzz`. */
function sampleReplay(ticks: number): unknown {
  const rec = createReplayRecorder({ seed: "level-2", startTick: 40, modules: ["bt", "utility", "goap"] });
  for (let t = 1; t <= ticks; t++) {
    recordReplayDecision(rec, t % 7, t % 3, t % 5);
    if (t % 4 === 0) recordReplayDecision(rec, -1, 2, 1);
    recordReplayTick(rec, 40 + t, (t * 2654435761) >>> 0, t % 6 === 0 ? [{ kind: "rally", team: t % 2, x: t, y: 2 * t }] : []);
  }
  return JSON.parse(JSON.stringify(rec.log));
}

const replayLogCase: LoaderCase<unknown> = {
  pkg: "core",
  name: "validateReplayLog",
  kind: "json",
  seeds: [sampleReplay(0), sampleReplay(12)],
  // Semantically wrong: ticks out of order, dangling module indices, hashes beyond 32 bits, huge tick lists.
  wrong: fc.oneof(
    fc.record({
      format: fc.constant("tactica.replay"),
      version: fc.constant(1),
      seed: fc.constant(1),
      startTick: fc.constant(0),
      modules: fc.constant(["bt"]),
      ticks: fc.array(
        fc.record({
          tick: fc.integer({ min: -2, max: 5 }),
          hash: fc.integer({ min: -1, max: 2 ** 33 }),
          inputs: fc.constant([]),
          decisions: fc.array(fc.integer({ min: -1, max: 3 }), { maxLength: 7 }),
        }),
        { maxLength: 6 },
      ),
    }),
    fc
      .nat({ max: 20000 })
      .map((n) => ({
        format: "tactica.replay",
        version: 1,
        seed: 1,
        startTick: 0,
        modules: [],
        ticks: Array.from({ length: n }, (_, i) => ({ tick: i + 1, hash: i, inputs: [], decisions: [] })),
      })),
  ),
  load: (data) => validateReplayLog(data),
};

export const cases: readonly LoaderCase<unknown>[] = [rngRestore, bitsetParse, responseCurve, replayLogCase];
