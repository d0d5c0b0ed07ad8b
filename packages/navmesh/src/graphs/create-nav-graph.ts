import { createCsrGraph } from "@tactica/search";
import type { NavGraph } from "./types";

/**
 * Assembles a {@link NavGraph} from node arrays and an edge list (`from[i] → to[i]`, weight = the
 * Euclidean length; `directed: false` stores both directions).
 * @internal
 */
export function assembleNavGraph(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  z: ArrayLike<number> | null,
  radius: ArrayLike<number> | null,
  kind: ArrayLike<number>,
  from: readonly number[],
  to: readonly number[],
  directed: boolean,
): NavGraph {
  const n = x.length;
  const X = Float64Array.from(x),
    Y = Float64Array.from(y),
    Z = z ? Float64Array.from(z) : new Float64Array(n);
  const weights = new Float64Array(from.length);
  for (let i = 0; i < from.length; i++) {
    const a = from[i]!,
      b = to[i]!;
    weights[i] = Math.hypot(X[b]! - X[a]!, Y[b]! - Y[a]!, Z[b]! - Z[a]!);
  }
  return {
    nodeCount: n,
    x: X,
    y: Y,
    z: Z,
    radius: radius ? Float64Array.from(radius) : new Float64Array(n),
    kind: Uint8Array.from(kind),
    edges: createCsrGraph(n, from, to, { weights, directed }),
  };
}

/**
 * True when the graph has the directed edge `a → b`.
 *
 * @param graph - the navigation graph, read only
 * @param a - source node id (0 .. `nodeCount - 1`; any other value gives `false`)
 * @param b - target node id
 */
export function hasNavGraphEdge(graph: NavGraph, a: number, b: number): boolean {
  const { offsets, targets } = graph.edges;
  for (let e = offsets[a]!; e < offsets[a + 1]!; e++) if (targets[e] === b) return true;
  return false;
}
