import type { PlanningProblem } from "../ground/problem";
import { createStateStore, type StateStore } from "../ground/state-store";
import { createIdHeap, type IdHeap } from "./heap";

/** Scratch memory of the forward planners, one per problem, so warmed-up searches allocate nothing. @internal */
export interface Workspace {
  store: StateStore;
  heap: IdHeap;
  scratch: Uint32Array;
}

const cache = new WeakMap<PlanningProblem, Workspace>();

/** @internal */
export function workspaceOf(problem: PlanningProblem): Workspace {
  let ws = cache.get(problem);
  if (!ws) {
    ws = { store: createStateStore(problem.words), heap: createIdHeap(), scratch: new Uint32Array(problem.words) };
    cache.set(problem, ws);
  }
  return ws;
}
