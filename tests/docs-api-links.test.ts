import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { apiSymbolIndex, linkApiSymbols } from "../apps/docs/.vitepress/api-links";
import { createMarkdownRenderer } from "../apps/docs/node_modules/vitepress/dist/node/index.js";

// The docs site links inline code that names an export (`findPathJps`, `findPathJps(out, …)`) to its
// API page, and nothing else: not unknown names, not code already inside a link, not on API pages.

const work = mkdtempSync(join(tmpdir(), "tactica-api-links-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function page(pkg: string, kind: string, name: string): void {
  mkdirSync(join(work, "api", pkg, kind), { recursive: true });
  writeFileSync(join(work, "api", pkg, kind, `${name}.md`), `# ${name}\n`);
}

describe("docs: guide code → API links", () => {
  page("grid", "functions", "findPathJps");
  page("grid", "interfaces", "Grid");
  page("core", "functions", "clamp");
  page("steering", "functions", "clamp"); // the same name in two packages: never linked
  const symbols = apiSymbolIndex(join(work, "api"));

  it("indexes every API page and leaves out names documented twice", () => {
    expect(Object.fromEntries(symbols)).toEqual({ findPathJps: "/api/grid/functions/findPathJps", Grid: "/api/grid/interfaces/Grid" });
  });

  it("links exported names in guides, called or not, and nothing else", async () => {
    const md = await createMarkdownRenderer(work);
    linkApiSymbols(md, symbols);
    const html = md.render("Call `findPathJps(out, grid, 0, 9)` on a `Grid`; see [`findPathJps`](/x); `clamp` and `notExported` stay code.", {
      relativePath: "guide/grid.md",
    });
    // (VitePress adds .html to internal links.)
    expect(html).toMatch(/<a href="\/api\/grid\/functions\/findPathJps(\.html)?" class="api-link"><code>findPathJps\(out, grid, 0, 9\)<\/code><\/a>/);
    expect(html).toMatch(/<a href="\/api\/grid\/interfaces\/Grid(\.html)?" class="api-link"><code>Grid<\/code><\/a>/);
    expect(html.match(/href="\/x(\.html)?"/g)).toHaveLength(1);
    expect(html).not.toContain('api-link"><code>findPathJps</code>');
    expect(html).toContain("<code>clamp</code>");
    expect(html).not.toMatch(/<a[^>]*><code>notExported/);
    const onApiPage = md.render("`findPathJps`", { relativePath: "api/grid/index.md" });
    expect(onApiPage).not.toContain("api-link");
  });
});
