import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ErrorCodes,
  bitsetAnd,
  bitsetAndNot,
  bitsetClear,
  bitsetClearAll,
  bitsetClone,
  bitsetCopy,
  bitsetCount,
  bitsetEquals,
  bitsetFill,
  bitsetFirst,
  bitsetHas,
  bitsetIntersects,
  bitsetIsEmpty,
  bitsetIsSubset,
  bitsetNext,
  bitsetNot,
  bitsetOr,
  bitsetSet,
  bitsetToIndices,
  formatBitset,
  bitsetToggle,
  bitsetXor,
  createBitset,
  createBitsetFromIndices,
  parseBitset,
  isTacticaError,
  type Bitset,
} from "../../src/index";

function toSet(b: Bitset): Set<number> {
  return new Set(bitsetToIndices(b));
}

describe("bitset", () => {
  it("sets, clears, toggles and tests single bits across word boundaries", () => {
    const b = createBitset(70);
    expect(b.words.length).toBe(3);
    for (const i of [0, 31, 32, 63, 64, 69]) bitsetSet(b, i);
    expect(bitsetCount(b)).toBe(6);
    expect(bitsetHas(b, 31)).toBe(true);
    expect(bitsetHas(b, 30)).toBe(false);
    bitsetClear(b, 31);
    expect(bitsetHas(b, 31)).toBe(false);
    expect(bitsetToggle(b, 31)).toBe(true);
    expect(bitsetToggle(b, 31)).toBe(false);
    expect(bitsetToIndices(b)).toEqual([0, 32, 63, 64, 69]);
    expect(bitsetFirst(b)).toBe(0);
    expect(bitsetNext(b, 1)).toBe(32);
    expect(bitsetNext(b, 65)).toBe(69);
    expect(bitsetNext(b, 70)).toBe(-1);
    expect(bitsetNext(b, -5)).toBe(0);
  });

  it("fill, not and clearAll keep the bits past size at zero", () => {
    const b = createBitset(33);
    bitsetFill(b);
    expect(bitsetCount(b)).toBe(33);
    expect(b.words[1]).toBe(1);
    bitsetClear(b, 5);
    const n = bitsetNot(createBitset(33), b);
    expect(bitsetToIndices(n)).toEqual([5]);
    bitsetClearAll(b);
    expect(bitsetIsEmpty(b)).toBe(true);
    expect(bitsetFirst(b)).toBe(-1);
    const full = createBitset(64);
    bitsetFill(full);
    expect(bitsetCount(full)).toBe(64);
    const empty = createBitset(0);
    bitsetFill(empty);
    expect(bitsetCount(empty)).toBe(0);
    expect(formatBitset(empty)).toBe("");
  });

  it("throws for out-of-range indices and mismatched sizes", () => {
    const b = createBitset(10);
    for (const bad of [-1, 10, 1.5, NaN]) expect(() => bitsetSet(b, bad)).toThrow(/bitsetSet: "index" must be an integer in \[0, 9\]/);
    expect(() => bitsetHas(b, 10)).toThrow(/bitsetHas/);
    try {
      bitsetAnd(b, b, createBitset(11));
      expect.unreachable();
    } catch (e) {
      expect(isTacticaError(e, ErrorCodes.InvalidArgument)).toBe(true);
    }
    expect(() => createBitset(-1)).toThrow(/createBitset: "size"/);
    expect(bitsetEquals(b, createBitset(11))).toBe(false);
  });

  it("serialises to and from strings and index arrays", () => {
    const b = parseBitset("0010011");
    expect(b.size).toBe(7);
    expect(bitsetToIndices(b)).toEqual([2, 5, 6]);
    expect(formatBitset(b)).toBe("0010011");
    expect(bitsetEquals(createBitsetFromIndices(7, [6, 2, 5, 2]), b)).toBe(true);
    expect(() => parseBitset("01x")).toThrow(/"text\[2\]" must be "0" or "1"/);
    expect(() => createBitsetFromIndices(4, [1, 4])).toThrow(/"indices\[1\]"/);
    const clone = structuredClone(b);
    expect(bitsetEquals(clone, b)).toBe(true);
    const json = JSON.parse(JSON.stringify({ size: b.size, bits: formatBitset(b) })) as { size: number; bits: string };
    expect(bitsetEquals(parseBitset(json.bits), b)).toBe(true);
  });

  const sized = fc
    .integer({ min: 0, max: 130 })
    .chain((size) =>
      fc.tuple(
        fc.constant(size),
        fc.array(fc.nat(Math.max(0, size - 1)), { maxLength: size === 0 ? 0 : 60, size: "max" }),
        fc.array(fc.nat(Math.max(0, size - 1)), { maxLength: size === 0 ? 0 : 60, size: "max" }),
      ),
    );

  it("agrees with a Set model on set algebra, counts, subsets and iteration", () => {
    fc.assert(
      fc.property(sized, ([size, xs, ys]) => {
        const a = createBitsetFromIndices(size, xs);
        const b = createBitsetFromIndices(size, ys);
        const A = new Set(xs);
        const B = new Set(ys);
        const sorted = (s: Set<number>) => [...s].sort((p, q) => p - q);
        expect(bitsetCount(a)).toBe(A.size);
        expect(bitsetToIndices(a)).toEqual(sorted(A));
        const out = createBitset(size);
        expect(toSet(bitsetAnd(out, a, b))).toEqual(new Set([...A].filter((x) => B.has(x))));
        expect(toSet(bitsetOr(out, a, b))).toEqual(new Set([...A, ...B]));
        expect(toSet(bitsetXor(out, a, b))).toEqual(new Set([...A, ...B].filter((x) => A.has(x) !== B.has(x))));
        expect(toSet(bitsetAndNot(out, a, b))).toEqual(new Set([...A].filter((x) => !B.has(x))));
        const not = bitsetNot(createBitset(size), a);
        expect(bitsetCount(not)).toBe(size - A.size);
        expect(bitsetIsSubset(a, b)).toBe([...A].every((x) => B.has(x)));
        expect(bitsetIntersects(a, b)).toBe([...A].some((x) => B.has(x)));
        expect(bitsetEquals(a, b)).toBe(A.size === B.size && [...A].every((x) => B.has(x)));
        expect(bitsetFirst(a)).toBe(A.size === 0 ? -1 : Math.min(...A));
        // aliasing: out may be an input
        const c = bitsetClone(a);
        bitsetOr(c, c, b);
        expect(toSet(c)).toEqual(new Set([...A, ...B]));
        bitsetCopy(c, b);
        expect(bitsetEquals(c, b)).toBe(true);
        for (let i = 0; i < size; i++) expect(bitsetHas(a, i)).toBe(A.has(i));
        expect(parseBitset(formatBitset(a)).words).toEqual(a.words);
      }),
      { seed: 7, numRuns: 150 },
    );
  });

  it("agrees with a Set model under random set/clear/toggle sequences", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom("set", "clear", "toggle"), fc.nat(99)), { minLength: 60, maxLength: 200, size: "max" }), (ops) => {
        const b = createBitset(100);
        const model = new Set<number>();
        for (const [op, i] of ops) {
          if (op === "set") {
            bitsetSet(b, i);
            model.add(i);
          } else if (op === "clear") {
            bitsetClear(b, i);
            model.delete(i);
          } else {
            const now = bitsetToggle(b, i);
            if (model.has(i)) model.delete(i);
            else model.add(i);
            expect(now).toBe(model.has(i));
          }
        }
        expect(toSet(b)).toEqual(model);
        expect(bitsetCount(b)).toBe(model.size);
      }),
      { seed: 8, numRuns: 200 },
    );
  });
});
