import { gatherSlotNeighbors, slotNeighborRadius, type Crowd } from "../crowd";
import type { Orca } from "./types";

/**
 * Adds one ORCA line per neighbor agent of slot `i` to `orca.lines` (RVO2's agent part of
 * `computeNewVelocity`): the `maxNeighbors` nearest agents within `neighborDist`
 * (`gatherSlotNeighbors`); for each, the relative velocity is projected on the truncated
 * velocity obstacle (cut-off circle of `timeHorizon`, or the nearer leg), or on the time step's
 * cut-off when already colliding; the agent takes half of the
 * avoidance (`v + u/2`). No allocation.
 *
 * @internal
 */
export function addOrcaAgentLines(orca: Orca, crowd: Crowd, i: number, dt: number): void {
  const p = orca.params;
  if (!(p.maxNeighbors > 0)) return;
  const lines = orca.lines;
  const { posX, posY, velX, velY, radius } = crowd;
  const px = posX[i] as number;
  const py = posY[i] as number;
  const vx = velX[i] as number;
  const vy = velY[i] as number;
  const r = radius[i] as number;
  const invTH = 1 / p.timeHorizon;
  const nb = crowd.neighbors;
  slotNeighborRadius[0] = p.neighborDist;
  const count = gatherSlotNeighbors(crowd, i, p.maxNeighbors);
  for (let q = 0; q < count; q++) {
    const j = nb[q] as number;
    const rpx = (posX[j] as number) - px;
    const rpy = (posY[j] as number) - py;
    const rvx = vx - (velX[j] as number);
    const rvy = vy - (velY[j] as number);
    const distSq = rpx * rpx + rpy * rpy;
    const cr = r + (radius[j] as number);
    const crSq = cr * cr;
    let dx: number;
    let dy: number;
    let ux: number;
    let uy: number;
    if (distSq > crSq) {
      // No collision. w: from the cut-off center to the relative velocity.
      const wx = rvx - invTH * rpx;
      const wy = rvy - invTH * rpy;
      const wl2 = wx * wx + wy * wy;
      const dot1 = wx * rpx + wy * rpy;
      if (dot1 < 0 && dot1 * dot1 > crSq * wl2) {
        // Project on the cut-off circle.
        const wl = Math.sqrt(wl2);
        const uwx = wx / wl;
        const uwy = wy / wl;
        dx = uwy;
        dy = -uwx;
        ux = (cr * invTH - wl) * uwx;
        uy = (cr * invTH - wl) * uwy;
      } else {
        // Project on the legs.
        const leg = Math.sqrt(distSq - crSq);
        if (rpx * wy - rpy * wx > 0) {
          dx = (rpx * leg - rpy * cr) / distSq;
          dy = (rpx * cr + rpy * leg) / distSq;
        } else {
          dx = -(rpx * leg + rpy * cr) / distSq;
          dy = -(-rpx * cr + rpy * leg) / distSq;
        }
        const dot2 = rvx * dx + rvy * dy;
        ux = dot2 * dx - rvx;
        uy = dot2 * dy - rvy;
      }
    } else {
      // Collision: project on the cut-off circle of time dt (inline: a helper taking these doubles
      // would box them when not inlined, and this loop must not allocate).
      const invDt = 1 / dt;
      const wx = rvx - invDt * rpx;
      const wy = rvy - invDt * rpy;
      const wl = Math.sqrt(wx * wx + wy * wy);
      let uwx: number;
      let uwy: number;
      if (wl > 1e-12) {
        uwx = wx / wl;
        uwy = wy / wl;
      } else {
        // Coincident with equal velocities: push apart along a deterministic axis (slot order).
        uwx = j < i ? 1 : -1;
        uwy = 0;
      }
      dx = uwy;
      dy = -uwx;
      ux = (cr * invDt - wl) * uwx;
      uy = (cr * invDt - wl) * uwy;
    }
    // pushOrcaLine written out: fractional arguments to a call V8 does not inline would be boxed.
    const li = lines.count++;
    lines.pointX[li] = vx + 0.5 * ux;
    lines.pointY[li] = vy + 0.5 * uy;
    lines.dirX[li] = dx;
    lines.dirY[li] = dy;
  }
}
