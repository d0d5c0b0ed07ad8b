import { isTacticaError, type TacticaErrorCode, vec2Angle } from "@tactica/core";
import { createGrid, setCellPassable } from "@tactica/grid";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addSensor,
  canSee,
  countCanvassWedge,
  createCanvassGrid,
  createVisionBatch,
  createSenseManager,
  createSenseResult,
  gridLineOfSight,
  hearingIntensity,
  computeMovementNoiseRadius,
  SenseResultFlags,
  selectSound,
  senseInto,
  senseTargets,
  stepVisionBatch,
  setSensorPose,
  validateSoundEvent,
  validateVisionZones,
  visionCertainty,
  VisionShape,
} from "../../src/index";

const cone = { viewRange: 10, fieldOfView: Math.PI / 2 };

function throwsCode(f: () => unknown, code: TacticaErrorCode): void {
  let caught: unknown;
  try {
    f();
  } catch (e) {
    caught = e;
  }
  expect(isTacticaError(caught, code), String(caught)).toBe(true);
}

describe("canSee", () => {
  it("checks distance, then the cone, then the ray", () => {
    expect(canSee(cone, 0, 0, 0, 5, 1)).toBe(true);
    expect(canSee(cone, 0, 0, 0, 10, 0)).toBe(true); // on the range boundary
    expect(canSee(cone, 0, 0, 0, 10.01, 0)).toBe(false);
    expect(canSee(cone, 0, 0, 0, -5, 0)).toBe(false);
    expect(canSee(cone, 0, 0, 0, 3, 3.01)).toBe(false); // just outside the 45° half-angle
    expect(canSee(cone, 0, 0, 0, 3, 2.99)).toBe(true);
    expect(canSee(cone, 0, 0, Math.PI / 2, 0, 5)).toBe(true); // heading +y
    expect(canSee(cone, 0, 0, 0, 0, 0)).toBe(true); // own position
    expect(canSee({ viewRange: 10, fieldOfView: 2 * Math.PI }, 0, 0, 0, -5, 0)).toBe(true);
  });

  it("runs the ray only for targets inside range and cone", () => {
    let rays = 0;
    const lineOfSight = (): boolean => (rays++, false);
    expect(canSee(cone, 0, 0, 0, 20, 0, { lineOfSight })).toBe(false);
    expect(canSee(cone, 0, 0, 0, -5, 0, { lineOfSight })).toBe(false);
    expect(rays).toBe(0);
    expect(canSee(cone, 0, 0, 0, 5, 0, { lineOfSight })).toBe(false);
    expect(rays).toBe(1);
  });

  it("agrees with an angle computed by atan2 (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -20, max: 20, noNaN: true }),
        fc.double({ min: -20, max: 20, noNaN: true }),
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        fc.double({ min: 0.1, max: 2 * Math.PI - 0.1, noNaN: true }),
        (tx, ty, heading, fov) => {
          const d = Math.hypot(tx, ty);
          let off = Math.abs(Math.atan2(ty, tx) - heading) % (2 * Math.PI);
          if (off > Math.PI) off = 2 * Math.PI - off;
          // Skip the knife edges where rounding decides.
          fc.pre(Math.abs(d - 10) > 1e-6 && Math.abs(off - fov / 2) > 1e-6 && d > 1e-6);
          expect(canSee({ viewRange: 10, fieldOfView: fov }, 0, 0, heading, tx, ty)).toBe(d <= 10 && off <= fov / 2);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("gridLineOfSight", () => {
  it("blocks sight through blocked cells and is cached per grid", () => {
    const grid = createGrid(10, 10);
    setCellPassable(grid, 5, 0, false);
    const los = gridLineOfSight(grid);
    expect(gridLineOfSight(grid)).toBe(los);
    expect(los(0.5, 0.5, 8.5, 0.5)).toBe(false);
    expect(los(0.5, 0.5, 8.5, 4.5)).toBe(true);
    expect(los(0.5, 0.5, -1, 0.5)).toBe(false); // outside
    setCellPassable(grid, 5, 0, true); // edits are seen live
    expect(los(0.5, 0.5, 8.5, 0.5)).toBe(true);
  });
});

describe("visionCertainty", () => {
  const zones = validateVisionZones([
    { viewRange: 5, halfAngle: Math.PI / 3, certainty: 1 },
    { viewRange: 15, halfAngle: Math.PI / 12, certainty: 0.9 },
    { viewRange: 10, halfAngle: Math.PI / 4, certainty: 0.5 },
  ]);

  it("takes the best zone containing the target, plus a clamped modifier", () => {
    expect(visionCertainty(zones, 0, 0, 0, 3, 0)).toBe(1);
    expect(visionCertainty(zones, 0, 0, 0, 12, 0)).toBe(0.9); // the narrow far zone
    expect(visionCertainty(zones, 0, 0, 0, 7, 5)).toBe(0.5);
    expect(visionCertainty(zones, 0, 0, 0, 20, 0)).toBe(0);
    expect(visionCertainty(zones, 0, 0, 0, 7, 5, { modifier: 0.3 })).toBeCloseTo(0.8, 12);
    expect(visionCertainty(zones, 0, 0, 0, 3, 0, { modifier: 0.3 })).toBe(1);
    expect(visionCertainty(zones, 0, 0, 0, 7, 5, { modifier: -0.6 })).toBe(0);
    expect(visionCertainty(zones, 0, 0, 0, 20, 0, { modifier: 0.3 })).toBe(0); // out of every zone
    expect(visionCertainty(zones, 0, 0, 0, 3, 0, { lineOfSight: () => false })).toBe(0);
  });

  it("never increases with distance or with the angle off the heading (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 20, noNaN: true }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        fc.double({ min: 0, max: Math.PI, noNaN: true }),
        fc.double({ min: 0, max: Math.PI, noNaN: true }),
        (d1, d2, a1, a2) => {
          const [dn, df] = d1 <= d2 ? [d1, d2] : [d2, d1];
          const [an, af] = a1 <= a2 ? [a1, a2] : [a2, a1];
          const near = visionCertainty(zones, 0, 0, 0, dn * Math.cos(an), dn * Math.sin(an));
          const far = visionCertainty(zones, 0, 0, 0, df * Math.cos(af), df * Math.sin(af));
          expect(near).toBeGreaterThanOrEqual(far);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("supports box and coffin shapes; far away the coffin is narrower than the cone", () => {
    const cone = validateVisionZones([{ viewRange: 20, halfAngle: Math.PI / 6, certainty: 1 }]);
    const coffin = validateVisionZones([{ shape: VisionShape.Coffin, viewRange: 20, halfAngle: Math.PI / 6, widestAt: 10, endHalfWidth: 1, certainty: 1 }]);
    const box = validateVisionZones([{ shape: VisionShape.Box, viewRange: 20, halfAngle: 0, halfWidth: 2, certainty: 0.7 }]);
    // At 18 forward and 5 to the side: inside the cone (≈15.5°), outside the coffin (half-width ≈ 1.95 there).
    expect(visionCertainty(cone, 0, 0, 0, 18, 5)).toBe(1);
    expect(visionCertainty(coffin, 0, 0, 0, 18, 5)).toBe(0);
    expect(visionCertainty(coffin, 0, 0, 0, 18, 1.5)).toBe(1);
    // The coffin widens like the cone up to its widest point.
    expect(visionCertainty(coffin, 0, 0, 0, 9, 5)).toBe(1); // 9 · tan 30° ≈ 5.2
    expect(visionCertainty(coffin, 0, 0, 0, 9, 5.3)).toBe(0);
    // Box: lateral offset, not angle; nothing behind the eye.
    expect(visionCertainty(box, 0, 0, 0, 0.5, 1.9)).toBe(0.7);
    expect(visionCertainty(box, 0, 0, 0, 19, 1.9)).toBe(0.7);
    expect(visionCertainty(box, 0, 0, 0, 19, 2.1)).toBe(0);
    expect(visionCertainty(box, 0, 0, 0, -1, 0)).toBe(0);
    // Shapes turn with the eye.
    expect(visionCertainty(box, 0, 0, Math.PI / 2, -1.9, 19)).toBe(0.7);
    throwsCode(() => validateVisionZones([{ shape: 7 as never, viewRange: 5, halfAngle: 1, certainty: 1 }]), "PERCEPTION_CONFIG");
    throwsCode(() => validateVisionZones([{ shape: VisionShape.Coffin, viewRange: 5, halfAngle: 2, certainty: 1 }]), "PERCEPTION_CONFIG");
  });

  it("rejects certainties outside [0, 1] and bad zones", () => {
    throwsCode(() => validateVisionZones([{ viewRange: 5, halfAngle: 1, certainty: 1.2 }]), "PERCEPTION_CONFIG");
    throwsCode(() => validateVisionZones([{ viewRange: 5, halfAngle: 1, certainty: -0.1 }]), "PERCEPTION_CONFIG");
    throwsCode(() => validateVisionZones([{ viewRange: -1, halfAngle: 1, certainty: 1 }]), "PERCEPTION_CONFIG");
    throwsCode(() => validateVisionZones([{ viewRange: 5, halfAngle: 4, certainty: 1 }]), "PERCEPTION_CONFIG");
    throwsCode(() => validateVisionZones([{ viewRange: 5, halfAngle: Number.NaN, certainty: 1 }]), "PERCEPTION_CONFIG");
  });
});

describe("hearingIntensity", () => {
  const shot = { x: 0, y: 0, radius: 20 };

  it("falls off linearly to the radius, scaled by loudness, sensitivity and occlusion", () => {
    expect(hearingIntensity(shot, 5, 0)).toBe(0.75);
    expect(hearingIntensity(shot, 20, 0)).toBe(0);
    expect(hearingIntensity(shot, 0, 0)).toBe(1);
    expect(hearingIntensity({ ...shot, loudness: 0.5 }, 10, 0)).toBe(0.25);
    expect(hearingIntensity(shot, 10, 0, { sensitivity: 1.5 })).toBe(0.75);
    expect(hearingIntensity(shot, 0, 0, { sensitivity: 3 })).toBe(1); // clamped
    expect(hearingIntensity(shot, 10, 0, { falloff: 2 })).toBe(0.25);
    expect(hearingIntensity(shot, 10, 0, { occlusion: () => 0.5 })).toBe(0.25);
    expect(hearingIntensity(shot, 10, 0, { occlusion: () => 0 })).toBe(0);
    expect(hearingIntensity(shot, 10, 0, { occlusion: () => 7 })).toBe(0.5); // clamped to clear
  });

  it("never increases with distance (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 30, noNaN: true }),
        fc.double({ min: 0, max: 30, noNaN: true }),
        fc.double({ min: 0.1, max: 4, noNaN: true }),
        (a, b, falloff) => {
          const [n, f] = a <= b ? [a, b] : [b, a];
          expect(hearingIntensity(shot, n, 0, { falloff })).toBeGreaterThanOrEqual(hearingIntensity(shot, f, 0, { falloff }));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("validates events", () => {
    throwsCode(() => validateSoundEvent({ x: 0, y: 0, radius: 0 }), "PERCEPTION_CONFIG");
    throwsCode(() => validateSoundEvent({ x: 0, y: 0, radius: 3, loudness: 2 }), "PERCEPTION_CONFIG");
    expect(validateSoundEvent(shot)).toBe(shot);
  });
});

describe("sense manager", () => {
  it("senses targets and sounds into a caller-owned result, flagging a short buffer", () => {
    const m = createSenseManager(2);
    const a = addSensor(m, { x: 0, y: 0, heading: 0, viewRange: 10, fieldOfView: Math.PI / 2 });
    const b = addSensor(m, { x: 20, y: 0, heading: Math.PI, viewRange: 10, fieldOfView: Math.PI / 2, hearingSensitivity: 0 });
    expect([a, b]).toEqual([0, 1]);
    expect(addSensor(m, { x: 0, y: 0, heading: 0, viewRange: 1, fieldOfView: 1 })).toBe(-1); // full: no throw
    const targets = new Float64Array([5, 0, 15, 0, -3, 0, 6, 1]);
    const sounds = [
      { x: 2, y: 0, radius: 4 },
      { x: 18, y: 0, radius: 10 },
    ];
    const out = createSenseResult(4, { maxHeard: 4 });
    senseInto(out, m, a, targets, { sounds });
    expect([...out.seen.subarray(0, out.seenCount)]).toEqual([0, 3]);
    expect(out.heardCount).toBe(1);
    expect(out.heard[0]).toBe(0);
    expect(out.heardIntensity[0]).toBe(0.5);
    expect(out.flags).toBe(SenseResultFlags.None);
    senseInto(out, m, b, targets, { sounds }); // deaf sensor looking -x
    expect([...out.seen.subarray(0, out.seenCount)]).toEqual([1]); // (5,0) and (6,1) are 15 and 14 away
    expect(out.heardCount).toBe(0);

    const short = createSenseResult(1, { maxHeard: 0 });
    senseInto(short, m, a, targets, { sounds });
    expect(short.seenCount).toBe(2);
    expect(short.seen[0]).toBe(0);
    expect(short.heardCount).toBe(1);
    expect(short.flags & SenseResultFlags.Truncated).toBe(SenseResultFlags.Truncated);

    senseInto(out, m, a, targets, { sounds, hearingThreshold: 0.6 });
    expect(out.heardCount).toBe(0);
    senseInto(out, m, a, targets, { sounds, hearingThreshold: 0.5 });
    expect(out.heardCount).toBe(1);
    senseInto(out, m, a, targets, { sounds, lineOfSight: (_x0, _y0, x1) => x1 !== 5 });
    expect([...out.seen.subarray(0, out.seenCount)]).toEqual([3]);

    const onlySeen = senseInto(createSenseResult(1, { maxHeard: 4 }), m, a, targets, { sounds });
    expect(onlySeen.flags).toBe(SenseResultFlags.Truncated); // the seen list alone overflows
    expect(senseInto(createSenseResult(4, { maxHeard: 4 }), m, a, targets, { sounds }).flags).toBe(SenseResultFlags.None);

    const soft = createSenseManager(1);
    addSensor(soft, { x: 0, y: 0, heading: 0, viewRange: 1, fieldOfView: 1, hearingSensitivity: 0.5 });
    const r = senseInto(createSenseResult(0, { maxHeard: 2 }), soft, 0, [], { sounds });
    expect(r.heardIntensity[0]).toBe(0.25); // 0.5 at 2 of 4, halved by the sensor's hearing

    setSensorPose(m, a, 0, 0, Math.PI);
    senseInto(out, m, a, targets, { sounds });
    expect([...out.seen.subarray(0, out.seenCount)]).toEqual([2]);
  });

  it("takes optional inputs as options: no sounds array when there are no sounds", () => {
    const m = createSenseManager(1);
    addSensor(m, { x: 0, y: 0, heading: 0, viewRange: 10, fieldOfView: Math.PI / 2 });
    const out = createSenseResult(2);
    expect([out.seen.length, out.heard.length]).toEqual([2, 2]); // maxHeard defaults to maxSeen
    expect(createSenseResult(2, { maxHeard: 5 }).heard.length).toBe(5);
    out.heardCount = 7;
    senseInto(out, m, 0, [5, 0, -5, 0]); // no options at all
    expect([out.seenCount, out.seen[0], out.heardCount, out.flags]).toEqual([1, 0, 0, SenseResultFlags.None]);
    senseInto(out, m, 0, [5, 0], { lineOfSight: () => false }); // options without sounds
    expect([out.seenCount, out.heardCount]).toEqual([0, 0]);
    senseInto(out, m, 0, [], { sounds: [{ x: 1, y: 0, radius: 2 }] });
    expect([out.seenCount, out.heardCount, out.heard[0]]).toEqual([0, 1, 0]);
  });

  it("is plain data and rejects misuse", () => {
    const m = createSenseManager(3);
    addSensor(m, { x: 1, y: 2, heading: 0, viewRange: 5, fieldOfView: 1 });
    const copy = structuredClone(m);
    expect(copy).toEqual(m);
    throwsCode(() => createSenseManager(0), "PERCEPTION_CONFIG");
    throwsCode(() => addSensor(m, { x: 0, y: 0, heading: 0, viewRange: -1, fieldOfView: 1 }), "PERCEPTION_CONFIG");
    throwsCode(() => addSensor(m, { x: 0, y: 0, heading: 0, viewRange: 1, fieldOfView: 7 }), "PERCEPTION_CONFIG");
    throwsCode(() => senseInto(createSenseResult(1), m, 1, []), "PERCEPTION_CONFIG");
    throwsCode(() => senseInto(createSenseResult(1), m, 0, [1, 2, 3]), "PERCEPTION_CONFIG");
    throwsCode(() => setSensorPose(m, 2, 0, 0, 0), "PERCEPTION_CONFIG");
  });

  it("agrees with the level-2 senseTargets (property)", () => {
    const point = fc.record({ x: fc.double({ min: -15, max: 15, noNaN: true }), y: fc.double({ min: -15, max: 15, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(point, { minLength: 0, maxLength: 30 }), fc.double({ min: -4, max: 4, noNaN: true }), (pts, heading) => {
        const m = createSenseManager(1);
        addSensor(m, { x: 0, y: 0, heading, viewRange: 10, fieldOfView: 2 });
        const out = senseInto(
          createSenseResult(pts.length),
          m,
          0,
          pts.flatMap((p) => [p.x, p.y]),
        );
        const r = senseTargets({ x: 0, y: 0, heading, viewRange: 10, fieldOfView: 2 }, pts);
        expect([...out.seen.subarray(0, out.seenCount)]).toEqual(r.seen);
      }),
      { numRuns: 100 },
    );
  });
});

describe("senseTargets", () => {
  it("uses a grid for sight and reports sounds", () => {
    const grid = createGrid(12, 12);
    setCellPassable(grid, 3, 0, false);
    const guard = { x: 0, y: 0, heading: 0, viewRange: 10, fieldOfView: Math.PI / 2 };
    const r = senseTargets(
      guard,
      [
        { x: 6.5, y: 0.5 },
        { x: 6.5, y: 3.5 },
        { x: -4, y: 0 },
      ],
      { grid, sounds: [{ x: -4, y: 0, radius: 8 }] },
    );
    expect(r).toEqual({ seen: [1], heard: [{ index: 0, intensity: 0.5 }] });
    // A custom ray test wins over the grid.
    expect(senseTargets(guard, [{ x: 6.5, y: 0.5 }], { grid, lineOfSight: () => true }).seen).toEqual([0]);
    throwsCode(() => senseTargets({ ...guard, viewRange: Number.NaN }, []), "PERCEPTION_CONFIG");
  });
});

describe("sound priority and movement noise (ch. 28, ch. 33)", () => {
  it("selectSound: the highest priority heard, then the loudest, then the first; -1 when none is heard", () => {
    const events = [
      { x: 0, y: 0, radius: 30, priority: 0 },
      { x: 20, y: 0, radius: 40, priority: 2 },
      { x: 90, y: 0, radius: 10, priority: 5 },
    ];
    expect(selectSound(events, 2, 0)).toBe(1);
    expect(selectSound(events, 88, 0)).toBe(2);
    expect(selectSound(events, 500, 0)).toBe(-1);
    // Equal priorities: the louder one at the listener.
    expect(
      selectSound(
        [
          { x: 0, y: 0, radius: 10 },
          { x: 3, y: 0, radius: 10 },
        ],
        4,
        0,
      ),
    ).toBe(1);
    expect(
      selectSound(
        [
          { x: 3, y: 0, radius: 10 },
          { x: 3, y: 0, radius: 10 },
        ],
        4,
        0,
      ),
    ).toBe(0);
    // The listener multiplier (type × behaviour) scales the radius: an unaware listener misses it.
    expect(selectSound([{ x: 0, y: 0, radius: 10 }], 8, 0, { radiusScale: 0.5 })).toBe(-1);
    expect(selectSound([{ x: 0, y: 0, radius: 10 }], 8, 0, { radiusScale: 1.5 })).toBe(0);
    // A fully occluded sound is not heard.
    expect(selectSound(events, 2, 0, { occlusion: () => 0 })).toBe(-1);
    expect(() => validateSoundEvent({ x: 0, y: 0, radius: 5, priority: Number.NaN })).toThrow(/priority/);
  });

  it("computeMovementNoiseRadius grows with speed up to its cap and rejects bad input", () => {
    expect(computeMovementNoiseRadius(0, { baseRadius: 0.5 })).toBe(0.5);
    expect(computeMovementNoiseRadius(1.5, { baseRadius: 1, radiusPerSpeed: 4 })).toBe(7);
    expect(computeMovementNoiseRadius(5, { baseRadius: 1, radiusPerSpeed: 4, maxRadius: 15 })).toBe(15);
    let last = 0;
    for (let s = 0; s <= 10; s += 0.5) {
      const r = computeMovementNoiseRadius(s, { baseRadius: 1, radiusPerSpeed: 2, maxRadius: 12 });
      expect(r).toBeGreaterThanOrEqual(last);
      last = r;
    }
    expect(() => computeMovementNoiseRadius(-1)).toThrow(/speed/);
    expect(() => computeMovementNoiseRadius(1, { radiusPerSpeed: Number.NaN })).toThrow(/radiusPerSpeed/);
  });
});

describe("headings: 0 = +x, counter-clockwise, the toolkit's convention (issue 26)", () => {
  it("a steering-style agent's velocity turned into a heading with vec2Angle sees a target straight ahead (property)", () => {
    const cone = { viewRange: 10, fieldOfView: Math.PI / 6 }; // narrow: 15° each side
    fc.assert(
      fc.property(
        fc.double({ min: -50, max: 50, noNaN: true }),
        fc.double({ min: -50, max: 50, noNaN: true }),
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        fc.double({ min: 0.1, max: 20, noNaN: true }),
        fc.double({ min: 0.5, max: 9.5, noNaN: true }),
        (px, py, angle, speed, ahead) => {
          // The shape steering agents have: a position and a velocity (y up).
          const agent = { position: { x: px, y: py }, velocity: { x: speed * Math.cos(angle), y: speed * Math.sin(angle) } };
          const heading = vec2Angle(agent.velocity);
          const dir = { x: agent.velocity.x / speed, y: agent.velocity.y / speed };
          const front = { x: px + dir.x * ahead, y: py + dir.y * ahead };
          const behind = { x: px - dir.x * ahead, y: py - dir.y * ahead };
          const left = { x: px - dir.y * ahead, y: py + dir.x * ahead }; // 90° counter-clockwise
          expect(canSee(cone, px, py, heading, front.x, front.y)).toBe(true);
          expect(canSee(cone, px, py, heading, behind.x, behind.y)).toBe(false);
          expect(canSee(cone, px, py, heading, left.x, left.y)).toBe(false);
          expect(canSee(cone, px, py, heading + Math.PI / 2, left.x, left.y)).toBe(true); // turning CCW by 90° faces "left"
          const zones = [{ viewRange: 10, halfAngle: Math.PI / 12, certainty: 1 }];
          expect(visionCertainty(zones, px, py, heading, front.x, front.y)).toBe(1);
          expect(visionCertainty(zones, px, py, heading, behind.x, behind.y)).toBe(0);
        },
      ),
    );
  });

  it("the sense manager, the vision batch and the canvass wedge read the same heading", () => {
    const velocity = { x: 0, y: 3 }; // moving +y
    const heading = vec2Angle(velocity); // π/2
    const m = createSenseManager(1);
    addSensor(m, { x: 0, y: 0, heading, viewRange: 10, fieldOfView: Math.PI / 4 });
    const out = senseInto(createSenseResult(2), m, 0, [0, 5, 5, 0]);
    expect([...out.seen.subarray(0, out.seenCount)]).toEqual([0]); // (0, 5) ahead, (5, 0) off to the right
    const batch = createVisionBatch(3, 2);
    batch.neighbors.set([1, 2, -1, -1, -1, -1]);
    stepVisionBatch(batch, { viewRange: 10, fieldOfView: Math.PI / 4 }, { x: [0, 0, 5], y: [0, 5, 0], heading: [heading, 0, 0] }, Infinity);
    expect([batch.visible[0], batch.visible[1]]).toEqual([1, 0]);
    const grid = createCanvassGrid(0, 0, 6, 1);
    expect(countCanvassWedge(grid, 0, 0, heading, Math.PI / 8, 5)).toBeGreaterThan(0);
    expect(countCanvassWedge(grid, 0, 0, heading, Math.PI / 8, 5)).toBe(countCanvassWedge(grid, 0, 0, vec2Angle({ x: 0, y: 1 }), Math.PI / 8, 5));
  });
});
