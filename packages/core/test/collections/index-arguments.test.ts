import { describe, expect, it } from "vitest";
import {
  bitsetNext,
  bitsetSet,
  bucketQueuePop,
  bucketQueuePush,
  createBitset,
  createBucketQueue,
  createIndexedHeap,
  createRingBuffer,
  ErrorCodes,
  indexedHeapContains,
  indexedHeapGetPriority,
  indexedHeapPush,
  indexedHeapRemove,
  isTacticaError,
  ringBufferAt,
  ringBufferPush,
} from "../../src/index";

// Index-taking level-1 functions fail loudly on undefined / NaN / non-integer indices (ADR 0002,
// issue 26) instead of silently using slot 0 or answering "absent".

const bad = [undefined, Number.NaN, 1.5] as unknown as number[];

function expectInvalid(f: () => unknown, fn: string): void {
  try {
    f();
  } catch (e) {
    expect(isTacticaError(e, ErrorCodes.InvalidArgument)).toBe(true);
    expect((e as Error).message).toContain(`@tactica/core: ${fn}`);
    return;
  }
  throw new Error(`${fn} did not throw`);
}

describe("index arguments", () => {
  it("bucketQueuePush rejects an id that is not an int32 (it used to be stored as 0)", () => {
    const q = createBucketQueue(8, 1, 4);
    for (const id of [...bad, 2 ** 31]) expectInvalid(() => bucketQueuePush(q, id, 1), "bucketQueuePush");
    bucketQueuePush(q, -3, 1); // any int32 is a valid id
    expect(bucketQueuePop(q)).toBe(-3);
  });

  it("indexed heap queries reject non-integer ids; out-of-range integers are simply absent", () => {
    const h = createIndexedHeap(4);
    indexedHeapPush(h, 0, 5);
    for (const id of bad) {
      expectInvalid(() => indexedHeapContains(h, id), "indexedHeapContains");
      expectInvalid(() => indexedHeapGetPriority(h, id), "indexedHeapGetPriority");
      expectInvalid(() => indexedHeapRemove(h, id), "indexedHeapRemove");
    }
    expect(indexedHeapContains(h, 0)).toBe(true);
    expect(indexedHeapContains(h, 9)).toBe(false);
    expect(indexedHeapGetPriority(h, -1)).toBe(Infinity);
    expect(indexedHeapRemove(h, 9)).toBe(false);
    expect(indexedHeapRemove(h, 0)).toBe(true);
  });

  it("bitsetNext rejects an undefined or NaN start (it used to scan from 0)", () => {
    const s = createBitset(40);
    bitsetSet(s, 3);
    expectInvalid(() => bitsetNext(s, undefined as unknown as number), "bitsetNext");
    expectInvalid(() => bitsetNext(s, Number.NaN), "bitsetNext");
    expect(bitsetNext(s, -5)).toBe(3);
    expect(bitsetNext(s, 4)).toBe(-1);
  });

  it("ringBufferAt rejects a non-integer index; out of range is undefined like Array.prototype.at", () => {
    const b = createRingBuffer<string>(3);
    ringBufferPush(b, "a");
    ringBufferPush(b, "b");
    for (const i of bad) expectInvalid(() => ringBufferAt(b, i), "ringBufferAt");
    expect(ringBufferAt(b, 0)).toBe("a");
    expect(ringBufferAt(b, -1)).toBe("b");
    expect(ringBufferAt(b, 5)).toBeUndefined();
  });
});
