import { assertInteger, assertPositive, assertRange, type Vec2 } from "@tactica/core";
import type { FlowFieldSampler } from "../behaviors/flow-field";
import { type Crowd } from "./crowd";
import { stepCrowdTtc, type TtcParams } from "./ttc";

/**
 * Chapter 17's congestion penalty (Listing 17.1) for one step with ideal velocity `ideal` through
 * a cell whose crowd moves with aggregate velocity `aggregate` at `density`: `cost = (ideal ·
 * aggregate) / |ideal|²`; 0 when `cost ≥ 1` (the crowd moves at least as fast the same way), else
 * `(1 − cost) · density`. Never negative (the heuristic stays admissible): counter-flow costs up to
 * more than `density`, cross-flow `density`, co-flow 0. A zero `ideal` gives 0, never NaN. O(1).
 *
 * @param idealX - Ideal (wanted) velocity x of the step (world units per second, or any unit
 *   shared with the aggregate).
 * @param idealY - Ideal velocity y, as `idealX`.
 * @param aggregateX - The cell's aggregate crowd velocity x (same unit as `ideal`).
 * @param aggregateY - The cell's aggregate crowd velocity y (same unit as `ideal`).
 * @param density - The cell's crowd density (agents per cell, ≥ 0; ≤ 0 or NaN gives 0).
 * @returns The penalty, ≥ 0, in the units of `density`: to be added to a traversal cost.
 */
export function computeCongestionPenalty(idealX: number, idealY: number, aggregateX: number, aggregateY: number, density: number): number {
  const l2 = idealX * idealX + idealY * idealY;
  if (!(l2 > 0) || !(density > 0)) return 0;
  const cost = (idealX * aggregateX + idealY * aggregateY) / l2;
  return cost >= 1 ? 0 : (1 - cost) * density;
}

/** Options for {@link createCongestionMap}. */
export interface CongestionMapOptions {
  /** World x of the map's lower-left corner. */
  readonly originX: number;
  /** World y of the map's lower-left corner. */
  readonly originY: number;
  /** Cell side (world units, > 0): can be much coarser than the navigation grid. */
  readonly cellSize: number;
  /** Cells across (integer ≥ 1). */
  readonly width: number;
  /** Cells down (integer ≥ 1). */
  readonly height: number;
  /** Weight of this update in the rolling average of the velocity layer, in (0, 1] (default 0.25). */
  readonly velocityBlend?: number;
}

/**
 * Chapter 17's congestion map: a **density layer** (agents per cell, splatted bilinearly) and an
 * **aggregate velocity layer** (density-weighted mean velocity per cell, kept as a rolling
 * average), rebuilt from the crowd with {@link updateCongestionMap}. Grid's flow-field builder can
 * read it through {@link sampleCongestionPenalty} as an extra traversal cost. Plain typed arrays.
 */
export interface CongestionMap {
  /** World x of the lower-left corner. */
  readonly originX: number;
  /** World y of the lower-left corner. */
  readonly originY: number;
  /** Cell side (world units). */
  readonly cellSize: number;
  /** Cells across. */
  readonly width: number;
  /** Cells down. */
  readonly height: number;
  /** Rolling-average weight of the newest velocity sample. */
  readonly velocityBlend: number;
  /** Density per cell (agents, fractional from the bilinear splat). */
  readonly density: Float64Array;
  /** Aggregate velocity x per cell (rolling average). */
  readonly velocityX: Float64Array;
  /** Aggregate velocity y per cell (rolling average). */
  readonly velocityY: Float64Array;
  /** Scratch: this update's weighted velocity sums x. */
  readonly sumX: Float64Array;
  /** Scratch: this update's weighted velocity sums y. */
  readonly sumY: Float64Array;
}

/**
 * Creates an empty {@link CongestionMap}. Throws `INVALID_ARGUMENT` for bad sizes.
 *
 * @param options - The map's placement and size: `originX`, `originY` (world units, the lower-left
 *   corner), `cellSize` (world units, > 0), `width` and `height` (cells, integers in [1, 16384])
 *   and `velocityBlend` (weight of each update in the velocity layer's rolling average, in
 *   [1e-6, 1]; omitted means 0.25).
 * @returns A map with all layers zero.
 */
export function createCongestionMap(options: CongestionMapOptions): CongestionMap {
  const where = "@tactica/steering: createCongestionMap";
  assertPositive(where, "cellSize", options.cellSize);
  const w = assertInteger(where, "width", options.width, 1, 1 << 14);
  const h = assertInteger(where, "height", options.height, 1, 1 << 14);
  const blend = assertRange(where, "velocityBlend", options.velocityBlend ?? 0.25, 1e-6, 1);
  const n = w * h;
  return {
    originX: options.originX,
    originY: options.originY,
    cellSize: options.cellSize,
    width: w,
    height: h,
    velocityBlend: blend,
    density: new Float64Array(n),
    velocityX: new Float64Array(n),
    velocityY: new Float64Array(n),
    sumX: new Float64Array(n),
    sumY: new Float64Array(n),
  };
}

function splat(map: CongestionMap, cx: number, cy: number, w: number, vx: number, vy: number): void {
  if (cx < 0 || cy < 0 || cx >= map.width || cy >= map.height || w <= 0) return;
  const c = cy * map.width + cx;
  map.density[c] = (map.density[c] as number) + w;
  map.sumX[c] = (map.sumX[c] as number) + w * vx;
  map.sumY[c] = (map.sumY[c] as number) + w * vy;
}

/**
 * Rebuilds the density layer from the crowd's positions (bilinear splat: each agent adds 1 spread
 * over the four nearest cell centers) and blends this update's density-weighted mean velocity into
 * the velocity layer's rolling average. O(agents + cells), no allocation.
 *
 * @param map - The map; its density and velocity layers (and `sumX`/`sumY` scratch) are written.
 * @param crowd - The crowd, read: live agents' positions (world units) and velocities (world units
 *   per second). Agents outside the map add nothing there.
 */
export function updateCongestionMap(map: CongestionMap, crowd: Crowd): void {
  map.density.fill(0);
  map.sumX.fill(0);
  map.sumY.fill(0);
  const inv = 1 / map.cellSize;
  for (let i = 0, n = crowd.highWater; i < n; i++) {
    if (crowd.alive[i] !== 1) continue;
    const gx = ((crowd.posX[i] as number) - map.originX) * inv - 0.5;
    const gy = ((crowd.posY[i] as number) - map.originY) * inv - 0.5;
    const x0 = Math.floor(gx);
    const y0 = Math.floor(gy);
    const fx = gx - x0;
    const fy = gy - y0;
    const vx = crowd.velX[i] as number;
    const vy = crowd.velY[i] as number;
    splat(map, x0, y0, (1 - fx) * (1 - fy), vx, vy);
    splat(map, x0 + 1, y0, fx * (1 - fy), vx, vy);
    splat(map, x0, y0 + 1, (1 - fx) * fy, vx, vy);
    splat(map, x0 + 1, y0 + 1, fx * fy, vx, vy);
  }
  const b = map.velocityBlend;
  for (let c = 0; c < map.density.length; c++) {
    const d = map.density[c] as number;
    const mx = d > 0 ? (map.sumX[c] as number) / d : 0;
    const my = d > 0 ? (map.sumY[c] as number) / d : 0;
    map.velocityX[c] = (map.velocityX[c] as number) + b * (mx - (map.velocityX[c] as number));
    map.velocityY[c] = (map.velocityY[c] as number) + b * (my - (map.velocityY[c] as number));
  }
}

/**
 * {@link computeCongestionPenalty} of moving with `ideal` velocity through the cell containing `(x, y)`;
 * 0 outside the map. O(1).
 *
 * @param map - The map from {@link updateCongestionMap}, read.
 * @param x - Sample position x (world units); its cell is `floor((x − originX) / cellSize)`.
 * @param y - Sample position y (world units).
 * @param idealX - Ideal velocity x through the cell (world units per second; its length sets what
 *   counts as "the crowd moves as fast", see {@link computeCongestionPenalty}).
 * @param idealY - Ideal velocity y, as `idealX`.
 * @returns The penalty (agents per cell, ≥ 0), 0 outside the map.
 */
export function sampleCongestionPenalty(map: CongestionMap, x: number, y: number, idealX: number, idealY: number): number {
  const cx = Math.floor((x - map.originX) / map.cellSize);
  const cy = Math.floor((y - map.originY) / map.cellSize);
  if (cx < 0 || cy < 0 || cx >= map.width || cy >= map.height) return 0;
  const c = cy * map.width + cx;
  return computeCongestionPenalty(idealX, idealY, map.velocityX[c] as number, map.velocityY[c] as number, map.density[c] as number);
}

/** Parameters of {@link stepCrowdFlow}. */
export interface CrowdFlowParams {
  /** Local avoidance (chapter 19 TTC forces) used on top of the field; defaults as in {@link TtcParams}. */
  readonly avoidance?: TtcParams;
  /** Preferred speed as a fraction of `maxSpeed` (default 1). */
  readonly speedFactor?: number;
  /**
   * Optional congestion map: agents slow down in proportion to the penalty of their own cell,
   * `speed / (1 + congestionSlowdown · penalty)` (default slowdown 0: off).
   */
  readonly congestion?: CongestionMap;
  /** Strength of the congestion slowdown (default 0). */
  readonly congestionSlowdown?: number;
}

const dir: Vec2 = { x: 0, y: 0 };

/**
 * One fixed step of a crowd moving along a flow field (chapter 17): each agent's preferred
 * velocity is the field's direction at its position (normalized) times `maxSpeed · speedFactor`,
 * reduced by the optional congestion slowdown, or zero where the field has no direction (the
 * goal); then chapter 19's TTC step ({@link stepCrowdTtc}) keeps local avoidance on. Any object
 * with `directionAt(out, x, y)` works — `@tactica/grid`'s flow fields, with or without their
 * congestion-aware costs. No allocation beyond what `directionAt` does.
 *
 * @param crowd - The crowd; every live agent's `prefVelX/prefVelY` is overwritten from the field,
 *   then velocities, positions and forces are written by the TTC step.
 * @param field - Direction source sampled once per live agent at its position; any length, it is
 *   normalized; false, zero or non-finite means stand (preferred velocity 0).
 * @param params - `speedFactor` (fraction of each agent's `maxSpeed`, omitted means 1),
 *   `congestion` (optional {@link CongestionMap}, read, not updated here) with
 *   `congestionSlowdown` (≥ 0, omitted means 0: off) and `avoidance` ({@link TtcParams},
 *   omitted means TTC's defaults).
 * @param dt - Step length in seconds (> 0), passed to {@link stepCrowdTtc}.
 */
export function stepCrowdFlow(crowd: Crowd, field: FlowFieldSampler, params: CrowdFlowParams, dt: number): void {
  const factor = params.speedFactor ?? 1;
  const slow = params.congestionSlowdown ?? 0;
  const cmap = params.congestion;
  for (let i = 0, n = crowd.highWater; i < n; i++) {
    if (crowd.alive[i] !== 1) continue;
    const x = crowd.posX[i] as number;
    const y = crowd.posY[i] as number;
    let px = 0;
    let py = 0;
    if (field.directionAt(dir, x, y)) {
      const l = Math.sqrt(dir.x * dir.x + dir.y * dir.y);
      if (l > 1e-12 && Number.isFinite(l)) {
        let speed = (crowd.maxSpeed[i] as number) * factor;
        if (cmap !== undefined && slow > 0) speed /= 1 + slow * sampleCongestionPenalty(cmap, x, y, dir.x / l, dir.y / l);
        px = (dir.x / l) * speed;
        py = (dir.y / l) * speed;
      }
    }
    crowd.prefVelX[i] = px;
    crowd.prefVelY[i] = py;
  }
  stepCrowdTtc(crowd, params.avoidance ?? {}, dt);
}
