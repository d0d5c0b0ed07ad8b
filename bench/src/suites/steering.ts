import { createRng, rngFloat, type Rng } from "@tactica/core";
import {
  createCrowd,
  createOrca,
  addCrowdAgent,
  seedCrowdWander,
  stepCrowdBoids,
  stepCrowdOrca,
  stepCrowdTtc,
  wrapCrowd,
  type BoidsParams,
  type Crowd,
} from "@tactica/steering";
import { AlignmentBehavior, CellSpacePartitioning, CohesionBehavior, EntityManager, SeparationBehavior, Vehicle, WanderBehavior } from "yuka";
import { allocationPerCall, consume, measure, type Timing } from "../measure";
import type { Suite, SuiteContext } from "../suite";

// Boids (separation, alignment, cohesion, wander) on the same agents against Yuka 0.7.8 with the
// same neighbor radius and weights. Fairness: Yuka's CellSpacePartitioning tests every cell on each
// query, so its speed depends strongly on the cell size; each crowd size first measures a few cell
// sizes for Yuka and keeps the fastest (ours keeps cell = radius). Both libraries update the
// orientation every step (Yuka `updateOrientation`, ours the forward vector), and the two are timed
// in interleaved rounds of the same run so machine load hits both alike. ORCA and TTC crowd step
// times; allocation per step. Every figure comes from this process run.

const DT = 1 / 60;
const RADIUS = 5; // neighbour radius (world units)
const AREA_PER_AGENT = 6; // world units² per agent: about 13 neighbours within RADIUS
const WEIGHTS = { separation: 1.2, alignment: 1, cohesion: 1, wander: 0.6 };
const WANDER = { radius: 1, distance: 5, jitter: 5 }; // Yuka's WanderBehavior defaults

const boidsParams: BoidsParams = {
  neighborRadius: RADIUS,
  separationWeight: WEIGHTS.separation,
  alignmentWeight: WEIGHTS.alignment,
  cohesionWeight: WEIGHTS.cohesion,
  wanderWeight: WEIGHTS.wander,
  wander: WANDER,
};

function side(n: number): number {
  return Math.sqrt(n * AREA_PER_AGENT);
}

function boidsCrowd(n: number, rng: Rng): Crowd {
  const s = side(n);
  const crowd = createCrowd({ capacity: n, cellSize: RADIUS, rng });
  for (let i = 0; i < n; i++) {
    const a = rngFloat(rng, 0, 2 * Math.PI);
    addCrowdAgent(crowd, { x: rngFloat(rng, -s / 2, s / 2), y: rngFloat(rng, -s / 2, s / 2), vx: Math.cos(a), vy: Math.sin(a), maxSpeed: 4, maxForce: 10 });
  }
  seedCrowdWander(crowd, WANDER.radius);
  return crowd;
}

interface YukaWorld {
  manager: EntityManager;
  vehicles: Vehicle[];
  half: number;
}

/** Yuka cell sizes tried per crowd size (world units); RADIUS is the cell the bench used before. */
const YUKA_CELLS = [RADIUS, 8, 12, 16, 24, 32];

function yukaWorld(n: number, rng: Rng, cellSize: number): YukaWorld {
  const s = side(n);
  const manager = new EntityManager();
  const cells = Math.max(1, Math.floor(s / cellSize));
  manager.spatialIndex = new CellSpacePartitioning(s, 1, s, cells, 1, cells);
  const vehicles: Vehicle[] = [];
  for (let i = 0; i < n; i++) {
    const v = new Vehicle();
    v.position.set(rngFloat(rng, -s / 2, s / 2), 0, rngFloat(rng, -s / 2, s / 2));
    const a = rngFloat(rng, 0, 2 * Math.PI);
    v.velocity.set(Math.cos(a), 0, Math.sin(a));
    v.maxSpeed = 4;
    v.maxForce = 10;
    v.updateNeighborhood = true;
    v.neighborhoodRadius = RADIUS;
    v.updateOrientation = true; // as ours: the forward vector follows the velocity every step
    const sep = new SeparationBehavior();
    sep.weight = WEIGHTS.separation;
    const al = new AlignmentBehavior();
    al.weight = WEIGHTS.alignment;
    const co = new CohesionBehavior();
    co.weight = WEIGHTS.cohesion;
    const wa = new WanderBehavior(WANDER.radius, WANDER.distance, WANDER.jitter);
    wa.weight = WEIGHTS.wander;
    v.steering.add(sep).add(al).add(co).add(wa);
    manager.add(v);
    vehicles.push(v);
  }
  return { manager, vehicles, half: s / 2 };
}

function yukaStep(w: YukaWorld): void {
  const h = w.half;
  const span = 2 * h;
  for (const v of w.vehicles) {
    const p = v.position;
    if (p.x < -h) p.x += span;
    else if (p.x >= h) p.x -= span;
    if (p.z < -h) p.z += span;
    else if (p.z >= h) p.z -= span;
  }
  w.manager.update(DT);
}

/**
 * Heap bytes allocated per call, as the slope between a short and a long run of allocationPerCall
 * (after a warm-up that lets V8 optimise the step): the heap-difference method carries about
 * 1 MB of noise per measurement, which the slope over 18,000 extra calls shrinks to ~50 B. Clamped at 0.
 */
function allocationSlope(fn: () => void, short: number, long: number): number {
  for (let i = 0; i < short; i++) fn();
  const a = allocationPerCall(fn, short) * short;
  const b = allocationPerCall(fn, long) * long;
  return Math.max(0, (b - a) / (long - short));
}

/** Median of a list of numbers. */
function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
}

/**
 * Yuka's fastest cell size for `n` agents: one world per candidate cell, stepped round-robin for
 * `rounds` rounds after a warm-up step (so machine load hits every candidate alike); the cell
 * with the lowest median step time wins. Returns the winner and the per-cell medians (ms).
 */
function bestYukaCell(n: number, cells: readonly number[], rounds: number): { cell: number; ms: Map<number, number> } {
  const worlds = cells.map((c) => yukaWorld(n, createRng(n), c));
  for (const w of worlds) yukaStep(w);
  const times = cells.map((): number[] => []);
  for (let r = 0; r < rounds; r++) {
    worlds.forEach((w, k) => {
      const t0 = performance.now();
      yukaStep(w);
      times[k]!.push(performance.now() - t0);
    });
  }
  const ms = new Map<number, number>();
  let cell = cells[0]!;
  cells.forEach((c, k) => {
    ms.set(c, median(times[k]!));
    if (ms.get(c)! < ms.get(cell)!) cell = c;
  });
  return { cell, ms };
}

/** Times `a` and `b` in `rounds` alternating rounds; returns each one's median of round medians. */
function interleaved(a: () => void, b: () => void, rounds: number, roundMsA: number, roundMsB: number): [Timing, Timing] {
  const ta: Timing[] = [];
  const tb: Timing[] = [];
  for (let r = 0; r < rounds; r++) {
    ta.push(measure(a, { timeMs: roundMsA, minSamples: 3 }));
    tb.push(measure(b, { timeMs: roundMsB, sampleMs: 10, minSamples: 1 }));
  }
  const pick = (ts: Timing[]): Timing => {
    const us = median(ts.map((t) => t.medianUs));
    return {
      opsPerSec: 1e6 / us,
      medianUs: us,
      p95Us: Math.max(...ts.map((t) => t.p95Us)),
      samples: ts.reduce((k, t) => k + t.samples, 0),
      batch: ts[0]!.batch,
    };
  };
  return [pick(ta), pick(tb)];
}

function timing(ctx: SuiteContext, name: string, library: string, t: Timing): void {
  ctx.record({ case: name, library, metric: "steps_per_s", value: t.opsPerSec, unit: "steps/s" });
  ctx.record({ case: name, library, metric: "median_ms", value: t.medianUs / 1000, unit: "ms" });
}

function orcaCrowd(n: number, rng: Rng): { crowd: Crowd; gx: Float64Array; gy: Float64Array; s: number } {
  const s = Math.sqrt(n * 9);
  const crowd = createCrowd({ capacity: n, cellSize: 5, rng });
  const gx = new Float64Array(n);
  const gy = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    addCrowdAgent(crowd, { x: rngFloat(rng, -s / 2, s / 2), y: rngFloat(rng, -s / 2, s / 2), radius: 0.5, maxSpeed: 2 });
    gx[i] = rngFloat(rng, -s / 2, s / 2);
    gy[i] = rngFloat(rng, -s / 2, s / 2);
  }
  return { crowd, gx, gy, s };
}

function setGoals(crowd: Crowd, gx: Float64Array, gy: Float64Array): void {
  for (let i = 0; i < crowd.highWater; i++) {
    const dx = gx[i]! - crowd.posX[i]!;
    const dy = gy[i]! - crowd.posY[i]!;
    const l = Math.sqrt(dx * dx + dy * dy);
    const sp = l > 1 ? 1.5 / l : 1.5;
    crowd.prefVelX[i] = dx * sp;
    crowd.prefVelY[i] = dy * sp;
  }
}

const suite: Suite = {
  name: "steering",
  description:
    "boids crowd vs Yuka (same behaviors, radius, weights; Yuka at its fastest cell size, interleaved), ORCA and TTC step times, allocation per step",
  run(ctx) {
    const quick = ctx.quick;
    // Allocation per step at 300 agents, measured first (before the big crowds and Yuka's object
    // graphs churn the heap). Small crowds keep the long runs short; nothing is allocated per agent.
    const short = quick ? 50 : 2000;
    const long = quick ? 200 : 20_000;
    {
      const n = 300;
      const crowd = boidsCrowd(n, createRng(3));
      const s = side(n);
      const bytes = allocationSlope(
        () => {
          stepCrowdBoids(crowd, boidsParams, DT);
          wrapCrowd(crowd, -s / 2, -s / 2, s / 2, s / 2);
        },
        short,
        long,
      );
      ctx.record({ case: "alloc-boids-300", library: "tactica", metric: "bytes_per_step", value: bytes, unit: "B" });
      const o = orcaCrowd(n, createRng(4));
      const orca = createOrca(o.crowd, { neighborDist: 5, maxNeighbors: 10, timeHorizon: 2, timeHorizonObst: 2 });
      const orcaBytes = allocationSlope(
        () => {
          setGoals(o.crowd, o.gx, o.gy);
          stepCrowdOrca(o.crowd, orca, 0.1);
        },
        short,
        long,
      );
      ctx.record({ case: "alloc-orca-300", library: "tactica", metric: "bytes_per_step", value: orcaBytes, unit: "B" });
      const t = orcaCrowd(n, createRng(5));
      const ttcParams = { timeHorizon: 4, maxNeighbors: 10 };
      const ttcBytes = allocationSlope(
        () => {
          setGoals(t.crowd, t.gx, t.gy);
          stepCrowdTtc(t.crowd, ttcParams, 0.02);
        },
        short,
        long,
      );
      ctx.record({ case: "alloc-ttc-300", library: "tactica", metric: "bytes_per_step", value: ttcBytes, unit: "B" });
    }
    const sizes = quick ? [300] : [1000, 5000, 10_000, 20_000];
    for (const n of sizes) {
      const name = `boids-${n >= 1000 ? `${n / 1000}k` : n}`;
      const s = side(n);
      // Yuka's best cell size for this crowd size (its query cost is O(cells) + O(candidates)).
      const candidates = (quick ? [RADIUS, 12] : YUKA_CELLS).filter((c) => c <= s / 2);
      const probe = bestYukaCell(n, candidates, quick ? 1 : n >= 10_000 ? 2 : 5);
      const bestCell = probe.cell;
      const probes = candidates.map((c) => `${c}: ${probe.ms.get(c)!.toFixed(1)} ms`);
      ctx.log(`${name}: yuka cell sizes ${probes.join(", ")} -> ${bestCell}`);
      ctx.record({ case: name, library: "yuka", metric: "cell_size", value: bestCell, unit: "world units" });
      const crowd = boidsCrowd(n, createRng(n));
      const world = yukaWorld(n, createRng(n), bestCell);
      const ourStep = (): void => {
        stepCrowdBoids(crowd, boidsParams, DT);
        wrapCrowd(crowd, -s / 2, -s / 2, s / 2, s / 2);
      };
      const rounds = quick ? 2 : 5;
      const [ours, yuka] = interleaved(ourStep, () => yukaStep(world), rounds, quick ? 20 : 300, quick ? 20 : n >= 10_000 ? 400 : 300);
      timing(ctx, name, "tactica", ours);
      consume(crowd.posX[0]);
      timing(ctx, name, "yuka", yuka);
      ctx.record({ case: name, library: "tactica", metric: "ratio_vs_yuka", value: ours.opsPerSec / yuka.opsPerSec, unit: "x" });
      ctx.record({ case: name, library: "yuka", metric: "samples", value: yuka.samples, unit: "samples" });
      ctx.log(
        `${name}: tactica ${ours.opsPerSec.toFixed(1)} steps/s, yuka ${yuka.opsPerSec.toFixed(1)} steps/s (cell ${bestCell}), ratio ${(ours.opsPerSec / yuka.opsPerSec).toFixed(2)}`,
      );
    }

    const orcaSizes = quick ? [300] : [1000, 5000, 10_000];
    for (const n of orcaSizes) {
      const name = `orca-${n >= 1000 ? `${n / 1000}k` : n}`;
      const { crowd, gx, gy } = orcaCrowd(n, createRng(7 + n));
      const orca = createOrca(crowd, { neighborDist: 5, maxNeighbors: 10, timeHorizon: 2, timeHorizonObst: 2 });
      const step = (): void => {
        setGoals(crowd, gx, gy);
        stepCrowdOrca(crowd, orca, 0.1);
      };
      for (let i = 0; i < (quick ? 2 : 20); i++) step(); // let the crowd get moving
      const t = measure(step, { timeMs: quick ? 40 : 2000, minSamples: quick ? 2 : 5 });
      ctx.record({ case: name, library: "tactica", metric: "median_ms", value: t.medianUs / 1000, unit: "ms" });
      ctx.record({ case: name, library: "tactica", metric: "p95_ms", value: t.p95Us / 1000, unit: "ms" });
      ctx.log(`${name}: ${(t.medianUs / 1000).toFixed(2)} ms/step`);
    }

    const ttcSizes = quick ? [300] : [1000, 5000];
    for (const n of ttcSizes) {
      const name = `ttc-${n >= 1000 ? `${n / 1000}k` : n}`;
      const { crowd, gx, gy } = orcaCrowd(n, createRng(11 + n));
      const ttcParams = { timeHorizon: 4, maxNeighbors: 10 };
      const step = (): void => {
        setGoals(crowd, gx, gy);
        stepCrowdTtc(crowd, ttcParams, 0.02);
      };
      for (let i = 0; i < (quick ? 2 : 20); i++) step();
      const t = measure(step, { timeMs: quick ? 40 : 1500, minSamples: quick ? 2 : 5 });
      ctx.record({ case: name, library: "tactica", metric: "median_ms", value: t.medianUs / 1000, unit: "ms" });
    }
  },
};

export default suite;
