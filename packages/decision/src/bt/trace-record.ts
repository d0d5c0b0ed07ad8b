import type { BtState } from "./types";

/** @internal Appends a (node, status) pair to the state's trace; sets `traceOverflow` when full. */
export function recordTrace(state: BtState, n: number, s: number): void {
  const len = state.traceLength;
  if (len + 2 > state.trace.length) {
    if (state.trace.length > 0) state.traceOverflow = true;
    return;
  }
  state.trace[len] = n;
  state.trace[len + 1] = s;
  state.traceLength = len + 2;
}
