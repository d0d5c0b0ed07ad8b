import type { BtStatusValue } from "./status";
import type { BehaviorTree, BtState } from "./types";

/** One entry of a readable tick trace. */
export interface BtTraceEntry {
  /** Node index. */
  node: number;
  /** Node type. */
  type: string;
  /** Node name (`""` when unnamed). */
  name: string;
  /** JSON path of the node in the definition. */
  path: string;
  /** Result of the visit; `Idle` (0) means the node was aborted. */
  status: BtStatusValue;
}

/**
 * The trace of the last evaluation as readable entries, in completion order (children before
 * their parents). Needs `traceCapacity` > 0 at creation. Allocates (level 2; the raw pairs are in
 * `state.trace`).
 * @param state - The running state whose trace buffer (filled when `traceCapacity` > 0) is read; not changed.
 * @param tree - The compiled tree `state` belongs to; gives the nodes' types, names and JSON paths.
 */
export function readTreeTrace<A>(state: BtState, tree: BehaviorTree<A>): BtTraceEntry[] {
  const t = tree;
  const inst = state;
  const out: BtTraceEntry[] = [];
  for (let i = 0; i < inst.traceLength; i += 2) {
    const node = inst.trace[i]!;
    out.push({ node, type: t.types[node]!, name: t.names[node]!, path: t.paths[node]!, status: inst.trace[i + 1]! as BtStatusValue });
  }
  return out;
}
