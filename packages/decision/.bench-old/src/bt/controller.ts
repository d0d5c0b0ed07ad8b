import { invalidArgument } from "@tactica/core";
import { clearTreeHints, tickTree, type BtInstance } from "./instance";
import type { BtStatusValue } from "./status";

/**
 * A hinted-execution behaviour controller: a stack of tree instances, level 0 the base tree
 * (actions), higher levels steering the level directly below through `hinter` nodes. Each
 * update runs top-down, so hints sent at level k in a tick already shape level k−1's choice in
 * the same tick.
 */
export interface HintedController {
  /** Levels, bottom (base behaviour) first. */
  readonly levels: BtInstance<unknown>[];
}

/** Creates a controller over `base` (level 0) and optional higher levels, bottom first. */
export function createHintedController(base: BtInstance<unknown>, ...higher: BtInstance<unknown>[]): HintedController {
  const c: HintedController = { levels: [] };
  pushHintLevel(c, base);
  for (const h of higher) pushHintLevel(c, h);
  return c;
}

/** Pushes a higher-level tree on top; it hints the current top level. */
export function pushHintLevel(c: HintedController, inst: BtInstance<unknown>): void {
  if (c.levels.includes(inst)) invalidArgument("@tactica/decision: pushHintLevel", "inst", "is already in the controller", "Push each instance once.");
  inst.hintTarget = c.levels[c.levels.length - 1] ?? null;
  c.levels.push(inst);
}

/**
 * Pops the top level and returns it; the level below gets all its hints reset to neutral, so
 * its behaviour is exactly the authored one again from the next tick. Never pops the base.
 */
export function popHintLevel(c: HintedController): BtInstance<unknown> | undefined {
  if (c.levels.length <= 1) return undefined;
  const top = c.levels.pop()!;
  top.hintTarget = null;
  clearTreeHints(c.levels[c.levels.length - 1]!);
  return top;
}

/** Ticks every level top-down with `dt` seconds; returns the base tree's root status. No allocation. */
export function tickHintedController(c: HintedController, dt: number): BtStatusValue {
  for (let i = c.levels.length - 1; i > 0; i--) tickTree(c.levels[i]!, dt);
  return tickTree(c.levels[0]!, dt);
}
