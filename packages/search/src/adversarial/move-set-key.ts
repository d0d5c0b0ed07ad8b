/**
 * Order-independent keys for *sets* of moves (chapter 23): when a turn consists of several unit
 * moves, "A then B" and "B then A" reach the same position and should share a transposition
 * entry. Hash each (unit, destination) pair with {@link hashUnitMove} and combine with
 * {@link addToMoveSetKey}: addition modulo 2^32 is commutative, so every order gives the same key,
 * and — unlike XOR — two equal hashes do not cancel to 0.
 */

/**
 * A 32-bit hash of one unit moving to one destination (integers). Deterministic, O(1).
 * @param unit - The unit's id (an integer; only its low 32 bits count).
 * @param destination - The destination's id, e.g. a cell index (an integer; low 32 bits).
 * @returns An unsigned 32-bit hash.
 */
export function hashUnitMove(unit: number, destination: number): number {
  let h = Math.imul(unit ^ 0x9e3779b9, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h ^ Math.imul(destination + 0x632be5ab, 0xc2b2ae35), 0x27d4eb2f);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Adds a move hash to a move-set key (addition modulo 2^32: order-independent, no XOR cancellation).
 * @param key - The key of the moves so far (0 for none), an unsigned 32-bit integer.
 * @param moveHash - The added move's {@link hashUnitMove}.
 * @returns The new key, an unsigned 32-bit integer.
 */
export function addToMoveSetKey(key: number, moveHash: number): number {
  return (key + moveHash) >>> 0;
}

/**
 * Removes a move hash from a move-set key (the inverse of {@link addToMoveSetKey}, for undo).
 * @param key - The key including the move, an unsigned 32-bit integer.
 * @param moveHash - The removed move's {@link hashUnitMove}.
 * @returns The key without the move, an unsigned 32-bit integer.
 */
export function removeFromMoveSetKey(key: number, moveHash: number): number {
  return (key - moveHash) >>> 0;
}
