/** One walkable region for {@link buildNavMeshFromPolygons}: an outer ring with optional holes. */
export interface PolygonWithHoles {
  /** Outer ring as `x, y` pairs (either winding, not closed: the last vertex is not repeated). */
  readonly outer: ArrayLike<number>;
  /** Hole rings as `x, y` pairs, each strictly inside `outer` and disjoint from the others. */
  readonly holes?: ArrayLike<ArrayLike<number>>;
  /** Area id of the region's polygons (0..63, default 0). */
  readonly area?: number;
  /** Flags of the region's polygons (default 1). */
  readonly flags?: number;
  /** Tag of the region's polygons (default 0). */
  readonly tag?: number;
}
