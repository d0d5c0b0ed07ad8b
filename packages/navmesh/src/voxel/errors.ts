import type { TacticaError } from "@tactica/core";
import { navMeshError, show, type NavMeshErrorCode } from "../errors";

/** @internal A navmesh error from the voxel generator, located by `path` when given. */
export function voxelError(code: NavMeshErrorCode, fn: string, message: string, path?: string): TacticaError {
  return navMeshError(code, fn, message, path === undefined ? {} : { path });
}

/** @internal Formats any input value for an error message without calling its own methods. */
export const showValue = show;
