/**
 * `@tactica/core`: the math and data-structure floor every Tactica package stands on.
 *
 * - Vectors: {@link Vec2} / {@link Vec3} as plain `{x, y}` / `{x, y, z}` objects with
 *   allocation-free functions (`out` first) — three.js, Phaser and PixiJS vectors work as they are.
 * - Geometry: angles and frames, segments, rays, circles, AABBs, polygons, convex hulls.
 * - Spatial indexes: a uniform {@link SpatialHash} and a 2D/3D {@link KdTree}.
 * - Collections: binary heap, indexed heap with decrease-key, bucket queue, bitset, ring buffer.
 * - Randomness: the seeded, serializable {@link Rng} and its distributions.
 * - Response curves for utility AI and perception, defined as plain JSON.
 * - {@link TacticaError}, argument validation, the {@link DebugDraw} interface, frame budgets.
 *
 * @packageDocumentation
 */
export * from "./errors";
export * from "./validate";
export * from "./scalar";
export * from "./vec2";
export * from "./vec3";
export * from "./angle";
export * from "./frame";
export * from "./segment";
export * from "./ray";
export * from "./circle";
export * from "./aabb";
export * from "./polygon";
export * from "./convex-hull";
export * from "./spatial-hash";
export * from "./kd-tree";
export * from "./binary-heap";
export * from "./indexed-heap";
export * from "./bucket-queue";
export * from "./bitset";
export * from "./ring-buffer";
export * from "./rng";
export * from "./response-curve";
export * from "./debug-draw";
export * from "./frame-budget";
