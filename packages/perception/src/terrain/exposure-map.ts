import { checkNumber, configError, describeValue } from "../errors";

/**
 * An exposure map (*The Last of Us*, *Game AI Pro 2* ch. 34) as plain data: `visible[i]` is 1 where
 * the viewer sees cell `i` (`y · width + x`) over an 8-bit height map, 0 where it is occluded. It is
 * built by integer rays from the viewer to every border cell (360°), a few rays per frame
 * ({@link stepExposureMap}), and used as a path cost ({@link exposurePathCost}).
 */
export interface ExposureMap {
  /** Columns. */
  readonly width: number;
  /** Rows. */
  readonly height: number;
  /** Height per cell, 0–255 (the map reads it; keep it unchanged while a build runs). */
  readonly heights: Uint8Array;
  /** 1 visible, 0 occluded (the last completed build while `building` is true is in `scratch`). */
  visible: Uint8Array;
  /** The build in progress. */
  scratch: Uint8Array;
  /** Viewer cell x, y and eye height above its cell. */
  viewerX: number;
  viewerY: number;
  eyeHeight: number;
  /** Next border ray to cast, or −1 when no build is running. */
  nextRay: number;
}

/**
 * Creates an exposure map over `heights` (`width · height` bytes), nothing visible yet.
 *
 * @param heights - Ground height per cell (0–255), `width · height` bytes row-major; kept by reference (do not change it during a build).
 * @param width - Columns (cells), an integer ≥ 1.
 * @param height - Rows (cells), an integer ≥ 1; `width · height` at most 2^24.
 */
export function createExposureMap(heights: Uint8Array, width: number, height: number): ExposureMap {
  if (!Number.isInteger(width) || width < 1 || !Number.isInteger(height) || height < 1 || width * height > 1 << 24) {
    configError("createExposureMap", `the map is ${width}×${height}; pass integers ≥ 1 with at most 2^24 cells.`, "width");
  }
  if (!(heights instanceof Uint8Array) || heights.length !== width * height)
    configError("createExposureMap", `"heights" must be a Uint8Array of ${width * height} bytes.`, "heights");
  return {
    width,
    height,
    heights,
    visible: new Uint8Array(width * height),
    scratch: new Uint8Array(width * height),
    viewerX: 0,
    viewerY: 0,
    eyeHeight: 0,
    nextRay: -1,
  };
}

/**
 * Starts a new build from viewer cell `(x, y)` with the eye `eyeHeight` above the ground there. The previous result stays readable in `visible` until the build completes.
 *
 * @param map - The map, changed in place: a new build starts (scratch cleared, ray cursor 0); `visible` keeps the previous result.
 * @param x - Viewer cell column, an integer in `[0, width)`.
 * @param y - Viewer cell row, an integer in `[0, height)`.
 * @param eyeHeight - Eye height above the viewer's cell, in the units of `heights`, finite and ≥ 0.
 */
export function beginExposureMap(map: ExposureMap, x: number, y: number, eyeHeight: number): void {
  if (!(Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < map.width && y < map.height)) {
    configError("beginExposureMap", `viewer cell (${x}, ${y}) is outside the ${map.width}×${map.height} map.`, "x");
  }
  checkNumber("beginExposureMap", "eyeHeight", eyeHeight, 0);
  map.viewerX = x;
  map.viewerY = y;
  map.eyeHeight = eyeHeight;
  map.scratch.fill(0);
  map.nextRay = 0;
}

/**
 * Casts up to `maxRays` of the build's rays (one per border cell, `2 · (width + height) − 4` in all):
 * a Bresenham walk from the viewer that keeps the steepest slope seen so far and marks a cell
 * visible when its top is at or above that slope. Time-slice a build over several frames; when the
 * last ray is cast the result replaces `visible`. Returns true when the build is complete.
 *
 * @param map - The map, changed in place: rays cast into the build, which replaces `visible` when complete.
 * @param maxRays - Most rays cast in this call (one per border cell); `Infinity` finishes the build.
 */
export function stepExposureMap(map: ExposureMap, maxRays: number): boolean {
  if (map.nextRay < 0) return true;
  const { width: w, height: h } = map;
  const total = w === 1 || h === 1 ? w * h : 2 * (w + h) - 4;
  const vx = map.viewerX;
  const vy = map.viewerY;
  const eye = map.heights[vy * w + vx]! + map.eyeHeight;
  const out = map.scratch;
  out[vy * w + vx] = 1;
  let cast = 0;
  while (map.nextRay < total && cast < maxRays) {
    const [tx, ty] = borderCell(map.nextRay++, w, h);
    // Bresenham from the viewer to (tx, ty).
    const dx = Math.abs(tx - vx);
    const dy = -Math.abs(ty - vy);
    const sx = vx < tx ? 1 : -1;
    const sy = vy < ty ? 1 : -1;
    let err = dx + dy;
    let x = vx;
    let y = vy;
    let maxSlope = -Infinity;
    while (x !== tx || y !== ty) {
      const e2 = 2 * err;
      if (e2 >= dy) {
        err += dy;
        x += sx;
      }
      if (e2 <= dx) {
        err += dx;
        y += sy;
      }
      const d = Math.hypot(x - vx, y - vy);
      const slope = (map.heights[y * w + x]! - eye) / d;
      if (slope >= maxSlope) {
        out[y * w + x] = 1;
        maxSlope = slope;
      }
    }
    cast++;
  }
  if (map.nextRay < total) return false;
  const done = map.visible;
  map.visible = out;
  map.scratch = done;
  map.nextRay = -1;
  return true;
}

function borderCell(k: number, w: number, h: number): [number, number] {
  if (w === 1 || h === 1) return [w === 1 ? 0 : k, h === 1 ? 0 : k];
  if (k < w) return [k, 0];
  k -= w;
  if (k < w) return [k, h - 1];
  k -= w;
  if (k < h - 2) return [0, k + 1];
  return [w - 1, k - (h - 2) + 1];
}

/**
 * Exposure as a path cost (ch. 34: "integrating across this bitmap and multiplying by a scale
 * factor"): `scale · (number of visible cells on the path)` for cells given as indices
 * `y · width + x`. Add it to the path length to prefer occluded routes.
 *
 * @param map - The map whose `visible` cells are counted, read only.
 * @param cells - The path's cells as integer indices `y · width + x` in `[0, width · height)` (else `PERCEPTION_CONFIG`).
 * @param scale - Cost per visible cell, finite and ≥ 0.
 */
export function exposurePathCost(map: ExposureMap, cells: ArrayLike<number>, scale: number): number {
  checkNumber("exposurePathCost", "scale", scale, 0);
  let n = 0;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i]!;
    if (!(c >= 0 && c < map.visible.length && (c | 0) === c))
      configError(
        "exposurePathCost",
        `cells[${i}] is ${describeValue(c)}, outside the map or not an integer; pass an integer cell index in [0, ${map.visible.length}).`,
        `cells[${i}]`,
      );
    n += map.visible[c]!;
  }
  return scale * n;
}
