/**
 * Robust geometric predicates: a floating-point filter with Shewchuk's error bounds, and an exact
 * fallback in `BigInt` arithmetic (every finite double is an integer times a power of two) when the
 * filter cannot decide the sign. The sign is always exact; the magnitude is only meaningful when
 * the filter succeeds.
 */

const EPSILON = 2 ** -53;
const CCW_BOUND = (3 + 16 * EPSILON) * EPSILON;
const ICC_BOUND = (10 + 96 * EPSILON) * EPSILON;

const view = new DataView(new ArrayBuffer(8));

/** `x = m · 2^e` with an integer `m` (53 bits at most). */
function decompose(x: number, out: { m: bigint; e: number }): void {
  if (x === 0) {
    out.m = 0n;
    out.e = 0;
    return;
  }
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  const fracHi = hi & 0xfffff;
  let m = (BigInt(fracHi) << 32n) | BigInt(lo);
  let e: number;
  if (biased === 0) e = -1074;
  else {
    m |= 1n << 52n;
    e = biased - 1075;
  }
  out.m = hi >>> 31 ? -m : m;
  out.e = e;
}

/** The inputs as exact integers scaled by one common power of two. */
function toExact(values: readonly number[]): bigint[] {
  const parts = values.map(() => ({ m: 0n, e: 0 }));
  let minE = Infinity;
  for (let i = 0; i < values.length; i++) {
    decompose(values[i]!, parts[i]!);
    if (parts[i]!.m !== 0n && parts[i]!.e < minE) minE = parts[i]!.e;
  }
  return parts.map((p) => (p.m === 0n ? 0n : p.m << BigInt(p.e - minE)));
}

function sign(v: bigint): number {
  return v > 0n ? 1 : v < 0n ? -1 : 0;
}

/**
 * Orientation of `c` relative to the directed line `a → b`: positive when `a, b, c` turn
 * counter-clockwise (y up), negative clockwise, exactly 0 when collinear.
 * @internal
 */
export function orient2d(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const detLeft = (ax - cx) * (by - cy);
  const detRight = (ay - cy) * (bx - cx);
  const det = detLeft - detRight;
  const detSum = Math.abs(detLeft) + Math.abs(detRight);
  if (Math.abs(det) > CCW_BOUND * detSum) return det;
  // A repeated coordinate makes a product exactly 0 (x - y === 0 only when x === y).
  if ((ax === cx || by === cy) && (ay === cy || bx === cx)) return 0;
  const [iax, iay, ibx, iby, icx, icy] = toExact([ax, ay, bx, by, cx, cy]) as [bigint, bigint, bigint, bigint, bigint, bigint];
  return sign((iax - icx) * (iby - icy) - (iay - icy) * (ibx - icx));
}

/**
 * Positive when `d` lies strictly inside the circle through the counter-clockwise triangle
 * `a, b, c`, negative outside, exactly 0 on it.
 * @internal
 */
export function incircle(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): number {
  const adx = ax - dx,
    ady = ay - dy,
    bdx = bx - dx,
    bdy = by - dy,
    cdx = cx - dx,
    cdy = cy - dy;
  const bdxcdy = bdx * cdy,
    cdxbdy = cdx * bdy,
    cdxady = cdx * ady,
    adxcdy = adx * cdy,
    adxbdy = adx * bdy,
    bdxady = bdx * ady;
  const alift = adx * adx + ady * ady,
    blift = bdx * bdx + bdy * bdy,
    clift = cdx * cdx + cdy * cdy;
  const det = alift * (bdxcdy - cdxbdy) + blift * (cdxady - adxcdy) + clift * (adxbdy - bdxady);
  const permanent =
    (Math.abs(bdxcdy) + Math.abs(cdxbdy)) * alift + (Math.abs(cdxady) + Math.abs(adxcdy)) * blift + (Math.abs(adxbdy) + Math.abs(bdxady)) * clift;
  if (Math.abs(det) > ICC_BOUND * permanent) return det;
  const [iax, iay, ibx, iby, icx, icy, idx, idy] = toExact([ax, ay, bx, by, cx, cy, dx, dy]) as [
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
  ];
  const eadx = iax - idx,
    eady = iay - idy,
    ebdx = ibx - idx,
    ebdy = iby - idy,
    ecdx = icx - idx,
    ecdy = icy - idy;
  const ea = eadx * eadx + eady * eady,
    eb = ebdx * ebdx + ebdy * ebdy,
    ec = ecdx * ecdx + ecdy * ecdy;
  return sign(ea * (ebdx * ecdy - ecdx * ebdy) + eb * (ecdx * eady - eadx * ecdy) + ec * (eadx * ebdy - ebdx * eady));
}
