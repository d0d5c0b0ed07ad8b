// Drawing helpers shared by the navmesh pages: polygons of a mesh and navigation graphs.

import type { NavGraph, NavMesh } from "@tactica/navmesh";
import type { CanvasDebugDraw } from "../../canvas-debug-draw";

/** Corner points of flat polygon `p` of `mesh`. */
export function polygonPoints(mesh: NavMesh, p: number): { x: number; y: number }[] {
  const pts: { x: number; y: number }[] = [];
  for (let i = 0; i < mesh.polyVertCount[p]!; i++) {
    const v = mesh.polyVerts[p * mesh.maxVertsPerPoly + i]!;
    pts.push({ x: mesh.vertices[2 * v]!, y: mesh.vertices[2 * v + 1]! });
  }
  return pts;
}

/** Fills every polygon of `mesh` and outlines it. */
export function drawMesh(draw: CanvasDebugDraw, mesh: NavMesh, fill = "#1a2136", outline = "#2f3a5c"): void {
  for (let p = 0; p < mesh.polyCount; p++) draw.polygon(polygonPoints(mesh, p), { color: fill, fill: true });
  for (let p = 0; p < mesh.polyCount; p++) draw.polygon(polygonPoints(mesh, p), { color: outline, width: 1 });
}

/** The two end points of the edge that flat polygons `a` and `b` share, or null. */
export function sharedEdge(mesh: NavMesh, a: number, b: number): [number, number, number, number] | null {
  const n = mesh.polyVertCount[a]!;
  for (let i = 0; i < n; i++) {
    if (mesh.neighbors[a * mesh.maxVertsPerPoly + i] !== b) continue;
    const u = mesh.polyVerts[a * mesh.maxVertsPerPoly + i]!,
      v = mesh.polyVerts[a * mesh.maxVertsPerPoly + ((i + 1) % n)]!;
    return [mesh.vertices[2 * u]!, mesh.vertices[2 * u + 1]!, mesh.vertices[2 * v]!, mesh.vertices[2 * v + 1]!];
  }
  return null;
}

/**
 * Draws a navigation graph: edges (directed ones fade from bright at the source to dark at the
 * destination, as in the C4 engine's debug view), nodes as dots, node discs (radius) faintly.
 */
export function drawGraph(
  draw: CanvasDebugDraw,
  graph: NavGraph,
  options: { color?: string; directed?: boolean; nodeColors?: readonly string[]; discs?: boolean } = {},
): void {
  const color = options.color ?? "#7dcfff";
  const { offsets, targets } = graph.edges;
  const ctx = draw.ctx;
  for (let a = 0; a < graph.nodeCount; a++) {
    for (let k = offsets[a]!; k < offsets[a + 1]!; k++) {
      const b = targets[k]!;
      if (options.directed) {
        const g = ctx.createLinearGradient(graph.x[a]!, graph.y[a]!, graph.x[b]!, graph.y[b]!);
        g.addColorStop(0, color);
        g.addColorStop(1, "#141824");
        ctx.save();
        ctx.globalAlpha = 0.9;
        ctx.strokeStyle = g;
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        // Offset each direction sideways a little so A→B and B→A are both visible.
        const dx = graph.x[b]! - graph.x[a]!,
          dy = graph.y[b]! - graph.y[a]!;
        const len = Math.hypot(dx, dy) || 1;
        const ox = (-dy / len) * 2,
          oy = (dx / len) * 2;
        ctx.moveTo(graph.x[a]! + ox, graph.y[a]! + oy);
        ctx.lineTo(graph.x[b]! + ox, graph.y[b]! + oy);
        ctx.stroke();
        ctx.restore();
      } else if (a < b) {
        draw.line(graph.x[a]!, graph.y[a]!, graph.x[b]!, graph.y[b]!, { color, width: 1, alpha: 0.7 });
      }
    }
  }
  for (let a = 0; a < graph.nodeCount; a++) {
    const c = options.nodeColors?.[a] ?? color;
    if (options.discs && graph.radius[a]! > 0) draw.circle(graph.x[a]!, graph.y[a]!, graph.radius[a]!, { color: c, width: 1, alpha: 0.25 });
    draw.circle(graph.x[a]!, graph.y[a]!, 3.5, { color: c, fill: true });
  }
}

/** Length of a polyline given as points. */
export function polylineLength(pts: readonly { x: number; y: number }[]): number {
  let len = 0;
  for (let i = 1; i < pts.length; i++) len += Math.hypot(pts[i]!.x - pts[i - 1]!.x, pts[i]!.y - pts[i - 1]!.y);
  return len;
}
