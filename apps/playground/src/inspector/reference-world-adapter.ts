import {
  createSnapshotCodecs,
  registerSnapshotCodec,
  REPLAY_FORMAT,
  REPLAY_VERSION,
  restoreSnapshot,
  saveSnapshot,
  type ReplayLog,
  type Snapshot,
} from "@tactica/core";
import {
  ChoiceCode,
  REFERENCE_WORLD_MODULES,
  TeamOrder,
  createReferenceWorld,
  hashReferenceWorld,
  restoreReferenceWorld,
  saveReferenceWorld,
  stepReferenceWorld,
  type ReferenceWorld,
  type ReferenceWorldInput,
  type ReferenceWorldSnapshot,
} from "../world/reference-world";
import type { InspectorSink, InspectorWorld } from "./inspector-world";
import type { InspectorRecording } from "./recorder";

const BT_LABELS = Object.keys(ChoiceCode);
const UTILITY_LABELS = ["advance", "regroup", "patrol"];
const ORDER_LABELS = Object.keys(TeamOrder);

/** The reference world as an {@link InspectorWorld}; `world` is the live world (replaced when a snapshot of another seed is restored). */
export interface ReferenceInspectorWorld extends InspectorWorld {
  /** The world being stepped. */
  readonly world: ReferenceWorld;
}

const codecs = createSnapshotCodecs();
registerSnapshotCodec<ReferenceWorld>(codecs, "reference-world", {
  version: 1,
  save: saveReferenceWorld,
  restore: (world, data) => restoreReferenceWorld(world, data as ReferenceWorldSnapshot),
});
// The influence maps' back buffers between propagation jobs: `saveReferenceWorld` leaves them out
// (they are rewritten by the next job) but the hash reads them while that job runs, so a restored
// world would hash its stale rows; saved here, a restore reproduces every hash.
registerSnapshotCodec<ReferenceWorld>(codecs, "influence-scratch", {
  version: 1,
  save: (world) => world.tasks.influence.map((t) => ({ scratch: Array.from(t.map.scratch), scratchMin: Array.from(t.map.scratchMin) })),
  restore: (world, data) => {
    const d = data as { scratch: number[]; scratchMin: number[] }[];
    world.tasks.influence.forEach((t, i) => {
      t.map.scratch.set(d[i]!.scratch);
      t.map.scratchMin.set(d[i]!.scratchMin);
    });
  },
});

/**
 * Wraps a reference world (apps/playground/src/world/reference-world.ts) for the inspector around
 * its exported functions: steps with its inputs (rallies, budgets), saves it as one section of a
 * core snapshot envelope, hashes with `hashReferenceWorld` and reports the decisions it logs each
 * tick (behaviour tree, utility per agent; GOAP orders per team) as events.
 */
export function createReferenceInspectorWorld(initial: ReferenceWorld): ReferenceInspectorWorld {
  let world = initial;
  let sink: InspectorSink | null = null;
  return {
    name: "reference-world",
    get world() {
      return world;
    },
    get tick() {
      return world.tick;
    },
    step(inputs) {
      stepReferenceWorld(world, inputs as readonly ReferenceWorldInput[]);
      if (!sink) return;
      const d = world.decisions;
      for (let k = 0; k < d.length; k += 3) {
        const agent = d[k]!;
        const module = d[k + 1]!;
        const choice = d[k + 2]!;
        const labels = module === 0 ? BT_LABELS : module === 1 ? UTILITY_LABELS : ORDER_LABELS;
        sink({
          module: REFERENCE_WORLD_MODULES[module] ?? String(module),
          agent: agent < 0 ? `team ${-1 - agent}` : String(agent),
          label: labels[choice] ?? String(choice),
          detail: { choice },
        });
      }
    },
    save: (): Snapshot => saveSnapshot(codecs, { "reference-world": world, "influence-scratch": world }, { tick: world.tick }),
    restore(snapshot) {
      const data = (snapshot.sections?.["reference-world"]?.data ?? {}) as Partial<ReferenceWorldSnapshot>;
      // Into a fresh world of the snapshot's seed, as the world's own save/restore tests do: some
      // state is outside saveReferenceWorld's snapshot (with seed 1 and keyframes every 50 ticks,
      // restoring the one at 200 or 250 diverges at the next tick even into a fresh world; into a
      // world that already ran on, more keyframes do). Reported to the reference world's owner.
      const target = createReferenceWorld({ seed: typeof data.seed === "number" ? data.seed : world.seed });
      restoreSnapshot(codecs, { "reference-world": target, "influence-scratch": target }, snapshot);
      world = target;
    },
    hash: () => hashReferenceWorld(world),
    trace(s) {
      sink = s;
    },
  };
}

/** The recording's decisions, hashes and inputs as a core replay log (`replayLog` checks it against a world). */
export function referenceReplayLog(recording: InspectorRecording, seed: number): ReplayLog {
  return {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    seed,
    startTick: recording.startTick,
    modules: REFERENCE_WORLD_MODULES.slice(),
    ticks: recording.ticks.map((t) => ({
      tick: t.tick,
      hash: t.hash,
      inputs: t.inputs,
      decisions: t.events.flatMap((e) => [
        e.agent.startsWith("team ") ? -1 - Number(e.agent.slice(5)) : Number(e.agent),
        REFERENCE_WORLD_MODULES.indexOf(e.module),
        (e.detail as { choice: number }).choice,
      ]),
    })),
  };
}
