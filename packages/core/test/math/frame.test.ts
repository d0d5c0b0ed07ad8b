import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { frameRight, rotateTowards, toLocal, toLocalDirection, toWorld, toWorldDirection, vec2Angle, vec2FromAngle, type Vec2 } from "../../src/index";

const PI = Math.PI;
const coord = fc.double({ min: -1000, max: 1000, noNaN: true });
const angle = fc.double({ min: -10, max: 10, noNaN: true });
const point = fc.record({ x: coord, y: coord });

describe("frame convention (heading 0 = +x, CCW; local +x forward, local +y port; y-up world)", () => {
  it("global→local is the rotation by −heading", () => {
    const h = 0.7;
    const X = 3;
    const Y = -2;
    const out = toLocal({ x: 0, y: 0 }, { x: 10 + X, y: 5 + Y }, { x: 10, y: 5 }, h);
    expect(out.x).toBeCloseTo(X * Math.cos(h) + Y * Math.sin(h), 12);
    expect(out.y).toBeCloseTo(-X * Math.sin(h) + Y * Math.cos(h), 12);
  });

  it("heading 0 faces world +x; a point ahead has local x > 0, y = 0", () => {
    const f = vec2FromAngle({ x: 0, y: 0 }, 0);
    expect(f).toEqual({ x: 1, y: 0 });
    const local = toLocal({ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 0, y: 0 }, 0);
    expect(local).toEqual({ x: 5, y: 0 });
    // And a point on world +y is to the agent's left (port): local +y.
    const left = toLocal({ x: 0, y: 0 }, { x: 0, y: 5 }, { x: 0, y: 0 }, 0);
    expect(left).toEqual({ x: 0, y: 5 });
  });

  it("heading increases counter-clockwise: heading π/2 faces world +y, its right is world +x", () => {
    const f = vec2FromAngle({ x: 0, y: 0 }, PI / 2);
    expect(f.x).toBeCloseTo(0, 15);
    expect(f.y).toBeCloseTo(1, 15);
    const r = frameRight({ x: 0, y: 0 }, PI / 2);
    expect(r.x).toBeCloseTo(1, 15);
    expect(r.y).toBeCloseTo(0, 15);
    const ahead = toLocal({ x: 0, y: 0 }, { x: 0, y: 5 }, { x: 0, y: 0 }, PI / 2);
    expect(ahead.x).toBeCloseTo(5, 12);
    expect(ahead.y).toBeCloseTo(0, 12);
  });

  it("property: the heading of a forward vector is vec2Angle, and toLocal puts it on local +x", () => {
    fc.assert(
      fc.property(point, point, (o, d) => {
        fc.pre(Math.hypot(d.x, d.y) > 1e-3);
        const h = vec2Angle(d);
        const l = toLocal({ x: 0, y: 0 }, { x: o.x + d.x, y: o.y + d.y }, o, h);
        expect(l.x).toBeCloseTo(Math.hypot(d.x, d.y), 6);
        expect(Math.abs(l.y)).toBeLessThan(1e-6 * Math.max(1, Math.hypot(d.x, d.y)));
      }),
    );
  });

  it("target on the left ⇒ local y > 0 ⇒ steer left (heading increases) and the error shrinks", () => {
    const origin = { x: 2, y: 3 };
    let heading = 0.4;
    // Left of the agent in a y-up world = forward rotated counter-clockwise by 60°.
    const ang = heading + PI / 3;
    const target = { x: origin.x + 10 * Math.cos(ang), y: origin.y + 10 * Math.sin(ang) };
    const local = toLocal({ x: 0, y: 0 }, target, origin, heading);
    expect(local.y).toBeGreaterThan(0); // port
    expect(local.x).toBeGreaterThan(0); // ahead

    // The steering rule: local y > 0 → turn left (counter-clockwise).
    const turn = local.y > 0 ? 1 : local.y < 0 ? -1 : 0;
    expect(turn).toBe(1);
    const before = Math.abs(Math.atan2(local.y, local.x));
    heading += turn * 0.1;
    const after = toLocal({ x: 0, y: 0 }, target, origin, heading);
    expect(Math.abs(Math.atan2(after.y, after.x))).toBeLessThan(before);

    // And rotateTowards the desired heading agrees on the direction.
    const desired = vec2Angle({ x: target.x - origin.x, y: target.y - origin.y });
    expect(rotateTowards(0.4, desired, 0.1)).toBeCloseTo(0.5, 12);
  });

  it("target on the right ⇒ local y < 0 (starboard)", () => {
    // Agent at origin facing +x (heading 0); in a y-up world (5, -5) is ahead-right.
    const local = toLocal({ x: 0, y: 0 }, { x: 5, y: -5 }, { x: 0, y: 0 }, 0);
    expect(local.y).toBeLessThan(0);
    const r = frameRight({ x: 0, y: 0 }, 0);
    expect(r.x * 5 + r.y * -5).toBeGreaterThan(0);
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

  it("local +x maps to the forward vector (vec2FromAngle) and local −y to frameRight", () => {
    const h = 1.1;
    const f = toWorldDirection({ x: 0, y: 0 }, { x: 1, y: 0 }, h);
    const r = toWorldDirection({ x: 0, y: 0 }, { x: 0, y: -1 }, h);
    const ef = vec2FromAngle({ x: 0, y: 0 }, h);
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
