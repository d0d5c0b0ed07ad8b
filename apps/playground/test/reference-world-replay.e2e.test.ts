import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { build, defaultClientConditions } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replayLog, validateReplayLog, type ReplayResult } from "@tactica/core";
import { launchChromium } from "../../../tests/helpers/browser";
import { createReferenceWorld, recordReferenceWorld, referenceWorldReplayTarget, type ReferenceWorldScriptedInput } from "../src/world/reference-world";

// Issue 17, cross-engine replay of a full recording: a 10,000-tick run of the reference world is
// recorded in Node (inputs, every decision, every tick's hash) and replayed in Chromium, and a run
// recorded in Chromium is replayed in Node. No tolerance: the first differing decision or hash bit
// fails the replay. Chromium runs the world's own sources, bundled on the fly from
// reference-world-harness.ts (no playground build needed).

/** Ticks of each recording (the 10,000 both ways; both sides run at the same time). */
const TICKS = 10_000;
const SEED = 1;

/** Player inputs over the run: rallies, and a small work budget for a while (jobs spread over ticks, then back). */
const SCRIPT: readonly ReferenceWorldScriptedInput[] = [
  { tick: 40, input: { kind: "rally", team: 0, x: 48, y: 32 } },
  { tick: 160, input: { kind: "rally", team: 1, x: 20, y: 20 } },
  { tick: 3000, input: { kind: "budget", units: 9 } },
  { tick: 6000, input: { kind: "budget", units: 1_000_000 } },
  { tick: 7000, input: { kind: "rally", team: 0, x: 70, y: 40 } },
];

interface Harness {
  record(seed: number, ticks: number, script: readonly ReferenceWorldScriptedInput[]): string;
  replay(text: string): ReplayResult;
}
declare const TacticaReplayHarness: Harness;

let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  // The harness and everything it imports, as one script for a blank page.
  const out = await build({
    configFile: false,
    logLevel: "silent",
    resolve: { conditions: ["@tactica/source", ...defaultClientConditions] },
    build: {
      write: false,
      minify: false,
      target: "es2022",
      lib: { entry: join(import.meta.dirname, "reference-world-harness.ts"), formats: ["iife"], name: "TacticaReplayHarness" },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as { output: { type: string; code?: string }[] }[];
  const code = outputs[0]!.output.find((o) => o.type === "chunk")!.code!;
  browser = await launchChromium();
  page = await browser.newPage();
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.addScriptTag({ content: code });
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe("reference world: record in one engine, replay in the other", () => {
  it(`a ${TICKS}-tick recording replays with every decision and hash equal, Node → Chromium and Chromium → Node`, async () => {
    // Chromium records while Node records (separate processes).
    const chromiumText = page.evaluate(({ seed, ticks, script }) => TacticaReplayHarness.record(seed, ticks, script), {
      seed: SEED,
      ticks: TICKS,
      script: SCRIPT,
    });
    const nodeLog = recordReferenceWorld(createReferenceWorld({ seed: SEED }), TICKS, SCRIPT);
    const nodeText = JSON.stringify(nodeLog);
    expect(nodeLog.ticks).toHaveLength(TICKS);
    expect(nodeLog.ticks.some((t) => t.decisions.length > 0)).toBe(true);
    // Node → Chromium, while Chromium → Node runs here.
    const inChromium = page.evaluate((text) => TacticaReplayHarness.replay(text), nodeText);
    const fromChromium = validateReplayLog(JSON.parse(await chromiumText));
    const inNode = replayLog(fromChromium, referenceWorldReplayTarget(createReferenceWorld({ seed: SEED })));
    expect(await inChromium).toEqual({ ok: true, ticks: TICKS, divergence: null });
    expect(inNode).toEqual({ ok: true, ticks: TICKS, divergence: null });
    // The two recordings are the same run: equal logs, byte for byte.
    expect(JSON.stringify(fromChromium)).toBe(nodeText);
    expect(errors).toEqual([]);
  }, 300_000);

  it("a replay in Chromium names the first tick where the log and the world disagree", async () => {
    const log = recordReferenceWorld(createReferenceWorld({ seed: SEED }), 200, SCRIPT);
    const ticks = log.ticks as { hash: number }[];
    ticks[150]!.hash = (ticks[150]!.hash ^ 1) >>> 0;
    const r = await page.evaluate((text) => TacticaReplayHarness.replay(text), JSON.stringify(log));
    expect(r.ok).toBe(false);
    expect(r.divergence!.tick).toBe(log.ticks[150]!.tick);
  }, 60_000);
});
