// Loaders of @tactica/perception: every function that reads designer data or saved state.
import {
  addSensor,
  boxLineOfSight,
  createInfluenceMap,
  createProbabilityMap,
  createSenseManager,
  createTargetMemory,
  type InfluenceMap,
  recordPerception,
  restoreInfluenceMap,
  restoreTargetMemory,
  saveInfluenceMap,
  saveTargetMemory,
  SenseKind,
  setInfluenceSource,
  stampInfluence,
  type TargetMemory,
  validateSoundEvent,
  validateVisionZones,
  VisionShape,
  propagateInfluence,
  influenceMapSnapshotCodec,
  targetMemorySnapshotCodec,
} from "@tactica/perception";
import { createSnapshotCodecs, registerSnapshotCodec, restoreSnapshot, saveSnapshot } from "@tactica/core";
import fc from "fast-check";
import type { LoaderCase } from "../kit";

function memoryWith(n: number): TargetMemory {
  const m = createTargetMemory(8, { decayPerSecond: 0.1 });
  for (let i = 0; i < n; i++) recordPerception(m, 10 + i, i * 1.5, -i, 0.2 + 0.1 * i, i % 2 === 0 ? SenseKind.Sight : SenseKind.Hearing);
  return m;
}

const targetMemoryRestore: LoaderCase<unknown> = {
  pkg: "perception",
  name: "restoreTargetMemory",
  kind: "json",
  seeds: [saveTargetMemory(memoryWith(0)), saveTargetMemory(memoryWith(3)), saveTargetMemory(memoryWith(8))],
  // Well-formed but wrong: more records than the capacity, duplicate ids, a huge declared array.
  wrong: fc.oneof(
    fc.constant({ version: 1, records: Array.from({ length: 9 }, (_, i) => ({ id: i, x: 0, y: 0, age: 0, confidence: 0.5, sense: 0 })) }),
    fc.constant({
      version: 1,
      records: [
        { id: 1, x: 0, y: 0, age: 0, confidence: 0.5, sense: 0 },
        { id: 1, x: 1, y: 1, age: 0, confidence: 0.5, sense: 0 },
      ],
    }),
    fc.constant({ version: 1, records: { length: 1e9 } }),
    fc.constant({ version: 1, records: new Array(3) }),
  ),
  target: {
    create: () => memoryWith(2),
    hash: (t) => JSON.stringify(saveTargetMemory(t as TargetMemory)),
    restore: (t, input) => restoreTargetMemory(t as TargetMemory, input),
  },
};

function influenceMap(): InfluenceMap {
  const map = createInfluenceMap(6, 5, { momentum: 0.4, decay: 0.2, rateHz: 2 });
  setInfluenceSource(map, 1, 1, 1);
  setInfluenceSource(map, 4, 3, -0.5);
  stampInfluence(map, 3, 2, 0.7, 2);
  propagateInfluence(map);
  return map;
}

const influenceRestore: LoaderCase<unknown> = {
  pkg: "perception",
  name: "restoreInfluenceMap",
  kind: "json",
  seeds: [saveInfluenceMap(influenceMap()), saveInfluenceMap(createInfluenceMap(6, 5))],
  // Well-formed but wrong: another size (declared huge), arrays of the wrong length, elapsed past the interval.
  wrong: fc.oneof(
    fc.constant({ ...saveInfluenceMap(createInfluenceMap(6, 5)), width: 32768, height: 32768 }),
    fc.constant({ ...saveInfluenceMap(createInfluenceMap(6, 5)), values: [1, 2, 3] }),
    fc.constant({ ...saveInfluenceMap(createInfluenceMap(6, 5)), elapsed: 100 }),
    fc.constant({ ...saveInfluenceMap(createInfluenceMap(6, 5)), sources: new Array(30) }),
  ),
  target: {
    create: influenceMap,
    hash: (t) => JSON.stringify(saveInfluenceMap(t as InfluenceMap)),
    restore: (t, input) => restoreInfluenceMap(t as InfluenceMap, input),
  },
};

const visionZones: LoaderCase<unknown> = {
  pkg: "perception",
  name: "validateVisionZones",
  kind: "json",
  seeds: [
    [
      { viewRange: 10, halfAngle: 0.8, certainty: 1 },
      { viewRange: 30, halfAngle: 0.2, certainty: 0.5 },
    ],
    [
      { shape: VisionShape.Box, viewRange: 12, halfAngle: 0, halfWidth: 2, certainty: 0.9 },
      { shape: VisionShape.Coffin, viewRange: 40, halfAngle: 0.6, widestAt: 10, endHalfWidth: 1, certainty: 0.4 },
    ],
  ],
  wrong: fc.oneof(
    fc.constant([{ shape: VisionShape.Coffin, viewRange: 10, halfAngle: 2, certainty: 0.5 }]),
    fc.constant([{ shape: VisionShape.Coffin, viewRange: 10, halfAngle: 0.5, widestAt: 20, certainty: 0.5 }]),
    fc.constant(new Array(4)),
  ),
  load: (input) => validateVisionZones(input as never),
};

const soundEvent: LoaderCase<unknown> = {
  pkg: "perception",
  name: "validateSoundEvent",
  kind: "json",
  seeds: [
    { x: 1, y: 2, radius: 10 },
    { x: -4, y: 0.5, radius: 3, loudness: 0.5 },
    { x: 0, y: 7, radius: 40, loudness: 1, priority: 2 },
  ],
  wrong: fc.oneof(fc.constant({ x: 0, y: 0, radius: 0 }), fc.constant({ x: 0, y: 0, radius: 5, priority: "high" })),
  load: (input) => validateSoundEvent(input as never),
};

const sensor: LoaderCase<unknown> = {
  pkg: "perception",
  name: "addSensor",
  kind: "json",
  seeds: [
    { x: 0, y: 0, heading: 0, viewRange: 20, fieldOfView: 2 },
    { x: 5, y: -2, heading: 3, viewRange: 0, fieldOfView: 6.2, hearingSensitivity: 0.5 },
  ],
  wrong: fc.constant({ x: 0, y: 0, heading: 0, viewRange: 20, fieldOfView: 7 }),
  load: (input) => addSensor(createSenseManager(2), input as never),
};

const probabilityMap: LoaderCase<unknown> = {
  pkg: "perception",
  name: "createProbabilityMap",
  kind: "json",
  seeds: [
    {
      transitions: [
        [0.5, 0.5, 0],
        [0.25, 0.5, 0.25],
        [0, 0.5, 0.5],
      ],
      initial: [1, 0, 0],
    },
    { transitions: [[1]], initial: [1] },
  ],
  // Well-formed but wrong: a huge declared state count, rows not summing to 1, sparse rows.
  wrong: fc.oneof(
    fc.constant({ transitions: new Array(100000), initial: [1] }),
    fc.constant({
      transitions: [
        [0.5, 0.4],
        [0.5, 0.5],
      ],
      initial: [1, 0],
    }),
    fc.constant({
      transitions: [
        new Array<number>(2).fill(1, 1), // a sparse row: [hole, 1]
        [0.5, 0.5],
      ],
      initial: [1, 0],
    }),
  ),
  load: (input) => {
    const i = input as { transitions?: unknown; initial?: unknown } | null;
    // The loader's two arguments come from one JSON object; a non-object is the caller's error, not the loader's.
    if (typeof i !== "object" || i === null) return undefined;
    return createProbabilityMap(i.transitions as never, i.initial as never);
  },
};

const boxes: LoaderCase<unknown> = {
  pkg: "perception",
  name: "boxLineOfSight",
  kind: "json",
  seeds: [
    [
      { minX: 0, minY: 0, maxX: 2, maxY: 1 },
      { minX: 5, minY: -3, maxX: 6, maxY: 3 },
    ],
    [],
  ],
  // Well-formed but wrong: inverted extents, boxes so far apart the bucket grid would be enormous.
  wrong: fc.oneof(
    fc.constant([{ minX: 3, minY: 0, maxX: 1, maxY: 1 }]),
    fc.constant([
      { minX: -1e300, minY: -1e300, maxX: -1e300, maxY: -1e300 },
      { minX: 1e300, minY: 1e300, maxX: 1e300, maxY: 1e300 },
    ]),
  ),
  load: (input) => {
    const los = boxLineOfSight(input as never);
    return los(-10, -10, 10, 10);
  },
};

/** The snapshot envelope (core) over perception's codecs: a map and a memory in one save. */
const PERCEPTION_CODECS = createSnapshotCodecs();
registerSnapshotCodec(PERCEPTION_CODECS, "threat", influenceMapSnapshotCodec);
registerSnapshotCodec(PERCEPTION_CODECS, "guard.memory", targetMemorySnapshotCodec);

interface PerceptionWorld {
  threat: InfluenceMap;
  "guard.memory": TargetMemory;
}

const perceptionWorld = (records: number): PerceptionWorld => ({ threat: influenceMap(), "guard.memory": memoryWith(records) });
const envelope = (w: PerceptionWorld, tick: number): unknown => JSON.parse(JSON.stringify(saveSnapshot(PERCEPTION_CODECS, { ...w }, { tick })));
const goodEnvelope = envelope(perceptionWorld(3), 12) as { sections: Record<string, { version: number; data: unknown }> };

const snapshotCodecs: LoaderCase<unknown> = {
  pkg: "perception",
  name: "influenceMapSnapshotCodec+targetMemorySnapshotCodec",
  kind: "json",
  seeds: [envelope(perceptionWorld(3), 12), envelope(perceptionWorld(0), 0)],
  // Well-formed but wrong: the sections swapped, a newer section version, a map of another size.
  wrong: fc.oneof(
    fc.constant({ ...goodEnvelope, sections: { threat: goodEnvelope.sections["guard.memory"], "guard.memory": goodEnvelope.sections["threat"] } }),
    fc.constant({ ...goodEnvelope, sections: { ...goodEnvelope.sections, threat: { version: 2, data: goodEnvelope.sections["threat"]!.data } } }),
    fc.constant({
      ...goodEnvelope,
      sections: { ...goodEnvelope.sections, threat: { version: 1, data: saveInfluenceMap(createInfluenceMap(60, 50)) } },
    }),
  ),
  target: {
    create: () => perceptionWorld(2),
    hash: (t) => JSON.stringify([saveInfluenceMap((t as PerceptionWorld).threat), saveTargetMemory((t as PerceptionWorld)["guard.memory"])]),
    restore: (t, input) => {
      restoreSnapshot(PERCEPTION_CODECS, { ...(t as PerceptionWorld) }, input);
    },
  },
};

/** Every loader of the package, for the unit suite and `pnpm fuzz`. */
export const cases: readonly LoaderCase<unknown>[] = [
  targetMemoryRestore,
  influenceRestore,
  visionZones,
  soundEvent,
  sensor,
  probabilityMap,
  boxes,
  snapshotCodecs,
];
