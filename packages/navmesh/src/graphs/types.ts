import type { CsrGraph } from "@tactica/search";

/**
 * What a {@link NavGraph} node stands for: a designer waypoint or navpoint, a triangulation vertex,
 * or a triangle (a dual-graph node at the incentre, with the inradius as its radius).
 */
export const NavGraphNodeKind = {
  /** A designer-placed waypoint (C.1.2, C.1.4) or navpoint (C.4). */
  Waypoint: 0,
  /** A vertex of the triangulation (art-gallery guards, dual-graph vertex nodes). */
  Vertex: 1,
  /** A triangle of the triangulation: its incentre, radius = inradius (dual graph, C.1.6). */
  Triangle: 2,
} as const;

/** One of the values of {@link NavGraphNodeKind}. */
export type NavGraphNodeKindValue = (typeof NavGraphNodeKind)[keyof typeof NavGraphNodeKind];

/**
 * A navigation graph as plain data (C.1.2): nodes are discs (position and radius; any straight
 * path inside a node is valid) and `edges` is a `@tactica/search` `CsrGraph` whose weights are
 * Euclidean lengths (3D when `z` is not all 0), so A* with a straight-line heuristic is optimal.
 * Edges are directed; undirected graphs store both directions.
 */
export interface NavGraph {
  /** Number of nodes; ids are `0 .. nodeCount - 1`. */
  readonly nodeCount: number;
  /** Node x coordinates. */
  readonly x: Float64Array;
  /** Node y coordinates. */
  readonly y: Float64Array;
  /** Node heights (0 for 2D graphs). */
  readonly z: Float64Array;
  /** Node radii (0 for points; the inradius for dual-graph triangle nodes). */
  readonly radius: Float64Array;
  /** {@link NavGraphNodeKind} of each node. */
  readonly kind: Uint8Array;
  /** The edges, searchable with every `@tactica/search` algorithm through `csrDomain`. */
  readonly edges: CsrGraph;
}
