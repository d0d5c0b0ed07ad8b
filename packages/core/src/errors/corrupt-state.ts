import { ErrorCodes, TacticaError } from "./errors";

/**
 * Throws an {@link ErrorCodes.Internal} error: a walk over Tactica's own state (a search's parent
 * chain, a corridor, a linked list) took more steps than the state has entries, so it would never
 * end. Walks call it from their bound check instead of hanging: with a correct search the bound is
 * never reached, so the check costs one compare per step.
 *
 * @param where - the public function whose state is corrupt, as `"@tactica/pkg: functionName"`
 * @param what - what was walked and the bound it exceeded, e.g. `"the parent chain from node 12 is longer than the 4096 nodes"`
 * @throws TacticaError `INTERNAL_ERROR`, always
 *
 * @example
 * ```ts
 * import { corruptState, isTacticaError } from "@tactica/core";
 *
 * const parent = Int32Array.of(1, 0); // a cycle: 0 → 1 → 0
 * try {
 *   let steps = 0;
 *   for (let p = 0; p !== -1; p = parent[p]!) if (++steps > parent.length) corruptState("@tactica/demo: walk", "the parent chain loops");
 * } catch (e) {
 *   console.log(isTacticaError(e, "INTERNAL_ERROR")); // true
 * }
 * ```
 */
export function corruptState(where: string, what: string): never {
  throw new TacticaError(
    ErrorCodes.Internal,
    `${where}: internal state is corrupt: ${what}. This is a bug in Tactica, or the workspace's arrays were written by other code; please report it with the input that led here.`,
  );
}
