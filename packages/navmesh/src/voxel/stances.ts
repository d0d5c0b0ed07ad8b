import { voxelConfigFromWorld, type VoxelConfig, type WorldVoxelConfig } from "./config";
import { NavMeshErrorCodes } from "../errors";
import { showValue, voxelError } from "./errors";

/**
 * An agent parameter set (Game AI Pro 3, chapter 32, Listing 32.1), in metres and radians.
 */
export interface AgentParameterSet {
  /** Collision radius. [Units: m] */
  readonly radius: number;
  /** Height of the collision cylinder. [Units: m] */
  readonly height: number;
  /** Highest step. [Units: m] */
  readonly maxStepHeight: number;
  /** Steepest slope. [Units: rad] (swim stores a full turn, 2π: any slope) */
  readonly maxSlopeRad: number;
  /** Least water depth the stance needs. [Units: m] */
  readonly minWaterDepth: number;
  /** Most water depth the stance tolerates. [Units: m] */
  readonly maxWaterDepth: number;
}

/** Names of the chapter 32 stance presets. */
export type StanceName = "stand" | "crouch" | "prone" | "swim" | "sidestep";

/**
 * The stance parameter sets of chapter 32, Tables 32.1–32.4, as data. Prone has radius 1.0 m,
 * half the standing height, as Table 32.2 shows (the text's "doubled" is an erratum); swim stores
 * its "360°" slope as 2π and its step as maxWaterDepth − minWaterDepth = 48.5 m (Eq. 32.1);
 * sidestep is standing with the radius halved to 0.2 m.
 */
export const StancePresets: Readonly<Record<StanceName, AgentParameterSet>> = Object.freeze({
  stand: Object.freeze({ radius: 0.4, height: 2.0, maxStepHeight: 0.5, maxSlopeRad: 0.5, minWaterDepth: 0, maxWaterDepth: 1.5 }),
  crouch: Object.freeze({ radius: 0.4, height: 1.2, maxStepHeight: 0.25, maxSlopeRad: 0.35, minWaterDepth: 0, maxWaterDepth: 0.7 }),
  prone: Object.freeze({ radius: 1.0, height: 0.5, maxStepHeight: 0.1, maxSlopeRad: 0.15, minWaterDepth: 0, maxWaterDepth: 0.35 }),
  swim: Object.freeze({ radius: 1.0, height: 0.5, maxStepHeight: 48.5, maxSlopeRad: 2 * Math.PI, minWaterDepth: 1.5, maxWaterDepth: 50 }),
  sidestep: Object.freeze({ radius: 0.2, height: 2.0, maxStepHeight: 0.5, maxSlopeRad: 0.5, minWaterDepth: 0, maxWaterDepth: 1.5 }),
});

/** Quality settings of {@link voxelConfigFromAgent}: the world settings without the agent. */
export type VoxelQuality = Omit<WorldVoxelConfig, "agentHeight" | "agentRadius" | "agentMaxClimb" | "agentMaxSlope">;

/**
 * Voxel configuration for an agent parameter set under the given cell size and quality settings.
 * Slopes of 90° or more (swim's 2π) become the steepest slope the generator accepts (89.9°).
 *
 * @param agent - The stance's agent: `radius`, `height`, `maxStepHeight` (metres, finite, ≥ 0) and `maxSlopeRad` (radians; ≥ π/2 becomes 89.9°), e.g. from `StancePresets`.
 * @param quality - The world settings without the agent (`cellSize`, `cellHeight` and the optional quality settings of `voxelConfigFromWorld`).
 *
 * @example
 * ```ts
 * const crouch = voxelConfigFromAgent(StancePresets.crouch, { cellSize: 0.2, cellHeight: 0.1 });
 * crouch.walkableHeight; // 12 voxels (1.2 m)
 * ```
 */
export function voxelConfigFromAgent(agent: AgentParameterSet, quality: VoxelQuality): VoxelConfig {
  const fn = "voxelConfigFromAgent";
  if (agent === null || typeof agent !== "object")
    throw voxelError(NavMeshErrorCodes.Config, fn, "expected an agent parameter set (see StancePresets).", "agent");
  for (const k of ["radius", "height", "maxStepHeight", "maxSlopeRad"] as const) {
    const v = agent[k];
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
      throw voxelError(NavMeshErrorCodes.Config, fn, `agent "${k}" must be a finite number >= 0, got ${showValue(v)}.`, k);
  }
  return voxelConfigFromWorld({
    ...quality,
    agentHeight: agent.height,
    agentRadius: agent.radius,
    agentMaxClimb: agent.maxStepHeight,
    agentMaxSlope: Math.min((agent.maxSlopeRad * 180) / Math.PI, 89.9),
  });
}
