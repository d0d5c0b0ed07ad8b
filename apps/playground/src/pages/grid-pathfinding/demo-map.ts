import { createRng, rngFloat, rngInt } from "@tactica/core";
import { createGrid, type Grid } from "@tactica/grid";

/**
 * A small procedurally generated demo map (seeded, so every visit looks the same): rooms joined
 * by doorways plus scattered pillars. The benchmark maps stay outside the repository; load one
 * through the file input instead.
 */
export function createDemoMap(width: number, height: number, seed: number): Grid {
  const grid = createGrid(width, height);
  const rng = createRng(seed);
  const p = grid.passable;
  // Room walls every ~12 cells with random doorways.
  for (let x = 12; x < width - 4; x += rngInt(rng, 10, 14)) {
    for (let y = 0; y < height; y++) p[y * width + x] = 0;
    // Three doorways per 48 rows (exactly 3 on the 64×48 default map), so tall maps stay connected.
    for (let d = 0; d < Math.max(3, Math.round(height / 16)); d++) {
      const y = rngInt(rng, 1, height - 4);
      for (let k = 0; k < 3; k++) p[(y + k) * width + x] = 1;
    }
  }
  for (let y = 10; y < height - 4; y += rngInt(rng, 9, 13)) {
    for (let x = 0; x < width; x++) if (rngFloat(rng, 0, 1) < 0.85) p[y * width + x] = 0;
  }
  // Pillars.
  for (let i = 0; i < (width * height) / 40; i++) {
    const x = rngInt(rng, 0, width - 2);
    const y = rngInt(rng, 0, height - 2);
    p[y * width + x] = 0;
    if (rngFloat(rng, 0, 1) < 0.5) p[y * width + x + 1] = 0;
  }
  grid.version++;
  return grid;
}
