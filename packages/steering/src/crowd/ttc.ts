import { rngNextFloat, spatialHashUpdate, type Rng } from "@tactica/core";
import { gatherSlotNeighbors, slotNeighborRadius, type Crowd } from "./crowd";

/**
 * Time to collision of two discs moving at constant velocity (Guy & Karamouzas, chapter 19,
 * Listing 19.2): the smallest τ ≥ 0 with `|(p_j + v_j τ) − (p_i + v_i τ)| = r_i + r_j`, in
 * seconds. Returns 0 when the discs already overlap, and `Infinity` when they never touch
 * (parallel, diverging or grazing: discriminant ≤ 0). Never NaN for finite inputs. O(1).
 *
 * @param xi - Disc i's position x (world units).
 * @param yi - Disc i's position y (world units).
 * @param vxi - Disc i's velocity x (world units per second).
 * @param vyi - Disc i's velocity y (world units per second).
 * @param ri - Disc i's radius (world units, ≥ 0).
 * @param xj - Disc j's position x (world units).
 * @param yj - Disc j's position y (world units).
 * @param vxj - Disc j's velocity x (world units per second).
 * @param vyj - Disc j's velocity y (world units per second).
 * @param rj - Disc j's radius (world units, ≥ 0).
 * @returns τ in seconds: 0 when overlapping now, `Infinity` when they never touch.
 */
export function timeToCollision(
  xi: number,
  yi: number,
  vxi: number,
  vyi: number,
  ri: number,
  xj: number,
  yj: number,
  vxj: number,
  vyj: number,
  rj: number,
): number {
  const r = ri + rj;
  const wx = xj - xi;
  const wy = yj - yi;
  const c = wx * wx + wy * wy - r * r;
  if (c < 0) return 0;
  const vx = vxi - vxj;
  const vy = vyi - vyj;
  const a = vx * vx + vy * vy;
  const b = wx * vx + wy * vy;
  const discr = b * b - a * c;
  if (discr <= 0 || a === 0) return Infinity;
  const tau = (b - Math.sqrt(discr)) / a;
  return tau < 0 ? Infinity : tau;
}

/** Parameters of {@link stepCrowdTtc}; defaults are chapter 19's constants. */
export interface TtcParams {
  /** Time horizon t_H (seconds, > 0): collisions further ahead are ignored. Default 4 (the chapter's collision-free setting). */
  readonly timeHorizon?: number;
  /** Goal-force gain k (1/s): `F_goal = k (v_goal − v)`. Default 2. */
  readonly goalGain?: number;
  /** Cap on each neighbor's avoidance magnitude (maxF). Default 20. */
  readonly maxAvoidForce?: number;
  /** Sensing radius (world units). Default: `timeHorizon · maxSpeed + 2 · radius` of each agent (how far it can travel within t_H). */
  readonly sensingRadius?: number;
  /** At most this many nearest neighbors per agent (default 16): near-linear run time. */
  readonly maxNeighbors?: number;
  /** The listing's ε in `(t_H − τ) / (τ + ε)` (default 0.001). */
  readonly epsilon?: number;
  /**
   * PAM field of view: neighbors more than this half-angle (radians) off the agent's forward
   * direction exert no force (the chapter cites ±100° = 1.745 rad). Default π (see everything).
   */
  readonly fieldOfView?: number;
  /**
   * PAM personal space (world units, ≥ 0, default 0): added to the agent's own radius in its time-to-
   * collision test, so it keeps at least this much extra distance (an asymmetric test).
   */
  readonly personalSpace?: number;
  /**
   * PAM random perturbation: each agent adds a uniform random force of up to this magnitude per
   * step, drawn from `crowd.rng` (two draws per agent), which breaks symmetric dead-locks such as
   * antipodal agents walking straight at each other. Default 0 (off, no draws).
   */
  readonly perturbation?: number;
}

/**
 * Computes chapter 19's anticipatory forces into `crowd.forceX/forceY` without moving anyone:
 * `F = k (v_goal − v) + Σ_j dir_j · min(maxF, (t_H − τ) / (τ + ε))` over the neighbors with
 * `τ = timeToCollision ≤ t_H`, where `dir_j` is the normalized separation of the predicted
 * positions at τ. Fixes the printed listing's bugs: neighbors with τ = ∞ or τ > t_H are skipped
 * **before** the direction is formed (no `∞ · 0 = NaN`), the direction is normalized unless
 * *both* components are zero, and forces are applied in a separate pass. The preferred velocity is
 * the goal velocity. Optional PAM features (Karamouzas 09, as summarised in the chapter): a field
 * of view, personal space and a seeded random perturbation. O(n · k), no allocation.
 *
 * @param crowd - The crowd; positions, velocities, forward vectors, radii, `maxSpeed` and preferred
 *   velocities (the goal velocities) are read, `forceX/forceY` of every live agent are written,
 *   `crowd.neighbors` is used as scratch and `crowd.rng` is drawn from when `perturbation > 0`.
 * @param params - Chapter 19's constants, each optional: `timeHorizon` (s, default 4), `goalGain`
 *   (1/s, default 2), `maxAvoidForce` (default 20), `sensingRadius` (world units, default
 *   `timeHorizon · maxSpeed + 2 · (radius + personalSpace)` per agent), `maxNeighbors` (default 16),
 *   `epsilon` (s, default 0.001), `fieldOfView` (half-angle in radians from the forward vector,
 *   default π: all around), `personalSpace` (world units, default 0) and `perturbation` (largest
 *   random force per axis, default 0: off). Omitted means all defaults.
 */
export function computeTtcForces(crowd: Crowd, params: TtcParams = {}): void {
  const tH = params.timeHorizon ?? 4;
  const k = params.goalGain ?? 2;
  const maxF = params.maxAvoidForce ?? 20;
  const eps = params.epsilon ?? 0.001;
  const maxN = params.maxNeighbors ?? 16;
  const fov = params.fieldOfView ?? Math.PI;
  const cosFov = Math.cos(fov);
  const limitView = fov < Math.PI;
  const personal = params.personalSpace ?? 0;
  const perturb = params.perturbation ?? 0;
  const rng: Rng = crowd.rng;
  const { alive, posX, posY, velX, velY, fwdX, fwdY, radius, maxSpeed, prefVelX, prefVelY, forceX, forceY } = crowd;
  const nb = crowd.neighbors;
  for (let i = 0, n = crowd.highWater; i < n; i++) {
    if (alive[i] !== 1) continue;
    const xi = posX[i] as number;
    const yi = posY[i] as number;
    const vxi = velX[i] as number;
    const vyi = velY[i] as number;
    const ri = (radius[i] as number) + personal;
    let fx = k * ((prefVelX[i] as number) - vxi);
    let fy = k * ((prefVelY[i] as number) - vyi);
    if (perturb > 0) {
      fx += (rngNextFloat(rng) * 2 - 1) * perturb;
      fy += (rngNextFloat(rng) * 2 - 1) * perturb;
    }
    const hx = fwdX[i] as number;
    const hy = fwdY[i] as number;
    const sense = params.sensingRadius ?? tH * (maxSpeed[i] as number) + 2 * ri;
    slotNeighborRadius[0] = sense;
    const count = gatherSlotNeighbors(crowd, i, maxN);
    for (let q = 0; q < count; q++) {
      const j = nb[q] as number;
      const xj = posX[j] as number;
      const yj = posY[j] as number;
      if (limitView) {
        const dxj = xj - xi;
        const dyj = yj - yi;
        const dl = Math.sqrt(dxj * dxj + dyj * dyj);
        if (dl > 0 && (dxj * hx + dyj * hy) / dl < cosFov) continue;
      }
      const vxj = velX[j] as number;
      const vyj = velY[j] as number;
      // timeToCollision(xi, yi, vxi, vyi, ri, xj, yj, vxj, vyj, radius[j]) written out, operation
      // for operation: a call V8 does not inline into this loop would box its ten fractional
      // arguments and its result.
      let t: number;
      const rr = ri + (radius[j] as number);
      const wx = xj - xi;
      const wy = yj - yi;
      const c = wx * wx + wy * wy - rr * rr;
      if (c < 0) t = 0;
      else {
        const rvx = vxi - vxj;
        const rvy = vyi - vyj;
        const a = rvx * rvx + rvy * rvy;
        const b = wx * rvx + wy * rvy;
        const discr = b * b - a * c;
        if (discr <= 0 || a === 0) t = Infinity;
        else {
          const tau = (b - Math.sqrt(discr)) / a;
          t = tau < 0 ? Infinity : tau;
        }
      }
      if (!(t <= tH)) continue;
      let dx = xi + vxi * t - xj - vxj * t;
      let dy = yi + vyi * t - yj - vyj * t;
      const len = Math.sqrt(dx * dx + dy * dy);
      if (len > 0) {
        dx /= len;
        dy /= len;
      }
      let mag = (tH - t) / (t + eps);
      if (mag > maxF) mag = maxF;
      fx += dx * mag;
      fy += dy * mag;
    }
    forceX[i] = fx;
    forceY[i] = fy;
  }
}

/**
 * One fixed step of chapter 19's time-to-collision crowd: {@link computeTtcForces}, then for all
 * agents together explicit Euler as in the chapter, `v += F·dt` (mass and `maxForce` are not
 * used: the chapter integrates the force directly), speed clamped to `maxSpeed`, `x += v·dt`.
 * The chapter's examples use dt = 0.02 s. A non-finite force (from a non-finite preferred velocity)
 * counts as zero, so the state never turns NaN. No allocation.
 *
 * @param crowd - The crowd; every live agent's force, velocity, position, forward vector and
 *   spatial-hash entry are written (see {@link computeTtcForces} for what is read).
 * @param params - The TTC constants, as for {@link computeTtcForces} (`{}` for the chapter's defaults).
 * @param dt - Step length in seconds (> 0; the chapter uses 0.02). Not validated here.
 */
export function stepCrowdTtc(crowd: Crowd, params: TtcParams, dt: number): void {
  computeTtcForces(crowd, params);
  const { alive, posX, posY, velX, velY, fwdX, fwdY, forceX, forceY, maxSpeed, hash } = crowd;
  for (let i = 0, n = crowd.highWater; i < n; i++) {
    if (alive[i] !== 1) continue;
    let fx = forceX[i] as number;
    let fy = forceY[i] as number;
    if (!Number.isFinite(fx) || !Number.isFinite(fy)) {
      // a non-finite preferred velocity poisons only its own force: treat it as none
      fx = 0;
      fy = 0;
    }
    let vx = (velX[i] as number) + fx * dt;
    let vy = (velY[i] as number) + fy * dt;
    const ms = maxSpeed[i] as number;
    const s2 = vx * vx + vy * vy;
    if (s2 > ms * ms) {
      const s = ms / Math.sqrt(s2);
      vx *= s;
      vy *= s;
    }
    velX[i] = vx;
    velY[i] = vy;
    const x = (posX[i] as number) + vx * dt;
    const y = (posY[i] as number) + vy * dt;
    posX[i] = x;
    posY[i] = y;
    if (s2 > 1e-18) {
      const sp = Math.sqrt(vx * vx + vy * vy);
      if (sp > 1e-12) {
        fwdX[i] = vx / sp;
        fwdY[i] = vy / sp;
      }
    }
    spatialHashUpdate(hash, i, x, y);
  }
}
