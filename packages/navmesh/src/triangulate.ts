// Ear clipping with hole bridging, after the algorithm of mapbox/earcut (ISC), rewritten for
// Tactica: holes are joined to the outer ring by bridges to a visible vertex, then ears are cut
// with fallbacks that cure local self-touches and split the polygon along a valid diagonal.

interface EarNode {
  i: number;
  x: number;
  y: number;
  prev: EarNode;
  next: EarNode;
  steiner: boolean;
}

/**
 * Triangulates one polygon with holes. `coords` holds `x, y` pairs: the outer ring first, then each
 * hole; `holeStarts` lists the vertex index where each hole begins. Writes vertex indices (three per
 * triangle) into `out` and returns it. The input must be simple (validated by the caller).
 * @internal
 */
export function triangulatePolygon(out: number[], coords: ArrayLike<number>, holeStarts: readonly number[]): number[] {
  const outerEnd = holeStarts.length > 0 ? holeStarts[0]! : coords.length / 2;
  let outer = linkedList(coords, 0, outerEnd, true);
  if (!outer || outer.next === outer.prev) return out;
  if (holeStarts.length > 0) outer = eliminateHoles(coords, holeStarts, outer);
  earcutLinked(outer, out, 0);
  return out;
}

function linkedList(data: ArrayLike<number>, start: number, end: number, clockwise: boolean): EarNode | null {
  let last: EarNode | null = null;
  if (clockwise === signedArea(data, start, end) > 0) {
    for (let i = start; i < end; i++) last = insertNode(i, data[2 * i]!, data[2 * i + 1]!, last);
  } else {
    for (let i = end - 1; i >= start; i--) last = insertNode(i, data[2 * i]!, data[2 * i + 1]!, last);
  }
  if (last && equals(last, last.next)) {
    removeNode(last);
    last = last.next;
  }
  return last;
}

function filterPoints(start: EarNode, end?: EarNode): EarNode {
  if (!end) end = start;
  let p = start;
  let again: boolean;
  do {
    again = false;
    if (!p.steiner && (equals(p, p.next) || area(p.prev, p, p.next) === 0)) {
      removeNode(p);
      p = end = p.prev;
      if (p === p.next) break;
      again = true;
    } else {
      p = p.next;
    }
  } while (again || p !== end);
  return end;
}

function earcutLinked(start: EarNode | null, out: number[], pass: number): void {
  if (!start) return;
  let ear = start;
  let stop = ear;
  while (ear.prev !== ear.next) {
    const prev = ear.prev,
      next = ear.next;
    if (isEar(ear)) {
      out.push(prev.i, ear.i, next.i);
      removeNode(ear);
      ear = next.next;
      stop = next.next;
      continue;
    }
    ear = next;
    if (ear === stop) {
      if (pass === 0) earcutLinked(filterPoints(ear), out, 1);
      else if (pass === 1) earcutLinked(cureLocalIntersections(filterPoints(ear), out), out, 2);
      else splitEarcut(ear, out);
      break;
    }
  }
}

function isEar(ear: EarNode): boolean {
  const a = ear.prev,
    b = ear,
    c = ear.next;
  if (area(a, b, c) >= 0) return false;
  let p = ear.next.next;
  while (p !== ear.prev) {
    if (pointInTriangle(a.x, a.y, b.x, b.y, c.x, c.y, p.x, p.y) && area(p.prev, p, p.next) >= 0) return false;
    p = p.next;
  }
  return true;
}

function cureLocalIntersections(start: EarNode, out: number[]): EarNode {
  let p = start;
  do {
    const a = p.prev,
      b = p.next.next;
    if (!equals(a, b) && intersects(a, p, p.next, b) && locallyInside(a, b) && locallyInside(b, a)) {
      out.push(a.i, p.i, b.i);
      removeNode(p);
      removeNode(p.next);
      p = start = b;
    }
    p = p.next;
  } while (p !== start);
  return filterPoints(p);
}

function splitEarcut(start: EarNode, out: number[]): void {
  let a = start;
  do {
    let b = a.next.next;
    while (b !== a.prev) {
      if (a.i !== b.i && isValidDiagonal(a, b)) {
        let c = splitPolygon(a, b);
        a = filterPoints(a, a.next);
        c = filterPoints(c, c.next);
        earcutLinked(a, out, 0);
        earcutLinked(c, out, 0);
        return;
      }
      b = b.next;
    }
    a = a.next;
  } while (a !== start);
}

function eliminateHoles(data: ArrayLike<number>, holeStarts: readonly number[], outer: EarNode): EarNode {
  const queue: EarNode[] = [];
  for (let h = 0; h < holeStarts.length; h++) {
    const start = holeStarts[h]!;
    const end = h < holeStarts.length - 1 ? holeStarts[h + 1]! : data.length / 2;
    const list = linkedList(data, start, end, false);
    if (!list) continue;
    if (list === list.next) list.steiner = true;
    queue.push(getLeftmost(list));
  }
  queue.sort((a, b) => a.x - b.x || a.y - b.y);
  for (const hole of queue) outer = eliminateHole(hole, outer);
  return outer;
}

function eliminateHole(hole: EarNode, outer: EarNode): EarNode {
  const bridge = findHoleBridge(hole, outer);
  if (!bridge) return outer;
  const bridgeReverse = splitPolygon(bridge, hole);
  filterPoints(bridgeReverse, bridgeReverse.next);
  return filterPoints(bridge, bridge.next);
}

function findHoleBridge(hole: EarNode, outer: EarNode): EarNode | null {
  let p = outer;
  const hx = hole.x,
    hy = hole.y;
  let qx = -Infinity;
  let m: EarNode | null = null;
  do {
    if (hy <= p.y && hy >= p.next.y && p.next.y !== p.y) {
      const x = p.x + ((hy - p.y) * (p.next.x - p.x)) / (p.next.y - p.y);
      if (x <= hx && x > qx) {
        qx = x;
        m = p.x < p.next.x ? p : p.next;
        if (x === hx) return m;
      }
    }
    p = p.next;
  } while (p !== outer);
  if (!m) return null;
  const stop = m,
    mx = m.x,
    my = m.y;
  let tanMin = Infinity;
  p = m;
  do {
    if (hx >= p.x && p.x >= mx && hx !== p.x && pointInTriangle(hy < my ? hx : qx, hy, mx, my, hy < my ? qx : hx, hy, p.x, p.y)) {
      const tan = Math.abs(hy - p.y) / (hx - p.x);
      if (locallyInside(p, hole) && (tan < tanMin || (tan === tanMin && (p.x > m.x || (p.x === m.x && sectorContainsSector(m, p)))))) {
        m = p;
        tanMin = tan;
      }
    }
    p = p.next;
  } while (p !== stop);
  return m;
}

function sectorContainsSector(m: EarNode, p: EarNode): boolean {
  return area(m.prev, m, p.prev) < 0 && area(p.next, m, m.next) < 0;
}

function getLeftmost(start: EarNode): EarNode {
  let p = start,
    leftmost = start;
  do {
    if (p.x < leftmost.x || (p.x === leftmost.x && p.y < leftmost.y)) leftmost = p;
    p = p.next;
  } while (p !== start);
  return leftmost;
}

function isValidDiagonal(a: EarNode, b: EarNode): boolean {
  return (
    a.next.i !== b.i &&
    a.prev.i !== b.i &&
    !intersectsPolygon(a, b) &&
    ((locallyInside(a, b) && locallyInside(b, a) && middleInside(a, b) && (area(a.prev, a, b.prev) !== 0 || area(a, b.prev, b) !== 0)) ||
      (equals(a, b) && area(a.prev, a, a.next) > 0 && area(b.prev, b, b.next) > 0))
  );
}

function area(p: EarNode, q: EarNode, r: EarNode): number {
  return (q.y - p.y) * (r.x - q.x) - (q.x - p.x) * (r.y - q.y);
}

function equals(a: EarNode, b: EarNode): boolean {
  return a.x === b.x && a.y === b.y;
}

function pointInTriangle(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, px: number, py: number): boolean {
  return (cx - px) * (ay - py) >= (ax - px) * (cy - py) && (ax - px) * (by - py) >= (bx - px) * (ay - py) && (bx - px) * (cy - py) >= (cx - px) * (by - py);
}

function intersects(p1: EarNode, q1: EarNode, p2: EarNode, q2: EarNode): boolean {
  const o1 = Math.sign(area(p1, q1, p2)),
    o2 = Math.sign(area(p1, q1, q2));
  const o3 = Math.sign(area(p2, q2, p1)),
    o4 = Math.sign(area(p2, q2, q1));
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(p1, p2, q1)) return true;
  if (o2 === 0 && onSegment(p1, q2, q1)) return true;
  if (o3 === 0 && onSegment(p2, p1, q2)) return true;
  if (o4 === 0 && onSegment(p2, q1, q2)) return true;
  return false;
}

function onSegment(p: EarNode, q: EarNode, r: EarNode): boolean {
  return q.x <= Math.max(p.x, r.x) && q.x >= Math.min(p.x, r.x) && q.y <= Math.max(p.y, r.y) && q.y >= Math.min(p.y, r.y);
}

function intersectsPolygon(a: EarNode, b: EarNode): boolean {
  let p = a;
  do {
    if (p.i !== a.i && p.next.i !== a.i && p.i !== b.i && p.next.i !== b.i && intersects(p, p.next, a, b)) return true;
    p = p.next;
  } while (p !== a);
  return false;
}

function locallyInside(a: EarNode, b: EarNode): boolean {
  return area(a.prev, a, a.next) < 0 ? area(a, b, a.next) >= 0 && area(a, a.prev, b) >= 0 : area(a, b, a.prev) < 0 || area(a, a.next, b) < 0;
}

function middleInside(a: EarNode, b: EarNode): boolean {
  let p = a,
    inside = false;
  const px = (a.x + b.x) / 2,
    py = (a.y + b.y) / 2;
  do {
    if (p.y > py !== p.next.y > py && p.next.y !== p.y && px < ((p.next.x - p.x) * (py - p.y)) / (p.next.y - p.y) + p.x) inside = !inside;
    p = p.next;
  } while (p !== a);
  return inside;
}

function splitPolygon(a: EarNode, b: EarNode): EarNode {
  const a2 = createNode(a.i, a.x, a.y),
    b2 = createNode(b.i, b.x, b.y);
  const an = a.next,
    bp = b.prev;
  a.next = b;
  b.prev = a;
  a2.next = an;
  an.prev = a2;
  b2.next = a2;
  a2.prev = b2;
  bp.next = b2;
  b2.prev = bp;
  return b2;
}

function createNode(i: number, x: number, y: number): EarNode {
  const node = { i, x, y, steiner: false } as EarNode;
  node.prev = node;
  node.next = node;
  return node;
}

function insertNode(i: number, x: number, y: number, last: EarNode | null): EarNode {
  const p = createNode(i, x, y);
  if (last) {
    p.next = last.next;
    p.prev = last;
    last.next.prev = p;
    last.next = p;
  }
  return p;
}

function removeNode(p: EarNode): void {
  p.next.prev = p.prev;
  p.prev.next = p.next;
}

function signedArea(data: ArrayLike<number>, start: number, end: number): number {
  let sum = 0;
  for (let i = start, j = end - 1; i < end; j = i, i++) sum += (data[2 * j]! - data[2 * i]!) * (data[2 * i + 1]! + data[2 * j + 1]!);
  return sum;
}
