// Bit-mask helpers of single-word domains.

/**
 * Number of set bits of a 32-bit mask. O(1).
 *
 * @internal
 */
export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * True when `mask` has exactly one bit set (a decided variable).
 * @param mask - A 32-bit domain word (bit `i` set: value `i` still possible).
 */
export function isSingleton(mask: number): boolean {
  return mask !== 0 && (mask & (mask - 1)) === 0;
}

/**
 * Index of the lowest set bit of a non-zero mask.
 * @param mask - A non-zero 32-bit domain word (0 gives -1, not checked).
 * @returns The smallest value in the word, 0..31.
 */
export function lowestValue(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}
