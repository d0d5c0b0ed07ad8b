import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { MarkdownRenderer } from "vitepress";

/**
 * Every documented symbol → its API page (`/api/grid/functions/findPathJps`), read from the Markdown
 * typedoc wrote into `apiDir` (`<pkg>/<kind>/<Name>.md`). A name documented in two packages is left
 * out (ambiguous), so a link never points at the wrong package.
 */
export function apiSymbolIndex(apiDir: string): Map<string, string> {
  const found = new Map<string, string>();
  const ambiguous = new Set<string>();
  if (!existsSync(apiDir)) return found;
  for (const pkg of readdirSync(apiDir, { withFileTypes: true })) {
    if (!pkg.isDirectory()) continue;
    for (const kind of readdirSync(join(apiDir, pkg.name), { withFileTypes: true })) {
      if (!kind.isDirectory()) continue;
      for (const file of readdirSync(join(apiDir, pkg.name, kind.name))) {
        if (!file.endsWith(".md")) continue;
        const name = file.slice(0, -3);
        if (found.has(name)) ambiguous.add(name);
        else found.set(name, `/api/${pkg.name}/${kind.name}/${name}`);
      }
    }
  }
  for (const name of ambiguous) found.delete(name);
  return found;
}

const IDENTIFIER = /^([A-Za-z_$][\w$]*)(?:\(.*\))?$/;

/**
 * A markdown-it rule: inline code that is exactly an exported name, optionally called
 * (`findPathJps`, `findPathJps(out, grid, …)`), becomes a link to its API page. Skipped inside
 * existing links and on the API pages themselves (typedoc links those already).
 */
export function linkApiSymbols(md: MarkdownRenderer, symbols: ReadonlyMap<string, string>): void {
  md.core.ruler.push("tactica_api_links", (state) => {
    const path = (state.env as { relativePath?: string }).relativePath ?? "";
    if (path.startsWith("api/")) return;
    for (const block of state.tokens) {
      if (block.type !== "inline" || !block.children) continue;
      const out: typeof block.children = [];
      let inLink = 0;
      for (const token of block.children) {
        if (token.type === "link_open") inLink++;
        if (token.type === "link_close") inLink--;
        const match = token.type === "code_inline" && inLink === 0 ? IDENTIFIER.exec(token.content) : null;
        const href = match ? symbols.get(match[1]!) : undefined;
        if (!href) {
          out.push(token);
          continue;
        }
        const open = new state.Token("link_open", "a", 1);
        open.attrs = [
          ["href", href],
          ["class", "api-link"],
        ];
        const close = new state.Token("link_close", "a", -1);
        out.push(open, token, close);
      }
      block.children = out;
    }
  });
}
