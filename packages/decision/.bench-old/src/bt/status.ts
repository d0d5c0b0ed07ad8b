/**
 * Node results. `Idle` is the state of a node that is not running (never entered, finished, or
 * aborted); a tick returns `Success`, `Failure` or `Running`.
 */
export const BtStatus = {
  /** Not running (never ticked, finished earlier, or aborted). In traces: the node was aborted. */
  Idle: 0,
  /** Finished successfully. */
  Success: 1,
  /** Finished unsuccessfully. */
  Failure: 2,
  /** Still working; ticked again on the next tick. */
  Running: 3,
} as const;

/** One of the values of {@link BtStatus}. */
export type BtStatusValue = (typeof BtStatus)[keyof typeof BtStatus];

/** What an action returns from a tick: success, failure or running. */
export type BtTickResult = typeof BtStatus.Success | typeof BtStatus.Failure | typeof BtStatus.Running;
