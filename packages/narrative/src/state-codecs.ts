import type { SnapshotCodec } from "@tactica/core";
import { restoreDirector, saveDirector, type Director } from "./director/director.js";
import { restoreStoryletState, saveStoryletState } from "./storylets/state.js";
import type { StoryletState } from "./storylets/types.js";

/**
 * The snapshot-envelope codec of a {@link StoryletState} (section version 1):
 * {@link saveStoryletState} and {@link restoreStoryletState} without a deck, which checks the
 * whole section (turn, qualities, play history) before touching the state. History of storylets
 * the deck no longer has is kept; call `restoreStoryletState(state, data, { deck })` yourself to drop
 * and report it.
 *
 * @example
 * ```ts
 * const codecs = createSnapshotCodecs();
 * registerSnapshotCodec(codecs, "story", storyletStateSnapshotCodec);
 * const deck = storyletDeckFromJson([{ id: "intro", once: true, effects: [{ key: "act", op: "set", value: 2 }] }]);
 * const state = createStoryletState({ act: 1 });
 * playStorylet(state, deck, 0);
 * const snap = saveSnapshot(codecs, { story: state }, { tick: 9 });
 * const copy = createStoryletState();
 * restoreSnapshot(codecs, { story: copy }, JSON.parse(JSON.stringify(snap)));
 * copy.qualities.act; // → 2
 * ```
 */
export const storyletStateSnapshotCodec: SnapshotCodec<StoryletState> = {
  version: 1,
  save: saveStoryletState,
  restore: (state, data) => {
    restoreStoryletState(state, data);
  },
};

/**
 * The snapshot-envelope codec of a pacing {@link Director} (section version 1): {@link saveDirector}
 * and {@link restoreDirector}, which checks the whole section (settings, phase, clocks, the
 * generator's four words) before touching the director.
 *
 * @example
 * ```ts
 * const codecs = createSnapshotCodecs();
 * registerSnapshotCodec(codecs, "director", directorSnapshotCodec);
 * const director = createDirector({ relaxMin: 30, relaxMax: 45, seed: 1 });
 * addDirectorIntensity(director, 1.2);
 * stepDirector(director, 0.1);
 * const snap = saveSnapshot(codecs, { director }, { tick: 1 });
 * const copy = createDirector({ seed: 2 });
 * restoreSnapshot(codecs, { director: copy }, JSON.parse(JSON.stringify(snap)));
 * copy.phase; // → "sustain-peak"
 * ```
 */
export const directorSnapshotCodec: SnapshotCodec<Director> = {
  version: 1,
  save: saveDirector,
  restore: (director, data) => {
    restoreDirector(director, data);
  },
};
