import { createRng, rngNextUint32 } from "@tactica/core";

/**
 * Fills a Zobrist table of `count` entries × 2 words (lo, hi) from a fixed seed, so keys are
 * the same on every run and platform. The example games use it; use it for your own `Game` keys.
 */
export function createZobristTable(count: number, seed: number): Int32Array {
  const rng = createRng(seed);
  const t = new Int32Array(count * 2);
  for (let i = 0; i < t.length; i++) t[i] = rngNextUint32(rng) | 0;
  return t;
}
