// Readers for untrusted JSON-like data shared by the navmesh loaders and snapshot restores: a plain
// object test and an own-property read that never reaches `Object.prototype` (a `__proto__` or
// `constructor` key in hostile data reads as missing).

/** True for a non-null, non-array object. @internal */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** `o[key]` when `key` is an own property of `o`, else undefined. @internal */
export function own(o: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}
