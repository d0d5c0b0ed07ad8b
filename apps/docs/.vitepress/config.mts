import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig, type DefaultTheme } from "vitepress";

// The Tactica docs site: guides written here, benchmark tables written by `pnpm bench`
// (bench/results/*.md, included by benchmarks/*.md), and the typedoc API reference generated into
// public/api. The sidebar is built from the files, so adding a guide needs no change here.

const root = import.meta.dirname ? join(import.meta.dirname, "..") : process.cwd();
const PACKAGE_ORDER = ["getting-started", "conventions", "core", "search", "grid", "navmesh", "steering", "decision", "perception", "planning", "narrative"];

/** Guide pages grouped by package (`search-graph.md` → @tactica/search); general pages first. */
function guideGroups(): DefaultTheme.SidebarItem[] {
  const all = pages("guide");
  const pkgOf = (link: string) => PACKAGE_ORDER.slice(2).find((p) => link === `/guide/${p}` || link.startsWith(`/guide/${p}-`));
  const general = all.filter((item) => !pkgOf(item.link ?? ""));
  const groups: DefaultTheme.SidebarItem[] = [{ text: "Guide", items: general }];
  for (const pkg of PACKAGE_ORDER.slice(2)) {
    // Inside a package's group, "@tactica/search: graph search" reads as "graph search".
    const prefix = new RegExp(`^(@tactica/)?${pkg}:\\s*`, "i");
    const items = all
      .filter((item) => pkgOf(item.link ?? "") === pkg)
      .map((item) => ({ ...item, text: (item.text ?? "").replace(prefix, "").replace(/^./, (c) => c.toUpperCase()) }));
    if (items.length) groups.push({ text: `@tactica/${pkg}`, collapsed: false, items });
  }
  return groups;
}

function pages(dir: string): DefaultTheme.SidebarItem[] {
  return readdirSync(join(root, dir))
    .filter((f) => f.endsWith(".md") && f !== "index.md")
    .map((f) => {
      const name = f.replace(/\.md$/, "");
      const text = readFileSync(join(root, dir, f), "utf8");
      const title = /^#\s+(.+)$/m.exec(text)?.[1] ?? name;
      return { name, item: { text: title.replace(/`/g, ""), link: `/${dir}/${name}` } };
    })
    .sort((a, b) => {
      const ia = PACKAGE_ORDER.findIndex((p) => a.name === p || a.name.startsWith(`${p}-`));
      const ib = PACKAGE_ORDER.findIndex((p) => b.name === p || b.name.startsWith(`${p}-`));
      return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.name.localeCompare(b.name);
    })
    .map((p) => p.item);
}

export default defineConfig({
  title: "Tactica",
  description: "The modular game-AI toolkit for TypeScript.",
  head: [["link", { rel: "icon", type: "image/svg+xml", href: "/favicon.svg" }]],
  // The API reference is plain HTML from typedoc, outside VitePress's page graph.
  ignoreDeadLinks: [/^\/api\//, /^\.\/api\//],
  // typedoc copies package READMEs into public/api/media; they are served as files, not pages.
  srcExclude: ["public/**", "README.md"],
  themeConfig: {
    nav: [
      { text: "Guide", link: "/guide/getting-started" },
      { text: "Benchmarks", link: "/benchmarks/" },
      { text: "API", link: "/api/index.html", target: "_self" },
    ],
    sidebar: [
      ...guideGroups(),
      { text: "Benchmarks", items: [{ text: "How we measure", link: "/benchmarks/" }, ...pages("benchmarks")] },
      { text: "Reference", items: [{ text: "API (typedoc)", link: "/api/index.html", target: "_self" }] },
    ],
    search: { provider: "local" },
  },
  vite: { server: { port: 5174 } },
});
