import type { NavMesh } from "../types";

/** Largest quantised coordinate of a BV tree box. @internal */
export const BV_QUANT_MAX = 0xffff;

/** A tile's BV tree in the layout of {@link NavMeshTile}: `bvNodes`, `bvData`, `bvBounds`. @internal */
export interface TileBvTree {
  readonly bvNodes: Uint16Array;
  readonly bvData: Int32Array;
  readonly bvBounds: Float64Array;
}

/**
 * Builds a tile's bounding-volume tree (Detour's `dtBVNode` layout, in 2D): polygon boxes are
 * quantised to 16 bits over the tile's bounds (min rounded down, max up, so every box contains its
 * polygon), then split recursively at the median of the longer axis. Nodes are stored depth-first:
 * node `i` has the box `bvNodes[4i .. 4i + 4)` (min x, min y, max x, max y) and `bvData[i]`, the
 * polygon index for a leaf or `-(nodes in the subtree)` (the escape offset) for an inner node.
 * `bvBounds` is `minX, minY, maxX, maxY, factor` with `q = (v - min) · factor`. @internal
 */
export function buildTileBvTree(vertices: Float64Array, polyVerts: Int32Array, polyVertCount: Uint8Array, stride: number): TileBvTree {
  const n = polyVertCount.length;
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (let p = 0; p < n; p++) {
    for (let i = 0; i < polyVertCount[p]!; i++) {
      const v = polyVerts[p * stride + i]!;
      const x = vertices[2 * v]!,
        y = vertices[2 * v + 1]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (n === 0) return { bvNodes: new Uint16Array(0), bvData: new Int32Array(0), bvBounds: new Float64Array([0, 0, 0, 0, 1]) };
  const span = Math.max(maxX - minX, maxY - minY);
  const factor = span > 0 ? BV_QUANT_MAX / span : 1;
  const boxes = new Uint16Array(4 * n);
  for (let p = 0; p < n; p++) {
    let x0 = Infinity,
      y0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity;
    for (let i = 0; i < polyVertCount[p]!; i++) {
      const v = polyVerts[p * stride + i]!;
      const x = vertices[2 * v]!,
        y = vertices[2 * v + 1]!;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    boxes[4 * p] = quantizeDown(x0, minX, factor);
    boxes[4 * p + 1] = quantizeDown(y0, minY, factor);
    boxes[4 * p + 2] = quantizeUp(x1, minX, factor);
    boxes[4 * p + 3] = quantizeUp(y1, minY, factor);
  }
  const nodes = new Uint16Array(4 * (2 * n - 1));
  const data = new Int32Array(2 * n - 1);
  const order: number[] = [];
  for (let p = 0; p < n; p++) order.push(p);
  let next = 0;
  // Depth-first; the depth is about log2(polygons).
  const subdivide = (from: number, to: number): void => {
    const node = next++;
    let x0 = BV_QUANT_MAX,
      y0 = BV_QUANT_MAX,
      x1 = 0,
      y1 = 0;
    for (let k = from; k < to; k++) {
      const p = order[k]!;
      if (boxes[4 * p]! < x0) x0 = boxes[4 * p]!;
      if (boxes[4 * p + 1]! < y0) y0 = boxes[4 * p + 1]!;
      if (boxes[4 * p + 2]! > x1) x1 = boxes[4 * p + 2]!;
      if (boxes[4 * p + 3]! > y1) y1 = boxes[4 * p + 3]!;
    }
    nodes[4 * node] = x0;
    nodes[4 * node + 1] = y0;
    nodes[4 * node + 2] = x1;
    nodes[4 * node + 3] = y1;
    if (to - from === 1) {
      data[node] = order[from]!;
      return;
    }
    const axis = x1 - x0 >= y1 - y0 ? 0 : 1;
    const part = order
      .slice(from, to)
      .sort((a, b) => boxes[4 * a + axis]! + boxes[4 * a + 2 + axis]! - boxes[4 * b + axis]! - boxes[4 * b + 2 + axis]! || a - b);
    for (let k = from; k < to; k++) order[k] = part[k - from]!;
    const mid = from + ((to - from) >> 1);
    subdivide(from, mid);
    subdivide(mid, to);
    data[node] = -(next - node);
  };
  subdivide(0, n);
  return { bvNodes: nodes, bvData: data, bvBounds: new Float64Array([minX, minY, maxX, maxY, factor]) };
}

function quantizeDown(v: number, min: number, factor: number): number {
  const q = Math.floor((v - min) * factor);
  return q < 0 ? 0 : q > BV_QUANT_MAX ? BV_QUANT_MAX : q;
}

function quantizeUp(v: number, min: number, factor: number): number {
  const q = Math.ceil((v - min) * factor);
  return q < 0 ? 0 : q > BV_QUANT_MAX ? BV_QUANT_MAX : q;
}

/** Query box `minX, minY, maxX, maxY` of {@link collectPolygonsInBox}. @internal */
export const bvQuery = new Float64Array(4);

/** Candidates written by {@link collectPolygonsInBox}: flat polygon indices in `list` (grows, then is reused). @internal */
export const bvCandidates = { list: new Int32Array(256) };

function pushCandidate(count: number, p: number): void {
  let list = bvCandidates.list;
  if (count >= list.length) {
    const grown = new Int32Array(list.length * 2);
    grown.set(list);
    bvCandidates.list = list = grown;
  }
  list[count] = p;
}

/**
 * Writes into `bvCandidates.list` the flat indices of the polygons whose (quantised, slightly
 * larger) boxes overlap the box in {@link bvQuery}, walking the BV tree of every tile whose bounds
 * overlap it, and returns their count. Each polygon appears at most once. Allocation-free after
 * the candidate buffer has grown to its working size. @internal
 */
export function collectPolygonsInBox(mesh: NavMesh): number {
  const qx0 = bvQuery[0]!,
    qy0 = bvQuery[1]!,
    qx1 = bvQuery[2]!,
    qy1 = bvQuery[3]!;
  const tb = mesh.tileBounds;
  const slots = mesh.tileKeys.length;
  let count = 0;
  for (let s = 0; s < slots; s++) {
    if (tb[4 * s]! > qx1 || tb[4 * s + 2]! < qx0 || tb[4 * s + 1]! > qy1 || tb[4 * s + 3]! < qy0) continue; // free slots: +∞ / −∞ bounds
    const tile = mesh.tiles[mesh.tileKeys[s]!]!;
    const bb = tile.bvBounds;
    const f = bb[4]!;
    let x0 = Math.floor((qx0 - bb[0]!) * f),
      y0 = Math.floor((qy0 - bb[1]!) * f),
      x1 = Math.ceil((qx1 - bb[0]!) * f),
      y1 = Math.ceil((qy1 - bb[1]!) * f);
    x0 = x0 < 0 ? 0 : x0 > BV_QUANT_MAX ? BV_QUANT_MAX : x0;
    y0 = y0 < 0 ? 0 : y0 > BV_QUANT_MAX ? BV_QUANT_MAX : y0;
    x1 = x1 < 0 ? 0 : x1 > BV_QUANT_MAX ? BV_QUANT_MAX : x1;
    y1 = y1 < 0 ? 0 : y1 > BV_QUANT_MAX ? BV_QUANT_MAX : y1;
    const nodes = tile.bvNodes,
      data = tile.bvData;
    const base = mesh.tilePolyBase[s]!;
    const end = data.length;
    let i = 0;
    while (i < end) {
      const overlap = !(nodes[4 * i]! > x1 || nodes[4 * i + 2]! < x0 || nodes[4 * i + 1]! > y1 || nodes[4 * i + 3]! < y0);
      const d = data[i]!;
      if (d >= 0) {
        if (overlap) pushCandidate(count++, base + d);
        i++;
      } else i += overlap ? 1 : -d;
    }
  }
  return count;
}
