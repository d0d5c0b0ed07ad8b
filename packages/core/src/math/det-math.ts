// Deterministic transcendental functions: ports of fdlibm 5.3 (Sun Microsystems, freely
// redistributable) that use only +, −, ×, ÷ and IEEE bit manipulation, so every JavaScript engine
// computes the same bits. `Math.sin`, `Math.exp`, `Math.atan2` … are implementation-defined: Node 20
// (V8 11) and Chromium 156 disagree in the last bit on most inputs, which breaks lockstep simulations
// and replays recorded on another engine. These agree with `Math` to within 1 ulp on typical inputs.

const f64 = new Float64Array(1);
/** Argument and result of the function bodies (see {@link detExp}). */
const io = new Float64Array(2);

/** Writes a body's result (tiny, so it is inlined). */
function put(v: number): void {
  io[0] = v;
}
const u32 = new Uint32Array(f64.buffer);
/** Index of the high 32-bit word of a float64 in `u32` (1 on little-endian hosts). */
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LO = 1 - HI;

function highWord(x: number): number {
  f64[0] = x;
  return u32[HI]! | 0;
}

function lowWord(x: number): number {
  f64[0] = x;
  return u32[LO]!;
}

function fromWords(hi: number, lo: number): number {
  u32[HI] = hi >>> 0;
  u32[LO] = lo >>> 0;
  return f64[0]!;
}

function withHighWord(x: number, hi: number): number {
  f64[0] = x;
  u32[HI] = hi >>> 0;
  return f64[0];
}

// ---------------------------------------------------------------------------------------------
// exp (e_exp.c)

const LN2_HI = 6.9314718036912381649e-1;
const LN2_LO = 1.90821492927058770002e-10;
const INV_LN2 = 1.442695040888963387;
const O_THRESHOLD = 7.09782712893383973096e2;
const U_THRESHOLD = -7.4513321910194110842e2;
const TWO_M1000 = 9.3326361850321887899e-302;
const P1 = 1.66666666666666019037e-1;
const P2 = -2.77777777770155933842e-3;
const P3 = 6.61375632143793436117e-5;
const P4 = -1.6533902205465251539e-6;
const P5 = 4.13813679705723846039e-8;

/**
 * `e^x`, the same bits on every JavaScript engine (fdlibm's algorithm: reduction by ln 2, a
 * degree-5 rational approximation, exact scaling). Within 1 ulp of the true value. Use it instead
 * of `Math.exp` in simulation code that must replay identically across engines.
 *
 * @param x - The exponent (any number; below about −745 gives 0, above about 709.78 gives Infinity).
 * @example
 * ```ts
 * detExp(1);  // 2.718281828459045
 * detExp(-800); // 0 (underflow), detExp(710) → Infinity
 * ```
 */
export function detExp(x: number): number {
  // The body takes and returns its double through a typed array, so this wrapper is inlined at
  // call sites and hot loops box no number (a non-inlined call returning a double allocates).
  io[0] = x;
  expBody();
  return io[0];
}

function expBody(): void {
  let x = io[0]!;
  let hx = highWord(x);
  const xsb = (hx >>> 31) & 1;
  hx &= 0x7fffffff;
  if (hx >= 0x40862e42) {
    // |x| ≥ 709.78…
    if (hx >= 0x7ff00000) {
      if (((hx & 0xfffff) | lowWord(x)) !== 0) return put(x + x); // NaN
      return put(xsb === 0 ? x : 0); // exp(±∞) = ∞ / 0
    }
    if (x > O_THRESHOLD) return put(Infinity);
    if (x < U_THRESHOLD) return put(0);
  }
  let hi = 0,
    lo = 0,
    k = 0;
  if (hx > 0x3fd62e42) {
    // |x| > 0.5 ln 2
    if (hx < 0x3ff0a2b2) {
      // |x| < 1.5 ln 2
      hi = xsb === 0 ? x - LN2_HI : x + LN2_HI;
      lo = xsb === 0 ? LN2_LO : -LN2_LO;
      k = 1 - xsb - xsb;
    } else {
      k = Math.trunc(INV_LN2 * x + (xsb === 0 ? 0.5 : -0.5));
      hi = x - k * LN2_HI; // k · LN2_HI is exact: LN2_HI has its low 32 bits zero
      lo = k * LN2_LO;
    }
    x = hi - lo;
  } else if (hx < 0x3e300000) {
    // |x| < 2^-28
    return put(1 + x);
  }
  const t = x * x;
  const c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  if (k === 0) return put(1 - ((x * c) / (c - 2) - x));
  const y = 1 - (lo - (x * c) / (2 - c) - hi);
  if (k >= -1021) return put(withHighWord(y, highWord(y) + (k << 20)));
  return put(withHighWord(y, highWord(y) + ((k + 1000) << 20)) * TWO_M1000);
}

// ---------------------------------------------------------------------------------------------
// sin, cos (s_sin.c, s_cos.c, k_sin.c, k_cos.c, e_rem_pio2.c)

const S1 = -1.66666666666666324348e-1;
const S2 = 8.33333333332248946124e-3;
const S3 = -1.98412698298579493134e-4;
const S4 = 2.75573137070700676789e-6;
const S5 = -2.50507602534068634195e-8;
const S6 = 1.58969099521155010221e-10;

/** sin on [−π/4, π/4] of x + y (y the tail of a reduced argument; `iy` 0 when y is 0). */
function kernelSin(x: number, y: number, iy: number): number {
  const ix = highWord(x) & 0x7fffffff;
  if (ix < 0x3e400000 && Math.trunc(x) === 0) return x; // |x| < 2^-27
  const z = x * x;
  const v = z * x;
  const r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  if (iy === 0) return x + v * (S1 + z * r);
  return x - (z * (0.5 * y - v * r) - y - v * S1);
}

const C1 = 4.16666666666666019037e-2;
const C2 = -1.38888888888741095749e-3;
const C3 = 2.48015872894767294178e-5;
const C4 = -2.75573143513906633035e-7;
const C5 = 2.0875723212981748279e-9;
const C6 = -1.13596475577881948265e-11;

/** cos on [−π/4, π/4] of x + y. */
function kernelCos(x: number, y: number): number {
  const ix = highWord(x) & 0x7fffffff;
  if (ix < 0x3e400000 && Math.trunc(x) === 0) return 1; // |x| < 2^-27
  const z = x * x;
  const r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  if (ix < 0x3fd33333) return 1 - (0.5 * z - (z * r - x * y)); // |x| < 0.3
  const qx = ix > 0x3fe90000 ? 0.28125 : fromWords(ix - 0x00200000, 0); // x/4 rounded down
  const hz = 0.5 * z - qx;
  const a = 1 - qx;
  return a - (hz - (z * r - x * y));
}

const INV_PIO2 = 6.36619772367581382433e-1;
const PIO2_1 = 1.57079632673412561417;
const PIO2_1T = 6.07710050650619224932e-11;
const PIO2_2 = 6.0771005063039659766e-11;
const PIO2_2T = 2.02226624879595063154e-21;
const PIO2_3 = 2.0222662487111664558e-21;
const PIO2_3T = 8.47842766036889956997e-32;

/** In: x at [0]. Out: the reduced argument of the last {@link remPio2} call, x − n·π/2 = y0 + y1. */
const reduced = new Float64Array(2);

/**
 * Cody–Waite reduction by π/2 in up to three steps (fdlibm's medium case, run for every size). Exact
 * to the last bit for |x| < 2^19·π/2 ≈ 823,550; beyond that the result is still the same on every
 * engine but loses accuracy (angles in a game never get there), and beyond 2^50 it is folded by 2π
 * first. Returns n mod 4; writes y0, y1.
 */
function remPio2(): number {
  const x = reduced[0]!;
  const hx = highWord(x);
  let t = Math.abs(x);
  // Beyond 2^50, n·π/2 is no longer an exact product: fold by the double nearest 2π first (`%` is
  // exact in JavaScript, so still the same everywhere, though far from the true remainder).
  if (t > 1.125899906842624e15) t %= 6.283185307179586;
  const ix = highWord(t) & 0x7fffffff;
  const fn = Math.floor(t * INV_PIO2 + 0.5);
  let r = t - fn * PIO2_1;
  let w = fn * PIO2_1T;
  const j = ix >> 20;
  let y0 = r - w;
  let i = j - ((highWord(y0) >> 20) & 0x7ff);
  if (i > 16) {
    // 2nd iteration: cancellation, use 33 more bits of π/2
    let tt = r;
    w = fn * PIO2_2;
    r = tt - w;
    w = fn * PIO2_2T - (tt - r - w);
    y0 = r - w;
    i = j - ((highWord(y0) >> 20) & 0x7ff);
    if (i > 49) {
      // 3rd iteration
      tt = r;
      w = fn * PIO2_3;
      r = tt - w;
      w = fn * PIO2_3T - (tt - r - w);
      y0 = r - w;
    }
  }
  const y1 = r - y0 - w;
  const n = fn % 4; // only n mod 4 matters (exact for every integer-valued double)
  if (hx < 0) {
    reduced[0] = -y0;
    reduced[1] = -y1;
    return (4 - n) % 4;
  }
  reduced[0] = y0;
  reduced[1] = y1;
  return n;
}

/**
 * `sin(x)`, the same bits on every JavaScript engine (fdlibm's kernel polynomials after a
 * Cody–Waite reduction by π/2). Within 1 ulp for |x| < 823,550; larger arguments stay
 * deterministic but lose accuracy.
 *
 * @param x - Angle in radians (accurate to 1 ulp for |x| < 823,550).
 * @example
 * ```ts
 * detSin(Math.PI / 6); // 0.49999999999999994 (as Math.sin on V8)
 * ```
 */
export function detSin(x: number): number {
  io[0] = x;
  sinBody();
  return io[0];
}

function sinBody(): void {
  const x = io[0]!;
  const ix = highWord(x) & 0x7fffffff;
  if (ix <= 0x3fe921fb) return put(kernelSin(x, 0, 0)); // |x| ≤ π/4
  if (ix >= 0x7ff00000) return put(NaN);
  reduced[0] = x;
  const n = remPio2();
  const y0 = reduced[0],
    y1 = reduced[1]!;
  if (n === 0) return put(kernelSin(y0, y1, 1));
  if (n === 1) return put(kernelCos(y0, y1));
  if (n === 2) return put(-kernelSin(y0, y1, 1));
  return put(-kernelCos(y0, y1));
}

/**
 * `cos(x)`, the same bits on every JavaScript engine (see {@link detSin}).
 *
 * @param x - Angle in radians (the same argument range and accuracy as {@link detSin}).
 * @example
 * ```ts
 * detCos(0); // 1
 * detCos(Math.PI); // -1
 * ```
 */
export function detCos(x: number): number {
  io[0] = x;
  cosBody();
  return io[0];
}

function cosBody(): void {
  const x = io[0]!;
  const ix = highWord(x) & 0x7fffffff;
  if (ix <= 0x3fe921fb) return put(kernelCos(x, 0));
  if (ix >= 0x7ff00000) return put(NaN);
  reduced[0] = x;
  const n = remPio2();
  const y0 = reduced[0],
    y1 = reduced[1]!;
  if (n === 0) return put(kernelCos(y0, y1));
  if (n === 1) return put(-kernelSin(y0, y1, 1));
  if (n === 2) return put(-kernelCos(y0, y1));
  return put(kernelSin(y0, y1, 1));
}

// ---------------------------------------------------------------------------------------------
// atan, atan2 (s_atan.c, e_atan2.c)

const ATAN_HI = [4.63647609000806093515e-1, 7.85398163397448278999e-1, 9.82793723247329054082e-1, 1.570796326794896558];
const ATAN_LO = [2.26987774529616870924e-17, 3.06161699786838301793e-17, 1.39033110312309984516e-17, 6.12323399573676603587e-17];
const AT0 = 3.33333333333329318027e-1,
  AT1 = -1.99999999998764832476e-1,
  AT2 = 1.42857142725034663711e-1,
  AT3 = -1.1111110405462355788e-1,
  AT4 = 9.09088713343650656196e-2,
  AT5 = -7.69187620504482999495e-2,
  AT6 = 6.66107313738753120669e-2,
  AT7 = -5.83357013379057348645e-2,
  AT8 = 4.97687799461593236017e-2,
  AT9 = -3.6531572744216915527e-2,
  AT10 = 1.62858201153657823623e-2;

/**
 * `atan(x)`, the same bits on every JavaScript engine (fdlibm). Within 1 ulp.
 *
 * @param x - The tangent value, any number (±Infinity gives ±π/2).
 * @example
 * ```ts
 * detAtan(1); // 0.7853981633974483 (π/4)
 * ```
 */
export function detAtan(x: number): number {
  io[0] = x;
  atanBody();
  return io[0];
}

function atanBody(): void {
  let x = io[0]!;
  const hx = highWord(x);
  const ix = hx & 0x7fffffff;
  if (ix >= 0x44100000) {
    // |x| ≥ 2^66
    if (x !== x) return put(x);
    return put(hx > 0 ? ATAN_HI[3]! + ATAN_LO[3]! : -ATAN_HI[3]! - ATAN_LO[3]!);
  }
  let id: number;
  if (ix < 0x3fdc0000) {
    // |x| < 0.4375
    if (ix < 0x3e200000) return put(x); // |x| < 2^-29
    id = -1;
  } else {
    x = Math.abs(x);
    if (ix < 0x3ff30000) {
      // |x| < 1.1875
      if (ix < 0x3fe60000) {
        id = 0;
        x = (2 * x - 1) / (2 + x);
      } else {
        id = 1;
        x = (x - 1) / (x + 1);
      }
    } else if (ix < 0x40038000) {
      // |x| < 2.4375
      id = 2;
      x = (x - 1.5) / (1 + 1.5 * x);
    } else {
      id = 3;
      x = -1 / x;
    }
  }
  const z = x * x;
  const w = z * z;
  const s1 = z * (AT0 + w * (AT2 + w * (AT4 + w * (AT6 + w * (AT8 + w * AT10)))));
  const s2 = w * (AT1 + w * (AT3 + w * (AT5 + w * (AT7 + w * AT9))));
  if (id < 0) return put(x - x * (s1 + s2));
  const r = ATAN_HI[id]! - (x * (s1 + s2) - ATAN_LO[id]! - x);
  return put(hx < 0 ? -r : r);
}

const PI = 3.141592653589793116;
const PI_LO = 1.2246467991473532e-16;
const PI_O_2 = 1.570796326794896558;
const PI_O_4 = 7.85398163397448279e-1;

/**
 * `atan2(y, x)`, the same bits on every JavaScript engine (fdlibm, with its handling of signed
 * zeros and infinities). Within 2 ulp.
 *
 * @param y - The y component (numerator), as in `Math.atan2`.
 * @param x - The x component (denominator); the result is the angle of `(x, y)` from +x, counter-clockwise, in [−π, π].
 * @example
 * ```ts
 * detAtan2(1, 1);   // 0.7853981633974483 (π/4)
 * detAtan2(0, -1);  // 3.141592653589793 (π)
 * ```
 */
export function detAtan2(y: number, x: number): number {
  io[0] = y;
  io[1] = x;
  atan2Body();
  return io[0];
}

function atan2Body(): void {
  const y = io[0]!,
    x = io[1]!;
  if (x !== x || y !== y) return put(x + y);
  if (x === 1) {
    io[0] = y;
    atanBody();
    return;
  }
  const hx = highWord(x),
    hy = highWord(y);
  const ix = hx & 0x7fffffff,
    iy = hy & 0x7fffffff;
  const m = ((hy >>> 31) & 1) | ((hx >>> 30) & 2); // 2·sign(x) + sign(y)
  if (y === 0) {
    if (m <= 1) return put(y); // atan2(±0, +anything) = ±0
    return put(m === 2 ? PI : -PI); // atan2(±0, −anything) = ±π
  }
  if (x === 0) return put(hy < 0 ? -PI_O_2 : PI_O_2);
  if (ix === 0x7ff00000) {
    if (iy === 0x7ff00000) {
      if (m === 0) return put(PI_O_4);
      if (m === 1) return put(-PI_O_4);
      if (m === 2) return put(3 * PI_O_4);
      return put(-3 * PI_O_4);
    }
    if (m === 0) return put(0);
    if (m === 1) return put(-0);
    if (m === 2) return put(PI);
    return put(-PI);
  }
  if (iy === 0x7ff00000) return put(hy < 0 ? -PI_O_2 : PI_O_2);
  const k = (iy - ix) >> 20;
  let z: number;
  if (k > 60)
    z = PI_O_2 + 0.5 * PI_LO; // |y/x| > 2^60
  else if (hx < 0 && k < -60)
    z = 0; // |y|/x < −2^−60
  else {
    io[0] = Math.abs(y / x);
    atanBody();
    z = io[0]!;
  }
  if (m === 0) return put(z);
  if (m === 1) return put(-z);
  if (m === 2) return put(PI - (z - PI_LO));
  return put(z - PI_LO - PI);
}
