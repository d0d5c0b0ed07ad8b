import type { OrcaLines } from "./linear-program";

/** ORCA parameters with RVO2's meaning (uniform for the crowd). */
export interface OrcaParams {
  /** Neighbor search radius for other agents (world units, ≥ 0). RVO2 `neighborDist`. */
  readonly neighborDist: number;
  /** At most this many nearest agents are considered (integer ≥ 0). RVO2 `maxNeighbors`. */
  readonly maxNeighbors: number;
  /** Time horizon against other agents (seconds, > 0). RVO2 `timeHorizon`. */
  readonly timeHorizon: number;
  /** Time horizon against static obstacles (seconds, > 0). RVO2 `timeHorizonObst`. */
  readonly timeHorizonObst: number;
}

/**
 * Static polygonal obstacles in RVO2's representation: a ring of vertices per polygon (counter-
 * clockwise; a 2-vertex polygon is a two-sided segment), each with `next`/`prev` links, the unit
 * direction to the next vertex and RVO2's convexity flag. Plain typed arrays; build with
 * {@link createOrcaObstacles}. Edge `i` runs from vertex `i` to `next[i]`.
 */
export interface OrcaObstacles {
  /** Number of vertices (= number of edges). */
  readonly count: number;
  /** Vertex x. */
  readonly pointX: Float64Array;
  /** Vertex y. */
  readonly pointY: Float64Array;
  /** Unit direction x from this vertex to the next. */
  readonly unitDirX: Float64Array;
  /** Unit direction y from this vertex to the next. */
  readonly unitDirY: Float64Array;
  /** 1 when the vertex is convex (RVO2's `isConvex_`). */
  readonly isConvex: Uint8Array;
  /** Index of the next vertex of the same polygon. */
  readonly next: Int32Array;
  /** Index of the previous vertex of the same polygon. */
  readonly prev: Int32Array;
}

/** The ORCA solver state for one crowd: parameters, obstacles and preallocated scratch. */
export interface Orca {
  /** The parameters used by {@link stepCrowdOrca}. */
  readonly params: OrcaParams;
  /** Static obstacles (possibly empty). */
  readonly obstacles: OrcaObstacles;
  /** Scratch: ORCA lines of the agent being solved. */
  readonly lines: OrcaLines;
  /** Scratch: projected lines of linear program 3. */
  readonly projLines: OrcaLines;
  /** Scratch: obstacle neighbors (edge index) sorted by squared distance. */
  readonly obstacleNeighbors: Int32Array;
  /** Scratch: squared distances of `obstacleNeighbors`. */
  readonly obstacleDistSq: Float64Array;
  /** New velocity x per crowd slot (written for every agent before any moves: synchronous). */
  readonly newVelX: Float64Array;
  /** New velocity y per crowd slot. */
  readonly newVelY: Float64Array;
  /** Number of agents whose last solve needed linear program 3 (over-constrained). */
  lastInfeasibleCount: number;
}
