/**
 * `@tactica/steering`: steering behaviours, flocking, context steering, anticipatory avoidance,
 * ORCA and structure-of-arrays crowds.
 *
 * - Single agents: {@link SteeringAgent} plain data, {@link applySteeringForce}, and the Reynolds
 *   behaviours (seek, flee, arrive, pursue, evade, intercept, wander, obstacle and wall avoidance,
 *   interpose, hide, path and flow-field following, offset pursuit, flocking with view arcs,
 *   chasing, pattern movement, Lennard-Jones potential fields), each writing a force into `out`.
 * - Combination: weighted truncated sum, prioritised truncated running sum, prioritised dithering.
 * - Crowds: the structure-of-arrays {@link Crowd} with stable integer handles and fixed-`dt` steps
 *   for boids, chapter 19's time-to-collision forces, ORCA with RVO2's semantics, flow fields with
 *   congestion and potential fields; neighbour queries through core's spatial hash.
 * - Context steering (interest/danger maps) and its 1D racing-line variant; slot formations.
 *
 * Level-1 functions never allocate after creation; determinism comes from core's `Rng` and `dt`.
 *
 * @packageDocumentation
 */
export * from "./agent";
export * from "./behaviours/seek";
export * from "./behaviours/arrive";
export * from "./behaviours/pursuit";
export * from "./behaviours/wander";
export * from "./behaviours/obstacle-avoidance";
export * from "./behaviours/wall-avoidance";
export * from "./behaviours/hide";
export * from "./behaviours/path-following";
export * from "./behaviours/flocking";
export * from "./behaviours/flow-field";
export * from "./behaviours/chase";
export * from "./behaviours/pattern-movement";
export * from "./behaviours/potential-field";
export * from "./combine";
export * from "./crowd/crowd";
export * from "./crowd/boids";
export * from "./crowd/ttc";
export * from "./crowd/orca-lp";
export * from "./crowd/orca";
export * from "./context/context-map";
export * from "./context/racing-line";
export * from "./crowd/potential";
export * from "./crowd/flow";
export * from "./formation/formation";
export * from "./formation/group";
