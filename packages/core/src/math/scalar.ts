/** Default tolerance for approximate comparisons of geometric quantities (world units). */
export const EPSILON = 1e-9;

/** Clamps `value` to `[min, max]`. */
export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/** Clamps `value` to `[0, 1]`. */
export function clamp01(value: number): number {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}

/** Linear interpolation `a + (b - a) * t`; `t` is not clamped. */
export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/**
 * Where `value` lies between `a` and `b`, as `t` with `lerp(a, b, t) === value`.
 * Returns 0 when `a === b` (instead of NaN).
 */
export function inverseLerp(a: number, b: number, value: number): number {
  const d = b - a;
  return d === 0 ? 0 : (value - a) / d;
}

/** Maps `value` from `[inMin, inMax]` to `[outMin, outMax]` linearly; not clamped. A zero-width input range maps to `outMin`. */
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

/** Hermite smoothstep of `value` between `edge0` and `edge1`: 0 below, 1 above, smooth in between. */
export function smoothstep(edge0: number, edge1: number, value: number): number {
  const t = clamp01(inverseLerp(edge0, edge1, value));
  return t * t * (3 - 2 * t);
}

/** Sign of `value` as -1, 0 or 1 (0 for ±0 and NaN never occurs: NaN gives 0). */
export function sign(value: number): -1 | 0 | 1 {
  return value > 0 ? 1 : value < 0 ? -1 : 0;
}
