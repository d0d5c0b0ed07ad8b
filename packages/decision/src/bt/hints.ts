import { assertInteger } from "@tactica/core";
import { ownValue } from "../definition-error";
import { BtStatus } from "./status";
import type { BehaviorTree, BtState } from "./types";

/** @internal Sets hint `id` of `state` and re-sorts the selectors that depend on it. */
export function setHintById<A>(state: BtState, tree: BehaviorTree<A>, id: number, value: number): void {
  if (state.hints[id] === value) return;
  state.hints[id] = value;
  state.wake = true;
  const sels = tree.hintSelectors[id]!;
  for (let i = 0; i < sels.length; i++) resortSelector(state, tree, sels[i]!);
}

function resortSelector<A>(state: BtState, t: BehaviorTree<A>, s: number): void {
  const start = t.childStart[s]!;
  const cnt = t.childCount[s]!;
  const running = state.status[s] === BtStatus.Running ? t.children[start + state.order[start + state.cursor[s]!]!]! : -1;
  const out = state.scratch;
  let k = 0;
  for (let pass = 1; pass >= -1; pass--) {
    for (let p = 0; p < cnt; p++) {
      const h = t.hint[t.children[start + p]!]!;
      const v = h >= 0 ? state.hints[h]! : 0;
      if (v === pass) out[k++] = p;
    }
  }
  for (let p = 0; p < cnt; p++) {
    state.order[start + p] = out[p]!;
    if (running >= 0 && t.children[start + out[p]!] === running) state.cursor[s] = p;
  }
}

/**
 * Hinted execution: sets hint `name` to `"positive"` (the named branches move to the front of
 * their selectors), `"negative"` (to the back) or `"neutral"` (back to the default position);
 * each group keeps the authored relative order. Hint conditions see the value at once. Returns
 * false when the tree has no such hint. O(selectors using the hint × children).
 * @param state - The running state whose hint and selector orders are changed in place; the tree is woken.
 * @param tree - The compiled tree `state` belongs to; gives the hint's index and the selectors that use it.
 * @param name - Hint name as written in the definition's `hint` fields.
 * @param value - `"positive"` moves the hinted branches to the front of their selectors, `"negative"` to the back, `"neutral"` back to the authored place.
 */
export function setTreeHint<A>(state: BtState, tree: BehaviorTree<A>, name: string, value: "positive" | "negative" | "neutral"): boolean {
  const id = ownValue(tree.hintIndex, name);
  if (id === undefined) return false;
  setHintById(state, tree, id, value === "positive" ? 1 : value === "negative" ? -1 : 0);
  return true;
}

/**
 * Sets every hint of `state` to neutral (the authored order).
 * @param state - The running state whose hints are all set to neutral in place.
 * @param tree - The compiled tree `state` belongs to.
 */
export function clearTreeHints<A>(state: BtState, tree: BehaviorTree<A>): void {
  for (let i = 0; i < state.hints.length; i++) setHintById(state, tree, i, 0);
}

/**
 * Current evaluation order of a selector's children (node indices), e.g. after hints. Allocates
 * the returned array (level 2; the order lives in `state.order`).
 * @param state - The running state holding the current child order; read only.
 * @param tree - The compiled tree `state` belongs to.
 * @param node - Node index of a selector (0 to `tree.nodeCount - 1`); for a node without children the result is empty.
 * @throws TacticaError `INVALID_ARGUMENT` when `node` is `undefined`, not an integer or not a node of `tree`.
 */
export function getSelectorOrder<A>(state: BtState, tree: BehaviorTree<A>, node: number): number[] {
  if (node >>> 0 !== node || node >= tree.nodeCount) assertInteger("@tactica/decision: getSelectorOrder", "node", node, 0, tree.nodeCount - 1);
  const start = tree.childStart[node]!;
  const out: number[] = [];
  for (let p = 0; p < tree.childCount[node]!; p++) out.push(tree.children[start + state.order[start + p]!]!);
  return out;
}
