import { NavMeshErrorCodes } from "../errors";
import { voxelError } from "./errors";

/** Stages of the voxel pipeline, in order, as reported to {@link BuildContext.onProgress}. */
export const BUILD_STAGES = ["rasterize", "filter", "compact", "erode", "areas", "distance", "regions", "contours", "polymesh", "detail", "navmesh"] as const;

/** One stage name of {@link BUILD_STAGES}. */
export type BuildStage = (typeof BUILD_STAGES)[number];

/**
 * A build context, like Recast's `rcContext`: everything a build reports or asks goes through it,
 * nothing is global. Every member is optional.
 */
export interface BuildContext {
  /** Called after each stage: the stage, how many stages are done and of how many (`done` of `total`). */
  readonly onProgress?: (stage: BuildStage, done: number, total: number) => void;
  /** Polled between stages (and inside rasterisation every 4,096 triangles); `true` aborts with `NAVMESH_CANCELLED`. */
  readonly isCancelled?: () => boolean;
  /** Log sink for warnings (e.g. a span with more than 62 layers in one column). */
  readonly log?: (level: "info" | "warn", message: string) => void;
  /** Injected clock in milliseconds for the stage timings (default: none, timings are 0). */
  readonly now?: () => number;
}

/** @internal Per-build bookkeeping over a {@link BuildContext}. */
export interface StageTimer {
  readonly ctx: BuildContext;
  readonly timings: Record<string, number>;
  last: number;
  done: number;
  readonly total: number;
}

/** @internal */
export function createStageTimer(ctx: BuildContext | undefined, total: number): StageTimer {
  const c = ctx ?? {};
  return { ctx: c, timings: {}, last: c.now ? c.now() : 0, done: 0, total };
}

/** @internal Throws `NAVMESH_CANCELLED` when the context asks to stop. */
export function checkCancelled(t: StageTimer, fn: string): void {
  if (t.ctx.isCancelled && t.ctx.isCancelled())
    throw voxelError(NavMeshErrorCodes.Cancelled, fn, `the build was cancelled (after ${t.done} of ${t.total} stages).`);
}

/** @internal Records the end of a stage: timing, progress callback, cancellation check. */
export function endStage(t: StageTimer, stage: BuildStage, fn: string): void {
  const now = t.ctx.now ? t.ctx.now() : 0;
  t.timings[stage] = (t.timings[stage] ?? 0) + (now - t.last);
  t.last = now;
  t.done++;
  if (t.ctx.onProgress) t.ctx.onProgress(stage, t.done, t.total);
  checkCancelled(t, fn);
}
