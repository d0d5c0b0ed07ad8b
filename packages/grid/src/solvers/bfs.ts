import { invalidArgument } from "@tactica/core";
import { beginQuery, PathFlags, writeNoPath, writeParentChain, type GridPath, type GridSearch } from "../query/grid-search";
import { isCornerBlocked } from "../internal/hot-path";

/**
 * Breadth-first search from `(sx, sy)` to `(gx, gy)`: the path with the fewest moves (every
 * move counts 1, diagonal or not, terrain costs ignored). Optimal in cost only on uniform
 * 4-connected grids; on 8-connected grids it minimises moves, not length. `out.cost` is the real
 * cost of the returned path. O(V), no heap, no allocation.
 *
 * @param out - the caller-owned result, written and returned; `cost` is the real cost (step lengths times terrain costs) of the fewest-moves path
 * @param search - the reusable search state of the grid (from {@link createGridSearch}); its scratch arrays are overwritten and `search.grid` is the grid searched
 * @param sx - start column, an integer in `[0, width)` (cells)
 * @param sy - start row, an integer in `[0, height)` (cells)
 * @param gx - goal column, an integer in `[0, width)` (cells)
 * @param gy - goal row, an integer in `[0, height)` (cells)
 */
export function findPathBfs(out: GridPath, search: GridSearch, sx: number, sy: number, gx: number, gy: number): GridPath {
  const grid = search.grid;
  const where = "@tactica/grid: findPathBfs";
  if (!(
    sx >= 0 &&
    sx < grid.width &&
    sy >= 0 &&
    sy < grid.height &&
    gx >= 0 &&
    gx < grid.width &&
    gy >= 0 &&
    gy < grid.height &&
    Number.isInteger(sx + sy + gx + gy)
  )) {
    invalidArgument(
      where,
      "start/goal",
      `(${sx}, ${sy}) → (${gx}, ${gy}) is not inside the ${grid.width}×${grid.height} grid`,
      "Pass integer cells inside the grid.",
    );
  }
  const stamp = beginQuery(search);
  const { open, parent, seen, offsets, pw, queue } = search;
  const start = (sy + 1) * pw + sx + 1;
  const goal = (gy + 1) * pw + gx + 1;
  if (open[start] !== 1 || open[goal] !== 1) {
    writeNoPath(out, 0, 0);
    return out;
  }
  const corner = grid.cornerCutting;
  const dstep = grid.connectivity === 8 ? 1 : 2;
  let head = 0;
  let tail = 0;
  queue[tail++] = start;
  seen[start] = stamp;
  parent[start] = -1;
  let expanded = 0;
  while (head < tail) {
    const p = queue[head++]!;
    if (p === goal) break;
    expanded++;
    for (let d = 0; d < 8; d += dstep) {
      const q = p + offsets[d]!;
      if (open[q] !== 1 || seen[q] === stamp) continue;
      if ((d & 1) === 1) {
        const a = open[p + offsets[(d + 7) & 7]!]!;
        const b = open[p + offsets[(d + 1) & 7]!]!;
        if (isCornerBlocked(corner, a, b)) continue;
      }
      seen[q] = stamp;
      parent[q] = p;
      queue[tail++] = q;
    }
  }
  if (seen[goal] !== stamp) {
    writeNoPath(out, expanded, tail);
    return out;
  }
  out.flags = PathFlags.Found;
  writeParentChain(search, goal, out);
  // The cost of the cell path (what pathCost computes), summed here over the parent chain (so a
  // truncated buffer still gets the full cost): a double returned by a call that is not inlined
  // is boxed, 16 bytes per query on 8-connected grids.
  const terrain = search.cost;
  let total = 0;
  for (let p = goal, q = parent[p]!; q !== -1; p = q, q = parent[q]!) {
    const step = p - q;
    const straight = step === 1 || step === -1 || step === pw || step === -pw;
    total += (straight ? 1 : Math.SQRT2) * (terrain === null ? 1 : terrain[p]!);
  }
  out.cost = total;
  out.expanded = expanded;
  out.generated = tail;
  return out;
}
