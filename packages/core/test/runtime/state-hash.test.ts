import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ErrorCodes,
  createStateHash,
  hashStateBytes,
  hashStateNumber,
  hashStateRange,
  hashStateString,
  isTacticaError,
  readStateHash,
  resetStateHash,
  type StateHash,
} from "../../src/index";

// The state hash, specified by a slow reference written from its TSDoc (bytes → little-endian
// words → four lanes → fold → murmur3 finalizer). The fast per-type loops must equal it for every
// view type, range and tail length.

const M = 0x9e3779b1 | 0;
const mix = (x: number, w: number): number => Math.imul(((x << 13) | (x >>> 19)) ^ w, M);

class ReferenceHash {
  lanes = [0x811c9dc5 | 0, 0x9e3779b9 | 0, 0x85ebca6b | 0, 0xc2b2ae35 | 0];
  bytes(b: Uint8Array): void {
    const words = Math.ceil(b.length / 4);
    for (let k = 0; k < words; k++) {
      let w = 0;
      for (let j = 0; j < 4 && 4 * k + j < b.length; j++) w |= b[4 * k + j]! << (8 * j);
      this.lanes[k & 3] = mix(this.lanes[k & 3]!, w | 0);
    }
    this.lanes[0] = mix(this.lanes[0]!, b.length);
  }
  read(): number {
    const [a, b, c, d] = this.lanes;
    let h = mix(mix(mix(a!, b!), c!), d!);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h >>> 0;
  }
}

const bytesOf = (v: ArrayBufferView): Uint8Array => new Uint8Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength));

const CTORS = [Float64Array, Float32Array, Int32Array, Uint32Array, Int16Array, Uint16Array, Int8Array, Uint8Array, Uint8ClampedArray, BigInt64Array] as const;

/** A view of `type` over `bytes` random bytes (rounded to whole elements). */
function viewOf(ctorIndex: number, raw: Uint8Array): ArrayBufferView {
  const C = CTORS[ctorIndex]!;
  const n = Math.floor(raw.length / C.BYTES_PER_ELEMENT);
  const buf = new ArrayBuffer(n * C.BYTES_PER_ELEMENT);
  new Uint8Array(buf).set(raw.subarray(0, n * C.BYTES_PER_ELEMENT));
  return new C(buf);
}

function hashOf(f: (h: StateHash) => void): number {
  const h = createStateHash();
  f(h);
  return readStateHash(h);
}

describe("state hash", () => {
  it("equals the reference (bytes → LE words → four lanes) for every view type, range and tail", () => {
    fc.assert(
      fc.property(
        fc.nat(CTORS.length - 1),
        fc.uint8Array({ maxLength: 700, size: "max" }), // long enough for the word-view paths (≥ 32 float64s, ≥ 128 bytes)
        fc.nat(),
        fc.nat(),
        fc.uint8Array({ maxLength: 9 }),
        (ci, raw, a, b, tail) => {
          const view = viewOf(ci, raw) as Uint8Array; // any typed array: subarray and length exist on all
          const n = view.length;
          const start = n === 0 ? 0 : a % (n + 1);
          const end = start + (n === 0 ? 0 : b % (n - start + 1));
          const ref = new ReferenceHash();
          ref.bytes(bytesOf(view.subarray(start, end)));
          ref.bytes(tail);
          const fast = hashOf((h) => {
            hashStateRange(h, view, start, end);
            hashStateBytes(h, tail);
          });
          expect(fast).toBe(ref.read());
          // A range is its subarray; the same bytes in another view type hash alike.
          expect(hashOf((h) => (hashStateBytes(h, view.subarray(start, end)), hashStateBytes(h, tail)))).toBe(fast);
          expect(hashOf((h) => (hashStateBytes(h, bytesOf(view.subarray(start, end))), hashStateBytes(h, new DataView(tail.buffer))))).toBe(fast);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("numbers are their float64 bytes, strings their length then UTF-16 code units", () => {
    fc.assert(
      fc.property(
        fc.double(),
        fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 }).map((units) => String.fromCharCode(...units)),
        (x, s) => {
          expect(hashOf((h) => hashStateNumber(h, x))).toBe(hashOf((h) => hashStateBytes(h, Float64Array.of(x))));
          const units = new Uint16Array(s.length);
          for (let i = 0; i < s.length; i++) units[i] = s.charCodeAt(i);
          expect(hashOf((h) => hashStateString(h, s))).toBe(hashOf((h) => (hashStateNumber(h, s.length), hashStateBytes(h, units))));
        },
      ),
    );
  });

  it("changes when any one bit of the input changes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 400, size: "max" }), fc.nat(), (raw, bit) => {
        const f64 = viewOf(0, raw);
        const bytes = bytesOf(f64);
        if (bytes.length === 0) return;
        const before = hashOf((h) => hashStateBytes(h, f64));
        const k = bit % (bytes.length * 8);
        bytes[k >> 3] = bytes[k >> 3]! ^ (1 << (k & 7));
        expect(hashOf((h) => hashStateBytes(h, new Float64Array(bytes.buffer)))).not.toBe(before);
      }),
      { numRuns: 300 },
    );
    // Two sign flips in the same lane do not cancel (a plain word FNV loses bit 31 that way).
    const a = new Float64Array(16).fill(1.5);
    const b = a.slice();
    b[0] = -b[0]!;
    b[2] = -b[2]!;
    expect(hashOf((h) => hashStateBytes(h, b))).not.toBe(hashOf((h) => hashStateBytes(h, a)));
  });

  it("pins its values: the same on every engine and in every release that does not say otherwise", () => {
    expect(hashOf(() => undefined)).toBe(0xe6cb308e);
    expect(hashOf((h) => hashStateBytes(h, new Uint8Array([0x61])))).toBe(0x1d7c7625);
    expect(hashOf((h) => hashStateNumber(h, 1))).toBe(0x6fca5cfb);
    expect(hashOf((h) => hashStateString(h, "idle"))).toBe(0x9c821fc2);
    const h = createStateHash();
    hashStateString(h, "x");
    resetStateHash(h);
    expect(readStateHash(h)).toBe(hashOf(() => undefined));
  });

  it("a range outside the view throws INVALID_ARGUMENT", () => {
    const h = createStateHash();
    const a = new Int32Array(4);
    for (const [s, e] of [
      [-1, 2],
      [3, 2],
      [0, 5],
      [0.5, 2],
    ] as const) {
      let err: unknown;
      try {
        hashStateRange(h, a, s, e);
      } catch (x) {
        err = x;
      }
      expect(isTacticaError(err, ErrorCodes.InvalidArgument)).toBe(true);
    }
    hashStateRange(h, a, 4, 4);
  });
});

describe("state hash boundaries (mutation testing)", () => {
  const refOf = (...parts: Uint8Array[]): number => {
    const r = new ReferenceHash();
    for (const p of parts) r.bytes(p);
    return r.read();
  };

  it("an empty range at either end of every view type adds only a zero length", () => {
    const empty = refOf(new Uint8Array(0));
    for (const C of CTORS) {
      const v = new C(40);
      expect(hashOf((h) => hashStateRange(h, v, 0, 0))).toBe(empty);
      expect(hashOf((h) => hashStateRange(h, v, 40, 40))).toBe(empty);
    }
    const dv = new DataView(new ArrayBuffer(12));
    expect(hashOf((h) => hashStateRange(h, dv, 0, 0))).toBe(empty);
    expect(hashOf((h) => hashStateRange(h, dv, 12, 12))).toBe(empty);
  });

  it("ranges of DataViews and BigInt arrays with a byte offset read the right bytes", () => {
    const raw = new Uint8Array(64);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 37 + 11) & 255;
    const dv = new DataView(raw.buffer, 5, 40);
    expect(hashOf((h) => hashStateRange(h, dv, 3, 17))).toBe(refOf(raw.subarray(8, 22)));
    expect(hashOf((h) => hashStateBytes(h, dv))).toBe(refOf(raw.subarray(5, 45)));
    const big = new BigInt64Array(raw.buffer, 8, 6);
    expect(hashOf((h) => hashStateRange(h, big, 1, 4))).toBe(refOf(raw.subarray(16, 40)));
    expect(() => hashStateRange(createStateHash(), big, 0, 7)).toThrow(/hashStateRange/);
  });

  it("long byte ranges at every alignment equal the reference (word view only when aligned)", () => {
    const raw = new Uint8Array(300);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 101 + 7) & 255;
    for (let off = 0; off < 4; off++) {
      for (const len of [127, 128, 129, 131, 200]) {
        const view = new Uint8Array(raw.buffer, off, 290);
        expect(hashOf((h) => hashStateRange(h, view, 3, 3 + len))).toBe(refOf(raw.subarray(off + 3, off + 3 + len)));
      }
    }
  });

  it("long float64 ranges through the word view start at the right element", () => {
    const a = new Float64Array(80);
    for (let i = 0; i < a.length; i++) a[i] = i * 1.25 - 7;
    const sub = new Float64Array(a.buffer, 16, 70);
    const bytes = new Uint8Array(a.buffer);
    for (const [s, e] of [
      [0, 32],
      [5, 37],
      [1, 70],
      [3, 34],
    ] as const) {
      expect(hashOf((h) => hashStateRange(h, sub, s, e))).toBe(refOf(bytes.subarray(16 + 8 * s, 16 + 8 * e)));
    }
  });

  it("a buffer that grew after its first hash is read in full (the cached word view is replaced)", () => {
    // A resizable buffer (ES2024; typed by hand for the ES2022 lib).
    const Resizable = ArrayBuffer as unknown as new (n: number, o: { maxByteLength: number }) => ArrayBuffer & { resize(n: number): void };
    const buffer = new Resizable(256, { maxByteLength: 1024 });
    const a = new Float64Array(buffer); // length-tracking
    for (let i = 0; i < a.length; i++) a[i] = i + 0.5;
    expect(hashOf((h) => hashStateBytes(h, a))).toBe(refOf(new Uint8Array(buffer.slice(0))));
    buffer.resize(1024);
    for (let i = 0; i < a.length; i++) a[i] = i * 3 + 0.25;
    expect(a.length).toBe(128);
    expect(hashOf((h) => hashStateBytes(h, a))).toBe(refOf(new Uint8Array(buffer.slice(0))));
  });

  it("bad ranges name the function, the arguments and the fix", () => {
    const a = new Int32Array(4);
    for (const [s, e] of [
      [0, -1],
      [-1, 2],
      [0, 1.5],
      [1.5, 2],
      [2, 1],
      [0, 5],
    ] as const) {
      let err: unknown;
      try {
        hashStateRange(createStateHash(), a, s, e);
      } catch (x) {
        err = x;
      }
      expect(isTacticaError(err, ErrorCodes.InvalidArgument)).toBe(true);
      expect((err as { path: string }).path).toBe("start/end");
      expect((err as Error).message).toBe(
        `@tactica/core: hashStateRange: "start/end" must be integers with 0 <= start <= end <= the view's length, got ${s}, ${e}. ` +
          "Pass element indices inside the view, as for subarray(start, end).",
      );
    }
  });

  it("numbers and strings at every tail length match the reference", () => {
    for (let n = 0; n <= 9; n++) {
      const s = "abcdefghi".slice(0, n);
      const units = new Uint16Array(n);
      for (let i = 0; i < n; i++) units[i] = s.charCodeAt(i);
      const len = new Uint8Array(Float64Array.of(n).buffer);
      expect(hashOf((h) => hashStateString(h, s))).toBe(refOf(len, new Uint8Array(units.buffer)));
    }
    expect(hashOf((h) => hashStateNumber(h, -0))).toBe(refOf(new Uint8Array(Float64Array.of(-0).buffer)));
  });
});
