import type { DebugColor, DebugDraw, DebugStyle, ReadonlyVec2 } from "@tactica/core";

/** Maps world coordinates to canvas pixels: `px = (x - originX) * scale`, same for y (y down). */
export interface View {
  originX: number;
  originY: number;
  scale: number;
}

function css(color: DebugColor | undefined, fallback: string): string {
  if (color === undefined) return fallback;
  if (typeof color === "number") return `#${color.toString(16).padStart(6, "0")}`;
  return color;
}

/**
 * The playground's {@link DebugDraw}: draws on a Canvas 2D context through a world→pixel view.
 * Line widths are in world units but never thinner than one pixel.
 */
export class CanvasDebugDraw implements DebugDraw {
  readonly view: View = { originX: 0, originY: 0, scale: 1 };

  constructor(readonly ctx: CanvasRenderingContext2D) {}

  /** Fills the canvas with `color`. */
  clear(color = "#0f1420"): void {
    const { canvas } = this.ctx;
    this.ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.ctx.globalAlpha = 1;
    this.ctx.fillStyle = color;
    this.ctx.fillRect(0, 0, canvas.width, canvas.height);
  }

  /** Converts canvas pixel coordinates (e.g. a mouse event's offsetX/Y) to world coordinates. */
  toWorld(px: number, py: number): { x: number; y: number } {
    return { x: px / this.view.scale + this.view.originX, y: py / this.view.scale + this.view.originY };
  }

  private sx(x: number): number {
    return (x - this.view.originX) * this.view.scale;
  }

  private sy(y: number): number {
    return (y - this.view.originY) * this.view.scale;
  }

  private begin(style: DebugStyle | undefined, fallback: string): void {
    const c = css(style?.color, fallback);
    this.ctx.globalAlpha = style?.alpha ?? 1;
    this.ctx.strokeStyle = c;
    this.ctx.fillStyle = c;
    this.ctx.lineWidth = Math.max(1, (style?.width ?? 0) * this.view.scale);
  }

  line(x1: number, y1: number, x2: number, y2: number, style?: DebugStyle): void {
    this.begin(style, "#cfd8e3");
    this.ctx.beginPath();
    this.ctx.moveTo(this.sx(x1), this.sy(y1));
    this.ctx.lineTo(this.sx(x2), this.sy(y2));
    this.ctx.stroke();
  }

  polyline(points: ArrayLike<ReadonlyVec2>, closed = false, style?: DebugStyle): void {
    if (points.length === 0) return;
    this.begin(style, "#cfd8e3");
    this.trace(points);
    if (closed) this.ctx.closePath();
    this.ctx.stroke();
  }

  polygon(points: ArrayLike<ReadonlyVec2>, style?: DebugStyle): void {
    if (points.length === 0) return;
    this.begin(style, "#7aa2f7");
    this.trace(points);
    this.ctx.closePath();
    if (style?.fill) this.ctx.fill();
    else this.ctx.stroke();
  }

  circle(x: number, y: number, radius: number, style?: DebugStyle): void {
    this.begin(style, "#cfd8e3");
    this.ctx.beginPath();
    this.ctx.arc(this.sx(x), this.sy(y), Math.max(0.5, radius * this.view.scale), 0, Math.PI * 2);
    if (style?.fill) this.ctx.fill();
    else this.ctx.stroke();
  }

  rect(x: number, y: number, width: number, height: number, style?: DebugStyle): void {
    this.begin(style, "#cfd8e3");
    const w = width * this.view.scale;
    const h = height * this.view.scale;
    if (style?.fill) this.ctx.fillRect(this.sx(x), this.sy(y), w, h);
    else this.ctx.strokeRect(this.sx(x), this.sy(y), w, h);
  }

  point(x: number, y: number, size = 2, style?: DebugStyle): void {
    this.begin(style, "#e0af68");
    const s = Math.max(2, size * this.view.scale);
    this.ctx.fillRect(this.sx(x) - s / 2, this.sy(y) - s / 2, s, s);
  }

  text(x: number, y: number, text: string, style?: DebugStyle): void {
    this.begin(style, "#e6edf3");
    this.ctx.font = "12px ui-monospace, monospace";
    this.ctx.fillText(text, this.sx(x), this.sy(y));
  }

  private trace(points: ArrayLike<ReadonlyVec2>): void {
    this.ctx.beginPath();
    const first = points[0]!;
    this.ctx.moveTo(this.sx(first.x), this.sy(first.y));
    for (let i = 1; i < points.length; i++) {
      const p = points[i]!;
      this.ctx.lineTo(this.sx(p.x), this.sy(p.y));
    }
  }
}
