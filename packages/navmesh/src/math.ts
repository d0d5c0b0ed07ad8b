/**
 * `√(x² + y²)`. `Math.hypot` allocates its arguments list in V8 and is several times slower; hot
 * loops use this instead.
 * @internal
 */
export function hypot2(x: number, y: number): number {
  return Math.sqrt(x * x + y * y);
}
