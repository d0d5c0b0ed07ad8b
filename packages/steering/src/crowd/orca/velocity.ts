import type { Vec2 } from "@tactica/core";
import type { Crowd } from "../crowd";
import { addOrcaAgentLines } from "./agent-lines";
import { orcaLinearProgram2At, orcaLinearProgram3At, orcaLpArgs } from "./linear-program";
import { addOrcaObstacleLines } from "./obstacle-lines";
import type { Orca } from "./types";

const result: Vec2 = { x: 0, y: 0 };

/**
 * Solves the lines in `orca.lines` for slot `i` (the first `numObstLines` are obstacle lines,
 * kept hard): linear program 2 towards the preferred velocity within `maxSpeed`, falling back to
 * linear program 3 when infeasible. Writes `orca.newVelX/newVelY[i]`; a non-finite result (only
 * from a non-finite preferred velocity) gives zero. Returns true when LP3 was needed.
 */
function solveOrcaLines(orca: Orca, crowd: Crowd, i: number, numObstLines: number): boolean {
  const lines = orca.lines;
  const ms = crowd.maxSpeed[i] as number;
  const total = lines.count;
  // The radius and preferred velocity go through orcaLpArgs (fractional arguments would be boxed).
  orcaLpArgs[0] = ms;
  orcaLpArgs[1] = crowd.prefVelX[i] as number;
  orcaLpArgs[2] = crowd.prefVelY[i] as number;
  const fail = orcaLinearProgram2At(lines, total, false, result);
  let infeasible = false;
  if (fail < total) {
    orcaLinearProgram3At(lines, total, numObstLines, fail, result, orca.projLines);
    infeasible = true;
  }
  if (Number.isFinite(result.x) && Number.isFinite(result.y)) {
    orca.newVelX[i] = result.x;
    orca.newVelY[i] = result.y;
  } else {
    // Only a non-finite preferred velocity gets here: stop rather than poison the state.
    orca.newVelX[i] = 0;
    orca.newVelY[i] = 0;
  }
  return infeasible;
}

/**
 * Computes the ORCA velocity of the agent in slot `i` into `orca.newVelX/newVelY` (RVO2's
 * `computeNeighbors` + `computeNewVelocity`), in three named steps:
 * 1. obstacle lines (`addOrcaObstacleLines`: nearest edges first, skipping covered ones, with
 *    RVO2's vertex/segment collision cases, legs and foreign legs);
 * 2. one line per neighbor agent (`addOrcaAgentLines`: cut-off circle or legs of the truncated
 *    velocity obstacle, the time step's cut-off when already colliding; each agent takes half);
 * 3. the linear programs (LP2, then LP3 when infeasible, obstacle lines kept hard).
 *
 * `orca` is the output (its `newVel` buffers), `crowd` is read. Returns true when LP3 was needed.
 * A non-finite preferred velocity gives a zero velocity (never NaN). No allocation.
 *
 * @param orca - The solver; its scratch lines and `newVelX[i]/newVelY[i]` are written.
 * @param crowd - The crowd, read (positions, velocities, radii, `maxSpeed`, preferred velocities);
 *   `crowd.neighbors` is used as scratch.
 * @param i - Slot of a live agent (from {@link getCrowdAgentSlot}), not a handle.
 * @param dt - The step length in seconds (> 0): RVO2's time step, used for agents already overlapping.
 * @returns True when linear program 3 was needed (the constraints were infeasible).
 */
export function computeOrcaVelocity(orca: Orca, crowd: Crowd, i: number, dt: number): boolean {
  orca.lines.count = 0;
  addOrcaObstacleLines(orca, crowd, i);
  const numObstLines = orca.lines.count;
  addOrcaAgentLines(orca, crowd, i, dt);
  return solveOrcaLines(orca, crowd, i, numObstLines);
}
