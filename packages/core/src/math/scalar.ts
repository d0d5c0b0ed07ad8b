/** Default tolerance for approximate comparisons of geometric quantities (world units). */
export const EPSILON = 1e-9;

/**
 * Clamps `value` to `[min, max]`.
 * @param value - The number to clamp.
 * @param min - Lower bound.
 * @param max - Upper bound, ≥ `min` (not checked; below `min` the result is `min` or `max` depending on `value`).
 */
export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/**
 * Clamps `value` to `[0, 1]`.
 * @param value - The number to clamp (NaN is returned as is).
 */
export function clamp01(value: number): number {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}

/**
 * Linear interpolation `a + (b - a) * t`; `t` is not clamped.
 * @param a - Value at `t = 0`.
 * @param b - Value at `t = 1`.
 * @param t - Interpolation parameter, usually in [0, 1]; values outside extrapolate.
 */
export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/**
 * Where `value` lies between `a` and `b`, as `t` with `lerp(a, b, t) === value`.
 * Returns 0 when `a === b` (instead of NaN).
 * @param a - Value that maps to 0.
 * @param b - Value that maps to 1.
 * @param value - The value to locate, in the units of `a` and `b`.
 */
export function inverseLerp(a: number, b: number, value: number): number {
  const d = b - a;
  return d === 0 ? 0 : (value - a) / d;
}

/**
 * Maps `value` from `[inMin, inMax]` to `[outMin, outMax]` linearly; not clamped. A zero-width input range maps to `outMin`.
 * @param value - The value to map, in input units.
 * @param inMin - Input value that maps to `outMin`.
 * @param inMax - Input value that maps to `outMax`.
 * @param outMin - Output at `inMin`.
 * @param outMax - Output at `inMax`.
 */
export function remap(value: number, inMin: number, inMax: number, outMin: number, outMax: number): number {
  return outMin + (outMax - outMin) * inverseLerp(inMin, inMax, value);
}

/** Options of {@link approxEqual}, {@link vec2ApproxEquals} and {@link vec3ApproxEquals}. */
export interface ApproxEqualOptions {
  /** Largest difference (per component) still counted as equal, `>= 0`; the default depends on the function. */
  readonly epsilon?: number;
}

/**
 * `|a - b| <= epsilon`.
 *
 * @param a - First number.
 * @param b - Second number.
 * @param options - `epsilon`: the tolerance, default {@link EPSILON}.
 */
export function approxEqual(a: number, b: number, options: ApproxEqualOptions = {}): boolean {
  const epsilon = options.epsilon ?? EPSILON;
  return Math.abs(a - b) <= epsilon;
}

/**
 * Hermite smoothstep of `value` between `edge0` and `edge1`: 0 below, 1 above, smooth in between.
 * @param edge0 - Input where the result starts rising from 0.
 * @param edge1 - Input where the result reaches 1 (may be below `edge0` for a falling curve).
 * @param value - The input, in the edges' units.
 */
export function smoothstep(edge0: number, edge1: number, value: number): number {
  const t = clamp01(inverseLerp(edge0, edge1, value));
  return t * t * (3 - 2 * t);
}

/**
 * Sign of `value` as -1, 0 or 1 (0 for ±0 and NaN never occurs: NaN gives 0).
 * @param value - The number whose sign to take.
 */
export function sign(value: number): -1 | 0 | 1 {
  return value > 0 ? 1 : value < 0 ? -1 : 0;
}
