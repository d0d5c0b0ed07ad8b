import { TacticaError } from "@tactica/core";
import { NavMeshErrorCodes } from "../errors";

/** Current version of {@link NavpointParamsJson}. */
export const NAVPOINT_PARAMS_JSON_VERSION = 1;

/**
 * The numeric parameters of a navpoint graph build (C.4: one set per agent class, e.g. wheeled
 * vehicles versus kangaroos), as versioned JSON so level files keep loading when fields are added.
 * The ground (`heightAt`) and wall test are code and are not stored.
 */
export interface NavpointParams {
  /** Pairs farther apart than this (planar) are never tested. */
  readonly maxRadius: number;
  /** Pairs with a larger height difference are never tested. */
  readonly maxVertical: number;
  /** Largest rise between two samples. */
  readonly maxStepUp: number;
  /** Largest descent per horizontal unit (`Infinity`: any drop). */
  readonly maxDropSlope: number;
  /** Sampling step along a segment. */
  readonly sampleStep: number;
  /** Direction-pruning angle in radians (0 = off). */
  readonly pruneAngle: number;
}

/** JSON form of {@link NavpointParams}; `maxDropSlope: null` stands for `Infinity`. */
export interface NavpointParamsJson {
  /** Always `"tactica-navpoint-params"`. */
  readonly format: "tactica-navpoint-params";
  /** Format version ({@link NAVPOINT_PARAMS_JSON_VERSION}). */
  readonly version: number;
  /** See {@link NavpointParams.maxRadius}. */
  readonly maxRadius: number;
  /** See {@link NavpointParams.maxVertical}. */
  readonly maxVertical: number;
  /** See {@link NavpointParams.maxStepUp}. */
  readonly maxStepUp: number;
  /** See {@link NavpointParams.maxDropSlope}; `null` = no limit. */
  readonly maxDropSlope: number | null;
  /** See {@link NavpointParams.sampleStep}. */
  readonly sampleStep: number;
  /** See {@link NavpointParams.pruneAngle}; optional (default 0). */
  readonly pruneAngle?: number;
}

/**
 * The JSON form of navpoint build parameters (a plain object).
 *
 * @param params - the numeric build parameters (not validated here: `navpointParamsFromJson` checks them); `maxDropSlope` `Infinity` is written as `null`
 */
export function navpointParamsToJson(params: NavpointParams): NavpointParamsJson {
  return {
    format: "tactica-navpoint-params",
    version: NAVPOINT_PARAMS_JSON_VERSION,
    maxRadius: params.maxRadius,
    maxVertical: params.maxVertical,
    maxStepUp: params.maxStepUp,
    maxDropSlope: params.maxDropSlope === Infinity ? null : params.maxDropSlope,
    sampleStep: params.sampleStep,
    pruneAngle: params.pruneAngle,
  };
}

function fail(path: string, message: string): never {
  throw new TacticaError(NavMeshErrorCodes.Format, `@tactica/navmesh: navpointParamsFromJson: ${message}`, { path });
}

/**
 * Reads {@link NavpointParamsJson}, validating every field first; spread the result with a
 * `heightAt` into `buildNavpointGraph`. Fields added after version 1 get their defaults when
 * absent, so older files keep loading; a newer version throws `NAVMESH_FORMAT` (path `$.version`).
 *
 * @param json - parsed JSON from `navpointParamsToJson` (format `"tactica-navpoint-params"`, version ≤ current); anything else throws `NAVMESH_FORMAT` naming the JSON path
 *
 * @example
 * ```ts
 * const params = navpointParamsFromJson({ format: "tactica-navpoint-params", version: 1, maxRadius: 8, maxVertical: 2, maxStepUp: 0.4, maxDropSlope: null, sampleStep: 0.25 });
 * params.maxDropSlope; // Infinity
 * const graph = buildNavpointGraph([0, 0, 0, 5, 0, 0], { ...params, heightAt: () => 0 });
 * ```
 */
export function navpointParamsFromJson(json: unknown): NavpointParams {
  if (json === null || typeof json !== "object" || Array.isArray(json)) fail("$", "expected an object { format, version, maxRadius, … }.");
  const j = json as Record<string, unknown>;
  if (j["format"] !== "tactica-navpoint-params") fail("$.format", `"format" must be "tactica-navpoint-params".`);
  const version = j["version"];
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1) fail("$.version", `"version" must be an integer ≥ 1.`);
  if (version > NAVPOINT_PARAMS_JSON_VERSION)
    fail("$.version", `version ${version} is newer than this library reads (${NAVPOINT_PARAMS_JSON_VERSION}); update @tactica/navmesh.`);
  const num = (key: string, min: number, positive = false): number => {
    const v = j[key];
    if (typeof v !== "number" || !Number.isFinite(v) || v < min || (positive && v === 0) || v > 1e12)
      fail(`$.${key}`, `"${key}" must be a finite number ${positive ? ">" : "≥"} ${min}.`);
    return v;
  };
  const drop = j["maxDropSlope"];
  let maxDropSlope = Infinity;
  if (drop !== null) maxDropSlope = num("maxDropSlope", 0);
  const prune = j["pruneAngle"] === undefined ? 0 : num("pruneAngle", 0);
  if (prune > Math.PI) fail("$.pruneAngle", `"pruneAngle" must be in 0..π.`);
  return {
    maxRadius: num("maxRadius", 0),
    maxVertical: num("maxVertical", 0),
    maxStepUp: num("maxStepUp", 0),
    maxDropSlope,
    sampleStep: num("sampleStep", 0, true),
    pruneAngle: prune,
  };
}
