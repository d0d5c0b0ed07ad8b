import { invalidArgument, rngBool, rngInt, type Rng } from "@tactica/core";
import { isMoveLegal, type Grid } from "../model/grid";
import { DirX, DirY } from "../query/grid-search";
import { hasGridLineOfSight } from "../model/line-of-sight";

/**
 * Local navigation methods for agents without a global plan (they only look at the cells next to
 * them, plus a line-of-sight test for some exits). Cheap and memory-free, but each has maps where
 * it fails — the tests show both; fall back to a global solver when {@link LocalStatus.Stuck}
 * fires.
 */
export const LocalMethod = {
  /**
   * Crash and turn ("Tactical Thinking Explained"): walk straight at the goal; on a crash keep a
   * hand on the wall until the direct step is free again. Reaches the goal around disjoint convex
   * obstacles; loops forever in C-shaped ones (detected as {@link LocalStatus.Stuck}).
   */
  CrashAndTurn: 0,
  /** Obstacle tracing that leaves the wall when it crosses the start–goal line closer to the goal (Bug2). */
  TraceToLine: 1,
  /** Obstacle tracing that leaves the wall as soon as the goal is in line of sight. */
  TraceToSight: 2,
  /** Straight at the goal while it is in sight, otherwise a random legal step (needs a core `Rng`). */
  RandomMove: 3,
} as const;

/** One of the values of {@link LocalMethod}. */
export type LocalMethodValue = (typeof LocalMethod)[keyof typeof LocalMethod];

/** How a wall-following method picks the hand to keep on the wall at a crash. */
export const WallSide = {
  /** The side whose first move deviates least from the direction to the goal. */
  LeastDeviation: 0,
  /** A random side (needs a core `Rng`); "works surprisingly well". */
  Random: 1,
  /** Always keep the left hand on the wall. */
  Left: 2,
  /** Always keep the right hand on the wall. */
  Right: 3,
} as const;

/** One of the values of {@link WallSide}. */
export type WallSideValue = (typeof WallSide)[keyof typeof WallSide];

/** Outcome of {@link stepLocalAgent}. */
export const LocalStatus = {
  /** The agent moved one cell. */
  Moving: 1,
  /** The agent is on the goal. */
  Arrived: 2,
  /** The method detected a loop (or has no legal move): switch to a global planner. */
  Stuck: 4,
} as const;

const LOOP_CAPACITY = 64;

/** State of one agent using a {@link LocalMethod} (plain data). */
export interface LocalAgent {
  /** Current column. */
  x: number;
  /** Current row. */
  y: number;
  /** The method. */
  readonly method: LocalMethodValue;
  /** The side rule for wall following. */
  readonly side: WallSideValue;
  /** True while following a wall. */
  following: boolean;
  /** +1: right hand on the wall, -1: left hand. */
  hand: number;
  /**
   * Current direction while following, as a grid direction code of `DirX`/`DirY` (0 N = −y, 1 NE,
   * 2 E, 4 S, 6 W; clockwise on the y-down grid), not a radian heading: code `d` is the heading
   * `(d − 2) · π/4` computed from cell coordinates (`atan2(dy, dx)`, 0 = +x).
   */
  direction: number;
  /** Where the current trip started (the start–goal line of {@link LocalMethod.TraceToLine}). */
  originX: number;
  /** Row of the trip's origin. */
  originY: number;
  /** `cell × 8 + direction` of the first wall-following move of the current contact (-1: none, -2: pending). */
  hitKey: number;
  /** Distance to the goal at the current wall contact. */
  hitDistance: number;
  /** Ring of recent crash keys (`cell × 8 + direction`) for loop detection. */
  readonly crashes: Int32Array;
  /** Number of keys written into {@link LocalAgent.crashes} (ring index = count mod capacity). */
  crashCount: number;
  /** Steps taken since {@link resetLocalAgent}. */
  steps: number;
}

/** Options of {@link createLocalAgent}. */
export interface LocalAgentOptions {
  /** Which side a tracing agent keeps the wall on (default {@link WallSide.LeastDeviation}). */
  readonly side?: WallSideValue | undefined;
}

/**
 * Creates a {@link LocalAgent} at cell `(x, y)`.
 *
 * @param x - the agent's starting column, an integer cell inside the grid it will walk (not checked here)
 * @param y - the agent's starting row, an integer cell inside the grid (not checked here)
 * @param method - the {@link LocalMethod} the agent uses (not checked here)
 * @param options - `side`: the {@link WallSide} rule for picking the hand on the wall at a crash (default {@link WallSide.LeastDeviation})
 */
export function createLocalAgent(x: number, y: number, method: LocalMethodValue, options?: LocalAgentOptions): LocalAgent {
  const side = options?.side ?? WallSide.LeastDeviation;
  const a: LocalAgent = {
    x,
    y,
    method,
    side,
    following: false,
    hand: 1,
    direction: 0,
    originX: x,
    originY: y,
    hitKey: -1,
    hitDistance: Infinity,
    crashes: new Int32Array(LOOP_CAPACITY).fill(-1),
    crashCount: 0,
    steps: 0,
  };
  return a;
}

/**
 * Starts a new trip from the agent's current cell (clears wall following and loop memory).
 *
 * @param agent - the agent to reset in place: its current cell becomes the trip's origin; wall following, loop memory and step count are cleared
 */
export function resetLocalAgent(agent: LocalAgent): void {
  agent.following = false;
  agent.originX = agent.x;
  agent.originY = agent.y;
  agent.hitKey = -1;
  agent.hitDistance = Infinity;
  agent.crashes.fill(-1);
  agent.crashCount = 0;
  agent.steps = 0;
}

// The next cell of the Bresenham line from (x, y) towards (gx, gy), as a direction index.
function directDirection(x: number, y: number, gx: number, gy: number): number {
  const dx = gx - x;
  const dy = gy - y;
  const adx = Math.abs(dx);
  const ady = Math.abs(dy);
  let sx = Math.sign(dx);
  let sy = Math.sign(dy);
  // Bresenham's first step: the minor axis moves only when it is at least half the major one.
  if (adx >= ady) {
    if (2 * ady < adx) sy = 0;
  } else if (2 * adx < ady) sx = 0;
  for (let d = 0; d < 8; d++) if (DirX[d] === sx && DirY[d] === sy) return d;
  return -1;
}

function move(agent: LocalAgent, d: number): void {
  agent.x += DirX[d]!;
  agent.y += DirY[d]!;
  agent.steps++;
}

function legal(grid: Grid, agent: LocalAgent, d: number): boolean {
  return isMoveLegal(grid, agent.x, agent.y, DirX[d]!, DirY[d]!);
}

/** Options of {@link stepLocalAgent}. */
export interface StepLocalAgentOptions {
  /** Seeded generator for the random-move method (core's `Rng`); required by {@link LocalMethod.RandomMove}. */
  readonly rng?: Rng | null | undefined;
}

/**
 * Advances the agent one cell towards `(gx, gy)` with its {@link LocalMethod}. `rng` is needed
 * for {@link LocalMethod.RandomMove} and {@link WallSide.Random}. Returns a {@link LocalStatus}.
 * O(1) per step except the line-of-sight tests (O(distance)); no allocation.
 *
 * @param agent - the agent to advance, written in place (cell, wall-following state, loop memory, step count)
 * @param grid - the grid to walk on (read: passability, connectivity, corner rule)
 * @param gx - goal column, an integer (cells)
 * @param gy - goal row, an integer (cells)
 * @param options - `rng`: the seeded core `Rng` drawn from by {@link LocalMethod.RandomMove} and {@link WallSide.Random} (required by them, ignored otherwise)
 *
 * @throws TacticaError `INVALID_ARGUMENT` when the method needs an `rng` and none is given.
 */
export function stepLocalAgent(agent: LocalAgent, grid: Grid, gx: number, gy: number, options?: StepLocalAgentOptions): number {
  const rng = options?.rng ?? null;
  if (agent.x === gx && agent.y === gy) return LocalStatus.Arrived;
  const needsRng = agent.method === LocalMethod.RandomMove || agent.side === WallSide.Random;
  if (needsRng && rng === null)
    invalidArgument("@tactica/grid: stepLocalAgent", "rng", "is required by this method or side rule", "Pass a core Rng (createRng(seed)).");
  const direct = directDirection(agent.x, agent.y, gx, gy);
  if (agent.method === LocalMethod.RandomMove) {
    if (hasGridLineOfSight(grid, agent.x, agent.y, gx, gy) && legal(grid, agent, direct)) {
      move(agent, direct);
      return LocalStatus.Moving;
    }
    for (let tries = 0; tries < 16; tries++) {
      const d = rngInt(rng!, 0, 7);
      if (legal(grid, agent, d)) {
        move(agent, d);
        return LocalStatus.Moving;
      }
    }
    for (let d = 0; d < 8; d++) {
      if (legal(grid, agent, d)) {
        move(agent, d);
        return LocalStatus.Moving;
      }
    }
    return LocalStatus.Stuck;
  }
  if (agent.following && leaveWall(grid, agent, gx, gy, direct)) agent.following = false;
  if (!agent.following) {
    if (legal(grid, agent, direct)) {
      move(agent, direct);
      return LocalStatus.Moving;
    }
    // Crash: pick a hand and a first direction along the wall.
    const dx = gx - agent.x;
    const dy = gy - agent.y;
    const crash = Math.abs(dx) >= Math.abs(dy) ? (dx > 0 ? 2 : 6) : dy > 0 ? 4 : 0;
    let hand: number;
    if (agent.side === WallSide.Left) hand = -1;
    else if (agent.side === WallSide.Right) hand = 1;
    else if (agent.side === WallSide.Random) hand = rngBool(rng!) ? 1 : -1;
    else {
      // Right hand on the wall means moving to the left of the crash direction.
      const left = (crash + 6) & 7;
      const dot = DirX[left]! * dx + DirY[left]! * dy;
      hand = dot >= 0 ? 1 : -1;
    }
    agent.hand = hand;
    agent.direction = hand > 0 ? (crash + 6) & 7 : (crash + 2) & 7;
    agent.following = true;
    agent.hitKey = -2; // set by the first wall-following move
    agent.hitDistance = Math.hypot(dx, dy);
    if (agent.method === LocalMethod.CrashAndTurn) {
      // The same crash (cell and direction) twice means a loop.
      const crashKey = (agent.y * grid.width + agent.x) * 8 + crash;
      for (let i = 0; i < Math.min(agent.crashCount, LOOP_CAPACITY); i++) {
        if (agent.crashes[i] === crashKey) return LocalStatus.Stuck;
      }
      agent.crashes[agent.crashCount++ % LOOP_CAPACITY] = crashKey;
    }
  }
  // Follow the wall: try turning towards the hand, straight, away, back (4-connected moves).
  const h = agent.direction;
  for (let k = 0; k < 4; k++) {
    const d = k === 0 ? (h + (agent.hand > 0 ? 2 : 6)) & 7 : k === 1 ? h : k === 2 ? (h + (agent.hand > 0 ? 6 : 2)) & 7 : (h + 4) & 7;
    if (!legal(grid, agent, d)) continue;
    const key = (agent.y * grid.width + agent.x) * 8 + d;
    if (agent.method !== LocalMethod.CrashAndTurn) {
      // Tracing: the same move from the same cell again means a full loop around the obstacle.
      if (agent.hitKey === -2) agent.hitKey = key;
      else if (key === agent.hitKey) return LocalStatus.Stuck;
    }
    move(agent, d);
    agent.direction = d;
    return agent.x === gx && agent.y === gy ? LocalStatus.Arrived : LocalStatus.Moving;
  }
  return LocalStatus.Stuck;
}

function leaveWall(grid: Grid, agent: LocalAgent, gx: number, gy: number, direct: number): boolean {
  switch (agent.method) {
    case LocalMethod.CrashAndTurn:
      return legal(grid, agent, direct);
    case LocalMethod.TraceToSight:
      return hasGridLineOfSight(grid, agent.x, agent.y, gx, gy) && legal(grid, agent, direct);
    default: {
      // Bug2: on the start–goal line (within half a cell) and closer to the goal than at the hit.
      const lx = gx - agent.originX;
      const ly = gy - agent.originY;
      const len = Math.hypot(lx, ly);
      if (len === 0) return true;
      const cross = Math.abs(lx * (agent.y - agent.originY) - ly * (agent.x - agent.originX)) / len;
      const dist = Math.hypot(gx - agent.x, gy - agent.y);
      return cross <= 0.5 && dist < agent.hitDistance - 1e-9 && legal(grid, agent, direct);
    }
  }
}
