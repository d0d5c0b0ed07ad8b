/**
 * A line-of-sight test between two points in world units: `true` when nothing blocks the segment
 * from `(x0, y0)` to `(x1, y1)`. Supply your own raycast (physics engine, navmesh) or build one for
 * a grid with {@link gridLineOfSight}.
 */
export type LineOfSight = (x0: number, y0: number, x1: number, y1: number) => boolean;

/**
 * How much of a sound passes between two points: `1` for a clear path, `0` for a fully blocked one,
 * anything between for partial occlusion (a door, a thin wall). Values are clamped to [0, 1].
 */
export type Occlusion = (x0: number, y0: number, x1: number, y1: number) => number;
