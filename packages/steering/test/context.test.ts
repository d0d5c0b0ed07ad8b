import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  blendContextMap,
  blurContextValues,
  clearContextMap,
  clearRacingContextMap,
  writeContextAvoid,
  writeContextChase,
  createContextDecision,
  createContextMap,
  createRacingContextMap,
  createRacingDecision,
  mergeContextMaps,
  resolveContextMap,
  resolveRacingContextMap,
  writeCarDanger,
  writeContextDirection,
  writeRacingLineInterest,
} from "../src/index";

describe("context map (chapter 18)", () => {
  it("never picks a slot with more than the minimum danger (property)", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 3, max: 40 })
          .chain((n) =>
            fc.tuple(
              fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: n, maxLength: n }),
              fc.array(fc.constantFrom(0, 0.25, 0.5, 1), { minLength: n, maxLength: n }),
            ),
          ),
        ([interest, danger]) => {
          const map = createContextMap(interest.length);
          map.interest.set(interest);
          map.danger.set(danger);
          const d = resolveContextMap(createContextDecision(), map);
          const min = Math.min(...danger);
          if (d.slot >= 0) {
            expect(danger[d.slot]).toBe(min);
            expect(Math.abs(d.subSlot - d.slot)).toBeLessThanOrEqual(0.5);
            // it is the best allowed interest
            for (let i = 0; i < danger.length; i++) if (danger[i] === min) expect(interest[i]!).toBeLessThanOrEqual(d.strength);
          } else {
            for (let i = 0; i < danger.length; i++) if (danger[i] === min) expect(interest[i]).toBe(0);
          }
        },
      ),
    );
  });

  it("two-target trap: heads for the clear target B, where averaged classic steering stalls", () => {
    const pos = { x: 0, y: 0 };
    const targets = [4, 0, -10, 0]; // A near (behind the obstacle), B far on the other side
    const obstacle = [{ x: 2, y: 0, radius: 1 }];
    const map = createContextMap(16);
    writeContextChase(map, pos, targets, 2, 30, Math.PI / 2);
    writeContextAvoid(map, pos, 0.5, obstacle, 3);
    const d = resolveContextMap(createContextDecision(), map);
    expect(d.directionX).toBeLessThan(-0.9); // towards B
    expect(map.danger[d.slot]).toBe(d.minDanger);
    // classic: chase nearest target A plus avoid obstacle, averaged: about zero
    const chase = { x: 1, y: 0 };
    const avoid = { x: -1, y: 0 };
    expect(Math.hypot((chase.x + avoid.x) / 2, (chase.y + avoid.y) / 2)).toBeLessThan(1e-9);
  });

  it("merge is slot-wise max: a second obstacle straight behind the first changes nothing", () => {
    const pos = { x: 0, y: 0 };
    const a = createContextMap(16);
    const b = createContextMap(16);
    writeContextAvoid(a, pos, 0.5, [{ x: 2, y: 0, radius: 1 }], 3);
    writeContextAvoid(
      b,
      pos,
      0.5,
      [
        { x: 2, y: 0, radius: 1 },
        { x: 4, y: 0, radius: 1 },
      ],
      3,
    );
    expect([...b.danger]).toEqual([...a.danger]);
    const m = createContextMap(16);
    writeContextDirection(m.interest, 0, 1, 0.7, 0.5);
    mergeContextMaps(m, m, a);
    for (let i = 0; i < 16; i++) expect(m.danger[i]).toBe(a.danger[i]);
    expect(Math.max(...m.interest)).toBeCloseTo(0.7, 12);
  });

  it("sub-slot interpolation recovers a target between two slots far better than the slot width", () => {
    const n = 8;
    const map = createContextMap(n);
    for (const angle of [0.2, 0.35, 1.1, 2.9, -2.0]) {
      clearContextMap(map);
      writeContextDirection(map.interest, Math.cos(angle), Math.sin(angle), 1, ((2 * Math.PI) / n) * 1.5);
      const d = resolveContextMap(createContextDecision(), map);
      const got = Math.atan2(d.directionY, d.directionX);
      const err = Math.abs(Math.atan2(Math.sin(got - angle), Math.cos(got - angle)));
      expect(err).toBeLessThan((2 * Math.PI) / n / 4);
    }
  });

  it("blur smooths a spike; temporal blending stops flip-flopping between two equal targets", () => {
    const v = new Float64Array([0, 0, 1, 0, 0, 0]);
    blurContextValues(v, new Float64Array(6));
    expect([...v]).toEqual([0, 0.25, 0.5, 0.25, 0, 0]);
    const map = createContextMap(16);
    const pos = { x: 0, y: 0 };
    const picks: number[] = [];
    for (let f = 0; f < 20; f++) {
      clearContextMap(map);
      // 10 frames with A clearly nearer, then distances that wobble so the raw winner alternates
      const wobble = f < 10 ? -1 : f % 2 === 0 ? 0.1 : -0.1;
      writeContextChase(map, pos, [5 + wobble, 0, -5 + wobble, 0], 2, 20, 0.6);
      blendContextMap(map, f === 0 ? 1 : 0.2);
      picks.push(resolveContextMap(createContextDecision(), map).slot);
    }
    const flips = picks.slice(1).filter((p, i) => p !== picks[i]).length;
    expect(flips).toBe(0);
    // without blending it flips every frame
    const raw: number[] = [];
    for (let f = 0; f < 6; f++) {
      clearContextMap(map);
      const wobble = f % 2 === 0 ? 0.1 : -0.1;
      writeContextChase(map, pos, [5 + wobble, 0, -5 + wobble, 0], 2, 20, 0.6);
      raw.push(resolveContextMap(createContextDecision(), map).slot);
    }
    expect(raw.slice(1).filter((p, i) => p !== raw[i]).length).toBe(5);
  });
});

describe("racing-line context map", () => {
  it("interest never reaches zero; cars block their slots; ridges mask; braking follows the threshold", () => {
    const m = createRacingContextMap(21);
    writeRacingLineInterest(m, 10, 0.5, 0.1);
    expect(Math.min(...m.interest)).toBeGreaterThan(0);
    // a car alongside on the line: it blocks slots 8..12 (+ skirt); we are at slot 4
    writeCarDanger(m, 10, 2, 1, 2);
    const d = resolveRacingContextMap(createRacingDecision(), m, 4, 0.5);
    expect(d.slot).toBeGreaterThanOrEqual(0);
    expect(d.slot).toBeLessThan(7); // the far side of the car is beyond the danger ridge
    expect(m.reachable[15]).toBe(0);
    expect(d.brake).toBe(0);
    // start inside the skirt: the path to anywhere crosses danger above the threshold -> brake
    clearRacingContextMap(m);
    writeRacingLineInterest(m, 10, 0.5, 0.1);
    writeCarDanger(m, 12, 1, 1, 3);
    const e = resolveRacingContextMap(createRacingDecision(), m, 10, 0.3);
    expect(e.pathDanger).toBeGreaterThan(0.3);
    expect(e.brake).toBe(e.pathDanger);
    expect(m.danger[e.slot]).toBeLessThanOrEqual(m.danger[10]!);
  });
});
