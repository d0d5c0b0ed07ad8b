import type { ReadonlyVec2 } from "../math/vec2";

/**
 * A colour as a CSS-style string (`"#ff8800"`, `"rgba(0,0,0,0.5)"`) or a packed `0xRRGGBB` number.
 * Implementations convert as their renderer needs.
 */
export type DebugColor = string | number;

/** Optional style for {@link DebugDraw} calls. */
export interface DebugStyle {
  /** Stroke or fill colour; the implementation picks a default when absent. */
  readonly color?: DebugColor;
  /** Line width in world units (≥ 0); implementations may clamp to at least one pixel. */
  readonly width?: number;
  /** Fill shapes instead of stroking them (circles, polygons). */
  readonly fill?: boolean;
  /** Opacity in [0, 1] (default 1). */
  readonly alpha?: number;
}

/**
 * The drawing interface packages draw their debug views through (paths, expanded nodes, steering
 * vectors, influence maps). Packages never import a renderer: an app passes an implementation —
 * the playground's Canvas 2D one, or a three.js, Phaser or PixiJS adapter of the studio's own.
 *
 * Coordinates are world units in Tactica's 2D convention (+x right, +y down on screen or up in the
 * world, as the implementation maps them). Every method may be a no-op.
 */
export interface DebugDraw {
  /** A straight line from `(x1, y1)` to `(x2, y2)`. */
  line(x1: number, y1: number, x2: number, y2: number, style?: DebugStyle): void;
  /** A connected line through `points`; `closed` joins the last point to the first. */
  polyline(points: ArrayLike<ReadonlyVec2>, closed?: boolean, style?: DebugStyle): void;
  /** A circle of `radius` (world units, ≥ 0) around `(x, y)`. */
  circle(x: number, y: number, radius: number, style?: DebugStyle): void;
  /** A closed polygon through `points` (any winding). */
  polygon(points: ArrayLike<ReadonlyVec2>, style?: DebugStyle): void;
  /** An axis-aligned rectangle with corner `(x, y)` and size `width × height`. */
  rect(x: number, y: number, width: number, height: number, style?: DebugStyle): void;
  /** A point marker of `size` (world units) at `(x, y)`. */
  point(x: number, y: number, size?: number, style?: DebugStyle): void;
  /** A text label anchored at `(x, y)`. */
  text(x: number, y: number, text: string, style?: DebugStyle): void;
}

/** A {@link DebugDraw} that draws nothing: the default when no renderer is attached. */
export const nullDebugDraw: DebugDraw = {
  line() {},
  polyline() {},
  circle() {},
  polygon() {},
  rect() {},
  point() {},
  text() {},
};

/**
 * Draws an arrow from `(x1, y1)` to `(x2, y2)` with a head of `headSize` world units, through any
 * {@link DebugDraw}. Used for velocities, steering forces and flow-field directions.
 * @param draw - The renderer to draw through ({@link nullDebugDraw} draws nothing).
 * @param x1 - Tail x, world units.
 * @param y1 - Tail y, world units.
 * @param x2 - Tip x, world units.
 * @param y2 - Tip y, world units.
 * @param headSize - Length of the head's barbs, world units (capped at the arrow's length; ≤ 0 draws no head).
 * @param style - Optional colour, width and alpha passed to every line; left out, the renderer's default.
 */
export function drawArrow(draw: DebugDraw, x1: number, y1: number, x2: number, y2: number, headSize: number, style?: DebugStyle): void {
  draw.line(x1, y1, x2, y2, style);
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (len < 1e-12 || headSize <= 0) return;
  const ux = dx / len;
  const uy = dy / len;
  const h = Math.min(headSize, len);
  // Two barbs at ±30° from the shaft, pointing back from the tip.
  const c = 0.8660254037844386;
  const s = 0.5;
  draw.line(x2, y2, x2 - h * (ux * c - uy * s), y2 - h * (uy * c + ux * s), style);
  draw.line(x2, y2, x2 - h * (ux * c + uy * s), y2 - h * (uy * c - ux * s), style);
}

/** One recorded {@link DebugDraw} call, as plain data. */
export type DebugDrawCommand =
  | { readonly kind: "line"; readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number; readonly style: DebugStyle | undefined }
  | { readonly kind: "polyline"; readonly points: readonly ReadonlyVec2[]; readonly closed: boolean; readonly style: DebugStyle | undefined }
  | { readonly kind: "circle"; readonly x: number; readonly y: number; readonly radius: number; readonly style: DebugStyle | undefined }
  | { readonly kind: "polygon"; readonly points: readonly ReadonlyVec2[]; readonly style: DebugStyle | undefined }
  | { readonly kind: "rect"; readonly x: number; readonly y: number; readonly width: number; readonly height: number; readonly style: DebugStyle | undefined }
  | { readonly kind: "point"; readonly x: number; readonly y: number; readonly size: number | undefined; readonly style: DebugStyle | undefined }
  | { readonly kind: "text"; readonly x: number; readonly y: number; readonly text: string; readonly style: DebugStyle | undefined };

/** A {@link DebugDraw} that records every call as plain data, for tests and replay. */
export interface RecordingDebugDraw extends DebugDraw {
  /** The calls recorded so far, oldest first. */
  readonly commands: DebugDrawCommand[];
  /** Forgets every recorded call. */
  clear(): void;
}

/** Creates a {@link RecordingDebugDraw}. Points passed to it are copied. Allocates per call: for tests and tools, not frames. */
export function createRecordingDebugDraw(): RecordingDebugDraw {
  const commands: DebugDrawCommand[] = [];
  const copy = (points: ArrayLike<ReadonlyVec2>): ReadonlyVec2[] => Array.from(points, (p) => ({ x: p.x, y: p.y }));
  return {
    commands,
    clear() {
      commands.length = 0;
    },
    line(x1, y1, x2, y2, style) {
      commands.push({ kind: "line", x1, y1, x2, y2, style });
    },
    polyline(points, closed = false, style) {
      commands.push({ kind: "polyline", points: copy(points), closed, style });
    },
    circle(x, y, radius, style) {
      commands.push({ kind: "circle", x, y, radius, style });
    },
    polygon(points, style) {
      commands.push({ kind: "polygon", points: copy(points), style });
    },
    rect(x, y, width, height, style) {
      commands.push({ kind: "rect", x, y, width, height, style });
    },
    point(x, y, size, style) {
      commands.push({ kind: "point", x, y, size, style });
    },
    text(x, y, text, style) {
      commands.push({ kind: "text", x, y, text, style });
    },
  };
}
