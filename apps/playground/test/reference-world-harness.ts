// Bundled on the fly by reference-world-replay.e2e.test.ts (vite, the "@tactica/source" condition)
// and loaded into a blank Chromium page: the same world sources, run by Chromium's engine. Exposed
// as the global `TacticaReplayHarness`; logs cross the boundary as JSON text.

import { replayLog, validateReplayLog, type ReplayResult } from "@tactica/core";
import { createReferenceWorld, recordReferenceWorld, referenceWorldReplayTarget, type ReferenceWorldScriptedInput } from "../src/world/reference-world";

/** Records `ticks` steps of a fresh world of `seed` with the scripted inputs; returns the log as JSON text. */
export function record(seed: number, ticks: number, script: readonly ReferenceWorldScriptedInput[]): string {
  return JSON.stringify(recordReferenceWorld(createReferenceWorld({ seed }), ticks, script));
}

/** Replays a log (JSON text) on a fresh world of its seed: every decision and hash checked. */
export function replay(text: string): ReplayResult {
  const log = validateReplayLog(JSON.parse(text));
  return replayLog(log, referenceWorldReplayTarget(createReferenceWorld({ seed: Number(log.seed) })));
}
