import { SliceFlags, type SliceCounters, type SlicedTask } from "@tactica/core";
import { chooseUtility, type ChooseUtilityOptions, type UtilitySet, type UtilityState } from "./utility-set";

/**
 * {@link chooseUtilityBatch} in slices, as a core `SlicedTask` for the core frame-budget
 * scheduler. One unit = one agent scored and chosen for. The task walks the agents from `cursor`;
 * when it reaches the end the job is `Done` and the next job starts again at agent 0.
 */
export interface UtilityBatchTask extends SlicedTask {
  /** Current choice per agent (input and output, as in {@link chooseUtilityBatch}). */
  readonly current: Int32Array;
  /** Scratch state shared by the agents. */
  readonly state: UtilityState;
  /** The compiled decision. */
  readonly set: UtilitySet;
  /** Packed inputs, `set.inputCount` per agent; replace between jobs when the world changes. */
  inputs: ArrayLike<number>;
  /** Next agent to score. */
  cursor: number;
}

/**
 * Wraps a batch utility choice as a `SlicedTask`: a slice of budget `k` chooses for agents
 * `cursor … cursor + k − 1` exactly as {@link chooseUtilityBatch} would (same order, same `rng`
 * draws), so a job split into any slices ends with the same `current` as one batch call. No
 * allocation per slice.
 *
 * @param current - One choice per agent (option index or -1), read and overwritten as in {@link chooseUtilityBatch}; kept by the task, its
 *   length is the agent count.
 * @param state - Scratch state from {@link createUtilityState} shared by the agents; kept by the task.
 * @param set - The compiled utility set; kept by the task.
 * @param inputs - Packed inputs, `set.inputCount` per agent; kept as `task.inputs` (replace it between jobs when the world changes).
 * @param options - `rng`, required by the relative and dual modes; `offset` is ignored.
 * @example
 * ```ts
 * const set = createUtilitySet({
 *   version: 1,
 *   inputs: ["health"],
 *   options: [
 *     { name: "heal", considerations: [{ input: "health", curve: { type: "linear", m: -1, b: 1, input: { min: 0, max: 100 } } }] },
 *     { name: "fight", considerations: [{ input: "health", curve: { type: "linear", input: { min: 0, max: 100 } } }] },
 *   ],
 * });
 * const current = new Int32Array(4).fill(-1);
 * const task = createUtilityBatchTask(current, createUtilityState(set), set, [10, 90, 30, 70]);
 * const scheduler = createScheduler({ frameBudget: 2 }); // 2 agents per frame
 * addScheduledTask(scheduler, task, { module: "decision", rate: 5 }); // a fresh pass 5 times a second
 * runSchedulerFrame(scheduler, 1 / 60);
 * runSchedulerFrame(scheduler, 1 / 60);
 * Array.from(current); // → [0, 1, 0, 1] (heal, fight, heal, fight)
 * ```
 */
export function createUtilityBatchTask(
  current: Int32Array,
  state: UtilityState,
  set: UtilitySet,
  inputs: ArrayLike<number>,
  options?: ChooseUtilityOptions,
): UtilityBatchTask {
  const opts: ChooseUtilityOptions = { offset: 0 };
  if (options?.rng !== undefined) opts.rng = options.rng;
  const task: UtilityBatchTask = {
    current,
    state,
    set,
    inputs,
    cursor: 0,
    step(budget: number, counters: SliceCounters): number {
      const n = current.length;
      const stride = set.inputCount;
      const from = task.cursor < n ? task.cursor : n;
      const to = n - from < budget ? n : from + budget;
      for (let a = from; a < to; a++) {
        state.current = current[a]!;
        opts.offset = a * stride;
        const pick = chooseUtility(state, set, task.inputs, opts);
        if (pick >= 0) current[a] = pick;
      }
      counters.units += to - from;
      if (to < n) {
        task.cursor = to;
        return SliceFlags.Partial;
      }
      task.cursor = 0;
      return SliceFlags.Done;
    },
  };
  return task;
}
