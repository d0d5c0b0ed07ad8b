// Seeded walkable shapes shared by the navmesh pages: polygons with holes (canvas pixels, y down)
// and tilemaps, plus their URL encodings so a view can be shared and a browser test can load it.

import { createRng, rngFloat, rngInt } from "@tactica/core";
import type { PolygonWithHoles } from "@tactica/navmesh";

/** Canvas size of the navmesh pages (world units = canvas pixels). */
export const W = 800;
export const H = 600;

/** Tilemap geometry: 32 × 24 cells of 25 px. */
export const TILE = 25;
export const TILES_X = W / TILE;
export const TILES_Y = H / TILE;

/** The polygon presets. */
export const SHAPES = ["room with pillars", "L-shaped hall", "two rooms", "drawn"] as const;
export type ShapeName = (typeof SHAPES)[number];

/** A room with random star-shaped pillars on a jittered grid (no overlaps). */
export function roomWithPillars(seed: number, pillars = 12): PolygonWithHoles[] {
  const rng = createRng(seed);
  const holes: number[][] = [];
  const cols = 6,
    rows = 4,
    cw = (W - 80) / cols,
    ch = (H - 80) / rows;
  const slots = Array.from({ length: cols * rows }, (_, i) => i);
  for (let k = 0; k < pillars && slots.length; k++) {
    const s = slots.splice(rngInt(rng, 0, slots.length - 1), 1)[0]!;
    const cx = 40 + (s % cols) * cw + cw / 2,
      cy = 40 + Math.floor(s / cols) * ch + ch / 2;
    const n = rngInt(rng, 3, 7),
      r = Math.min(cw, ch) * 0.38,
      phase = rngFloat(rng, 0, 1);
    const ring: number[] = [];
    for (let i = 0; i < n; i++) {
      const a = ((i + phase) / n) * 2 * Math.PI,
        rr = r * rngFloat(rng, 0.5, 1);
      ring.push(Math.round(cx + rr * Math.cos(a)), Math.round(cy + rr * Math.sin(a)));
    }
    holes.push(ring);
  }
  return [{ outer: [20, 20, W - 20, 20, W - 20, H - 20, 20, H - 20], holes }];
}

/** An L-shaped hall with a column and a long crate. */
export function lHall(): PolygonWithHoles[] {
  return [
    {
      outer: [20, 20, 780, 20, 780, 260, 330, 260, 330, 580, 20, 580],
      holes: [
        [420, 110, 520, 110, 520, 170, 420, 170],
        [150, 300, 200, 330, 180, 400, 120, 380],
        [600, 70, 640, 70, 640, 210, 600, 210],
      ],
    },
  ];
}

/** Two rooms with no way between them (the hierarchical graph answers "no path" at once). */
export function twoRooms(): PolygonWithHoles[] {
  return [
    { outer: [20, 20, 380, 20, 380, 580, 20, 580], holes: [[140, 220, 260, 220, 260, 380, 140, 380]] },
    { outer: [420, 20, 780, 20, 780, 580, 420, 580], holes: [[540, 120, 660, 120, 600, 260]] },
  ];
}

/** The polygons of a preset (`drawn` → the given rings: first the outer ring, then holes). */
export function shapeRegions(shape: ShapeName, seed: number, drawn: readonly (readonly number[])[]): PolygonWithHoles[] {
  if (shape === "room with pillars") return roomWithPillars(seed);
  if (shape === "L-shaped hall") return lHall();
  if (shape === "two rooms") return twoRooms();
  if (drawn.length === 0) return [];
  return [{ outer: drawn[0]!, holes: drawn.slice(1) }];
}

/** Rings in a URL: `x,y,x,y;x,y,…` (integers). */
export function formatRings(rings: readonly (readonly number[])[]): string {
  return rings.map((r) => Array.from(r, (v) => Math.round(v)).join(",")).join(";");
}

/** Parses {@link formatRings}; malformed rings are dropped. */
export function parseRings(text: string | undefined): number[][] {
  if (!text) return [];
  const rings: number[][] = [];
  for (const part of text.split(";")) {
    const nums = part.split(",").map(Number);
    if (nums.length >= 6 && nums.length % 2 === 0 && nums.length <= 400 && nums.every((v) => Number.isFinite(v) && Math.abs(v) <= 1e4)) rings.push(nums);
  }
  return rings;
}

/**
 * A seeded tilemap (1 = walkable): rooms split by walls with doors, plus random crates.
 * The border row and column are walls.
 */
export function tilemapPreset(seed: number): Uint8Array {
  const rng = createRng(seed);
  const cells = new Uint8Array(TILES_X * TILES_Y).fill(1);
  const set = (x: number, y: number, v: number) => {
    if (x >= 0 && y >= 0 && x < TILES_X && y < TILES_Y) cells[y * TILES_X + x] = v;
  };
  for (let x = 0; x < TILES_X; x++) {
    set(x, 0, 0);
    set(x, TILES_Y - 1, 0);
  }
  for (let y = 0; y < TILES_Y; y++) {
    set(0, y, 0);
    set(TILES_X - 1, y, 0);
  }
  // Two vertical and one horizontal wall, each with two doors.
  for (const wx of [rngInt(rng, 8, 12), rngInt(rng, 19, 23)]) {
    const d1 = rngInt(rng, 2, 9),
      d2 = rngInt(rng, 13, 20);
    for (let y = 1; y < TILES_Y - 1; y++) if (Math.abs(y - d1) > 1 && Math.abs(y - d2) > 1) set(wx, y, 0);
  }
  const wy = rngInt(rng, 10, 13);
  const e1 = rngInt(rng, 3, 14),
    e2 = rngInt(rng, 17, 28);
  for (let x = 1; x < TILES_X - 1; x++) if (Math.abs(x - e1) > 1 && Math.abs(x - e2) > 1) set(x, wy, 0);
  // Crates: 2 × 2 blocks.
  for (let k = 0; k < 9; k++) {
    const x = rngInt(rng, 2, TILES_X - 4),
      y = rngInt(rng, 2, TILES_Y - 4);
    set(x, y, 0);
    set(x + 1, y, 0);
    set(x, y + 1, 0);
    set(x + 1, y + 1, 0);
  }
  return cells;
}

/** Walls of a tilemap in a URL: one hex digit per 4 cells (bit set = wall). */
export function formatWalls(cells: Uint8Array): string {
  let s = "";
  for (let i = 0; i < cells.length; i += 4) {
    let v = 0;
    for (let b = 0; b < 4; b++) if (cells[i + b] === 0) v |= 1 << b;
    s += v.toString(16);
  }
  return s;
}

/** Parses {@link formatWalls}; undefined when the text does not fit the map. */
export function parseWalls(text: string | undefined): Uint8Array | undefined {
  if (!text || text.length !== (TILES_X * TILES_Y) / 4 || !/^[0-9a-f]+$/.test(text)) return undefined;
  const cells = new Uint8Array(TILES_X * TILES_Y);
  for (let i = 0; i < text.length; i++) {
    const v = parseInt(text[i]!, 16);
    for (let b = 0; b < 4; b++) cells[4 * i + b] = v & (1 << b) ? 0 : 1;
  }
  return cells;
}
