// Perception suite: an influence frame (200 stamped sources + one propagation step on a 256×256
// map) against per-cell curve evaluation of every source, and vision for 1,000 agents checking 8
// neighbours among 200 boxes: the Boolean check against certainty zones. The yuka `Vision`
// comparison of the issue is not measured yet (yuka's line of sight needs mesh obstacles).
import { aabbIntersectsSegment, createRng, rngFloat, type Aabb } from "@tactica/core";
import { canSee, createInfluenceMap, propagateInfluence, stampInfluence, validateVisionZones, visionCertainty, type LineOfSight } from "@tactica/perception";
import { allocationPerCall, consume, measure } from "../measure";
import type { Suite, SuiteContext } from "../suite";

const FRAME_MS = 1000 / 60;

function influenceBench(ctx: SuiteContext): void {
  const size = 256;
  const count = 200;
  const radius = 10;
  const rng = createRng(7);
  const sx = Float64Array.from({ length: count }, () => rngFloat(rng, 0, size));
  const sy = Float64Array.from({ length: count }, () => rngFloat(rng, 0, size));
  const map = createInfluenceMap(size, size, { momentum: 0.5, decay: 0.3 });
  const tactica = (): number => {
    map.values.fill(0);
    for (let i = 0; i < count; i++) stampInfluence(map, sx[i]!, sy[i]!, 1, radius);
    propagateInfluence(map);
    return map.values[0]!;
  };
  // Baseline: every cell evaluates the falloff curve of every source (what a map built from a
  // response curve per cell does), no propagation.
  const out = new Float64Array(size * size);
  const perCell = (): number => {
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        let v = 0;
        for (let i = 0; i < count; i++) {
          const d = Math.hypot(x - sx[i]!, y - sy[i]!);
          if (d <= radius) v += 1 - d / radius;
        }
        out[y * size + x] = v;
      }
    }
    return out[0]!;
  };
  // Same stamps (before propagation) from both.
  map.values.fill(0);
  for (let i = 0; i < count; i++) stampInfluence(map, sx[i]!, sy[i]!, 1, radius);
  perCell();
  for (let k = 0; k < out.length; k++) if (Math.abs(out[k]! - map.values[k]!) > 1e-9) throw new Error(`bench: stamp and per-cell curves disagree at cell ${k}`);
  const timeMs = ctx.quick ? 100 : 1500;
  const t = measure(tactica, { timeMs });
  const n = measure(perCell, { timeMs: ctx.quick ? 100 : 3000, sampleMs: 50, minSamples: 3 });
  const c = `influence-${size}x${size}-${count}-sources`;
  ctx.record({ case: c, library: "tactica", metric: "median_us_per_frame", value: t.medianUs, unit: "us" });
  ctx.record({ case: c, library: "per-cell-curves", metric: "median_us_per_frame", value: n.medianUs, unit: "us" });
  ctx.record({ case: c, library: "tactica", metric: "ratio_vs_per-cell-curves", value: n.medianUs / t.medianUs, unit: "x" });
  ctx.record({ case: c, library: "tactica", metric: "frame_percent", value: (100 * t.medianUs) / 1000 / FRAME_MS, unit: "%" });
  ctx.record({ case: c, library: "tactica", metric: "bytes_per_frame", value: allocationPerCall(tactica, ctx.quick ? 20 : 2000), unit: "bytes" });
  ctx.log(`influence: tactica ${(t.medianUs / 1000).toFixed(2)} ms, per-cell ${(n.medianUs / 1000).toFixed(2)} ms`);
}

function visionBench(ctx: SuiteContext): void {
  const agents = 1000;
  const neighbors = 8;
  const boxCount = 200;
  const world = 500;
  const rng = createRng(11);
  const boxes: Aabb[] = Array.from({ length: boxCount }, () => {
    const x = rngFloat(rng, 0, world);
    const y = rngFloat(rng, 0, world);
    return { minX: x, minY: y, maxX: x + rngFloat(rng, 2, 10), maxY: y + rngFloat(rng, 2, 10) };
  });
  const ax = Float64Array.from({ length: agents }, () => rngFloat(rng, 0, world));
  const ay = Float64Array.from({ length: agents }, () => rngFloat(rng, 0, world));
  const heading = Float64Array.from({ length: agents }, () => rngFloat(rng, -Math.PI, Math.PI));
  // Each agent checks 8 nearby agents (fixed neighbour lists, as a spatial hash would give).
  const nb = new Int32Array(agents * neighbors);
  for (let i = 0; i < agents; i++) for (let k = 0; k < neighbors; k++) nb[i * neighbors + k] = (i + 1 + k * 37) % agents;
  const p = { x: 0, y: 0 };
  const q = { x: 0, y: 0 };
  const lineOfSight: LineOfSight = (x0, y0, x1, y1) => {
    p.x = x0;
    p.y = y0;
    q.x = x1;
    q.y = y1;
    for (let b = 0; b < boxes.length; b++) if (aabbIntersectsSegment(boxes[b]!, p, q)) return false;
    return true;
  };
  const cone = { range: 300, fieldOfView: (2 * Math.PI) / 3 };
  const options = { lineOfSight };
  const zones = validateVisionZones([
    { range: 100, halfAngle: Math.PI / 3, certainty: 1 },
    { range: 300, halfAngle: Math.PI / 10, certainty: 0.9 },
    { range: 200, halfAngle: Math.PI / 4, certainty: 0.5 },
  ]);
  const boolean = (): number => {
    let seen = 0;
    for (let i = 0; i < agents; i++) {
      for (let k = 0; k < neighbors; k++) {
        const j = nb[i * neighbors + k]!;
        if (canSee(ax[i]!, ay[i]!, heading[i]!, ax[j]!, ay[j]!, cone, options)) seen++;
      }
    }
    return seen;
  };
  const certainty = (): number => {
    let sum = 0;
    for (let i = 0; i < agents; i++) {
      for (let k = 0; k < neighbors; k++) {
        const j = nb[i * neighbors + k]!;
        sum += visionCertainty(ax[i]!, ay[i]!, heading[i]!, ax[j]!, ay[j]!, zones, options);
      }
    }
    return sum;
  };
  consume(boolean());
  const timeMs = ctx.quick ? 100 : 1500;
  const b = measure(boolean, { timeMs });
  const z = measure(certainty, { timeMs });
  const c = `vision-${agents}-agents-${neighbors}-neighbors-${boxCount}-boxes`;
  ctx.record({ case: c, library: "tactica-boolean", metric: "median_us_per_frame", value: b.medianUs, unit: "us" });
  ctx.record({ case: c, library: "tactica-zones", metric: "median_us_per_frame", value: z.medianUs, unit: "us" });
  ctx.record({ case: c, library: "tactica-zones", metric: "ratio_vs_tactica-boolean", value: z.medianUs / b.medianUs, unit: "x" });
  ctx.record({ case: c, library: "tactica-boolean", metric: "bytes_per_frame", value: allocationPerCall(boolean, ctx.quick ? 20 : 2000), unit: "bytes" });
  ctx.log(`vision: boolean ${b.medianUs.toFixed(0)} us, zones ${z.medianUs.toFixed(0)} us`);
}

const suite: Suite = {
  name: "perception",
  description: "Influence stamping + propagation vs per-cell curves on 256×256; vision Boolean vs certainty zones for 1,000 agents among 200 boxes.",
  run(ctx) {
    influenceBench(ctx);
    visionBench(ctx);
  },
};

export default suite;
