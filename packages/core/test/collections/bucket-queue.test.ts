import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ErrorCodes,
  bucketQueueClear,
  bucketQueuePeek,
  bucketQueuePeekPriority,
  bucketQueuePop,
  bucketQueuePush,
  createBucketQueue,
  isTacticaError,
} from "../../src/index";

describe("bucket queue", () => {
  it("pops integer priorities in exact order with width 1", () => {
    const q = createBucketQueue(8, 1, 2);
    bucketQueuePush(q, 1, 3);
    bucketQueuePush(q, 2, 0);
    bucketQueuePush(q, 3, 7);
    bucketQueuePush(q, 4, 3);
    expect(q.size).toBe(4);
    expect(bucketQueuePeek(q)).toBe(2);
    expect(bucketQueuePeekPriority(q)).toBe(0);
    expect(bucketQueuePop(q)).toBe(2);
    expect(bucketQueuePop(q)).toBe(4); // LIFO within a bucket
    expect(bucketQueuePop(q)).toBe(1);
    bucketQueuePush(q, 5, 9); // wraps around the ring
    expect(bucketQueuePop(q)).toBe(3);
    expect(bucketQueuePeekPriority(q)).toBe(9);
    expect(bucketQueuePop(q)).toBe(5);
    expect(bucketQueuePop(q)).toBe(-1);
    expect(bucketQueuePeek(q)).toBe(-1);
    expect(bucketQueuePeekPriority(q)).toBe(Infinity);
  });

  it("quantises by bucket width and keeps exact priorities", () => {
    const q = createBucketQueue(4, 0.5, 4);
    bucketQueuePush(q, 1, 0.9); // bucket 1
    bucketQueuePush(q, 2, 0.6); // bucket 1
    bucketQueuePush(q, 3, 0.2); // bucket 0
    expect(bucketQueuePop(q)).toBe(3);
    expect(bucketQueuePeekPriority(q)).toBe(0.6);
    expect(bucketQueuePop(q)).toBe(2);
    expect(bucketQueuePop(q)).toBe(1);
  });

  it("clamps pushes below the current minimum and restarts anywhere when empty", () => {
    const q = createBucketQueue(4, 1, 4);
    bucketQueuePush(q, 1, 100);
    bucketQueuePush(q, 2, 101);
    expect(bucketQueuePop(q)).toBe(1);
    bucketQueuePush(q, 3, 50); // below the minimum: goes to bucket 101 (the current one)
    expect(bucketQueuePop(q)).toBe(3);
    expect(bucketQueuePop(q)).toBe(2);
    bucketQueuePush(q, 4, -20); // empty: anywhere, negatives too
    bucketQueuePush(q, 5, -18);
    expect(bucketQueuePop(q)).toBe(4);
    expect(bucketQueuePop(q)).toBe(5);
  });

  it("throws CAPACITY_EXCEEDED for priorities beyond the ring and INVALID_ARGUMENT for non-finite ones", () => {
    const q = createBucketQueue(4, 1, 4);
    bucketQueuePush(q, 1, 10);
    bucketQueuePush(q, 2, 13);
    try {
      bucketQueuePush(q, 3, 14);
      expect.unreachable();
    } catch (e) {
      expect(isTacticaError(e, ErrorCodes.CapacityExceeded)).toBe(true);
    }
    expect(() => bucketQueuePush(q, 3, NaN)).toThrow(/"priority" must be finite/);
    expect(() => bucketQueuePush(q, 3, Infinity)).toThrow(/"priority" must be finite/);
    expect(() => createBucketQueue(0, 1, 1)).toThrow(/"bucketCount"/);
    expect(() => createBucketQueue(4, 0, 1)).toThrow(/"bucketWidth"/);
  });

  it("grows entry storage and reuses freed entries; clear empties it", () => {
    const q = createBucketQueue(16, 1, 1);
    for (let i = 0; i < 20; i++) bucketQueuePush(q, i, i % 10);
    expect(q.size).toBe(20);
    const popped: number[] = [];
    while (q.size > 0) popped.push(bucketQueuePop(q));
    expect(popped.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    bucketQueuePush(q, 7, 3);
    bucketQueueClear(q);
    expect(q.size).toBe(0);
    expect(bucketQueuePop(q)).toBe(-1);
  });

  it("matches a model under monotone random sequences (bucket order, LIFO inside a bucket)", () => {
    const width = 0.25;
    const buckets = 12;
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.double({ min: 0, max: (buckets - 1) * width, noNaN: true }), { nil: undefined }), { minLength: 60, maxLength: 200, size: "max" }),
        (ops) => {
          const q = createBucketQueue(buckets, width, 4);
          const model: { id: number; p: number; seq: number }[] = [];
          let floor = 0; // smallest priority still allowed: the last popped bucket's start
          let seq = 0;
          for (const op of ops) {
            if (op === undefined) {
              const id = bucketQueuePop(q);
              if (model.length === 0) {
                expect(id).toBe(-1);
                continue;
              }
              const minBucket = Math.min(...model.map((e) => Math.floor(e.p / width)));
              const inBucket = model.filter((e) => Math.floor(e.p / width) === minBucket);
              const newest = inBucket.reduce((a, b) => (a.seq > b.seq ? a : b));
              expect(id).toBe(newest.id);
              model.splice(model.indexOf(newest), 1);
              floor = minBucket * width;
            } else {
              const p = floor + op;
              bucketQueuePush(q, seq, p);
              model.push({ id: seq, p, seq });
              seq++;
            }
            expect(q.size).toBe(model.length);
          }
        },
      ),
      { seed: 5, numRuns: 200 },
    );
  });

  it("pops sorted order exactly for integer priorities (width 1) against a sorted-array model", () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined }), { minLength: 60, maxLength: 200, size: "max" }), (ops) => {
        const q = createBucketQueue(10, 1, 8);
        const model: number[] = [];
        let last = 0;
        for (const op of ops) {
          if (op === undefined) {
            model.sort((a, b) => a - b);
            const expected = model.shift();
            const p = bucketQueuePeekPriority(q);
            bucketQueuePop(q);
            expect(p).toBe(expected ?? Infinity);
            if (expected !== undefined) last = expected;
          } else {
            bucketQueuePush(q, 0, last + op);
            model.push(last + op);
          }
        }
      }),
      { seed: 6, numRuns: 200 },
    );
  });
});
