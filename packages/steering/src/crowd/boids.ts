import { rngNextFloat, spatialHashUpdate } from "@tactica/core";
import { ViewArcs, type ViewArc } from "../behaviors/flocking";
import type { WanderParams } from "../behaviors/wander";
import { gatherSlotNeighbors, integrateCrowd, slotNeighborRadius, type Crowd } from "./crowd";

/** Parameters of {@link stepCrowdBoids}. Weights of 0 switch a rule off. */
export interface BoidsParams {
  /** Neighborhood radius for alignment and cohesion (world units, ≥ 0). */
  readonly neighborRadius: number;
  /** Separation acts only on neighbors closer than this (default `neighborRadius`). */
  readonly separationRadius?: number;
  /** View arc (default {@link ViewArcs.Full}). */
  readonly arc?: ViewArc;
  /** Back-view factor of the arc (default 1). */
  readonly backViewFactor?: number;
  /** Consider at most this many nearest neighbors (default: all in range). */
  readonly maxNeighbors?: number;
  /** Weight of separation (Σ (p − pⱼ)/|p − pⱼ|²). */
  readonly separationWeight: number;
  /** Weight of alignment (average neighbor forward − own forward). */
  readonly alignmentWeight: number;
  /** Weight of cohesion (unit-length seek towards the neighbors' center of mass). */
  readonly cohesionWeight: number;
  /** Weight of wander (default 0). */
  readonly wanderWeight?: number;
  /** Wander circle (required when `wanderWeight` > 0). */
  readonly wander?: WanderParams;
  /** Weight of `preferredVelocity − velocity`, a goal term (default 0). */
  readonly preferredWeight?: number;
}

/**
 * Computes the boids forces of every live agent into `crowd.forceX/forceY` without moving anyone
 * (see {@link stepCrowdBoids} for the rules). Use it to feed flocking into another model, e.g.
 * *Herd'Em*'s flocking + ORCA (chapter 19): set each preferred velocity to `velocity + force · dt`
 * and step ORCA with a small time horizon. `dt` scales the wander jitter. No allocation.
 *
 * @param crowd - The crowd; positions, velocities, forward vectors and preferred velocities are
 *   read, every live agent's `forceX/forceY` (truncated to its `maxForce`) and wander target are
 *   written, and `crowd.rng` is drawn from (two draws per agent) when wander is on.
 * @param params - The rules: `neighborRadius` (world units, ≥ 0), `separationRadius` (world units,
 *   omitted means `neighborRadius`), `arc` / `backViewFactor` (omitted: {@link ViewArcs.Full}, 1),
 *   `maxNeighbors` (omitted: all in range), the weights `separationWeight`, `alignmentWeight`,
 *   `cohesionWeight`, `wanderWeight` and `preferredWeight` (0 switches a rule off; the last two
 *   default to 0) and `wander` (the wander circle, world units; used when `wanderWeight` ≠ 0).
 * @param dt - Step length in seconds: scales the wander jitter only (nothing moves here).
 */
export function computeCrowdBoidsForces(crowd: Crowd, params: BoidsParams, dt: number): void {
  const { alive, posX, posY, velX, velY, fwdX, fwdY, forceX, forceY, maxSpeed, maxForce, wanderX, wanderY, prefVelX, prefVelY, rng } = crowd;
  const nb = crowd.neighbors;
  const radius = params.neighborRadius;
  const sepR = params.separationRadius ?? radius;
  const sepR2 = sepR * sepR;
  const arc = params.arc ?? ViewArcs.Full;
  const k = params.backViewFactor ?? 1;
  const maxN = params.maxNeighbors ?? crowd.capacity;
  const ws = params.separationWeight;
  const wa = params.alignmentWeight;
  const wc = params.cohesionWeight;
  const ww = params.wanderWeight ?? 0;
  const wp = params.preferredWeight ?? 0;
  const wr = params.wander?.radius ?? 0;
  const wd = params.wander?.distance ?? 0;
  const jitter = (params.wander?.jitter ?? 0) * dt;
  const queryR = radius > sepR ? radius : sepR;
  for (let i = 0, n = crowd.highWater; i < n; i++) {
    if (alive[i] !== 1) continue;
    const px = posX[i] as number;
    const py = posY[i] as number;
    const fx0 = fwdX[i] as number;
    const fy0 = fwdY[i] as number;
    slotNeighborRadius[0] = queryR;
    const count = gatherSlotNeighbors(crowd, i, maxN);
    let sx = 0;
    let sy = 0;
    let ax = 0;
    let ay = 0;
    let cx = 0;
    let cy = 0;
    let seen = 0;
    const r2 = radius * radius;
    for (let q = 0; q < count; q++) {
      const j = nb[q] as number;
      const dx = (posX[j] as number) - px;
      const dy = (posY[j] as number) - py;
      if (arc !== ViewArcs.Full) {
        // core's local frame: ahead = d · forward, left = d · (−fy, fx); isInViewArc written out,
        // because a call V8 does not inline into this large loop would box its fractional arguments.
        const ahead = dx * fx0 + dy * fy0;
        const left = dy * fx0 - dx * fy0;
        const visible =
          arc === ViewArcs.Wide
            ? ahead >= 0 || Math.abs(left) > Math.abs(ahead) * k
            : arc === ViewArcs.Limited
              ? ahead > 0
              : ahead > 0 && Math.abs(left) < Math.abs(ahead) * k;
        if (!visible) continue;
      }
      const d2 = dx * dx + dy * dy;
      if (d2 < sepR2 && d2 > 1e-18) {
        sx -= dx / d2;
        sy -= dy / d2;
      }
      if (d2 <= r2) {
        ax += fwdX[j] as number;
        ay += fwdY[j] as number;
        cx += dx;
        cy += dy;
        seen++;
      }
    }
    let fx = ws * sx;
    let fy = ws * sy;
    const vx = velX[i] as number;
    const vy = velY[i] as number;
    if (seen > 0) {
      fx += wa * (ax / seen - fx0);
      fy += wa * (ay / seen - fy0);
      if (wc !== 0) {
        // Cohesion: seek the center of mass (relative offset c / seen), normalized.
        const ox = cx / seen;
        const oy = cy / seen;
        const ol = Math.sqrt(ox * ox + oy * oy);
        if (ol > 1e-12) {
          const ms = maxSpeed[i] as number;
          const gx = (ox / ol) * ms - vx;
          const gy = (oy / ol) * ms - vy;
          const gl = Math.sqrt(gx * gx + gy * gy);
          if (gl > 1e-12) {
            fx += (wc * gx) / gl;
            fy += (wc * gy) / gl;
          }
        }
      }
    }
    if (ww !== 0) {
      let tx = (wanderX[i] as number) + (rngNextFloat(rng) * 2 - 1) * jitter;
      let ty = (wanderY[i] as number) + (rngNextFloat(rng) * 2 - 1) * jitter;
      const tl = Math.sqrt(tx * tx + ty * ty);
      if (tl > 1e-12) {
        tx *= wr / tl;
        ty *= wr / tl;
      } else {
        tx = wr;
        ty = 0;
      }
      wanderX[i] = tx;
      wanderY[i] = ty;
      // local (tx + wd, ty) to world: x · forward + y · left, left = (−fy0, fx0)
      const lx = tx + wd;
      fx += ww * (lx * fx0 - ty * fy0);
      fy += ww * (lx * fy0 + ty * fx0);
    }
    if (wp !== 0) {
      fx += wp * ((prefVelX[i] as number) - vx);
      fy += wp * ((prefVelY[i] as number) - vy);
    }
    const mf = maxForce[i] as number;
    const f2 = fx * fx + fy * fy;
    if (f2 > mf * mf) {
      const s = mf / Math.sqrt(f2);
      fx *= s;
      fy *= s;
    }
    forceX[i] = fx;
    forceY[i] = fy;
  }
}

/**
 * One fixed step of `dt` seconds of boids (Reynolds 1987): for every live agent, in slot order,
 * separation, alignment and cohesion over the visible neighbors (core spatial-hash query, the
 * view arc of {@link isInViewArc}, the optional neighbor cap), plus wander and a goal term,
 * combined as a weighted truncated sum (truncated to `maxForce`) into `forceX/forceY`; then all
 * agents are integrated together ({@link integrateCrowd}: a synchronous update, so the result does
 * not depend on update order). Wander draws two numbers per agent from `crowd.rng`.
 * No allocation. O(n · k) for k neighbors per agent.
 *
 * @example
 * ```ts
 * const crowd = createCrowd({ capacity: 50, cellSize: 40, rng: createRng(1) });
 * for (let i = 0; i < 50; i++) {
 *   addCrowdAgent(crowd, { x: (i % 10) * 20, y: Math.floor(i / 10) * 20, vx: 30, vy: 0, maxSpeed: 80, maxForce: 250, radius: 3 });
 * }
 * const params = { neighborRadius: 40, separationRadius: 14, separationWeight: 2400, alignmentWeight: 80, cohesionWeight: 80, arc: ViewArcs.Wide };
 * for (let step = 0; step < 60; step++) stepCrowdBoids(crowd, params, 1 / 60);
 * // crowd.posX / posY / fwdX / fwdY: where the flock went
 * ```
 *
 * @param crowd - The crowd; every live agent's force, wander target, velocity, position, forward
 *   vector and hash entry are written.
 * @param params - The rules: `neighborRadius` (world units, ≥ 0), `separationRadius` (world units,
 *   omitted means `neighborRadius`), `arc` / `backViewFactor` (omitted: {@link ViewArcs.Full}, 1),
 *   `maxNeighbors` (omitted: all in range), the weights `separationWeight`, `alignmentWeight`,
 *   `cohesionWeight`, `wanderWeight` and `preferredWeight` (0 switches a rule off; the last two
 *   default to 0) and `wander` (the wander circle, world units; used when `wanderWeight` ≠ 0).
 * @param dt - Step length in seconds (> 0): the integration step and the wander jitter's scale.
 */
export function stepCrowdBoids(crowd: Crowd, params: BoidsParams, dt: number): void {
  computeCrowdBoidsForces(crowd, params, dt);
  integrateCrowd(crowd, dt);
}

/**
 * Wraps every live agent into the box `[minX, maxX) × [minY, maxY)` (a torus world, as in the
 * classic boids demos), keeping the spatial hash in sync. O(n), no allocation.
 *
 * @param crowd - The crowd; positions outside the box and their hash entries are written.
 * @param minX - The box's left edge (world units, inclusive).
 * @param minY - The box's bottom edge (world units, inclusive).
 * @param maxX - The box's right edge (world units, exclusive; must be > `minX`, not checked).
 * @param maxY - The box's top edge (world units, exclusive; must be > `minY`, not checked).
 */
export function wrapCrowd(crowd: Crowd, minX: number, minY: number, maxX: number, maxY: number): void {
  const w = maxX - minX;
  const h = maxY - minY;
  const { alive, posX, posY } = crowd;
  for (let i = 0, n = crowd.highWater; i < n; i++) {
    if (alive[i] !== 1) continue;
    let x = posX[i] as number;
    let y = posY[i] as number;
    let moved = false;
    if (x < minX || x >= maxX) {
      x = minX + ((((x - minX) % w) + w) % w);
      moved = true;
    }
    if (y < minY || y >= maxY) {
      y = minY + ((((y - minY) % h) + h) % h);
      moved = true;
    }
    if (moved) {
      posX[i] = x;
      posY[i] = y;
      spatialHashUpdate(crowd.hash, i, x, y);
    }
  }
}

/**
 * Seeds every live agent's wander target at a random point of a circle of `radius` (from `crowd.rng`). O(n).
 *
 * @param crowd - The crowd; every live agent's `wanderX/wanderY` is written, one `crowd.rng` draw each.
 * @param radius - Radius of the wander circle (world units, ≥ 0); use the `wander.radius` of
 *   {@link BoidsParams}.
 */
export function seedCrowdWander(crowd: Crowd, radius: number): void {
  for (let i = 0, n = crowd.highWater; i < n; i++) {
    if (crowd.alive[i] !== 1) continue;
    const a = rngNextFloat(crowd.rng) * 2 * Math.PI;
    crowd.wanderX[i] = radius * Math.cos(a);
    crowd.wanderY[i] = radius * Math.sin(a);
  }
}
