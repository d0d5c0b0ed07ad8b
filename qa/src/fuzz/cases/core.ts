// Loaders of @tactica/core: RNG state restore.
import { createRng, restoreRng, rngNextUint32, saveRng, type Rng } from "@tactica/core";
import type { LoaderCase } from "../kit";

const rngRestore: LoaderCase<unknown> = {
  pkg: "core",
  name: "restoreRng",
  kind: "json",
  seeds: [saveRng(createRng(1)), saveRng(createRng("level-3"))],
  target: {
    create: () => createRng(42),
    hash: (t) => saveRng(t as Rng).join(","),
    restore: (t, input) => {
      restoreRng(t as Rng, input as ArrayLike<number>);
      rngNextUint32(t as Rng);
    },
  },
};

/** Every loader of the package, for the unit suite and `pnpm fuzz`. */
export const cases: readonly LoaderCase<unknown>[] = [rngRestore];
