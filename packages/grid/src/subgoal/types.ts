import type { IndexedHeap } from "@tactica/core";
import type { Grid } from "../model/grid";

// Types shared by the subgoal-graph files (kept apart so subgoal-graph and subgoal-internal do not import each other).

/**
 * A simple subgoal graph (Uras & Koenig, chapter 15): the convex corners of obstacles
 * ("subgoals") joined by edges between every pair that is *direct-h-reachable* (an octile-length
 * path between them exists, none passes another subgoal, so any move order works). A query first
 * tries the direct diagonal-first path, otherwise connects start and goal to the subgoals they
 * directly reach and runs A* on the small graph. Optimal on 8-connected, uniform-cost grids
 * without corner cutting (the Moving AI rule). Plain data; rebuilt automatically after edits.
 */
export interface SubgoalGraph {
  /** The grid. */
  readonly grid: Grid;
  /** Padded width. */
  readonly pw: number;
  /** Padded passability used by the graph. */
  readonly open: Uint8Array;
  /** 1 where a padded cell is a subgoal. */
  readonly isSubgoal: Uint8Array;
  /**
   * Cardinal clearances (chapter 15: moves before reaching a subgoal or being blocked),
   * precomputed: entry `(d >> 1) × cells + p` for direction `d` = 0 (north), 2 (east), 4 (south),
   * 6 (west) from padded cell `p`. 8 bytes per cell; they speed up connecting start and goal.
   */
  clear: Uint16Array;
  /** Graph node of each padded cell, or -1. */
  readonly nodeOf: Int32Array;
  /** Padded cell of each node. */
  nodeCell: Int32Array;
  /** Padded x of each node (the search's heuristic reads coordinates, not cells). */
  nodeX: Int32Array;
  /** Padded y of each node. */
  nodeY: Int32Array;
  /** Number of subgoals. */
  count: number;
  /** CSR offsets of each node's edges (`count + 1`). */
  edgeStart: Int32Array;
  /** Edge targets. */
  edgeTo: Int32Array;
  /** Edge costs (octile distances). */
  edgeCost: Float64Array;
  /** {@link Grid.version} the graph was built for. */
  builtVersion: number;
  /** 1 for every node (+2): the simple graph searches every subgoal (read by the search it shares with the levelled graphs). */
  searchable: Uint8Array;
  /** Query scratch: g per node (+2 for start and goal). */
  g: Float64Array;
  /** Query scratch: parent per node. */
  parent: Int32Array;
  /** Query scratch: closed stamps. */
  closed: Uint32Array;
  /** Query scratch: reached stamps (`g` is valid where it holds the current stamp). */
  seen: Uint32Array;
  /** Query scratch: stamp. */
  stamp: number;
  /** Query open list. */
  heap: IndexedHeap;
  /** Query scratch: cost from a subgoal to the goal when direct-h-reachable, else Infinity. */
  toGoal: Float64Array;
  /** Scratch list of direct-h-reachable subgoals (node ids). */
  reach: Int32Array;
  /** Scratch list of the goal's direct-h-reachable subgoals. */
  goalReach: Int32Array;
  /** One-slot scratch for distances (keeps fractions out of function returns, which V8 may box). */
  readonly tmp: Float64Array;
  /** Nodes expanded by the last query. */
  expanded: number;
}
