// A deep structural dump of a live object graph (a crowd, a runner, a navmesh…): every reachable own
// property, typed array bytes, Map and Set entries, shared references and cycles. Two dumps are equal
// exactly when the reachable state is; a rejected restore must leave it so (issue 32 / 35).

function prim(v: unknown): string {
  switch (typeof v) {
    case "number":
      return Object.is(v, -0) ? "n:-0" : `n:${v}`;
    case "string":
      return JSON.stringify(v);
    case "bigint":
      return `${v}n`;
    case "symbol":
      return v.toString();
    case "undefined":
      return "u";
    case "boolean":
      return v ? "T" : "F";
    default:
      return v === null ? "null" : "?";
  }
}

function bytesOf(v: ArrayBufferView | ArrayBuffer): string {
  const u8 = v instanceof ArrayBuffer ? new Uint8Array(v) : new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  return Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength).toString("base64");
}

/**
 * The dump of everything reachable from `root` (iterative, breadth first): one record per object with
 * its kind and own properties; references to objects are `#id`, so shared structure and cycles show.
 * Getters are recorded as such and never called; functions are opaque (closure state is not visible).
 * @param root - the live object (or any value)
 */
export function dumpState(root: unknown): string {
  const ids = new Map<object, number>();
  const queue: object[] = [];
  const ref = (v: unknown): string => {
    if ((typeof v !== "object" && typeof v !== "function") || v === null) return prim(v);
    let id = ids.get(v);
    if (id === undefined) {
      id = queue.length;
      ids.set(v, id);
      queue.push(v);
    }
    return `#${id}`;
  };
  const out: string[] = [ref(root)];
  for (let i = 0; i < queue.length; i++) {
    const o = queue[i]!;
    if (typeof o === "function") {
      out.push(`${i}=fn ${o.name}`);
      continue;
    }
    if (ArrayBuffer.isView(o)) {
      out.push(`${i}=${o.constructor.name}[${o.byteLength}] ${bytesOf(o)}`);
      continue;
    }
    if (o instanceof ArrayBuffer) {
      out.push(`${i}=ArrayBuffer ${bytesOf(o)}`);
      continue;
    }
    const proto = Object.getPrototypeOf(o) as { constructor?: { name?: string } } | null;
    const parts: string[] = [`${i}=${proto === null ? "null" : (proto.constructor?.name ?? "?")}`];
    if (o instanceof Map) for (const [k, v] of o) parts.push(`${ref(k)}=>${ref(v)}`);
    else if (o instanceof Set) for (const v of o) parts.push(`+${ref(v)}`);
    else if (o instanceof Date) parts.push(`t=${o.getTime()}`);
    else if (o instanceof WeakMap || o instanceof WeakSet || o instanceof WeakRef || o instanceof Promise) parts.push("opaque");
    if (Array.isArray(o)) parts.push(`len=${o.length}`);
    for (const k of Reflect.ownKeys(o)) {
      const d = Object.getOwnPropertyDescriptor(o, k)!;
      const name = typeof k === "symbol" ? k.toString() : k;
      if (Array.isArray(o) && k === "length") continue;
      parts.push("value" in d ? `${name}:${ref(d.value)}` : `${name}:get/set`);
    }
    out.push(parts.join(" "));
  }
  return out.join("\n");
}
