// Loaders of @tactica/steering: crowd snapshot restore into a live crowd.
import { createRng } from "@tactica/core";
import { addCrowdAgent, createCrowd, removeCrowdAgent, restoreCrowd, saveCrowd, stepCrowdBoids, type BoidsParams, type Crowd } from "@tactica/steering";
import fc from "fast-check";
import type { LoaderCase } from "../kit";

const CAPACITY = 8;
const BOIDS: BoidsParams = { neighborRadius: 3, separationWeight: 1, alignmentWeight: 0.5, cohesionWeight: 0.5 };

function liveCrowd(seed: number, agents: number, remove: number): Crowd {
  const crowd = createCrowd({ capacity: CAPACITY, cellSize: 2, rng: createRng(seed) });
  const handles: number[] = [];
  for (let i = 0; i < agents; i++) handles.push(addCrowdAgent(crowd, { x: i * 1.5, y: (i % 3) - 1, vx: 0.5, radius: 0.4 + i * 0.05 }));
  for (let i = 0; i < remove; i++) removeCrowdAgent(crowd, handles[i * 2]!);
  return crowd;
}

const SEEDS = [saveCrowd(liveCrowd(1, 5, 2)), saveCrowd(liveCrowd(2, 8, 0)), saveCrowd(liveCrowd(3, 0, 0))];

const crowdRestore: LoaderCase<unknown> = {
  pkg: "steering",
  name: "restoreCrowd",
  kind: "json",
  seeds: SEEDS,
  // Well-formed but wrong: free slots that are live, hash order with repeats, a huge highWater.
  wrong: fc.oneof(
    fc.constant({ ...SEEDS[0]!, freeSlots: [0, 0] }),
    fc.constant({ ...SEEDS[0]!, hashOrder: [1, 1, 1] }),
    fc.constant({ ...SEEDS[0]!, highWater: 1_000_000_000 }),
    fc.constant({ ...SEEDS[0]!, capacity: 2 ** 31 }),
    fc.constant({ ...SEEDS[0]!, rng: [0, 0, 0, 0] }),
  ),
  target: {
    create: () => liveCrowd(7, 6, 1),
    hash: (t) => JSON.stringify(saveCrowd(t as Crowd)),
    restore: (t, input) => {
      const crowd = t as Crowd;
      restoreCrowd(crowd, input);
      stepCrowdBoids(crowd, BOIDS, 1 / 30);
    },
  },
};

/** Every loader of the package, for the unit suite and `pnpm fuzz`. */
export const cases: readonly LoaderCase<unknown>[] = [crowdRestore];
