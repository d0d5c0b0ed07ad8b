/**
 * Angles in radians. Tactica's world convention is **y-up with counter-clockwise-positive angles**
 * (as in {@link vec2Rotate} and {@link vec2Angle}); on a y-down screen the same numbers turn
 * clockwise. All functions here are pure scalar maths: no allocation, no validation. A non-finite
 * angle (`NaN`, `±Infinity`) is a caller bug and comes back as `NaN`; every finite input gives a
 * finite result.
 */
const PI = Math.PI;
const TWO_PI = 2 * Math.PI;

/**
 * Converts degrees to radians (`deg · π / 180`).
 * @param degrees - Angle in degrees (any finite value, not wrapped).
 */
export function degToRad(degrees: number): number {
  return (degrees * PI) / 180;
}

/**
 * Converts radians to degrees (`rad · 180 / π`).
 * @param radians - Angle in radians (any finite value, not wrapped).
 */
export function radToDeg(radians: number): number {
  return (radians * 180) / PI;
}

/**
 * Wraps `radians` into the half-open interval `(-π, π]`. `-π` maps to `π`, so every direction has
 * exactly one representation. Finite input only; `NaN`/`±Infinity` give `NaN`.
 * @param radians - Angle in radians, any finite value.
 */
export function wrapAngle(radians: number): number {
  if (radians > -PI && radians <= PI) return radians;
  let r = radians % TWO_PI;
  if (r <= -PI) r += TWO_PI;
  else if (r > PI) r -= TWO_PI;
  return r;
}

/**
 * Shortest signed rotation, in radians in `(-π, π]`, that takes angle `from` to angle `to`:
 * positive means counter-clockwise (y-up). Opposite directions give `+π`.
 * `from + angleDifference(from, to)` equals `to` modulo 2π.
 * @param from - Start angle in radians (0 = +x, counter-clockwise positive), any finite value.
 * @param to - Target angle in radians, any finite value.
 */
export function angleDifference(from: number, to: number): number {
  return wrapAngle(to - from);
}

/**
 * Interpolates from angle `from` towards angle `to` along the shorter arc; `t` in `[0, 1]` (not
 * clamped: values outside extrapolate along the same arc). Returns an angle in `(-π, π]`. For
 * opposite directions the arc taken is the counter-clockwise one (see {@link angleDifference}).
 * @param from - Angle at `t = 0`, radians.
 * @param to - Angle at `t = 1`, radians.
 * @param t - Interpolation parameter, usually in [0, 1].
 */
export function lerpAngle(from: number, to: number, t: number): number {
  return wrapAngle(from + angleDifference(from, to) * t);
}

/**
 * Turns angle `current` towards `target` by at most `maxDelta` radians along the shorter arc and
 * returns the new angle in `(-π, π]`; reaches `target` exactly (wrapped) when it is within
 * `maxDelta`. A negative `maxDelta` is treated as 0 (no turn). Typical use: a turn rate limit,
 * `rotateTowards(heading, desired, turnRate * dt)`.
 * @param current - The angle now, radians (e.g. the agent's heading: 0 = +x, counter-clockwise positive).
 * @param target - The desired angle, radians.
 * @param maxDelta - Largest turn allowed this step, radians ≥ 0 (e.g. turn rate in radians per second × `dt` in seconds).
 */
export function rotateTowards(current: number, target: number, maxDelta: number): number {
  const step = maxDelta > 0 ? maxDelta : 0;
  const d = angleDifference(current, target);
  if (d <= step && d >= -step) return wrapAngle(target);
  return wrapAngle(d > 0 ? current + step : current - step);
}
