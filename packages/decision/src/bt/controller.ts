import { invalidArgument } from "@tactica/core";
import { closeRun, openRun } from "./context";
import { clearTreeHints } from "./hints";
import { checkTreeState } from "./state";
import type { BtStatusValue } from "./status";
import { tickRun } from "./tick";
import type { BehaviorTree, BtState } from "./types";

/** One level of a {@link HintedController}: a compiled tree, its state and the agent it runs for. */
export interface HintLevel {
  /** The compiled tree. */
  readonly tree: BehaviorTree<unknown>;
  /** Its running state. */
  readonly state: BtState;
  /** The agent passed to its actions and conditions. */
  readonly agent: unknown;
}

/**
 * Makes a {@link HintLevel} from a tree of any agent type, its state and its agent (checks that
 * the state belongs to the tree).
 *
 * @param tree - The compiled tree of this level.
 * @param state - Its running state from {@link createTreeState}; must belong to `tree`.
 * @param agent - The agent passed to the level's actions and conditions.
 * @throws TacticaError `INVALID_ARGUMENT` when `state` was not created for `tree`.
 */
export function createHintLevel<A>(tree: BehaviorTree<A>, state: BtState, agent: A): HintLevel {
  checkTreeState("createHintLevel", tree as BehaviorTree<unknown>, state);
  return { tree: tree as BehaviorTree<unknown>, state, agent };
}

/**
 * A hinted-execution behaviour controller: a stack of trees, level 0 the base tree (actions),
 * higher levels steering the level directly below through `hinter` nodes. Each update runs
 * top-down, so hints sent at level k in a tick already shape level k−1's choice in the same tick.
 * The levels' states are plain data; the controller itself only lists them.
 */
export interface HintedController {
  /** Levels, bottom (base behaviour) first. */
  readonly levels: HintLevel[];
}

/**
 * Creates a controller over `base` (level 0) and optional higher levels, bottom first.
 * @param base - Level 0, the tree whose actions act; its root status is what the controller returns.
 * @param higher - Higher levels, bottom first; each hints the level directly below it.
 */
export function createHintedController(base: HintLevel, ...higher: HintLevel[]): HintedController {
  const c: HintedController = { levels: [] };
  pushHintLevel(c, base);
  for (const h of higher) pushHintLevel(c, h);
  return c;
}

/**
 * Pushes a higher-level tree on top; it hints the current top level.
 *
 * @param c - The controller; the level is appended on top of its stack.
 * @param level - The new top level (from {@link createHintLevel}); its state must not already be in the controller.
 * @throws TacticaError `INVALID_ARGUMENT` when the level's state is already in the controller or belongs to another tree.
 */
export function pushHintLevel(c: HintedController, level: HintLevel): void {
  const where = "pushHintLevel";
  checkTreeState(where, level.tree, level.state);
  if (c.levels.some((l) => l.state === level.state))
    invalidArgument(`@tactica/decision: ${where}`, "level.state", "is already in the controller", "Push each state once.");
  c.levels.push(level);
}

/**
 * Pops the top level and returns it; the level below gets all its hints reset to neutral, so
 * its behaviour is exactly the authored one again from the next tick. Never pops the base.
 * @param c - The controller; its top level is removed (the base is never removed) and the new top's hints are cleared.
 */
export function popHintLevel(c: HintedController): HintLevel | undefined {
  if (c.levels.length <= 1) return undefined;
  const top = c.levels.pop()!;
  const below = c.levels[c.levels.length - 1]!;
  clearTreeHints(below.state, below.tree);
  return top;
}

/**
 * Ticks every level top-down with `dt` seconds; returns the base tree's root status. No allocation.
 * @param c - The controller whose levels are ticked, top level first.
 * @param dt - Frame time in seconds, finite and >= 0; added to every level's tree time.
 */
export function tickHintedController(c: HintedController, dt: number): BtStatusValue {
  if (!(dt >= 0) || dt === Infinity) {
    invalidArgument("@tactica/decision: tickHintedController", "dt", `must be a finite number >= 0 but is ${String(dt)}`, "Pass the frame time in seconds.");
  }
  const levels = c.levels;
  for (let i = levels.length - 1; i > 0; i--) {
    const l = levels[i]!;
    const below = levels[i - 1]!;
    const run = openRun("tickHintedController", l.state, l.tree, l.agent);
    try {
      run.hintTree = below.tree;
      run.hintState = below.state;
      tickRun(run, dt);
    } finally {
      closeRun();
    }
  }
  const base = levels[0]!;
  const run = openRun("tickHintedController", base.state, base.tree, base.agent);
  try {
    return tickRun(run, dt);
  } finally {
    closeRun();
  }
}
