import { createRng, type Rng } from "./rng";
import { invalidArgument } from "../errors/validate";

/**
 * A named random stream forked from one root seed: `createRngStream(seed, "perception")` is the
 * same generator in every run, whatever other streams exist or in what order they were created, so
 * adding a stream for a new module does not shift the numbers another module draws (which a single
 * shared generator would). The stream's seed is the FNV-1a hash of `root` and `name`, fed to
 * {@link createRng}.
 *
 * @example
 * ```ts
 * const steering = createRngStream(1234, "steering");
 * const perception = createRngStream(1234, "perception");
 * rngNextUint32(createRngStream(1234, "steering")) === rngNextUint32(steering); // → true
 * ```
 *
 * @param root - The game's root seed, a safe integer or a string (as for {@link createRng}).
 * @param name - The stream's name, usually its module (`"perception"`); each name gives an independent stream.
 * @returns A new generator.
 * @throws TacticaError `INVALID_ARGUMENT` if `root` is neither a safe integer nor a string, or `name` is not a string.
 */
export function createRngStream(root: number | string, name: string): Rng {
  if (typeof name !== "string")
    invalidArgument("@tactica/core: createRngStream", "name", `must be a string but is ${typeof name}`, "Name the stream after its module.");
  createRng(root); // validates the root seed
  return createRng(`${typeof root}:${String(root)}\u0000${name}`);
}

/**
 * One stream per name ({@link createRngStream}), as a record (a plain object).
 * @param root - The game's root seed, a safe integer or a string.
 * @param names - Stream names; each becomes a key of the result.
 * @returns A new object mapping each name to its own new generator.
 * @throws TacticaError `INVALID_ARGUMENT` as {@link createRngStream}.
 */
export function createRngStreams<N extends string>(root: number | string, names: readonly N[]): Record<N, Rng> {
  const out = {} as Record<N, Rng>;
  for (const n of names) out[n] = createRngStream(root, n);
  return out;
}
