import type { Grid } from "@tactica/grid";
import { TacticaError } from "@tactica/core";
import { checkNumber, configError, describeValue, PerceptionErrorCodes } from "../errors";
import { checkSize, type InfluenceLayer } from "./influence-layer";

/**
 * A propagating influence map on a grid (Champandard's "core mechanics", *AIGameDev* 2011), as plain
 * data. `values` is the max channel (positive influence), `minValues` the min channel (negative
 * influence, ≤ 0); {@link influenceAt} reads their sum. Sources live in `sources` and are re-applied
 * after every propagation step (a reference source sets a floor / ceiling, so influence never decays
 * away under its source). Additive, transient influence (gunfire) is stamped straight onto `values`
 * with {@link stampInfluence}, since the map is also an {@link InfluenceLayer}. Blocked cells (`passable[i] === 0`) hold 0 and pass nothing on.
 */
export interface InfluenceMap extends InfluenceLayer {
  /** Min channel, one value ≤ 0 per cell. */
  minValues: Float64Array;
  /** Reference sources per cell: positive values feed the max channel, negative ones the min channel, 0 none. */
  readonly sources: Float64Array;
  /** Double-buffer scratch for `values`. */
  scratch: Float64Array;
  /** Double-buffer scratch for `minValues`. */
  scratchMin: Float64Array;
  /** Passability per cell (1 passable, 0 blocked), or `null` when every cell is open. */
  readonly passable: Uint8Array | null;
  /** Momentum in [0, 1]: 0 follows the propagated value, 1 keeps the history. */
  momentum: number;
  /** Decay per cell of distance, ≥ 0: a neighbour's influence is scaled by `exp(−d · decay)`. */
  decay: number;
  /** Update interval in seconds for {@link advanceInfluenceMap} (`1 / Hz`). */
  interval: number;
  /** Time accumulated towards the next update, seconds. */
  elapsed: number;
}

/** Options for {@link createInfluenceMap}. */
export interface InfluenceMapOptions {
  /** Momentum in [0, 1] (default 0.5). */
  readonly momentum?: number;
  /** Decay per cell, ≥ 0 (default 0.3). */
  readonly decay?: number;
  /** Update rate for {@link advanceInfluenceMap} in Hz, > 0 (default 4: tactical; strategic maps 0.5–1). */
  readonly rateHz?: number;
  /** A grid whose passability (same size) blocks propagation; read live, so grid edits are seen. */
  readonly grid?: Grid;
}

/**
 * Creates a propagating influence map of `width × height` cells, all 0.
 *
 * @param width - Columns (cells), an integer in [1, 32768].
 * @param height - Rows (cells), an integer in [1, 32768].
 * @param options - `momentum` (0..1, default 0.5), `decay` per cell of distance (≥ 0, default 0.3), `rateHz` of {@link advanceInfluenceMap} (> 0, default 4) and a same-size `grid` whose blocked cells stop propagation (default: every cell open).
 */
export function createInfluenceMap(width: number, height: number, options: InfluenceMapOptions = {}): InfluenceMap {
  const n = checkSize("createInfluenceMap", width, height);
  const momentum = checkNumber("createInfluenceMap", "momentum", options.momentum ?? 0.5, 0, 1);
  const decay = checkNumber("createInfluenceMap", "decay", options.decay ?? 0.3, 0);
  const rateHz = checkNumber("createInfluenceMap", "rateHz", options.rateHz ?? 4, Number.MIN_VALUE);
  const grid = options.grid;
  if (grid !== undefined && (grid.width !== width || grid.height !== height)) {
    configError("createInfluenceMap", `the grid is ${grid.width}×${grid.height} but the map is ${width}×${height}; pass a grid of the same size.`, "grid");
  }
  return {
    width,
    height,
    values: new Float64Array(n),
    normalized: false,
    minValues: new Float64Array(n),
    sources: new Float64Array(n),
    scratch: new Float64Array(n),
    scratchMin: new Float64Array(n),
    passable: grid === undefined ? null : grid.passable,
    momentum,
    decay,
    interval: 1 / rateHz,
    elapsed: 0,
  };
}

/**
 * Sets the reference source of cell `(x, y)` to `value` (positive: max channel, negative: min
 * channel, 0: remove). Sources are applied at once and after every propagation step. Returns `map`.
 *
 * @param map - The map, changed in place (its `sources`, then the channels) and returned.
 * @param x - Cell column, an integer in `[0, width)`.
 * @param y - Cell row, an integer in `[0, height)`.
 * @param value - The source's strength, finite: positive feeds the max channel, negative the min channel, 0 removes the source.
 */
export function setInfluenceSource(map: InfluenceMap, x: number, y: number, value: number): InfluenceMap {
  if (!(Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < map.width && y < map.height)) {
    configError("setInfluenceSource", `cell (${x}, ${y}) is outside the ${map.width}×${map.height} map.`, "x");
  }
  checkNumber("setInfluenceSource", "value", value);
  const i = y * map.width + x;
  map.sources[i] = value;
  applySources(map);
  return map;
}

/**
 * The combined influence `values + minValues` of cell `(x, y)` (integer cell coordinates); 0 outside
 * the map. Throws `PERCEPTION_CONFIG` for a coordinate that is not an integer (`undefined`, `NaN`,
 * a fraction), which would otherwise read `NaN`.
 *
 * @param map - The map, read only.
 * @param x - Cell column, an integer; outside the map gives 0.
 * @param y - Cell row, an integer; outside the map gives 0.
 */
export function influenceAt(map: InfluenceMap, x: number, y: number): number {
  if (!(Number.isInteger(x) && Number.isInteger(y)))
    configError("influenceAt", `cell (${describeValue(x)}, ${describeValue(y)}) is not a pair of integers.`, "x");
  if (x < 0 || y < 0 || x >= map.width || y >= map.height) return 0;
  const i = y * map.width + x;
  return map.values[i]! + map.minValues[i]!;
}

function applySources(map: InfluenceMap): void {
  const { sources, values, minValues, passable } = map;
  for (let i = 0; i < sources.length; i++) {
    const s = sources[i]!;
    if (passable !== null && passable[i] !== 1) continue;
    if (s > values[i]!) values[i] = s;
    else if (s < minValues[i]!) minValues[i] = s;
  }
  map.normalized = false;
}

const DIAGONAL = Math.SQRT2;

/**
 * One propagation step, double-buffered (the result does not depend on cell order):
 * `new = m · old + (1 − m) · max_n(old_n · exp(−d_n · decay))` over the 8 neighbours (`d` = 1 or √2;
 * a diagonal needs both side cells open), the same with `min` for the min channel, then the sources
 * are re-applied. This is the article's update with its erratum fixed: momentum → 1 keeps the
 * history, as its text says. Blocked cells stay 0. O(cells), no allocation. Returns `map`.
 *
 * At momentum 0 a single source `s` converges, after as many steps as the map is wide, to
 * `s · exp(−decay · pathDistance)`.
 *
 * @param map - The map, advanced one step in place (channels and their scratch buffers swapped, sources re-applied) and returned.
 */
export function propagateInfluence(map: InfluenceMap): InfluenceMap {
  propagateInfluenceRows(map, 0, map.height);
  finishInfluencePropagation(map);
  return map;
}

/**
 * Rows `y0 ≤ y < y1` of one propagation step: reads `values` / `minValues`, writes `scratch` /
 * `scratchMin` (the time-sliced form runs it in bands, then {@link finishInfluencePropagation}).
 * @internal
 */
export function propagateInfluenceRows(map: InfluenceMap, y0: number, y1: number): void {
  const { width: w, height: h, passable, momentum: m } = map;
  const old = map.values;
  const oldMin = map.minValues;
  const next = map.scratch;
  const nextMin = map.scratchMin;
  const straight = Math.exp(-map.decay);
  const diagonal = Math.exp(-DIAGONAL * map.decay);
  for (let y = y0; y < y1; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (passable === null && x > 0 && y > 0 && x < w - 1 && y < h - 1) {
        // Interior cell of an open map: the 8 neighbours without bounds or passability checks
        // (same values as the general path below; max and min do not depend on the order).
        const up = i - w;
        const down = i + w;
        const hi = Math.max(
          Math.max(old[i - 1]!, old[i + 1]!, old[up]!, old[down]!) * straight,
          Math.max(old[up - 1]!, old[up + 1]!, old[down - 1]!, old[down + 1]!) * diagonal,
          0,
        );
        const lo = Math.min(
          Math.min(oldMin[i - 1]!, oldMin[i + 1]!, oldMin[up]!, oldMin[down]!) * straight,
          Math.min(oldMin[up - 1]!, oldMin[up + 1]!, oldMin[down - 1]!, oldMin[down + 1]!) * diagonal,
          0,
        );
        next[i] = m * old[i]! + (1 - m) * hi;
        nextMin[i] = m * oldMin[i]! + (1 - m) * lo;
        continue;
      }
      if (passable !== null && passable[i] !== 1) {
        next[i] = 0;
        nextMin[i] = 0;
        continue;
      }
      let hi = 0;
      let lo = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          if (dx === 0 && dy === 0) continue;
          const nx = x + dx;
          if (nx < 0 || nx >= w) continue;
          const j = ny * w + nx;
          let f = straight;
          if (dx !== 0 && dy !== 0) {
            if (passable !== null && (passable[y * w + nx] !== 1 || passable[ny * w + x] !== 1)) continue;
            f = diagonal;
          }
          if (passable !== null && passable[j] !== 1) continue;
          const v = old[j]! * f;
          if (v > hi) hi = v;
          const u = oldMin[j]! * f;
          if (u < lo) lo = u;
        }
      }
      next[i] = m * old[i]! + (1 - m) * hi;
      nextMin[i] = m * oldMin[i]! + (1 - m) * lo;
    }
  }
}

/**
 * Ends a propagation step once every row is written: swaps the buffers and re-applies the sources.
 * @internal
 */
export function finishInfluencePropagation(map: InfluenceMap): void {
  const next = map.scratch;
  const nextMin = map.scratchMin;
  map.scratch = map.values;
  map.scratchMin = map.minValues;
  map.values = next;
  map.minValues = nextMin;
  applySources(map);
}

/** Options for {@link advanceInfluenceMap}. */
export interface AdvanceInfluenceOptions {
  /** Most propagation steps per call (default 4). */
  readonly maxSteps?: number;
}

/**
 * Advances the map's clock by `dt` seconds and runs {@link propagateInfluence} once per elapsed
 * `interval` (its own rate, independent of the frame rate), at most `options.maxSteps` times per call
 * (default 4; leftover time is dropped so a long pause does not cause a burst). Returns the number
 * of steps run.
 *
 * @param map - The map, changed in place: its clock `elapsed` advances and channels propagate once per elapsed `interval`.
 * @param dt - Time step in seconds, finite and ≥ 0.
 * @param options - `maxSteps`: most propagation steps this call (default 4; time beyond them is dropped).
 */
export function advanceInfluenceMap(map: InfluenceMap, dt: number, options?: AdvanceInfluenceOptions): number {
  const maxSteps = options?.maxSteps ?? 4;
  if (!(dt >= 0) || dt === Infinity) configError("advanceInfluenceMap", `"dt" is ${describeValue(dt)}; pass a finite time step ≥ 0 in seconds.`, "dt");
  map.elapsed += dt;
  let steps = 0;
  while (map.elapsed >= map.interval && steps < maxSteps) {
    propagateInfluence(map);
    map.elapsed -= map.interval;
    steps++;
  }
  if (map.elapsed >= map.interval) map.elapsed = 0;
  return steps;
}

/** A snapshot of an {@link InfluenceMap} from {@link saveInfluenceMap}: JSON-safe plain data. */
export interface InfluenceMapSnapshot {
  /** Format version, 1. */
  readonly version: 1;
  /** Columns (must match the map restored into). */
  readonly width: number;
  /** Rows (must match the map restored into). */
  readonly height: number;
  /** Momentum in [0, 1]. */
  readonly momentum: number;
  /** Decay per cell, ≥ 0. */
  readonly decay: number;
  /** Update interval in seconds, > 0. */
  readonly interval: number;
  /** Time accumulated towards the next update, in [0, interval]. */
  readonly elapsed: number;
  /** Max channel, `width · height` finite numbers. */
  readonly values: readonly number[];
  /** Min channel, `width · height` finite numbers. */
  readonly minValues: readonly number[];
  /** Reference sources, `width · height` finite numbers. */
  readonly sources: readonly number[];
}

/**
 * Saves the live state of `map` (channels, sources, rate and clock) as a JSON-safe snapshot. The grid is not part of it.
 *
 * @param map - The map to save, read only (channels, sources, momentum, decay, interval and clock are copied).
 */
export function saveInfluenceMap(map: InfluenceMap): InfluenceMapSnapshot {
  return {
    version: 1,
    width: map.width,
    height: map.height,
    momentum: map.momentum,
    decay: map.decay,
    interval: map.interval,
    elapsed: map.elapsed,
    values: Array.from(map.values),
    minValues: Array.from(map.minValues),
    sources: Array.from(map.sources),
  };
}

function snapshotError(message: string, path: string): never {
  throw new TacticaError(PerceptionErrorCodes.Config, `@tactica/perception: restoreInfluenceMap: ${message}`, { path });
}

/**
 * Restores `map` from a {@link saveInfluenceMap} snapshot (or its parsed JSON). The whole snapshot
 * is checked first — version 1, the same width and height as `map`, momentum in [0, 1], decay ≥ 0,
 * interval > 0, elapsed in [0, interval], three arrays of `width · height` finite numbers — and a bad
 * one throws `PERCEPTION_CONFIG` naming the JSON path (`$.values[12]`), leaving `map` exactly as it
 * was. Nothing is allocated from a declared size: the arrays must match the map's own size.
 *
 * @param map - The map to overwrite in place (channels, sources, momentum, decay, interval, clock); untouched when the snapshot is rejected.
 * @param snapshot - A {@link saveInfluenceMap} result or its parsed JSON (version 1, same width and height as `map`); anything else throws `PERCEPTION_CONFIG` naming the JSON path.
 */
export function restoreInfluenceMap(map: InfluenceMap, snapshot: unknown): void {
  if (typeof snapshot !== "object" || snapshot === null || Array.isArray(snapshot))
    snapshotError("the snapshot is not an object; pass what saveInfluenceMap returned.", "$");
  const s = snapshot as Record<string, unknown>;
  if (s["version"] !== 1) snapshotError(`version is ${describeValue(s["version"])}; this release reads version 1.`, "$.version");
  if (s["width"] !== map.width || s["height"] !== map.height) {
    snapshotError(
      `the snapshot is ${describeValue(s["width"])}×${describeValue(s["height"])} but the map is ${map.width}×${map.height}; restore into a map of the same size.`,
      "$.width",
    );
  }
  const num = (k: string, min: number, max: number): number => {
    const v = s[k];
    if (typeof v !== "number" || !Number.isFinite(v) || v < min || v > max)
      snapshotError(`${k} is ${describeValue(v)}; expected a finite number in [${min}, ${max}].`, `$.${k}`);
    return v;
  };
  num("momentum", 0, 1);
  num("decay", 0, Number.MAX_VALUE);
  const interval = num("interval", Number.MIN_VALUE, Number.MAX_VALUE);
  num("elapsed", 0, interval);
  const n = map.width * map.height;
  for (const k of ["values", "minValues", "sources"]) {
    const a = s[k];
    if (!Array.isArray(a) || a.length !== n) snapshotError(`${k} must be an array of ${n} numbers (width · height).`, `$.${k}`);
    for (let i = 0; i < n; i++) {
      const v: unknown = a[i];
      if (typeof v !== "number" || !Number.isFinite(v)) snapshotError(`${k}[${i}] is ${describeValue(v)}; expected a finite number.`, `$.${k}[${i}]`);
    }
  }
  const snap = snapshot as InfluenceMapSnapshot;
  map.momentum = snap.momentum;
  map.decay = snap.decay;
  map.interval = snap.interval;
  map.elapsed = snap.elapsed;
  map.values.set(snap.values);
  map.minValues.set(snap.minValues);
  map.sources.set(snap.sources);
  map.normalized = false;
}
