import type { NLevelSubgoalGraph, SubgoalGraph, TwoLevelSubgoalGraph } from "@tactica/grid";
import type { CanvasDebugDraw } from "../../canvas-debug-draw";

// Colours from level 1 (cool) to the core (warm).
const RAMP = ["#4c78a8", "#72b7b2", "#54a24b", "#eeca3b", "#f58518", "#e45756", "#b279a2"];

function levelColor(level: number, levelCount: number): string {
  if (levelCount <= 1) return RAMP[RAMP.length - 1]!;
  const t = (level - 1) / (levelCount - 1);
  return RAMP[Math.round(t * (RAMP.length - 1))]!;
}

function cellCentre(ssg: SubgoalGraph, node: number): { x: number; y: number } {
  const p = ssg.nodeCell[node]!;
  return { x: (p % ssg.pw) - 1 + 0.5, y: Math.floor(p / ssg.pw) - 1 + 0.5 };
}

/**
 * Draws the subgoals of a two-level or N-level subgoal graph coloured by level (level 1 cool,
 * the core warm) and the core graph's edges (the part every query searches). Returns a legend line.
 */
export function drawSubgoalLevels(draw: CanvasDebugDraw, graph: TwoLevelSubgoalGraph | NLevelSubgoalGraph): string {
  const ssg = graph.ssg;
  const n = ssg.count;
  const levelCount = "nl" in graph ? graph.nl.levelCount : 2;
  const levelOf = (v: number): number => ("nl" in graph ? graph.nl.level[v]! : graph.isGlobal[v] === 1 ? 2 : 1);
  const offsets = "nl" in graph ? graph.nl.offsets : graph.edgeStart;
  const targets = "nl" in graph ? graph.nl.targets : graph.edgeTo;
  let core = 0;
  for (let u = 0; u < n; u++) {
    if (levelOf(u) !== levelCount) continue;
    core++;
    const a = cellCentre(ssg, u);
    for (let e = offsets[u]!; e < offsets[u + 1]!; e++) {
      const v = targets[e]!;
      if (v < u || levelOf(v) !== levelCount) continue;
      const b = cellCentre(ssg, v);
      draw.line(a.x, a.y, b.x, b.y, { color: "#f58518", width: 0.08, alpha: 0.5 });
    }
  }
  for (let u = 0; u < n; u++) {
    const a = cellCentre(ssg, u);
    draw.circle(a.x, a.y, 0.4, { color: levelColor(levelOf(u), levelCount), fill: true });
  }
  return `${n} subgoals in ${levelCount} levels (blue level 1 … orange/red core), core ${core} with its edges`;
}
