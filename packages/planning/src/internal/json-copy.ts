/** Deepest nesting {@link copyJsonData} accepts. @internal */
export const JSON_DATA_MAX_DEPTH = 64;
/** Most values (objects, arrays and leaves) {@link copyJsonData} copies. @internal */
export const JSON_DATA_MAX_NODES = 100_000;

/**
 * Copies untrusted JSON-like data without recursion: plain objects, arrays, strings, finite
 * numbers, booleans and `null`. Refuses (through `fail(path, message)`) BigInt, functions, symbols,
 * non-finite numbers, nesting deeper than {@link JSON_DATA_MAX_DEPTH} (so a cyclic value is refused
 * too), more than {@link JSON_DATA_MAX_NODES} values, and sparse arrays. Reads own enumerable
 * properties only; `undefined` members are dropped (as `JSON.stringify` does).
 * @internal
 */
export function copyJsonData(value: unknown, path: string, fail: (path: string, message: string) => Error): unknown {
  let nodes = 0;
  const leaf = (v: unknown, p: string): { ok: true; v: unknown } | { ok: false } => {
    if (v === null || typeof v === "string" || typeof v === "boolean") return { ok: true, v };
    if (typeof v === "number") {
      if (!Number.isFinite(v)) throw fail(p, `must be JSON data but holds the number ${String(v)}; use a finite number.`);
      return { ok: true, v };
    }
    if (typeof v === "object") return { ok: false };
    throw fail(p, `must be JSON data but holds a ${typeof v}; use strings, numbers, booleans, null, arrays and objects.`);
  };
  const first = leaf(value, path);
  if (first.ok) return first.v;
  interface Frame {
    src: object;
    dst: Record<string, unknown> | unknown[];
    path: string;
    depth: number;
  }
  const make = (src: object, p: string): Record<string, unknown> | unknown[] => {
    if (Array.isArray(src)) {
      if (src.length > JSON_DATA_MAX_NODES - nodes) throw fail(p, `holds more than ${JSON_DATA_MAX_NODES} values in all (an array of length ${src.length}).`);
      return new Array<unknown>(src.length);
    }
    return {};
  };
  const root = make(value as object, path);
  const stack: Frame[] = [{ src: value as object, dst: root, path, depth: 1 }];
  while (stack.length > 0) {
    const f = stack.pop()!;
    if (f.depth > JSON_DATA_MAX_DEPTH) throw fail(f.path, `is nested deeper than ${JSON_DATA_MAX_DEPTH} levels (or is cyclic).`);
    const keys = Array.isArray(f.src) ? null : Object.keys(f.src);
    const n = keys === null ? (f.src as unknown[]).length : keys.length;
    nodes += n;
    if (nodes > JSON_DATA_MAX_NODES) throw fail(f.path, `holds more than ${JSON_DATA_MAX_NODES} values in all.`);
    for (let i = 0; i < n; i++) {
      const key = keys === null ? i : keys[i]!;
      const p = keys === null ? `${f.path}[${i}]` : `${f.path}.${keys[i]!}`;
      if (keys === null && !Object.prototype.hasOwnProperty.call(f.src, i)) throw fail(p, "is a hole in a sparse array; use null.");
      const v = (f.src as Record<string | number, unknown>)[key];
      if (v === undefined && keys !== null) continue;
      if (v === undefined) throw fail(p, "is undefined; use null.");
      const l = leaf(v, p);
      let out: unknown;
      if (l.ok) out = l.v;
      else {
        out = make(v as object, p);
        stack.push({ src: v as object, dst: out as Record<string, unknown> | unknown[], path: p, depth: f.depth + 1 });
      }
      if (keys === null) (f.dst as unknown[])[i] = out;
      // defineProperty: a "__proto__" key stays data, as JSON.parse makes it.
      else Object.defineProperty(f.dst, keys[i]!, { value: out, enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
}
