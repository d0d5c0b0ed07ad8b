import { restoreSnapshot, saveSnapshot, type Rng, type Snapshot, type SnapshotCodecs } from "@tactica/core";
import type { InspectorSink, InspectorWorld } from "./inspector-world";
import { hashPlainData } from "./recorder";

/** Options of {@link createSnapshotWorld}. */
export interface SnapshotWorldOptions {
  /** The world's name (stored in recordings). */
  readonly name: string;
  /** The codecs of the sections `targets` returns (the packages' codecs plus the page's own). */
  readonly codecs: SnapshotCodecs;
  /** The live objects by section name (called at every save and restore, so a page may replace them). */
  targets(): Readonly<Record<string, unknown>>;
  /** Generators saved with the state (optional). */
  rng?(): Readonly<Record<string, Rng>>;
  /**
   * One fixed tick of the page: apply `inputs`, advance, and report events through `emit` when it
   * is not null (only build event details then: nobody is listening otherwise).
   */
  step(inputs: readonly unknown[], emit: InspectorSink | null): void;
}

/**
 * An {@link InspectorWorld} over a page's state saved section by section with core's snapshot
 * envelope: it counts ticks, saves and restores through `codecs` and hashes the saved data
 * ({@link hashPlainData}). The usual way to make a playground page inspectable.
 */
export function createSnapshotWorld(options: SnapshotWorldOptions): InspectorWorld {
  let tick = 0;
  let sink: InspectorSink | null = null;
  const rng = (): Readonly<Record<string, Rng>> => options.rng?.() ?? {};
  const save = (): Snapshot => saveSnapshot(options.codecs, options.targets(), { tick, rng: rng() });
  return {
    name: options.name,
    get tick() {
      return tick;
    },
    step(inputs) {
      options.step(inputs, sink);
      tick++;
    },
    save,
    restore(snapshot) {
      tick = restoreSnapshot(options.codecs, options.targets(), snapshot, { rng: rng() });
    },
    hash: () => hashPlainData(save()),
    trace(s) {
      sink = s;
    },
  };
}
