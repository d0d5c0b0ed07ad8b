/** A uniform grid over polygon bounding boxes. @internal */
export interface PolygonIndex {
  cellSize: number;
  gridWidth: number;
  gridHeight: number;
  cellStart: Int32Array;
  cellPolys: Int32Array;
}

/**
 * Buckets every polygon into the grid cells its bounding box overlaps; about one cell per polygon.
 * @internal
 */
export function buildPolygonIndex(
  vertices: Float64Array,
  polyVerts: Int32Array,
  polyVertCount: Uint8Array,
  stride: number,
  bounds: Float64Array,
): PolygonIndex {
  const polyCount = polyVertCount.length;
  const w = Math.max(bounds[2]! - bounds[0]!, 1e-9),
    h = Math.max(bounds[3]! - bounds[1]!, 1e-9);
  const cells = Math.max(1, Math.min(polyCount, 1 << 20));
  let cellSize = Math.sqrt((w * h) / cells);
  if (!(cellSize > 0)) cellSize = Math.max(w, h);
  cellSize = Math.max(cellSize, Math.max(w, h) / 1024);
  const gridWidth = Math.max(1, Math.ceil(w / cellSize));
  const gridHeight = Math.max(1, Math.ceil(h / cellSize));
  const cellStart = new Int32Array(gridWidth * gridHeight + 1);
  const boxes = new Int32Array(polyCount * 4);
  for (let p = 0; p < polyCount; p++) {
    let x0 = Infinity,
      y0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity;
    const n = polyVertCount[p]!;
    for (let i = 0; i < n; i++) {
      const v = polyVerts[p * stride + i]!;
      const x = vertices[2 * v]!,
        y = vertices[2 * v + 1]!;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    const cx0 = clampCell(Math.floor((x0 - bounds[0]!) / cellSize), gridWidth);
    const cy0 = clampCell(Math.floor((y0 - bounds[1]!) / cellSize), gridHeight);
    const cx1 = clampCell(Math.floor((x1 - bounds[0]!) / cellSize), gridWidth);
    const cy1 = clampCell(Math.floor((y1 - bounds[1]!) / cellSize), gridHeight);
    boxes[4 * p] = cx0;
    boxes[4 * p + 1] = cy0;
    boxes[4 * p + 2] = cx1;
    boxes[4 * p + 3] = cy1;
    for (let cy = cy0; cy <= cy1; cy++) for (let cx = cx0; cx <= cx1; cx++) cellStart[cy * gridWidth + cx + 1]!++;
  }
  for (let c = 0; c < gridWidth * gridHeight; c++) cellStart[c + 1]! += cellStart[c]!;
  const fill = cellStart.slice(0, gridWidth * gridHeight);
  const cellPolys = new Int32Array(cellStart[gridWidth * gridHeight]!);
  for (let p = 0; p < polyCount; p++) {
    for (let cy = boxes[4 * p + 1]!; cy <= boxes[4 * p + 3]!; cy++) {
      for (let cx = boxes[4 * p]!; cx <= boxes[4 * p + 2]!; cx++) cellPolys[fill[cy * gridWidth + cx]!++] = p;
    }
  }
  return { cellSize, gridWidth, gridHeight, cellStart, cellPolys };
}

function clampCell(c: number, n: number): number {
  return c < 0 ? 0 : c >= n ? n - 1 : c;
}
