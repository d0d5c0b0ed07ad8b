import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  frameForward,
  frameHeadingFromForward,
  frameRight,
  rotateTowards,
  toLocal,
  toLocalDirection,
  toWorld,
  toWorldDirection,
  vec2Angle,
  wrapAngle,
  type Vec2,
} from "../../src/index";

const PI = Math.PI;
const coord = fc.double({ min: -1000, max: 1000, noNaN: true });
const angle = fc.double({ min: -10, max: 10, noNaN: true });
const point = fc.record({ x: coord, y: coord });

describe("frame convention (local +y forward, local +x starboard, y-up world)", () => {
  it("matches the seed notes' global→local formula", () => {
    const h = 0.7;
    const X = 3;
    const Y = -2;
    const out = toLocal({ x: 0, y: 0 }, { x: 10 + X, y: 5 + Y }, { x: 10, y: 5 }, h);
    expect(out.x).toBeCloseTo(X * Math.cos(h) + Y * Math.sin(h), 12);
    expect(out.y).toBeCloseTo(-X * Math.sin(h) + Y * Math.cos(h), 12);
  });

  it("heading 0 faces world +y; a point ahead has local y > 0, x = 0", () => {
    const f = frameForward({ x: 0, y: 0 }, 0);
    expect(f.x).toBeCloseTo(0, 15);
    expect(f.y).toBe(1);
    const local = toLocal({ x: 0, y: 0 }, { x: 0, y: 5 }, { x: 0, y: 0 }, 0);
    expect(local).toEqual({ x: 0, y: 5 });
  });

  it("heading increases counter-clockwise: heading π/2 faces world -x", () => {
    const f = frameForward({ x: 0, y: 0 }, PI / 2);
    expect(f.x).toBeCloseTo(-1, 15);
    expect(f.y).toBeCloseTo(0, 15);
    const r = frameRight({ x: 0, y: 0 }, PI / 2);
    expect(r.x).toBeCloseTo(0, 15);
    expect(r.y).toBeCloseTo(1, 15);
  });

  it("target on the right ⇒ local x > 0 ⇒ steer right (heading decreases) and the error shrinks", () => {
    const origin = { x: 2, y: 3 };
    let heading = 0.4;
    // Right of the agent in a y-up world = forward rotated clockwise by 60°.
    const fwd = frameForward({ x: 0, y: 0 }, heading);
    const ang = Math.atan2(fwd.y, fwd.x) - PI / 3;
    const target = { x: origin.x + 10 * Math.cos(ang), y: origin.y + 10 * Math.sin(ang) };
    const local = toLocal({ x: 0, y: 0 }, target, origin, heading);
    expect(local.x).toBeGreaterThan(0); // starboard
    expect(local.y).toBeGreaterThan(0); // ahead

    // The seed's steering rule under our convention: local x > 0 → turn right (clockwise).
    const turn = local.x > 0 ? -1 : local.x < 0 ? 1 : 0;
    expect(turn).toBe(-1);
    const before = Math.abs(Math.atan2(local.x, local.y));
    heading += turn * 0.1;
    const after = toLocal({ x: 0, y: 0 }, target, origin, heading);
    expect(Math.abs(Math.atan2(after.x, after.y))).toBeLessThan(before);

    // And rotateTowards the desired heading agrees on the direction.
    const desired = frameHeadingFromForward({ x: target.x - origin.x, y: target.y - origin.y });
    expect(rotateTowards(0.4, desired, 0.1)).toBeCloseTo(0.3, 12);
  });

  it("target on the left ⇒ local x < 0 (port) ⇒ steer left", () => {
    // Agent at origin facing +y (heading 0); in a y-up world (-5, 5) is ahead-left.
    const local = toLocal({ x: 0, y: 0 }, { x: -5, y: 5 }, { x: 0, y: 0 }, 0);
    expect(local.x).toBeLessThan(0);
  });

  it("frameHeadingFromForward inverts frameForward and relates to vec2Angle by π/2", () => {
    fc.assert(
      fc.property(angle, (h) => {
        const f = frameForward({ x: 0, y: 0 }, h);
        expect(Math.abs(wrapAngle(frameHeadingFromForward(f) - h))).toBeLessThan(1e-9);
        expect(Math.abs(wrapAngle(vec2Angle(f) - PI / 2 - h))).toBeLessThan(1e-9);
      }),
    );
    expect(frameHeadingFromForward({ x: 0, y: 0 })).toBe(0);
    expect(frameHeadingFromForward({ x: 0, y: -1 })).toBe(PI);
    expect(frameHeadingFromForward({ x: -0, y: -1 })).toBe(PI);
  });
});

describe("toLocal / toWorld", () => {
  it("property: round trip world → local → world", () => {
    fc.assert(
      fc.property(point, point, angle, (p, o, h) => {
        const l = toLocal({ x: 0, y: 0 }, p, o, h);
        const w = toWorld({ x: 0, y: 0 }, l, o, h);
        expect(w.x).toBeCloseTo(p.x, 8);
        expect(w.y).toBeCloseTo(p.y, 8);
      }),
    );
  });

  it("property: directions round trip and keep their length", () => {
    fc.assert(
      fc.property(point, angle, (d, h) => {
        const l = toLocalDirection({ x: 0, y: 0 }, d, h);
        expect(Math.hypot(l.x, l.y)).toBeCloseTo(Math.hypot(d.x, d.y), 8);
        const w = toWorldDirection({ x: 0, y: 0 }, l, h);
        expect(w.x).toBeCloseTo(d.x, 8);
        expect(w.y).toBeCloseTo(d.y, 8);
      }),
    );
  });

  it("local +y maps to frameForward and local +x to frameRight", () => {
    const h = 1.1;
    const f = toWorldDirection({ x: 0, y: 0 }, { x: 0, y: 1 }, h);
    const r = toWorldDirection({ x: 0, y: 0 }, { x: 1, y: 0 }, h);
    const ef = frameForward({ x: 0, y: 0 }, h);
    const er = frameRight({ x: 0, y: 0 }, h);
    expect(f.x).toBeCloseTo(ef.x, 15);
    expect(f.y).toBeCloseTo(ef.y, 15);
    expect(r.x).toBeCloseTo(er.x, 15);
    expect(r.y).toBeCloseTo(er.y, 15);
  });

  it("property: out may alias the point or the origin", () => {
    fc.assert(
      fc.property(point, point, angle, (p, o, h) => {
        const expected = toLocal({ x: 0, y: 0 }, p, o, h);
        const pa: Vec2 = { ...p };
        expect(toLocal(pa, pa, o, h)).toEqual(expected);
        const oa: Vec2 = { ...o };
        expect(toLocal(oa, p, oa, h)).toEqual(expected);
        const back = toWorld({ x: 0, y: 0 }, expected, o, h);
        const la: Vec2 = { ...expected };
        expect(toWorld(la, la, o, h)).toEqual(back);
        const ob: Vec2 = { ...o };
        expect(toWorld(ob, expected, ob, h)).toEqual(back);
        const da: Vec2 = { ...p };
        expect(toLocalDirection(da, da, h)).toEqual(toLocalDirection({ x: 0, y: 0 }, p, h));
        const db: Vec2 = { ...p };
        expect(toWorldDirection(db, db, h)).toEqual(toWorldDirection({ x: 0, y: 0 }, p, h));
      }),
    );
  });
});
