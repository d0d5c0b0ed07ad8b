import { createKdTree, kdRadius, type KdTree } from "@tactica/core";
import { checkNumber, configError, describeValue } from "../errors";
import type { InfluenceLayer } from "./influence-layer";

/**
 * Grid-free influence (*Game AI Pro 2* ch. 29, "infinite-resolution influence mapping") as plain
 * data: point sources `i < count`, each with a position, a scale `s` and a radius `r`, contributing
 * the linear cone `s · max(1 − d / r, 0)` (Eq. 29.1–29.4); the influence at a point is the sum over
 * sources (Eq. 29.3). Queries gather candidates with core's k-d tree (`tree`, rebuilt lazily after
 * any change), so memory is linear in the sources and a query costs O(log n + nearby sources).
 */
export interface PointInfluence {
  /** Most sources. */
  readonly capacity: number;
  /** Sources in use: slots `0 .. count − 1`. */
  count: number;
  /** Positions as `x, y` pairs, `2 · capacity` numbers. */
  readonly xy: Float64Array;
  /** Scale (value at the centre) per source; negative for opposing influence. */
  readonly strength: Float64Array;
  /** Radius per source, > 0. */
  readonly radius: Float64Array;
  /** Largest radius in use (the k-d gather radius). */
  maxRadius: number;
  /** k-d tree over the positions, or `null` when a change made it stale (rebuilt by the next query). */
  tree: KdTree | null;
  /** Scratch for the ids a query gathers (`capacity` entries). */
  readonly gathered: Int32Array;
}

/**
 * Creates an empty point-influence field for up to `capacity` sources (integer ≥ 1).
 *
 * @param capacity - Most sources at once, an integer in [1, 2^24].
 */
export function createPointInfluence(capacity: number): PointInfluence {
  if (!Number.isInteger(capacity) || capacity < 1 || capacity > 1 << 24) {
    configError("createPointInfluence", `"capacity" is ${describeValue(capacity)}; pass an integer in [1, 16777216].`, "capacity");
  }
  return {
    capacity,
    count: 0,
    xy: new Float64Array(2 * capacity),
    strength: new Float64Array(capacity),
    radius: new Float64Array(capacity),
    maxRadius: 0,
    tree: null,
    gathered: new Int32Array(capacity),
  };
}

/**
 * Adds a point source at `(x, y)` with scale `strength` and radius `radius` (> 0) and returns its
 * index, or `-1` when the field is full (no throw mid-frame). Throws `PERCEPTION_CONFIG` for
 * non-finite numbers or a radius ≤ 0.
 *
 * @param field - The field, changed in place (source appended, k-d tree marked stale).
 * @param x - Source position x, world units, finite.
 * @param y - Source position y, world units, finite.
 * @param strength - Value at the centre (the cone's scale), finite; negative for opposing influence.
 * @param radius - Where the cone reaches 0, world units, finite and > 0.
 */
export function addPointSource(field: PointInfluence, x: number, y: number, strength: number, radius: number): number {
  checkNumber("addPointSource", "x", x);
  checkNumber("addPointSource", "y", y);
  checkNumber("addPointSource", "strength", strength);
  checkNumber("addPointSource", "radius", radius, Number.MIN_VALUE);
  if (field.count >= field.capacity) return -1;
  const i = field.count++;
  field.xy[2 * i] = x;
  field.xy[2 * i + 1] = y;
  field.strength[i] = strength;
  field.radius[i] = radius;
  if (radius > field.maxRadius) field.maxRadius = radius;
  field.tree = null;
  return i;
}

/**
 * Removes every source. Returns `field`.
 *
 * @param field - The field, emptied in place (count, largest radius and tree reset) and returned.
 */
export function clearPointSources(field: PointInfluence): PointInfluence {
  field.count = 0;
  field.maxRadius = 0;
  field.tree = null;
  return field;
}

/** Rebuilds the k-d tree if stale and gathers the sources whose disk may contain (x, y); returns how many. */
function gather(field: PointInfluence, x: number, y: number): number {
  if (field.count === 0) return 0;
  if (field.tree === null) field.tree = createKdTree(field.xy.subarray(0, 2 * field.count));
  query.x = x;
  query.y = y;
  return kdRadius(field.gathered, field.tree, query, field.maxRadius);
}

const query = { x: 0.5, y: 0.5 };

/**
 * The influence at `(x, y)`: `Σ sᵢ · max(1 − dᵢ / rᵢ, 0)` (Eq. 29.4). A source's centre gives its
 * scale; a point at distance ≥ `rᵢ` gets nothing from it. O(log n + nearby sources); the first query
 * after a change rebuilds the k-d tree (O(n log n)).
 *
 * @param field - The field (its k-d tree is rebuilt here when stale).
 * @param x - Query point x, world units.
 * @param y - Query point y, world units.
 */
export function pointInfluenceAt(field: PointInfluence, x: number, y: number): number {
  const n = gather(field, x, y);
  const { xy, strength, radius, gathered } = field;
  let v = 0;
  for (let k = 0; k < n; k++) {
    const i = gathered[k]!;
    const dx = x - xy[2 * i]!;
    const dy = y - xy[2 * i + 1]!;
    const d = Math.sqrt(dx * dx + dy * dy);
    const r = radius[i]!;
    if (d < r) v += strength[i]! * (1 - d / r);
  }
  return v;
}

/**
 * The analytic gradient of {@link pointInfluenceAt} at `(x, y)` (Eq. 29.6–29.9), the sum of the
 * sources' partials `−sᵢ / rᵢ · (p − cᵢ) / dᵢ`, written into `out`. The linear cone is not
 * differentiable at its centre (d = 0) or its rim (d = r): a source contributes 0 there, so the
 * result is never NaN. Returns `out`.
 *
 * @param out - Written with the gradient `x`, `y` (value per world unit) and returned.
 * @param field - The field (its k-d tree is rebuilt here when stale).
 * @param x - Query point x, world units.
 * @param y - Query point y, world units.
 */
export function pointInfluenceGradient(out: { x: number; y: number }, field: PointInfluence, x: number, y: number): { x: number; y: number } {
  const n = gather(field, x, y);
  const { xy, strength, radius, gathered } = field;
  let gx = 0;
  let gy = 0;
  for (let k = 0; k < n; k++) {
    const i = gathered[k]!;
    const dx = x - xy[2 * i]!;
    const dy = y - xy[2 * i + 1]!;
    const d = Math.sqrt(dx * dx + dy * dy);
    const r = radius[i]!;
    if (d <= 0 || d >= r) continue; // guard d = 0 and d = r (and outside)
    const f = -strength[i]! / (r * d);
    gx += f * dx;
    gy += f * dy;
  }
  out.x = gx;
  out.y = gy;
  return out;
}

/** Options for {@link findPointInfluenceExtreme}. */
export interface FindPointInfluenceExtremeOptions {
  /** Look for a local minimum instead of a maximum (default false). */
  readonly descend?: boolean;
  /** The walk never leaves the disk of this radius around the start (default: the field's largest radius). */
  readonly searchRadius?: number;
  /** First step length in world units (default searchRadius / 8). */
  readonly step?: number;
  /** Stop when the step shrinks below this (default step / 1024). */
  readonly minStep?: number;
  /** Most gradient evaluations (default 200). */
  readonly maxSteps?: number;
}

const grad = { x: 0.5, y: 0.5 };

/**
 * Gradient ascent (or descent) from `(x, y)` to a local maximum (minimum) of the field, as in
 * Listing 29.2 with its erratum fixed: the walk is bounded by the *search* radius around the start
 * (the listing bounds it by the gather radius), and a step that does not improve the value is
 * halved instead of retried unchanged. Every accepted step strictly improves the value, so the
 * result is never worse than the start and stays inside the search disk. Writes the point into
 * `out` and returns the value there. Not a global optimum (the chapter's caveat).
 *
 * @param out - Written with the point where the walk stopped (world units).
 * @param field - The field (its k-d tree is rebuilt here when stale).
 * @param x - Start point x, world units, finite.
 * @param y - Start point y, world units, finite.
 * @param options - `descend` (default false: ascend), `searchRadius` (world units, default the field's largest radius, at least 1), `step` (world units, default searchRadius / 8), `minStep` (default step / 1024) and `maxSteps` (gradient evaluations, default 200).
 *
 * @example
 * ```ts
 * const field = createPointInfluence(8);
 * addPointSource(field, 0, 0, 1, 10);  // a threat at the origin
 * const best = { x: 0, y: 0 };
 * const value = findPointInfluenceExtreme(best, field, 3, 4, { descend: true, searchRadius: 20 });
 * // best is about (6, 8): the walk left the cone along the gradient; value is 0
 * ```
 */
export function findPointInfluenceExtreme(
  out: { x: number; y: number },
  field: PointInfluence,
  x: number,
  y: number,
  options?: FindPointInfluenceExtremeOptions,
): number {
  checkNumber("findPointInfluenceExtreme", "x", x);
  checkNumber("findPointInfluenceExtreme", "y", y);
  const sign = options?.descend === true ? -1 : 1;
  const searchRadius = checkNumber("findPointInfluenceExtreme", "searchRadius", options?.searchRadius ?? Math.max(field.maxRadius, 1), 0);
  let step = checkNumber("findPointInfluenceExtreme", "step", options?.step ?? searchRadius / 8, 0);
  const minStep = checkNumber("findPointInfluenceExtreme", "minStep", options?.minStep ?? step / 1024, 0);
  const maxSteps = options?.maxSteps ?? 200;
  let px = x;
  let py = y;
  let best = sign * pointInfluenceAt(field, px, py);
  for (let it = 0; it < maxSteps && step > minStep && step > 0; it++) {
    pointInfluenceGradient(grad, field, px, py);
    const g = Math.hypot(grad.x, grad.y);
    if (g === 0) break;
    let nx = px + (sign * step * grad.x) / g;
    let ny = py + (sign * step * grad.y) / g;
    // Stay inside the search disk (project back onto its rim).
    const ox = nx - x;
    const oy = ny - y;
    const o = Math.hypot(ox, oy);
    if (o > searchRadius) {
      nx = x + (ox * searchRadius) / o;
      ny = y + (oy * searchRadius) / o;
    }
    const v = sign * pointInfluenceAt(field, nx, ny);
    if (v > best) {
      best = v;
      px = nx;
      py = ny;
    } else step /= 2; // the listing retried the identical step here
  }
  out.x = px;
  out.y = py;
  return sign * best;
}

/**
 * Samples the field at every cell centre of `layer` (cell `(x, y)` at world point `(x, y)`, the
 * convention of {@link stampInfluence}), adding to what is there, so grid queries
 * ({@link findHighestInfluence}, {@link climbInfluence}, the working-map algebra) run on a
 * grid-free field; equal to stamping every source with the linear falloff. Returns `layer`.
 *
 * @param layer - The grid layer, changed in place (the field's value at each cell centre `(x, y)` added, `normalized` cleared) and returned.
 * @param field - The field sampled (its k-d tree is rebuilt here when stale).
 */
export function samplePointInfluence(layer: InfluenceLayer, field: PointInfluence): InfluenceLayer {
  const { width, height, values } = layer;
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) values[y * width + x] = values[y * width + x]! + pointInfluenceAt(field, x, y);
  layer.normalized = false;
  return layer;
}

/** Options for {@link spreadPointSources}. */
export interface SpreadPointSourcesOptions {
  /** Fraction of a parent's energy lost per step, in [0, 1) (default 0.1). */
  readonly decay?: number;
  /** Children per ring, integer in [2, 64] (default 6). */
  readonly children?: number;
  /** Ring radius as a fraction of the parent's radius (default 0.5). */
  readonly spacing?: number;
  /** A child whose |scale| would fall below this expires instead (default 0.01). */
  readonly expireBelow?: number;
  /** Obstacle test: a child at a blocked point is not placed, and the parent's energy goes to the others. */
  readonly isBlocked?: (x: number, y: number) => boolean;
}

/**
 * One temporal propagation step (ch. 29, "ring splitting"): every source is replaced by a ring of
 * `children` sources at `spacing · radius` around it, sharing the parent's scale after decay,
 * `s · (1 − decay)`, evenly among the children actually placed. Children on blocked points are
 * skipped and their share goes to the others (energy is conserved, so influence flows through
 * corridors); if every child is blocked the parent stays where it is with the decayed scale. A child
 * whose scale would fall below `expireBelow` expires (the only place energy leaves, besides decay).
 * When the field is full, the remaining parents stay in place (decayed). Returns the new count.
 *
 * @param field - The field, rewritten in place: every source replaced by its ring of children (or kept, decayed, when blocked or out of room).
 * @param options - `decay` (fraction lost per step, [0, 1), default 0.1), `children` per ring (2..64, default 6), `spacing` (ring radius / parent radius, default 0.5), `expireBelow` (|scale| threshold, default 0.01) and `isBlocked(x, y)` (default nothing blocked).
 */
export function spreadPointSources(field: PointInfluence, options?: SpreadPointSourcesOptions): number {
  const decay = checkNumber("spreadPointSources", "decay", options?.decay ?? 0.1, 0, 1 - Number.EPSILON);
  const children = options?.children ?? 6;
  if (!Number.isInteger(children) || children < 2 || children > 64)
    configError("spreadPointSources", `"children" is ${children}; pass an integer in [2, 64].`, "children");
  const spacing = checkNumber("spreadPointSources", "spacing", options?.spacing ?? 0.5, 0);
  const expireBelow = checkNumber("spreadPointSources", "expireBelow", options?.expireBelow ?? 0.01, 0);
  const isBlocked = options?.isBlocked;
  const n = field.count;
  // Parents are read from a copy; children are written from slot 0.
  const px = field.xy.slice(0, 2 * n);
  const ps = field.strength.slice(0, n);
  const pr = field.radius.slice(0, n);
  let out = 0;
  let maxRadius = 0;
  const put = (x: number, y: number, s: number, r: number): void => {
    field.xy[2 * out] = x;
    field.xy[2 * out + 1] = y;
    field.strength[out] = s;
    field.radius[out] = r;
    if (r > maxRadius) maxRadius = r;
    out++;
  };
  const ok = new Uint8Array(children);
  for (let i = 0; i < n; i++) {
    const x = px[2 * i]!;
    const y = px[2 * i + 1]!;
    const r = pr[i]!;
    const s = ps[i]! * (1 - decay);
    const ring = spacing * r;
    let placed = 0;
    for (let c = 0; c < children; c++) {
      const a = (2 * Math.PI * c) / children;
      ok[c] = isBlocked !== undefined && isBlocked(x + ring * Math.cos(a), y + ring * Math.sin(a)) ? 0 : 1;
      placed += ok[c]!;
    }
    // Parents still to place (this one included) each need at least one slot.
    const room = field.capacity - out - (n - i - 1);
    if (placed === 0 || placed > room) {
      if (Math.abs(s) >= expireBelow) put(x, y, s, r);
      continue;
    }
    const share = s / placed;
    if (Math.abs(share) < expireBelow) continue; // expired
    for (let c = 0; c < children; c++) {
      if (ok[c] !== 1) continue;
      const a = (2 * Math.PI * c) / children;
      put(x + ring * Math.cos(a), y + ring * Math.sin(a), share, r);
    }
  }
  field.count = out;
  field.maxRadius = maxRadius;
  field.tree = null;
  return out;
}

/** Options for {@link simplifyPointSources}. */
export interface SimplifyPointSourcesOptions {
  /** A source with more than this many neighbours within its radius is a merge candidate (default 2). */
  readonly minNeighbors?: number;
  /** Most probe points used to bound the error of one merge (default 4096); a merge needing more is skipped. */
  readonly maxProbes?: number;
}

/**
 * Lossy simplification (ch. 29): for each source with more than `minNeighbors` neighbours within
 * its radius, the cluster is replaced by one source at its scale-weighted centroid carrying the
 * summed scale and the scale-weighted mean radius, but only when the merged field provably differs
 * from the original by at most `tolerance` everywhere: the difference is checked on a probe grid
 * whose spacing makes its Lipschitz bound (`Σ|sᵢ|/rᵢ + |S|/R`) add at most `tolerance / 2`, and
 * merged clusters never have overlapping supports (so their errors do not add up). Returns the new
 * count (never more than before). Allocates scratch (a set-up or a slow-rate operation).
 *
 * @param field - The field, changed in place: merged clusters replaced by one source each (order of the kept sources preserved, merged ones appended).
 * @param tolerance - Largest change of the field's value allowed anywhere by a merge, ≥ 0 (0 merges only clusters that cancel exactly).
 * @param options - `minNeighbors` (a source with more neighbours within its radius is a merge candidate, default 2) and `maxProbes` (probe points per merge check, default 4096; a merge needing more is skipped).
 */
export function simplifyPointSources(field: PointInfluence, tolerance: number, options?: SimplifyPointSourcesOptions): number {
  checkNumber("simplifyPointSources", "tolerance", tolerance, 0);
  const minNeighbors = options?.minNeighbors ?? 2;
  const maxProbes = options?.maxProbes ?? 4096;
  const n = field.count;
  if (n === 0) return 0;
  const { xy, strength, radius } = field;
  const gone = new Uint8Array(n);
  const members: number[] = [];
  const mergedX: number[] = [];
  const mergedY: number[] = [];
  const mergedS: number[] = [];
  const mergedR: number[] = [];
  const boxes: number[] = [];
  const tree = createKdTree(xy.subarray(0, 2 * n));
  const found = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    if (gone[i] === 1) continue;
    const cnt = kdRadius(found, tree, { x: xy[2 * i]!, y: xy[2 * i + 1]! }, radius[i]!);
    members.length = 0;
    for (let k = 0; k < cnt; k++) if (gone[found[k]!] !== 1) members.push(found[k]!);
    if (members.length - 1 <= minNeighbors) continue;
    let S = 0;
    let W = 0;
    let cx = 0;
    let cy = 0;
    let R = 0;
    let lip = 0;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const j of members) {
      const w = Math.abs(strength[j]!);
      S += strength[j]!;
      W += w;
      cx += w * xy[2 * j]!;
      cy += w * xy[2 * j + 1]!;
      R += w * radius[j]!;
      lip += w / radius[j]!;
      x0 = Math.min(x0, xy[2 * j]! - radius[j]!);
      y0 = Math.min(y0, xy[2 * j + 1]! - radius[j]!);
      x1 = Math.max(x1, xy[2 * j]! + radius[j]!);
      y1 = Math.max(y1, xy[2 * j + 1]! + radius[j]!);
    }
    if (W === 0) continue;
    cx /= W;
    cy /= W;
    R /= W;
    lip += Math.abs(S) / R;
    x0 = Math.min(x0, cx - R);
    y0 = Math.min(y0, cy - R);
    x1 = Math.max(x1, cx + R);
    y1 = Math.max(y1, cy + R);
    // Merges with overlapping supports would add their errors: keep merged clusters apart.
    let overlaps = false;
    for (let k = 0; k < boxes.length; k += 4) {
      if (x0 <= boxes[k + 2]! && x1 >= boxes[k]! && y0 <= boxes[k + 3]! && y1 >= boxes[k + 1]!) overlaps = true;
    }
    if (overlaps) continue;
    // Probe spacing h: any point is within h/√2 of a probe, where |Δ| can grow by at most lip · h/√2 = tolerance / 2.
    const h = lip === 0 ? Infinity : (tolerance * Math.SQRT2) / (2 * lip);
    const px = Math.ceil((x1 - x0) / h) + 1;
    const py = Math.ceil((y1 - y0) / h) + 1;
    if (!(px * py <= maxProbes)) continue;
    let worst = 0;
    for (let a = 0; a < py && worst <= tolerance / 2; a++) {
      const y = Math.min(y1, y0 + a * h);
      for (let b = 0; b < px; b++) {
        const x = Math.min(x1, x0 + b * h);
        let orig = 0;
        for (const j of members) {
          const d = Math.hypot(x - xy[2 * j]!, y - xy[2 * j + 1]!);
          if (d < radius[j]!) orig += strength[j]! * (1 - d / radius[j]!);
        }
        const d = Math.hypot(x - cx, y - cy);
        const merged = d < R ? S * (1 - d / R) : 0;
        const e = Math.abs(merged - orig);
        if (e > worst) worst = e;
      }
    }
    if (worst > tolerance / 2) continue;
    boxes.push(x0, y0, x1, y1);
    for (const j of members) gone[j] = 1;
    mergedX.push(cx);
    mergedY.push(cy);
    mergedS.push(S);
    mergedR.push(R);
  }
  if (mergedX.length === 0) return n;
  let out = 0;
  let maxRadius = 0;
  for (let i = 0; i < n; i++) {
    if (gone[i] === 1) continue;
    xy[2 * out] = xy[2 * i]!;
    xy[2 * out + 1] = xy[2 * i + 1]!;
    strength[out] = strength[i]!;
    radius[out] = radius[i]!;
    maxRadius = Math.max(maxRadius, radius[i]!);
    out++;
  }
  for (let k = 0; k < mergedX.length; k++) {
    xy[2 * out] = mergedX[k]!;
    xy[2 * out + 1] = mergedY[k]!;
    strength[out] = mergedS[k]!;
    radius[out] = mergedR[k]!;
    maxRadius = Math.max(maxRadius, mergedR[k]!);
    out++;
  }
  field.count = out;
  field.maxRadius = maxRadius;
  field.tree = null;
  return out;
}
