import { TacticaError } from "@tactica/core";
import { checkNumber, configError, describeValue, PerceptionErrorCodes } from "../errors";
import type { LineOfSight } from "../line-of-sight/types";

/**
 * A grid of influence values (a "working map" in *Game AI Pro* ch. 30): plain data, row-major,
 * cell `(x, y)` at `values[y · width + x]`. `normalized` is `true` only while the values are known
 * to lie in [0, 1] because {@link normalizeInfluence} or {@link invertInfluence} wrote them; any other
 * write clears it.
 */
export interface InfluenceLayer {
  /** Columns, integer ≥ 1. */
  readonly width: number;
  /** Rows, integer ≥ 1. */
  readonly height: number;
  /** One value per cell, row-major. */
  values: Float64Array;
  /** Whether the values are normalised to [0, 1] (see {@link normalizeInfluence}). */
  normalized: boolean;
}

/** How a stamp falls off from its centre (`t` = distance / radius). */
export const InfluenceFalloff = {
  /** `1 − t`. */
  Linear: 0,
  /** `1 − t²`: flat near the centre, steep at the edge. */
  Quadratic: 1,
  /** `1 − t⁴`: flatter still. */
  Quartic: 2,
  /** `1` everywhere inside the radius. */
  Constant: 3,
} as const;

/** One of the {@link InfluenceFalloff} values. */
export type InfluenceFalloffValue = (typeof InfluenceFalloff)[keyof typeof InfluenceFalloff];

/** Options for {@link stampInfluence}. */
export interface StampOptions {
  /** Falloff shape (default {@link InfluenceFalloff.Linear}). */
  readonly falloff?: InfluenceFalloffValue;
  /**
   * LOS mask for direct-fire threat (*Game AI Pro 2* ch. 30): only cells whose centre `(x + 0.5, y + 0.5)`
   * is visible from the stamp's centre `(cx + 0.5, cy + 0.5)` receive influence. Costs one ray per cell.
   */
  readonly lineOfSight?: LineOfSight;
}

/** Options for {@link addInfluence}. */
export interface AddInfluenceOptions {
  /** Weight of `b` (default 1; −1 subtracts). */
  readonly weight?: number;
}

/** Checks `width` and `height` and returns the cell count. @internal */
export function checkSize(fn: string, width: number, height: number): number {
  if (!Number.isInteger(width) || width < 1 || width > 1 << 15) configError(fn, `"width" is ${width}; pass an integer in [1, 32768].`, "width");
  if (!Number.isInteger(height) || height < 1 || height > 1 << 15) configError(fn, `"height" is ${height}; pass an integer in [1, 32768].`, "height");
  return width * height;
}

/**
 * Creates a layer of `width × height` cells, all 0.
 *
 * @param width - Columns (cells), an integer in [1, 32768].
 * @param height - Rows (cells), an integer in [1, 32768].
 */
export function createInfluenceLayer(width: number, height: number): InfluenceLayer {
  const n = checkSize("createInfluenceLayer", width, height);
  return { width, height, values: new Float64Array(n), normalized: false };
}

function sameSize(fn: string, a: InfluenceLayer, b: InfluenceLayer, name: string): void {
  if (a.width !== b.width || a.height !== b.height) {
    configError(fn, `"${name}" is ${b.width}×${b.height} but "out" is ${a.width}×${a.height}; combine maps of the same size.`, name);
  }
}

/**
 * Adds `strength · falloff(d / radius)` to every cell within `radius` cells of the centre `(cx, cy)`
 * (cell coordinates; cells outside the layer are clipped, not wrapped). `radius` must be ≥ 1
 * (`PERCEPTION_CONFIG` otherwise). O(radius²), no allocation. Returns `layer`.
 *
 * @param layer - The layer, changed in place (values added, `normalized` cleared) and returned.
 * @param cx - Stamp centre column, cells (finite; fractional allowed, outside the layer allowed: the stamp is clipped).
 * @param cy - Stamp centre row, cells (finite).
 * @param strength - Value added at the centre, finite (negative subtracts).
 * @param radius - Template radius, cells, finite and ≥ 1; cells farther than this get nothing.
 * @param options - `falloff` (default `InfluenceFalloff.Linear`) and `lineOfSight` (a mask: only cells visible from the centre receive influence; one ray per cell).
 *
 * @example
 * ```ts
 * const threat = createInfluenceLayer(16, 16);
 * stampInfluence(threat, 4, 4, 1, 3);             // linear: 1 at (4, 4), 0 three cells away
 * stampInfluence(threat, 15, 15, 2, 4, { falloff: InfluenceFalloff.Quadratic }); // clipped
 * const hottest = findHighestInfluence(threat);   // 15 · 16 + 15 = 255
 * ```
 */
export function stampInfluence(layer: InfluenceLayer, cx: number, cy: number, strength: number, radius: number, options?: StampOptions): InfluenceLayer {
  // Checked inline (a number passed to a helper V8 does not inline is boxed: an allocation per stamp);
  // the helper runs only to throw.
  if (!(Number.isFinite(cx) && Number.isFinite(cy) && Number.isFinite(strength))) {
    checkNumber("stampInfluence", "cx", cx);
    checkNumber("stampInfluence", "cy", cy);
    checkNumber("stampInfluence", "strength", strength);
  }
  one[0] = cx;
  one[1] = cy;
  one[2] = strength;
  stampRadius[0] = radius;
  return stampAll("stampInfluence", layer, one, 1, options);
}

// One source for stampInfluence, so both entry points share stampAll.
const one = new Float64Array(3);
// The radius for stampAll (through a typed array, not an argument, so a fractional radius is not boxed).
const stampRadius = new Float64Array(1);

/**
 * Level 1 batch form of {@link stampInfluence}: stamps `sources.length / 3` sources given as
 * `x, y, strength` triples (a `Float64Array` you refill each frame), all with the same `radius` and
 * options. Same values as one {@link stampInfluence} per source, but the coordinates never cross a
 * function call, so V8 boxes no number: a frame of stamps allocates 0 bytes. Non-finite entries throw
 * `PERCEPTION_CONFIG` naming `sources[i]` before anything is written. Returns `layer`.
 *
 * @param layer - The layer, changed in place (values added, `normalized` cleared) and returned.
 * @param sources - The stamps as `x, y, strength` triples (cells, cells, value), finite (checked before anything is written).
 * @param radius - Template radius of every stamp, cells, finite and ≥ 1.
 * @param options - `falloff` (default `InfluenceFalloff.Linear`) and `lineOfSight` mask, as {@link stampInfluence}.
 *
 * @example
 * ```ts
 * const threat = createInfluenceLayer(16, 16);
 * const sources = Float64Array.of(4, 4, 1, 15, 15, 2); // (4, 4) strength 1, (15, 15) strength 2
 * stampInfluences(threat, sources, 3);
 * threat.values[4 * 16 + 4];                           // 1
 * ```
 */
export function stampInfluences(layer: InfluenceLayer, sources: ArrayLike<number>, radius: number, options?: StampOptions): InfluenceLayer {
  if (sources.length % 3 !== 0) configError("stampInfluences", `"sources" has ${sources.length} numbers; pass x, y, strength triples.`, "sources");
  for (let k = 0; k < sources.length; k++) {
    if (!Number.isFinite(sources[k])) configError("stampInfluences", `sources[${k}] is ${describeValue(sources[k])}; pass finite numbers.`, `sources[${k}]`);
  }
  stampRadius[0] = radius;
  return stampAll("stampInfluences", layer, sources, sources.length / 3, options);
}

function stampAll(fn: string, layer: InfluenceLayer, src: ArrayLike<number>, count: number, options?: StampOptions): InfluenceLayer {
  const radius = stampRadius[0]!;
  if (!(radius >= 1) || radius === Infinity) configError(fn, `"radius" is ${radius}; pass a finite template radius ≥ 1 cell.`, "radius");
  // Plain checks, not optional chaining (which made V8 box the ray's numbers in the vision frame).
  const falloff = options === undefined ? InfluenceFalloff.Linear : (options.falloff ?? InfluenceFalloff.Linear);
  const los = options === undefined ? undefined : options.lineOfSight;
  const { width, values } = layer;
  const r2 = radius * radius;
  for (let s = 0; s < count; s++) {
    const cx = src[3 * s]!;
    const cy = src[3 * s + 1]!;
    const strength = src[3 * s + 2]!;
    const x0 = Math.max(0, Math.ceil(cx - radius));
    const x1 = Math.min(width - 1, Math.floor(cx + radius));
    const y0 = Math.max(0, Math.ceil(cy - radius));
    const y1 = Math.min(layer.height - 1, Math.floor(cy + radius));
    for (let y = y0; y <= y1; y++) {
      const dy = y - cy;
      for (let x = x0; x <= x1; x++) {
        const dx = x - cx;
        const d2 = dx * dx + dy * dy;
        if (d2 > r2) continue;
        if (los !== undefined && !los(cx + 0.5, cy + 0.5, x + 0.5, y + 0.5)) continue;
        let f: number;
        if (falloff === InfluenceFalloff.Linear) f = 1 - Math.sqrt(d2) / radius;
        else if (falloff === InfluenceFalloff.Quadratic) f = 1 - d2 / r2;
        else if (falloff === InfluenceFalloff.Quartic) f = 1 - (d2 / r2) * (d2 / r2);
        else f = 1;
        values[y * width + x] = values[y * width + x]! + strength * f;
      }
    }
  }
  layer.normalized = false;
  return layer;
}

/**
 * `out = a + weight · b`, cell by cell (`out` may be `a` or `b`). Sizes must match (`PERCEPTION_CONFIG`). Returns `out`.
 *
 * @param out - Written in place and returned (may be `a` or `b`); same size as `a` and `b`.
 * @param a - First term, read.
 * @param b - Second term, read and scaled by `weight`.
 * @param options - `weight` of `b` (default 1; −1 subtracts).
 */
export function addInfluence(out: InfluenceLayer, a: InfluenceLayer, b: InfluenceLayer, options?: AddInfluenceOptions): InfluenceLayer {
  sameSize("addInfluence", out, a, "a");
  sameSize("addInfluence", out, b, "b");
  const w = options?.weight ?? 1;
  const o = out.values;
  const av = a.values;
  const bv = b.values;
  for (let i = 0; i < o.length; i++) o[i] = av[i]! + w * bv[i]!;
  out.normalized = false;
  return out;
}

/**
 * `out = a + weight · (1 − b)` (ch. 30's AddInverse: "away from b"). `b` must be normalised
 * (`PERCEPTION_NOT_NORMALIZED` otherwise: a raw stamped map exceeds 1 where agents overlap).
 * Sizes must match. Returns `out`.
 *
 * @param out - Written in place and returned (may be `a` or `b`); same size as `a` and `b`.
 * @param a - First term, read.
 * @param b - A normalised layer (values in [0, 1], see {@link normalizeInfluence}); `1 − b` is added.
 * @param options - `weight` of `1 − b` (default 1).
 */
export function addInverseInfluence(out: InfluenceLayer, a: InfluenceLayer, b: InfluenceLayer, options?: AddInfluenceOptions): InfluenceLayer {
  sameSize("addInverseInfluence", out, a, "a");
  sameSize("addInverseInfluence", out, b, "b");
  if (!b.normalized) {
    throw new TacticaError(
      PerceptionErrorCodes.NotNormalized,
      "@tactica/perception: addInverseInfluence: map b is not normalised; call normalizeInfluence(b, b) first.",
      { path: "b" },
    );
  }
  const w = options?.weight ?? 1;
  const o = out.values;
  const av = a.values;
  const bv = b.values;
  for (let i = 0; i < o.length; i++) o[i] = av[i]! + w * (1 - bv[i]!);
  out.normalized = false;
  return out;
}

/**
 * `out = a · b`, cell by cell (a mask or a weighting). Sizes must match. Clears `out.normalized`
 * like every write other than {@link normalizeInfluence} and {@link invertInfluence}. Returns `out`.
 *
 * @param out - Written in place, its `normalized` flag cleared, and returned (may be `a` or `b`); same size as `a` and `b`.
 * @param a - First factor, read.
 * @param b - Second factor, read (e.g. a 0/1 mask).
 */
export function multiplyInfluence(out: InfluenceLayer, a: InfluenceLayer, b: InfluenceLayer): InfluenceLayer {
  sameSize("multiplyInfluence", out, a, "a");
  sameSize("multiplyInfluence", out, b, "b");
  const o = out.values;
  const av = a.values;
  const bv = b.values;
  for (let i = 0; i < o.length; i++) o[i] = av[i]! * bv[i]!;
  out.normalized = false;
  return out;
}

/**
 * Min–max normalisation: `out = (a − min) / (max − min)`, so the lowest cell becomes 0 and the
 * highest 1 (a constant map becomes all 0). Marks `out` normalised. Sizes must match. Returns `out`.
 *
 * @param out - Written in place with values in [0, 1], marked normalised and returned (may be `a`).
 * @param a - The layer to normalise, read; same size as `out`.
 */
export function normalizeInfluence(out: InfluenceLayer, a: InfluenceLayer): InfluenceLayer {
  sameSize("normalizeInfluence", out, a, "a");
  const av = a.values;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < av.length; i++) {
    const v = av[i]!;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const span = hi - lo;
  const o = out.values;
  for (let i = 0; i < o.length; i++) o[i] = span > 0 ? (av[i]! - lo) / span : 0;
  out.normalized = true;
  return out;
}

/**
 * `out = 1 − a` for a normalised `a` (safe spots from a threat map). Throws
 * `PERCEPTION_NOT_NORMALIZED` for a raw map: call {@link normalizeInfluence} first. Returns `out`.
 *
 * @param out - Written in place with `1 − a`, marked normalised and returned (may be `a`).
 * @param a - A normalised layer (else `PERCEPTION_NOT_NORMALIZED`); same size as `out`.
 */
export function invertInfluence(out: InfluenceLayer, a: InfluenceLayer): InfluenceLayer {
  sameSize("invertInfluence", out, a, "a");
  if (!a.normalized) {
    throw new TacticaError(
      PerceptionErrorCodes.NotNormalized,
      "@tactica/perception: invertInfluence: the map is not normalised; call normalizeInfluence(map, map) first.",
      { path: "a" },
    );
  }
  const o = out.values;
  const av = a.values;
  for (let i = 0; i < o.length; i++) o[i] = 1 - av[i]!;
  out.normalized = true;
  return out;
}

/**
 * The index `y · width + x` of the highest cell (the first one on ties). O(cells).
 *
 * @param layer - The layer scanned, read only.
 */
export function findHighestInfluence(layer: InfluenceLayer): number {
  const v = layer.values;
  let best = 0;
  for (let i = 1; i < v.length; i++) if (v[i]! > v[best]!) best = i;
  return best;
}

/**
 * The index `y · width + x` of the lowest cell (the first one on ties). O(cells).
 *
 * @param layer - The layer scanned, read only.
 */
export function findLowestInfluence(layer: InfluenceLayer): number {
  const v = layer.values;
  let best = 0;
  for (let i = 1; i < v.length; i++) if (v[i]! < v[best]!) best = i;
  return best;
}
