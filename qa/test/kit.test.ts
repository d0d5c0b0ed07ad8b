// The fuzz kit reports what it must: hangs, plain exceptions, changed targets, converted hostile
// objects; and its hostile inputs are deterministic and buildable for every kind of seed.
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { dumpState } from "../src/fuzz/dump";
import { buildHostile, HOSTILE_CLASSES, parseClasses } from "../src/fuzz/hostile";
import { DEFAULT_SETTINGS, fuzzItems, showItem, type LoaderCase } from "../src/fuzz/kit";
import { createFuzzPool } from "../src/fuzz/pool";
import { cases } from "./fixtures/kit-cases";

const file = fileURLToPath(new URL("./fixtures/kit-cases.ts", import.meta.url));
const byName = (n: string): LoaderCase<unknown> => cases.find((c) => c.name === n)!;
const pool = createFuzzPool({ size: 1, timeoutMs: 400 });
afterAll(() => pool.close());

describe("the worker pool", () => {
  it("counts a clean loader's inputs", { timeout: 60_000 }, async () => {
    const s = await pool.run(byName("clean"), file, 300, 7, DEFAULT_SETTINGS);
    expect([s.inputs, s.other, s.slow, s.hangs, s.changed]).toEqual([301, 0, 0, 0, 0]);
    expect(s.accepted + s.rejected).toBe(301);
  });

  it("reports a hang, replaces the worker and resumes at the next input", { timeout: 60_000 }, async () => {
    const s = await pool.run(byName("hangs"), file, 2, 7, DEFAULT_SETTINGS);
    expect([s.inputs, s.accepted, s.hangs]).toEqual([3, 1, 2]);
    expect(s.failures[0]?.reason).toMatch(/^hang: still running after 400 ms/);
    // The replaced worker still runs the next case.
    const t = await pool.run(byName("clean"), file, 20, 7, DEFAULT_SETTINGS);
    expect(t.inputs).toBe(21);
  });

  it("reports a plain exception as other", { timeout: 60_000 }, async () => {
    const s = await pool.run(byName("typeError"), file, 50, 7, DEFAULT_SETTINGS);
    // Some mutations of "ok" are "ok" again (a CRLF swap of one line): those are accepted.
    expect([s.inputs, s.accepted + s.other, s.rejected]).toEqual([51, 51, 0]);
    expect(s.other).toBeGreaterThan(30);
    expect(s.failures[0]?.reason).toMatch(/^non-TacticaError: TypeError/);
  });

  it("reports a rejected restore that changed the target's internal state as changed", { timeout: 60_000 }, async () => {
    const s = await pool.run(byName("changes"), file, 50, 7, DEFAULT_SETTINGS);
    expect([s.inputs, s.accepted + s.changed, s.other]).toEqual([51, 51, 0]);
    expect(s.changed).toBeGreaterThan(30);
    expect(s.failures[0]?.reason).toMatch(/changed its internal state/);
  });

  it("reports an accepted restore whose target's own saved form is then rejected", { timeout: 60_000 }, async () => {
    const s = await pool.run(byName("unsaveable"), file, 50, 7, { ...DEFAULT_SETTINGS, hostile: false });
    expect([s.inputs, s.accepted + s.other]).toEqual([51, 51]);
    expect(s.other).toBeGreaterThan(30);
    expect(s.failures[0]?.reason).toMatch(/own saved form is rejected/);
  });

  it("reports a loader that converts a hostile object to a string", { timeout: 60_000 }, async () => {
    const s = await pool.run(byName("converts"), file, 300, 7, { hostile: true, classes: parseClasses("hostile-object"), classesOnly: true });
    expect(s.other).toBeGreaterThan(0);
    expect(s.failures.some((f) => /converted a hostile object/.test(f.reason))).toBe(true);
  });
});

describe("hostile inputs", () => {
  const kinds: LoaderCase<unknown>[] = [
    { pkg: "t", name: "json", kind: "json", seeds: [{ n: 1, xs: [1, 2, 3], o: { s: "a" } }, [1, 2], 5] },
    { pkg: "t", name: "text", kind: "text", seeds: ["v 0 0 0\nf 1 2 3", ""] },
    { pkg: "t", name: "bytes", kind: "bytes", seeds: [new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]), new Uint8Array(0)] },
    { pkg: "t", name: "options", kind: "json", seeds: [{}], options: { base: { radius: 1 }, call: () => 0 } },
  ];

  it("every class builds for json, text and bytes seeds without touching the seeds", () => {
    for (const c of kinds) {
      const before = dumpState(c.seeds);
      for (const cls of HOSTILE_CLASSES) {
        if (cls === "options" && !c.options) continue;
        for (let k = 0; k < 12; k++) {
          const h = buildHostile(c, { cls, seed: k % c.seeds.length, at: k * 31, pick: k * 17 });
          expect(h.desc.startsWith(cls), `${c.name}/${cls}: ${h.desc}`).toBe(true);
        }
      }
      expect(dumpState(c.seeds)).toBe(before);
    }
  });

  it("a run's inputs are deterministic from its seed and resume at any index", () => {
    const c = kinds[0]!;
    const a = [...fuzzItems(c, 400, 3, DEFAULT_SETTINGS)].map(([i, it]) => `${i} ${showItem(it)}`);
    const b = [...fuzzItems(c, 400, 3, DEFAULT_SETTINGS)].map(([i, it]) => `${i} ${showItem(it)}`);
    const resumed = [...fuzzItems(c, 400, 3, DEFAULT_SETTINGS, 250)].map(([i, it]) => `${i} ${showItem(it)}`);
    expect(b).toEqual(a);
    expect(resumed).toEqual(a.slice(250));
    expect(new Set(a.map((l) => /^\d+ (\w[\w-]*):/.exec(l)?.[1]).filter((x) => x !== undefined)).size).toBeGreaterThan(6);
  });

  it("refuses an unknown class name", () => {
    expect(() => parseClasses("huge,nope")).toThrow(/unknown hostile class "nope"/);
  });
});

describe("dumpState", () => {
  it("sees typed array bytes, -0, shared references and cycles", () => {
    const shared = { v: 1 };
    const a: Record<string, unknown> = { t: new Float64Array([0]), s1: shared, s2: shared };
    a["self"] = a;
    const base = dumpState(a);
    (a["t"] as Float64Array)[0] = -0;
    expect(dumpState(a)).not.toBe(base);
    (a["t"] as Float64Array)[0] = 0;
    expect(dumpState(a)).toBe(base);
    a["s2"] = { v: 1 };
    expect(dumpState(a)).not.toBe(base);
  });
});
