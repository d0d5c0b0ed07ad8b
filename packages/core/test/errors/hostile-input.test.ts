import { describe, expect, it } from "vitest";
import { isTacticaError, parseBitset, schedulerLogFromJson, validateReplayLog, validateResponseCurve } from "../../src/index";

// Hostile input round 2 (issues 32 and 35): declared lengths are checked before anything walks
// them (sparse arrays of length 2^26), and BigInt or null values get a TacticaError, not a TypeError.

function refusal(fn: () => unknown): { code: string; path: string | undefined; message: string } {
  try {
    fn();
  } catch (e) {
    if (isTacticaError(e)) return { code: e.code, path: e.path, message: e.message };
    throw e;
  }
  throw new Error("accepted");
}

function sparse(length: number): unknown[] {
  const a: unknown[] = [];
  a.length = length;
  return a;
}

describe("schedulerLogFromJson", () => {
  const log = (frames: unknown) => ({ format: "tactica.scheduler-log", version: 1, frames });
  it("refuses huge and sparse frame and slice lists from their declared length", () => {
    expect(refusal(() => schedulerLogFromJson(log(sparse(2 ** 26)))).path).toBe("$.frames");
    expect(refusal(() => schedulerLogFromJson(log([{ dt: 0, slices: sparse(2 ** 26) }]))).path).toBe("$.frames[0].slices");
    const slices = new Array(2_000_000).fill([65536, 1, 1]);
    expect(refusal(() => schedulerLogFromJson(log([{ dt: 0, slices }]))).message).toMatch(/past 1000000 slices \(options\.maxSlices\)/);
  });

  it("maxSlices overrides the default; options must be an object", () => {
    const json = log([
      {
        dt: 0.1,
        slices: [
          [65536, 1, 1],
          [65536, 1, 2],
        ],
      },
    ]);
    expect(schedulerLogFromJson(json).sliceCount).toBe(2);
    expect(refusal(() => schedulerLogFromJson(json, { maxSlices: 1 })).path).toBe("$.frames[0].slices");
    expect(refusal(() => schedulerLogFromJson(json, "x".repeat(1000) as never)).path).toBe("options");
    expect(refusal(() => schedulerLogFromJson(log([{ dt: 0.1, slices: [[65536, 1, 5n]] }]))).path).toBe("$.frames[0].slices[0][2]");
  });
});

describe("validateReplayLog", () => {
  const base = { format: "tactica.replay", version: 1, seed: 1, startTick: 0, modules: ["m"], ticks: [] as unknown[] };
  it("refuses sparse and huge lists from their declared length (a sparse tick list was accepted after seconds)", () => {
    expect(refusal(() => validateReplayLog({ ...base, ticks: sparse(2 ** 26) })).path).toBe("$.ticks");
    expect(refusal(() => validateReplayLog({ ...base, modules: sparse(2 ** 26) })).path).toBe("$.modules");
    expect(refusal(() => validateReplayLog({ ...base, ticks: sparse(3) })).path).toBe("$.ticks[0]");
    expect(refusal(() => validateReplayLog({ ...base, modules: sparse(3) })).path).toBe("$.modules[0]");
    const tick = { tick: 1, hash: 0, inputs: [], decisions: sparse(3 * 2 ** 22) };
    expect(refusal(() => validateReplayLog({ ...base, ticks: [tick] })).path).toBe("$.ticks[0].decisions");
  });

  it("limits are options", () => {
    const ticks = [1, 2, 3].map((tick) => ({ tick, hash: 0, inputs: [], decisions: [0, 0, 1] }));
    expect(validateReplayLog({ ...base, ticks }).ticks.length).toBe(3);
    expect(refusal(() => validateReplayLog({ ...base, ticks }, { maxTicks: 2 })).message).toMatch(/options\.maxTicks/);
    expect(refusal(() => validateReplayLog({ ...base, ticks }, { maxDecisions: 8 })).path).toBe("$.ticks[2].decisions");
    expect(refusal(() => validateReplayLog({ ...base, ticks }, null as never)).path).toBe("options");
  });
});

describe("BigInt, null and hostile values in messages", () => {
  it("parseBitset(null) and other non-strings", () => {
    for (const v of [null, undefined, 5, {}, ["0"]]) expect(refusal(() => parseBitset(v as never)).path).toBe("text");
  });

  it("validateResponseCurve describes BigInt and hostile objects without JSON.stringify", () => {
    expect(refusal(() => validateResponseCurve({ type: 5n })).path).toBe("$.type");
    expect(refusal(() => validateResponseCurve({ type: "linear", m: 5n, b: 0, c: 0 })).path).toBe("$.m");
    expect(refusal(() => validateResponseCurve({ type: Symbol("x") })).path).toBe("$.type");
    expect(refusal(() => validateResponseCurve({ type: "linear", m: 1, b: 0, c: 0, clamp: 1n })).path).toBe("$.clamp");
  });
});
