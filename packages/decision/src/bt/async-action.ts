import { BtStatus } from "./status";
import { resolveAction } from "./tick";
import type { BtActionContext } from "./types";

/** Options of {@link createAsyncAction}. */
export interface AsyncActionOptions<A> {
  /** Called with the agent and the node's `args` when the tree aborts the running action; default: nothing. */
  readonly abort?: (agent: A, args: Readonly<Record<string, unknown>>) => void;
}

/**
 * An asynchronous action for {@link BtBindings.actions}: on start it calls `start` and returns
 * Running; when the promise settles (true → success, false or rejection → failure) the node
 * finishes on the next evaluation. A late result from an aborted or restarted run is ignored. The
 * action is not polled, so an event-driven tree sleeps while it runs. Work in flight when the
 * tree is saved is started again after {@link restoreTree}. Allocates a promise per start (level 2).
 *
 * @param start - Starts the work for `agent` with the node's `args`; resolves `true` for success, `false` (or rejects) for failure.
 * @param options - `abort`: called when the tree aborts the running action (pre-empted or reset), to cancel the work.
 */
export function createAsyncAction<A>(
  start: (agent: A, args: Readonly<Record<string, unknown>>) => Promise<boolean>,
  options: AsyncActionOptions<A> = {},
): { tick: (ctx: BtActionContext<A>) => typeof BtStatus.Running; abort: (ctx: BtActionContext<A>) => void; polled: false } {
  return {
    polled: false,
    tick(ctx) {
      const state = ctx.state;
      const tree = ctx.tree;
      const n = ctx.node;
      if (ctx.started || state.inflight[n] === 0) {
        state.inflight[n] = 1;
        const gen = state.gen[n];
        const done = (ok: boolean): void => {
          if (state.gen[n] === gen && state.inflight[n] === 1) {
            state.inflight[n] = 0;
            resolveAction(state, tree, n, ok);
          }
        };
        start(ctx.agent, ctx.args).then(
          (ok) => done(ok === true),
          () => done(false),
        );
      }
      return BtStatus.Running;
    },
    abort(ctx) {
      options.abort?.(ctx.agent, ctx.args);
    },
  };
}
