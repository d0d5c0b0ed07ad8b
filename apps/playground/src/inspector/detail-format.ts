/**
 * The lines the inspector's detail view shows for an event's detail: an array gives one line per
 * element (every element: no node limit), an object one line per key (an array value is expanded
 * under its key, indented), anything else one line. Elements that are objects print as
 * `key=value` pairs.
 */
export function formatInspectorDetail(detail: unknown): string[] {
  if (detail === undefined) return [];
  const out: string[] = [];
  if (Array.isArray(detail)) {
    for (const x of detail) out.push(formatInline(x));
    return out;
  }
  if (typeof detail === "object" && detail !== null) {
    for (const [k, v] of Object.entries(detail)) {
      if (Array.isArray(v)) {
        out.push(`${k}: (${v.length})`);
        for (const x of v) out.push(`  ${formatInline(x)}`);
      } else out.push(`${k}: ${formatInline(v)}`);
    }
    return out;
  }
  return [formatInline(detail)];
}

function formatInline(v: unknown): string {
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : v.toFixed(3);
  if (typeof v === "string") return v;
  if (Array.isArray(v)) return `[${v.map(formatInline).join(", ")}]`;
  if (typeof v === "object" && v !== null)
    return Object.entries(v)
      .map(([k, x]) => `${k}=${formatInline(x)}`)
      .join(" ");
  return String(v);
}
