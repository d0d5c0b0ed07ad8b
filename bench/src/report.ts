import type { BenchRow } from "./row";

function fmt(value: number): string {
  const abs = Math.abs(value);
  if (abs === 0) return "0";
  if (abs >= 1e6) return value.toExponential(2);
  if (abs >= 100) return Math.round(value).toLocaleString("en-US");
  if (abs >= 1) return value.toFixed(2);
  return value.toPrecision(3);
}

/** A Markdown table of rows: one line per (case, library), one column per metric. */
export function markdownTable(rows: readonly BenchRow[]): string {
  const metrics = [...new Set(rows.map((r) => `${r.metric} (${r.unit})`))];
  const keys = [...new Set(rows.map((r) => `${r.case}\u0000${r.library}`))];
  const lines = [`| case | library | ${metrics.join(" | ")} |`, `|---|---|${metrics.map(() => "---:").join("|")}|`];
  for (const key of keys) {
    const [c, lib] = key.split("\u0000") as [string, string];
    const cells = metrics.map((m) => {
      const row = rows.find((r) => r.case === c && r.library === lib && `${r.metric} (${r.unit})` === m);
      return row ? fmt(row.value) : "";
    });
    lines.push(`| ${c} | ${lib} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

/** The Markdown page fragment for one suite: a header line with the machine, then the table. */
export function suiteMarkdown(description: string, rows: readonly BenchRow[], machine: string, body?: string): string {
  return `_${description}_\n\nMeasured on ${machine}.\n\n${body ?? markdownTable(rows)}\n`;
}
