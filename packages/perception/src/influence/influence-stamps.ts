import type { Grid } from "@tactica/grid";
import { checkNumber, configError } from "../errors";
import { InfluenceFalloff, type InfluenceFalloffValue, type InfluenceLayer } from "./influence-layer";

/** Options for {@link stampRingInfluence} and {@link stampPathDistanceInfluence}. */
export interface ShapedStampOptions {
  /** Falloff shape across the ring band or the path radius (default {@link InfluenceFalloff.Linear}). */
  readonly falloff?: InfluenceFalloffValue;
}

function falloffAt(falloff: InfluenceFalloffValue, t: number): number {
  if (falloff === InfluenceFalloff.Linear) return 1 - t;
  if (falloff === InfluenceFalloff.Quadratic) return 1 - t * t;
  if (falloff === InfluenceFalloff.Quartic) return 1 - t * t * t * t;
  return 1;
}

/**
 * Template sizing (*Game AI Pro 2* ch. 30): the radius in cells of a location template for an agent
 * moving at `speed` (world units per second) on cells of `cellSize` units, for maps refreshed every
 * `refreshSeconds`: `⌈speed · refreshSeconds / cellSize⌉`, the farthest the agent can get before the
 * next update. The chapter's case: 1 m cells, 10 m/s, 1 s refresh give radius 10, a 21 × 21 template.
 * Throws `PERCEPTION_CONFIG` for a negative or non-finite speed or a non-positive cell size or refresh.
 *
 * @param speed - The agent's speed, world units per second, finite and ≥ 0.
 * @param cellSize - Side of a map cell, world units, > 0.
 * @param refreshSeconds - Seconds between map updates, > 0.
 *
 * @example
 * ```ts
 * const r = computeTemplateRadius(10, 1, 1); // 10: a 21 × 21 template
 * const side = 2 * r + 1;                     // 21
 * ```
 */
export function computeTemplateRadius(speed: number, cellSize: number, refreshSeconds: number): number {
  checkNumber("computeTemplateRadius", "speed", speed, 0);
  checkNumber("computeTemplateRadius", "cellSize", cellSize, Number.MIN_VALUE);
  checkNumber("computeTemplateRadius", "refreshSeconds", refreshSeconds, Number.MIN_VALUE);
  const r = Math.ceil((speed * refreshSeconds) / cellSize - 1e-9);
  return r > 1 ? r : 1;
}

/**
 * Ring-shaped threat (*Game AI Pro 2* ch. 30, the catapult that cannot hit close by): nothing
 * inside `innerRadius`, then `strength · falloff((d − inner) / (outer − inner))` out to
 * `outerRadius` (full strength on the inner rim). Cells outside the layer are clipped. Throws
 * `PERCEPTION_CONFIG` unless `0 ≤ innerRadius < outerRadius` (finite). Returns `layer`.
 *
 * @param layer - The layer, changed in place (values added, `normalized` cleared) and returned.
 * @param cx - Ring centre column, cells (finite).
 * @param cy - Ring centre row, cells (finite).
 * @param strength - Value added on the inner rim, finite.
 * @param innerRadius - Radius of the empty middle, cells, finite and ≥ 0.
 * @param outerRadius - Outer edge of the ring, cells, finite and greater than `innerRadius`.
 * @param options - `falloff` across the band (default `InfluenceFalloff.Linear`).
 */
export function stampRingInfluence(
  layer: InfluenceLayer,
  cx: number,
  cy: number,
  strength: number,
  innerRadius: number,
  outerRadius: number,
  options?: ShapedStampOptions,
): InfluenceLayer {
  checkNumber("stampRingInfluence", "cx", cx);
  checkNumber("stampRingInfluence", "cy", cy);
  checkNumber("stampRingInfluence", "strength", strength);
  checkNumber("stampRingInfluence", "innerRadius", innerRadius, 0);
  checkNumber("stampRingInfluence", "outerRadius", outerRadius, 0);
  if (!(outerRadius > innerRadius)) configError("stampRingInfluence", `"outerRadius" ${outerRadius} must exceed "innerRadius" ${innerRadius}.`, "outerRadius");
  const falloff = options?.falloff ?? InfluenceFalloff.Linear;
  const { width, height, values } = layer;
  const band = outerRadius - innerRadius;
  for (let y = Math.max(0, Math.ceil(cy - outerRadius)); y <= Math.min(height - 1, Math.floor(cy + outerRadius)); y++) {
    for (let x = Math.max(0, Math.ceil(cx - outerRadius)); x <= Math.min(width - 1, Math.floor(cx + outerRadius)); x++) {
      const d = Math.hypot(x - cx, y - cy);
      if (d < innerRadius || d > outerRadius) continue;
      values[y * width + x] = values[y * width + x]! + strength * falloffAt(falloff, (d - innerRadius) / band);
    }
  }
  layer.normalized = false;
  return layer;
}

/**
 * Movement-based proximity by *path* distance (ch. 30: "an undirected Dijkstra search starting from
 * the agent's location"): from cell `(cx, cy)`, 8-connected over `grid`'s passable cells (1 per
 * straight step, √2 per diagonal, a diagonal needs both side cells open), every cell within path
 * distance `radius` gets `strength · falloff(d / radius)`; walls are never crossed, so influence
 * flows around them instead of through them as a plain stamp does. The layer and the grid must have
 * the same size. Allocates the search scratch (call at the map's update rate). Returns `layer`.
 *
 * @param layer - The layer, changed in place (values added, `normalized` cleared) and returned.
 * @param grid - A `@tactica/grid` grid of the layer's size whose passable cells the influence flows through.
 * @param cx - Start cell column, an integer in `[0, width)`; a blocked start cell stamps nothing.
 * @param cy - Start cell row, an integer in `[0, height)`.
 * @param strength - Value added at the start cell, finite.
 * @param radius - Largest path distance reached, cells (straight step 1, diagonal √2), finite and ≥ 1.
 * @param options - `falloff` over the path distance (default `InfluenceFalloff.Linear`).
 */
export function stampPathDistanceInfluence(
  layer: InfluenceLayer,
  grid: Grid,
  cx: number,
  cy: number,
  strength: number,
  radius: number,
  options?: ShapedStampOptions,
): InfluenceLayer {
  const { width: w, height: h, values } = layer;
  if (grid.width !== w || grid.height !== h)
    configError("stampPathDistanceInfluence", `the grid is ${grid.width}×${grid.height} but the layer is ${w}×${h}.`, "grid");
  if (!(Number.isInteger(cx) && Number.isInteger(cy) && cx >= 0 && cy >= 0 && cx < w && cy < h)) {
    configError("stampPathDistanceInfluence", `cell (${cx}, ${cy}) is outside the ${w}×${h} layer.`, "cx");
  }
  checkNumber("stampPathDistanceInfluence", "strength", strength);
  if (!(radius >= 1) || radius === Infinity) configError("stampPathDistanceInfluence", `"radius" is ${radius}; pass a finite radius ≥ 1 cell.`, "radius");
  const falloff = options?.falloff ?? InfluenceFalloff.Linear;
  const open = grid.passable;
  const start = cy * w + cx;
  if (open[start] !== 1) return layer;
  const dist = new Float64Array(w * h).fill(Infinity);
  const heapD: number[] = [];
  const heapC: number[] = [];
  const push = (d: number, c: number): void => {
    let i = heapD.length;
    heapD.push(d);
    heapC.push(c);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (heapD[p]! <= d) break;
      heapD[i] = heapD[p]!;
      heapC[i] = heapC[p]!;
      i = p;
    }
    heapD[i] = d;
    heapC[i] = c;
  };
  const pop = (): number => {
    const top = heapC[0]!;
    const lastD = heapD.pop()!;
    const lastC = heapC.pop()!;
    const n = heapD.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const c = l + 1 < n && heapD[l + 1]! < heapD[l]! ? l + 1 : l;
        if (heapD[c]! >= lastD) break;
        heapD[i] = heapD[c]!;
        heapC[i] = heapC[c]!;
        i = c;
      }
      heapD[i] = lastD;
      heapC[i] = lastC;
    }
    return top;
  };
  dist[start] = 0;
  push(0, start);
  const done = new Uint8Array(w * h);
  while (heapD.length > 0) {
    const c = pop();
    if (done[c] === 1) continue;
    done[c] = 1;
    const d = dist[c]!;
    values[c] = values[c]! + strength * falloffAt(falloff, d / radius);
    const x = c % w;
    const y = (c - x) / w;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if (dx === 0 && dy === 0) continue;
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const j = ny * w + nx;
        if (open[j] !== 1 || done[j] === 1) continue;
        if (dx !== 0 && dy !== 0 && (open[y * w + nx] !== 1 || open[ny * w + x] !== 1)) continue;
        const nd = d + (dx !== 0 && dy !== 0 ? Math.SQRT2 : 1);
        if (nd <= radius && nd < dist[j]!) {
          dist[j] = nd;
          push(nd, j);
        }
      }
    }
  }
  layer.normalized = false;
  return layer;
}
