import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ErrorCodes,
  createNumberRingBuffer,
  createRingBuffer,
  isTacticaError,
  ringBufferAt,
  ringBufferClear,
  ringBufferIsFull,
  ringBufferPeek,
  ringBufferPeekBack,
  ringBufferPop,
  ringBufferPush,
  ringBufferShift,
  ringBufferToArray,
  ringBufferUnshift,
  type RingBuffer,
} from "../../src/index";

describe("ring buffer", () => {
  it("works as a FIFO queue and a deque on numbers", () => {
    const r = createNumberRingBuffer(3);
    expect(r.data).toBeInstanceOf(Float64Array);
    ringBufferPush(r, 1);
    ringBufferPush(r, 2);
    ringBufferUnshift(r, 0);
    expect(ringBufferIsFull(r)).toBe(true);
    expect(ringBufferToArray(r)).toEqual([0, 1, 2]);
    expect(ringBufferPeek(r)).toBe(0);
    expect(ringBufferPeekBack(r)).toBe(2);
    expect(ringBufferAt(r, 1)).toBe(1);
    expect(ringBufferAt(r, -1)).toBe(2);
    expect(ringBufferAt(r, 3)).toBeUndefined();
    expect(ringBufferAt(r, -4)).toBeUndefined();
    expect(() => ringBufferAt(r, 0.5)).toThrow(/ringBufferAt: "index" must be an integer/); // a fractional index is a bug, not "absent"
    expect(ringBufferShift(r)).toBe(0);
    expect(ringBufferPop(r)).toBe(2);
    expect(ringBufferPop(r)).toBe(1);
    expect(ringBufferPop(r)).toBeUndefined();
    expect(ringBufferShift(r)).toBeUndefined();
    expect(ringBufferPeek(r)).toBeUndefined();
    expect(ringBufferPeekBack(r)).toBeUndefined();
  });

  it("throws CAPACITY_EXCEEDED when full without overwrite", () => {
    const r = createRingBuffer<string>(2);
    ringBufferPush(r, "a");
    ringBufferPush(r, "b");
    for (const add of [() => ringBufferPush(r, "c"), () => ringBufferUnshift(r, "c")]) {
      try {
        add();
        expect.unreachable();
      } catch (e) {
        expect(isTacticaError(e, ErrorCodes.CapacityExceeded)).toBe(true);
      }
    }
    expect(ringBufferToArray(r)).toEqual(["a", "b"]);
    expect(() => createRingBuffer(0)).toThrow(/createRingBuffer: "capacity"/);
  });

  it("overwrites the oldest on push and the newest on unshift in overwrite mode", () => {
    const r = createNumberRingBuffer(3, { overwrite: true });
    for (let i = 1; i <= 5; i++) ringBufferPush(r, i);
    expect(ringBufferToArray(r)).toEqual([3, 4, 5]);
    ringBufferUnshift(r, 2);
    expect(ringBufferToArray(r)).toEqual([2, 3, 4]);
  });

  it("releases references in the plain-array variant and clears", () => {
    const r = createRingBuffer<{ v: number }>(4);
    ringBufferPush(r, { v: 1 });
    ringBufferPush(r, { v: 2 });
    ringBufferShift(r);
    expect((r.data as unknown[]).filter((x) => x !== undefined).length).toBe(1);
    ringBufferClear(r);
    expect(r.size).toBe(0);
    expect((r.data as unknown[]).every((x) => x === undefined)).toBe(true);
    const copy = JSON.parse(JSON.stringify(r)) as RingBuffer<{ v: number }>;
    expect(copy.capacity).toBe(4);
  });

  const op = fc.oneof(
    fc.record({ k: fc.constant("push" as const), v: fc.integer() }),
    fc.record({ k: fc.constant("unshift" as const), v: fc.integer() }),
    fc.record({ k: fc.constant("pop" as const) }),
    fc.record({ k: fc.constant("shift" as const) }),
    fc.record({ k: fc.constant("at" as const), i: fc.integer({ min: -8, max: 8 }) }),
    fc.record({ k: fc.constant("clear" as const) }),
  );

  for (const overwrite of [false, true]) {
    for (const variant of ["number", "generic"] as const) {
      it(`matches an array model (${variant}, overwrite ${overwrite})`, () => {
        fc.assert(
          fc.property(fc.integer({ min: 1, max: 6 }), fc.array(op, { minLength: 30, maxLength: 120, size: "max" }), (cap, ops) => {
            const r = variant === "number" ? createNumberRingBuffer(cap, { overwrite }) : createRingBuffer<number>(cap, { overwrite });
            const model: number[] = [];
            for (const o of ops) {
              switch (o.k) {
                case "push":
                  if (model.length === cap && !overwrite) {
                    expect(() => ringBufferPush(r, o.v)).toThrow();
                  } else {
                    ringBufferPush(r, o.v);
                    model.push(o.v);
                    if (model.length > cap) model.shift();
                  }
                  break;
                case "unshift":
                  if (model.length === cap && !overwrite) {
                    expect(() => ringBufferUnshift(r, o.v)).toThrow();
                  } else {
                    ringBufferUnshift(r, o.v);
                    model.unshift(o.v);
                    if (model.length > cap) model.pop();
                  }
                  break;
                case "pop":
                  expect(ringBufferPop(r)).toBe(model.pop());
                  break;
                case "shift":
                  expect(ringBufferShift(r)).toBe(model.shift());
                  break;
                case "at":
                  expect(ringBufferAt(r, o.i)).toBe(model.at(o.i));
                  break;
                case "clear":
                  ringBufferClear(r);
                  model.length = 0;
                  break;
              }
              expect(r.size).toBe(model.length);
              expect(ringBufferPeek(r)).toBe(model[0]);
              expect(ringBufferPeekBack(r)).toBe(model.at(-1));
            }
            expect(ringBufferToArray(r)).toEqual(model);
          }),
          { seed: 9, numRuns: 150 },
        );
      });
    }
  }
});
