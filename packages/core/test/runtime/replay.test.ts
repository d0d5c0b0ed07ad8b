import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createReplayRecorder,
  createRng,
  isTacticaError,
  recordReplayDecision,
  recordReplayTick,
  replayLog,
  rngInt,
  validateReplayLog,
  type ReplayTarget,
} from "../../src/index";

// A small deterministic world: agents with a seeded RNG each pick a choice per tick; inputs push
// an agent's value. Its hash covers the values and the RNG state.
function makeWorld(seed: number, agents = 5, tick = 0): ReplayTarget & { values: number[]; rng: ReturnType<typeof createRng>; last: number[]; t: number } {
  const w = {
    seed,
    t: tick,
    get tick() {
      return w.t;
    },
    values: new Array<number>(agents).fill(0),
    rng: createRng(seed),
    last: [] as number[],
    step(inputs: readonly unknown[]) {
      for (const input of inputs) {
        const { agent, push } = input as { agent: number; push: number };
        w.values[agent] = w.values[agent]! + push;
      }
      w.last = [];
      for (let a = 0; a < agents; a++) {
        const choice = (rngInt(w.rng, 0, 3) + w.values[a]!) % 4;
        w.values[a] = w.values[a]! + choice;
        if (choice !== 0) w.last.push(a, choice % 2, choice);
      }
      w.t++;
    },
    hash() {
      let h = 0x811c9dc5;
      for (const v of w.values) h = Math.imul(h ^ v, 0x01000193);
      return (Math.imul(h ^ w.rng.s0, 0x01000193) ^ w.t) >>> 0;
    },
    decisions() {
      return w.last;
    },
  };
  return w;
}

function record(seed: number, inputsPerTick: readonly (readonly unknown[])[]) {
  const rec = createReplayRecorder({ seed, startTick: 0, modules: ["move", "shoot"] });
  const w = makeWorld(seed);
  for (const inputs of inputsPerTick) {
    w.step(inputs);
    const d = w.decisions();
    for (let k = 0; k < d.length; k += 3) recordReplayDecision(rec, d[k]!, d[k + 1]!, d[k + 2]!);
    recordReplayTick(rec, w.tick, w.hash(), { inputs });
  }
  return rec.log;
}

const inputs = (n: number): unknown[][] => Array.from({ length: n }, (_, t) => (t % 7 === 3 ? [{ agent: t % 5, push: 2 }] : []));

describe("record and replay", () => {
  it("a replay from the same start reproduces every decision and hash (and survives JSON)", () => {
    const log = record(9, inputs(200));
    expect(log.ticks).toHaveLength(200);
    const r = replayLog(JSON.parse(JSON.stringify(log)) as typeof log, makeWorld(9));
    expect(r).toEqual({ ok: true, ticks: 200, divergence: null });
  });

  it("stops at the first divergence and names the tick, module and agent (a changed input)", () => {
    const log = record(9, inputs(120));
    const tampered = structuredClone(log);
    (tampered.ticks[50]!.inputs as unknown[]).length = 0;
    (tampered.ticks[50]!.inputs as unknown[]).push({ agent: 2, push: 1 });
    const r = replayLog(tampered, makeWorld(9));
    expect(r.ok).toBe(false);
    expect(r.ticks).toBe(51);
    expect(r.divergence!.tick).toBe(51);
    expect(r.divergence!.agent).toBe(2);
    expect(["move", "shoot"]).toContain(r.divergence!.module);
    expect(r.divergence!.actualChoice).not.toBe(r.divergence!.expectedChoice);
  });

  it("a hash-only difference is reported with module null", () => {
    const log = record(4, inputs(30));
    const tampered = structuredClone(log);
    (tampered.ticks[10] as { hash: number }).hash = (tampered.ticks[10]!.hash + 1) >>> 0;
    const r = replayLog(tampered, makeWorld(4));
    expect(r.divergence).toMatchObject({ tick: 11, module: null, agent: -1 });
  });

  it("any single tampered decision is found at its tick (property)", () => {
    const log = record(21, inputs(60));
    const withDecisions = log.ticks.map((t, i) => [i, t.decisions.length] as const).filter(([, n]) => n > 0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: withDecisions.length - 1 }), fc.nat(), (pick, k) => {
        const [i, n] = withDecisions[pick]!;
        const tampered = structuredClone(log);
        const d = tampered.ticks[i]!.decisions as number[];
        const slot = 3 * (k % (n / 3)) + 2;
        d[slot] = d[slot]! + 10;
        const r = replayLog(tampered, makeWorld(21));
        expect(r.ok).toBe(false);
        expect(r.divergence!.tick).toBe(i + 1);
        expect(r.divergence!.agent).toBe(d[slot - 2]);
      }),
      { numRuns: 30 },
    );
  });

  it("a log that does not match its world or is malformed throws CORE_REPLAY with a JSON path", () => {
    const log = record(9, inputs(5));
    const code = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (e) {
        expect(isTacticaError(e, "CORE_REPLAY")).toBe(true);
        return (e as { path?: string }).path;
      }
      return "no error";
    };
    expect(code(() => replayLog(log, makeWorld(10)))).toBe("$.seed");
    expect(code(() => replayLog(log, makeWorld(9, 5, 3)))).toBe("$.startTick");
    expect(code(() => replayLog({ ...log, version: 2 }, makeWorld(9)))).toBe("$.version");
    expect(code(() => validateReplayLog({ ...log, format: "x" }))).toBe("$.format");
    expect(code(() => validateReplayLog({ ...log, ticks: [{ ...log.ticks[0], tick: 5 }] }))).toBe("$.ticks[0].tick");
    expect(code(() => validateReplayLog({ ...log, ticks: [{ ...log.ticks[0], decisions: [0, 9, 1] }] }))).toBe("$.ticks[0].decisions[1]");
    expect(code(() => validateReplayLog({ ...log, ticks: [{ ...log.ticks[0], hash: -1 }] }))).toBe("$.ticks[0].hash");
    expect(code(() => validateReplayLog(null))).toBe("$");
    const rec = createReplayRecorder({ seed: 1, startTick: 0, modules: [] });
    expect(() => recordReplayTick(rec, 2, 0)).toThrow(/follows tick 0/);
  });

  it("the @example of replayLog", () => {
    const make = () => {
      let n = 0,
        t = 0;
      return {
        get tick() {
          return t;
        },
        seed: 1,
        step(inp: readonly unknown[]) {
          n += inp.length + 1;
          t++;
        },
        hash: () => n,
        decisions: () => [0, 0, n % 2],
      };
    };
    const rec = createReplayRecorder({ seed: 1, startTick: 0, modules: ["parity"] });
    const live = make();
    for (const inp of [[], ["jump"], []]) {
      live.step(inp);
      recordReplayDecision(rec, 0, 0, live.decisions()[2]!);
      recordReplayTick(rec, live.tick, live.hash(), { inputs: inp });
    }
    expect(replayLog(rec.log, make()).ok).toBe(true);
  });
});
