// Loaders of @tactica/core: RNG state restore and the bitset text reader.
import { createRng, formatBitset, parseBitset, restoreRng, rngNextUint32, saveRng, type Rng } from "@tactica/core";
import fc from "fast-check";
import type { LoaderCase } from "../kit";

const rngRestore: LoaderCase<unknown> = {
  pkg: "core",
  name: "restoreRng",
  kind: "json",
  seeds: [saveRng(createRng(1)), saveRng(createRng("level-3"))],
  // Semantically wrong: all-zero states (a dead xoshiro stream), wrong lengths, out-of-range words.
  wrong: fc.oneof(
    fc.constant([0, 0, 0, 0]),
    fc.array(fc.nat({ max: 0xffffffff }), { minLength: 0, maxLength: 8 }),
    fc.tuple(fc.constant(1), fc.constant(2), fc.constant(3), fc.constantFrom(2 ** 32, -1, 0.5, Number.NaN)),
  ),
  target: {
    create: () => createRng(42),
    hash: (t) => saveRng(t as Rng).join(","),
    restore: (t, input) => {
      restoreRng(t as Rng, input as ArrayLike<number>);
      rngNextUint32(t as Rng);
    },
  },
};

const bitsetParse: LoaderCase<string> = {
  pkg: "core",
  name: "parseBitset",
  kind: "text",
  seeds: ["0", "0110100111", formatBitset(parseBitset("1".repeat(70)))],
  wrong: fc.oneof(
    fc.string({ unit: fc.constantFrom("0", "1", " ", "\n", "2"), minLength: 0, maxLength: 80 }),
    fc.nat({ max: 5000 }).map((n) => "10".repeat(n)),
  ),
  load: (text) => formatBitset(parseBitset(text)),
};

/** Every loader of the package, for the unit suite and `pnpm fuzz`. */
export const cases: readonly LoaderCase<unknown>[] = [rngRestore, bitsetParse];
