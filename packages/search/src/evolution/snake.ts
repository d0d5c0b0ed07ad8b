import { createRng, invalidArgument, rngInt, type Rng } from "@tactica/core";
import { createGpPrimitiveSet, type GpPrimitiveSet } from "./genetic-programming";

/** Board width of the Snake experiment (squares). */
export const SNAKE_WIDTH = 20;
/** Board height of the Snake experiment (squares). */
export const SNAKE_HEIGHT = 11;
/** Most food a snake can eat: 220 squares − 9 starting segments. */
export const SNAKE_MAX_FOOD = 211;
/** A game ends when the snake goes this many moves without eating. */
export const SNAKE_MOVE_LIMIT = 300;

/** Snake actions, relative to the head's direction. */
export const SnakeAction = {
  /** Keep the direction. */
  Forward: 0,
  /** Turn left (counter-clockwise on screen) and move. */
  Left: 1,
  /** Turn right and move. */
  Right: 2,
} as const;

// Headings: 0 right, 1 down, 2 left, 3 up (screen coordinates, y grows downward). Heading k is the
// Tactica heading k·π/2 in board coordinates (0 = +x, growing towards +y = atan2(DY, DX)); on the
// y-down board that turns clockwise on screen (apps/docs/guide/conventions.md, "Axes and angles").
const DX = [1, 0, -1, 0];
const DY = [0, 1, 0, -1];

/**
 * The Snake game of "Application of Genetic Programming to the Snake Game" (2000): a 20 × 11
 * board with 1-based coordinates (x 1..20, y 1..11, y growing downward); the snake starts with 9
 * segments on (1,11)–(9,11), head at (9,11), moving right; the first food is at (11,6). Each
 * step it turns left, right or keeps going, and always moves. Eating grows the tail by one and a
 * new food appears on a random empty square (seeded) on the next step. The game ends on a wall or
 * body hit, after {@link SNAKE_MOVE_LIMIT} moves without food, or when the board is full
 * ({@link SNAKE_MAX_FOOD} eaten).
 */
export interface SnakeGame {
  /** Body cells as `(y - 1) * 20 + (x - 1)`, a ring buffer: `body[(head - i) mod 220]` is the i-th segment from the head. */
  readonly body: Int16Array;
  /** Ring index of the head in {@link SnakeGame.body}. */
  head: number;
  /** Number of segments. */
  length: number;
  /** Occupancy per cell (1 = snake). */
  readonly occupied: Uint8Array;
  /**
   * Direction code of the head in quarter turns: 0 right (+x), 1 down (+y), 2 left, 3 up (clockwise
   * on the y-down board). Not a radian heading: code `d` is the heading `d · π/2` computed from board
   * coordinates (`atan2(dy, dx)`, 0 = +x).
   */
  direction: number;
  /** Food cell, or -1 while a new food is pending. */
  food: number;
  /** Food eaten ("hits"). */
  eaten: number;
  /** Moves made. */
  moves: number;
  /** Moves since the last food. */
  sinceFood: number;
  /** True when the game is over. */
  over: boolean;
  /** True when the snake died (wall or body), as opposed to a move-limit or full-board end. */
  died: boolean;
  /** The generator placing food. */
  readonly rng: Rng;
}

const N = SNAKE_WIDTH * SNAKE_HEIGHT;

/**
 * Cell index of 1-based coordinates.
 * @param x - Column, 1..{@link SNAKE_WIDTH} (1 = left edge; not checked).
 * @param y - Row, 1..{@link SNAKE_HEIGHT} (1 = top edge, growing downward; not checked).
 * @returns `(y − 1) × 20 + (x − 1)`.
 */
export function snakeCell(x: number, y: number): number {
  return (y - 1) * SNAKE_WIDTH + (x - 1);
}

/**
 * Creates a Snake game at the article's starting state; later food comes from `rng`.
 * @param rng - Seeded generator placing every food after the first; kept by the game and drawn from each time a food is placed.
 */
export function createSnakeGame(rng: Rng): SnakeGame {
  const g: SnakeGame = {
    body: new Int16Array(N),
    head: 8,
    length: 9,
    occupied: new Uint8Array(N),
    direction: 0,
    food: snakeCell(11, 6),
    eaten: 0,
    moves: 0,
    sinceFood: 0,
    over: false,
    died: false,
    rng,
  };
  for (let i = 0; i < 9; i++) {
    g.body[i] = snakeCell(i + 1, 11);
    g.occupied[g.body[i]!] = 1;
  }
  return g;
}

/**
 * Head cell of the snake.
 * @param g - The game to read.
 * @returns The head's cell index, `(y − 1) × 20 + (x − 1)`.
 */
export function snakeHead(g: SnakeGame): number {
  return g.body[g.head]!;
}

/**
 * True when the square `steps` squares from the head in direction `direction` is a wall or body.
 *
 * @param g - The game (read only).
 * @param direction - A direction code as {@link SnakeGame.direction} (quarter turns, 0 right, clockwise on the board); taken mod 4.
 * @param steps - How many squares ahead to look (integer ≥ 1).
 */
export function snakeDangerAt(g: SnakeGame, direction: number, steps: number): boolean {
  const h = snakeHead(g);
  const x = (h % SNAKE_WIDTH) + DX[direction & 3]! * steps;
  const y = Math.floor(h / SNAKE_WIDTH) + DY[direction & 3]! * steps;
  if (x < 0 || y < 0 || x >= SNAKE_WIDTH || y >= SNAKE_HEIGHT) return true;
  return g.occupied[y * SNAKE_WIDTH + x] === 1;
}

/** True when the food lies anywhere straight ahead of the head (in line with the direction). */
export function snakeFoodAhead(g: SnakeGame): boolean {
  if (g.food < 0) return false;
  const h = snakeHead(g);
  const hx = h % SNAKE_WIDTH;
  const hy = Math.floor(h / SNAKE_WIDTH);
  const fx = g.food % SNAKE_WIDTH;
  const fy = Math.floor(g.food / SNAKE_WIDTH);
  const dx = DX[g.direction]!;
  const dy = DY[g.direction]!;
  if (dx !== 0) return fy === hy && (fx - hx) * dx > 0;
  return fx === hx && (fy - hy) * dy > 0;
}

/**
 * Moves the snake one step with `action` ({@link SnakeAction}); no-op once the game is over.
 * @param g - The game, changed in place (body, heading, food, counters; `over` when it ends).
 * @param action - {@link SnakeAction}: `Forward` 0, `Left` 1 (quarter turn counter-clockwise on
 *   screen), `Right` 2; any other value keeps the heading.
 */
export function stepSnake(g: SnakeGame, action: number): void {
  if (g.over) return;
  if (g.food < 0) {
    // The food eaten last step reappears now on a random empty square.
    const free = N - g.length;
    if (free <= 0) {
      g.over = true;
      return;
    }
    let k = rngInt(g.rng, 0, free - 1);
    for (let c = 0; c < N; c++)
      if (g.occupied[c] === 0 && k-- === 0) {
        g.food = c;
        break;
      }
  }
  if (action === SnakeAction.Left) g.direction = (g.direction + 3) & 3;
  else if (action === SnakeAction.Right) g.direction = (g.direction + 1) & 3;
  g.moves++;
  g.sinceFood++;
  const h = snakeHead(g);
  const x = (h % SNAKE_WIDTH) + DX[g.direction]!;
  const y = Math.floor(h / SNAKE_WIDTH) + DY[g.direction]!;
  const tailIndex = (g.head - g.length + 1 + N) % N;
  const tail = g.body[tailIndex]!;
  const next = y * SNAKE_WIDTH + x;
  const eats = next === g.food;
  // Moving into the square the tail is leaving is allowed unless the snake grows this step.
  if (x < 0 || y < 0 || x >= SNAKE_WIDTH || y >= SNAKE_HEIGHT || (g.occupied[next] === 1 && (eats || next !== tail))) {
    g.over = true;
    g.died = true;
    return;
  }
  if (!eats) g.occupied[tail] = 0;
  g.head = (g.head + 1) % N;
  g.body[g.head] = next;
  g.occupied[next] = 1;
  if (eats) {
    g.length++;
    g.eaten++;
    g.sinceFood = 0;
    g.food = -1;
    if (g.eaten >= SNAKE_MAX_FOOD) g.over = true;
  } else if (g.sinceFood > SNAKE_MOVE_LIMIT) g.over = true;
}

/**
 * The article's final function and terminal set: terminals `forward`, `left`, `right`; functions
 * (all arity 2, macro style: only the chosen branch runs) `ifFoodAhead`, `ifDangerAhead`,
 * `ifDangerRight`, `ifDangerLeft`, `progn2`, `ifDangerTwoAhead`, `ifFoodUp`, `ifFoodRight`,
 * `ifMovingRight`, `ifMovingLeft`, `ifMovingUp`, `ifMovingDown`. Primitive index = position in
 * this list.
 */
export function createSnakePrimitives(): GpPrimitiveSet {
  return createGpPrimitiveSet([
    ["forward", 0],
    ["left", 0],
    ["right", 0],
    ["ifFoodAhead", 2],
    ["ifDangerAhead", 2],
    ["ifDangerRight", 2],
    ["ifDangerLeft", 2],
    ["progn2", 2],
    ["ifDangerTwoAhead", 2],
    ["ifFoodUp", 2],
    ["ifFoodRight", 2],
    ["ifMovingRight", 2],
    ["ifMovingLeft", 2],
    ["ifMovingUp", 2],
    ["ifMovingDown", 2],
  ]);
}

function condition(g: SnakeGame, op: number): boolean {
  const h = snakeHead(g);
  switch (op) {
    case 3:
      return snakeFoodAhead(g);
    case 4:
      return snakeDangerAt(g, g.direction, 1);
    case 5:
      return snakeDangerAt(g, g.direction + 1, 1);
    case 6:
      return snakeDangerAt(g, g.direction + 3, 1);
    case 8:
      return snakeDangerAt(g, g.direction, 2);
    case 9:
      return g.food >= 0 && Math.floor(g.food / SNAKE_WIDTH) < Math.floor(h / SNAKE_WIDTH);
    case 10:
      return g.food >= 0 && g.food % SNAKE_WIDTH > h % SNAKE_WIDTH;
    case 11:
      return g.direction === 0;
    case 12:
      return g.direction === 2;
    case 13:
      return g.direction === 3;
    default:
      return g.direction === 1;
  }
}

/**
 * Runs one evaluation of a Snake program (prefix array over {@link createSnakePrimitives}):
 * terminals move the snake at once, `ifX(a, b)` runs `a` when X holds else `b`,
 * `progn2(a, b)` runs `a` then `b`. Returns the index after the program's root subtree (the
 * program's length for a well-formed program). Stops moving once the game is over.
 *
 * @param g - The game; the snake moves in place.
 * @param program - The program in prefix order (primitive ids of {@link createSnakePrimitives}); to run a subtree, pass it as its own array.
 */
export function runSnakeProgram(g: SnakeGame, program: ArrayLike<number>): number {
  return runSubtree(g, program, 0);
}

/** Runs the subtree of `program` rooted at `start`; returns the index after it. */
function runSubtree(g: SnakeGame, program: ArrayLike<number>, start: number): number {
  const op = program[start]!;
  if (op <= 2) {
    stepSnake(g, op);
    return start + 1;
  }
  if (op === 7) {
    const mid = runSubtree(g, program, start + 1);
    return runSubtree(g, program, mid);
  }
  const yes = condition(g, op);
  // Skip the branch that is not taken by walking its arity.
  let end = start + 1;
  if (yes) {
    end = runSubtree(g, program, end);
    return skip(program, end);
  }
  end = skip(program, end);
  return runSubtree(g, program, end);
}

function skip(program: ArrayLike<number>, start: number): number {
  let need = 1;
  let i = start;
  while (need > 0) {
    need += (program[i]! <= 2 ? 0 : 2) - 1;
    i++;
  }
  return i;
}

/**
 * Plays a whole game with `program` (re-evaluated until the game ends) and returns the article's
 * fitness, higher is better: food eaten, or when nothing was eaten, minus the Manhattan distance
 * to the food (the "distance penalty").
 * @param program - A prefix program over {@link createSnakePrimitives}; read only.
 * @param rng - Seeded generator for food placement (the game's only randomness).
 * @returns Food eaten (≥ 1), or minus the Manhattan distance in squares from head to food.
 */
export function playSnake(program: ArrayLike<number>, rng: Rng): number {
  const g = createSnakeGame(rng);
  let guard = 0;
  while (!g.over && guard++ < 100_000) runSnakeProgram(g, program);
  if (g.eaten > 0) return g.eaten;
  const h = snakeHead(g);
  const f = g.food < 0 ? h : g.food;
  return -(Math.abs((f % SNAKE_WIDTH) - (h % SNAKE_WIDTH)) + Math.abs(Math.floor(f / SNAKE_WIDTH) - Math.floor(h / SNAKE_WIDTH)));
}

/**
 * The article's multi-game fitness for primed runs: the mean of {@link playSnake} over one game
 * per seed (the article uses 4), which smooths out lucky food placement. Allocates one `Rng` per game.
 * @param program - A prefix program over {@link createSnakePrimitives}; read only.
 * @param seeds - One `createRng` seed per game, at least one.
 * @throws TacticaError `INVALID_ARGUMENT` when `seeds` is empty.
 */
export function playSnakeAverage(program: ArrayLike<number>, seeds: readonly number[]): number {
  if (seeds.length === 0) invalidArgument("@tactica/search: playSnakeAverage", "seeds", "is empty", "Pass at least one seed.");
  let sum = 0;
  for (const s of seeds) sum += playSnake(program, createRng(s));
  return sum / seeds.length;
}
