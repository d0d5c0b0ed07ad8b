import {
  createRng,
  createSnapshotCodecs,
  createStateHash,
  hashStateBytes,
  isTacticaError,
  readStateHash,
  registerSnapshotCodec,
  restoreSnapshot,
  saveSnapshot,
} from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  addCrowdAgent,
  createCrowd,
  crowdSnapshotCodec,
  removeCrowdAgent,
  seedCrowdWander,
  stepCrowdBoids,
  wrapCrowd,
  type BoidsParams,
  type Crowd,
} from "../src/index";

const boids: BoidsParams = {
  neighborRadius: 4,
  separationWeight: 2,
  alignmentWeight: 1,
  cohesionWeight: 1,
  wanderWeight: 0.5,
  wander: { radius: 1, distance: 2, jitter: 4 },
};

function step(crowd: Crowd, handles: number[], s: number): void {
  if (s % 40 === 7) removeCrowdAgent(crowd, handles[(s * 7) % handles.length]!);
  if (s % 50 === 11) handles.push(addCrowdAgent(crowd, { x: 1, y: 1, maxSpeed: 2, maxForce: 4 }));
  stepCrowdBoids(crowd, boids, 1 / 30);
  wrapCrowd(crowd, -20, -20, 20, 20);
}

/** A hash over the crowd's typed arrays (bytes, not JSON). */
function hashCrowd(c: Crowd): number {
  const h = createStateHash();
  for (const a of [c.posX, c.posY, c.velX, c.velY, c.wanderX, c.wanderY]) hashStateBytes(h, a);
  hashStateBytes(h, Uint32Array.of(c.rng.s0, c.rng.s1, c.rng.s2, c.rng.s3, c.count, c.highWater));
  return readStateHash(h);
}

describe("crowdSnapshotCodec", () => {
  const codecs = createSnapshotCodecs();
  registerSnapshotCodec(codecs, "crowd", crowdSnapshotCodec);

  it("save at tick k, restore, run to N: every tick hashes like the uninterrupted run", () => {
    const crowd = createCrowd({ capacity: 40, cellSize: 4, rng: createRng(3) });
    const handles: number[] = [];
    for (let i = 0; i < 30; i++)
      handles.push(addCrowdAgent(crowd, { x: (i % 6) * 2, y: Math.floor(i / 6) * 2, vx: 1, vy: (i % 3) - 1, maxSpeed: 2, maxForce: 4 }));
    seedCrowdWander(crowd, 1);
    const K = 97;
    const N = 260;
    const hashes: number[] = [];
    let snap: unknown;
    let handlesAtK: number[] = [];
    for (let s = 0; s < N; s++) {
      if (s === K) {
        snap = JSON.parse(JSON.stringify(saveSnapshot(codecs, { crowd }, { tick: s })));
        handlesAtK = handles.slice();
      }
      step(crowd, handles, s);
      hashes.push(hashCrowd(crowd));
    }
    const copy = createCrowd({ capacity: 40, cellSize: 4, rng: createRng(77) });
    const start = restoreSnapshot(codecs, { crowd: copy }, snap);
    for (let s = start; s < N; s++) {
      step(copy, handlesAtK, s);
      expect(hashCrowd(copy), `tick ${s}`).toBe(hashes[s]);
    }
  });

  it("broken crowd data is CORE_SNAPSHOT at the JSON path inside the section", () => {
    const crowd = createCrowd({ capacity: 4, cellSize: 2, rng: createRng(1) });
    addCrowdAgent(crowd, { x: 1, y: 1 });
    const snap = JSON.parse(JSON.stringify(saveSnapshot(codecs, { crowd }, { tick: 0 }))) as {
      sections: { crowd: { data: { columns: { posX: unknown[] } } } };
    };
    snap.sections.crowd.data.columns.posX[0] = "x";
    let err: unknown;
    try {
      restoreSnapshot(codecs, { crowd: createCrowd({ capacity: 4, cellSize: 2, rng: createRng(1) }) }, snap);
    } catch (e) {
      err = e;
    }
    expect(isTacticaError(err, "CORE_SNAPSHOT")).toBe(true);
    expect((err as { path: string }).path).toBe("$.sections.crowd.data.columns.posX[0]");
  });
});
