import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfigWithTheme, type DefaultTheme } from "vitepress";
import { apiSymbolIndex, linkApiSymbols } from "./api-links";

// The Tactica docs site: guides written here, benchmark tables written by `pnpm bench`
// (bench/results/*.md, included by benchmarks/*.md), and the API reference that typedoc writes as
// Markdown into api/ (typedoc.config.mjs at the repository root; `pnpm docs:build` runs it once,
// then VitePress). One site: one sidebar per section, one local search over guides and API, and
// dead links fail the build. The sidebar is built from the files, so adding a guide needs no change here.

const root = import.meta.dirname ? join(import.meta.dirname, "..") : process.cwd();
const PACKAGE_ORDER = [
  "getting-started",
  "conventions",
  "untrusted-data",
  "frame-budgets",
  "deterministic-replay",
  "saving-ai-state",
  "releasing",
  "core",
  "search",
  "grid",
  "navmesh",
  "steering",
  "decision",
  "perception",
  "planning",
  "narrative",
];
/** The general pages (getting started … releasing) come first; the rest are package names. */
const PACKAGES = PACKAGE_ORDER.slice(PACKAGE_ORDER.indexOf("releasing") + 1);
/** The repository and the built playground's address (scripts/site-urls.json, shared with package.json metadata and the playground). */
const SITE = JSON.parse(readFileSync(join(root, "..", "..", "scripts", "site-urls.json"), "utf8")) as { repository: string; docs: string; playground: string };
const REPOSITORY = SITE.repository;
const PLAYGROUND = SITE.playground;

/** Guide pages grouped by package (`search-graph.md` → @tactica/search); general pages first. */
function guideGroups(): DefaultTheme.SidebarItem[] {
  const all = pages("guide");
  const pkgOf = (link: string) => PACKAGES.find((p) => link === `/guide/${p}` || link.startsWith(`/guide/${p}-`));
  const general = all.filter((item) => !pkgOf(item.link ?? ""));
  const groups: DefaultTheme.SidebarItem[] = [{ text: "Guide", items: general }];
  for (const pkg of PACKAGES) {
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

interface SidebarJsonItem {
  text: string;
  link?: string;
  collapsed?: boolean;
  items?: SidebarJsonItem[];
}

/**
 * The API sidebars from typedoc-vitepress-theme's api/typedoc-sidebar.json: the list of packages, and
 * on a package's pages its kinds (functions, interfaces, …) linking to the sections of the package
 * page that lists every member. Listing all ~1,100 members in the sidebar would put them into the
 * HTML of every page (the site grew to 286 MB that way); search and the package pages find members.
 */
function apiSidebars(): DefaultTheme.SidebarMulti {
  const file = join(root, "api", "typedoc-sidebar.json");
  if (!existsSync(file)) return {};
  const tree = JSON.parse(readFileSync(file, "utf8")) as SidebarJsonItem[];
  const packagesGroup: DefaultTheme.SidebarItem = {
    text: "API reference",
    items: [{ text: "All packages", link: "/api/" }, ...tree.map((p) => ({ text: p.text, link: (p.link ?? "").replace(/\.md$/, "") }))],
  };
  const back: DefaultTheme.SidebarItem = { text: "← Guides", link: "/guide/getting-started" };
  const out: DefaultTheme.SidebarMulti = { "/api/": [back, packagesGroup] };
  for (const pkg of tree) {
    const base = (pkg.link ?? "").replace(/index(\.md)?$/, "");
    if (!base) continue;
    // The package's kinds link to their sections of the package page, which lists every member.
    const kinds = (pkg.items ?? []).map((k) => ({ text: `${k.text} (${k.items?.length ?? 0})`, link: `${base}#${k.text.toLowerCase().replace(/\s+/g, "-")}` }));
    out[base] = [back, packagesGroup, { text: pkg.text, link: base, items: kinds }];
  }
  return out;
}

const symbols = apiSymbolIndex(join(root, "api"));

/** One row of the home page's package table (theme/PackageTable.vue). */
interface PackageRow {
  name: string;
  description: string;
  version: string;
  status: "released" | "unreleased" | "in-development";
  guide?: string;
  api?: string;
}

/** Every packages/<dir>: private ones are "in development", public 0.0.0 ones wait for their first release. */
function packageRows(): PackageRow[] {
  const dir = join(root, "..", "..", "packages");
  return PACKAGES.filter((p) => existsSync(join(dir, p, "package.json"))).map((p) => {
    const m = JSON.parse(readFileSync(join(dir, p, "package.json"), "utf8")) as { name: string; description?: string; version: string; private?: boolean };
    const status: PackageRow["status"] = m.private ? "in-development" : m.version === "0.0.0" ? "unreleased" : "released";
    const guideFile = existsSync(join(root, "guide", `${p}.md`))
      ? p
      : readdirSync(join(root, "guide"))
          .find((f) => f.startsWith(`${p}-`))
          ?.replace(/\.md$/, "");
    return {
      name: m.name,
      description: m.description ?? "",
      version: m.version,
      status,
      ...(guideFile ? { guide: `/guide/${guideFile}` } : {}),
      ...(existsSync(join(root, "api", p, "index.md")) ? { api: `/api/${p}/` } : {}),
    };
  });
}

export default defineConfigWithTheme<DefaultTheme.Config & { packages: PackageRow[] }>({
  title: "Tactica",
  description: "The modular game-AI toolkit for TypeScript.",
  head: [["link", { rel: "icon", type: "image/svg+xml", href: "/favicon.svg" }]],
  cleanUrls: false,
  // Site data (sidebars, the page hash map of ~1,100 API pages) in one cached chunk, not in every page's HTML.
  metaChunk: true,
  // Every link is checked: a guide linking a renamed function or a missing page fails the build.
  ignoreDeadLinks: false,
  srcExclude: ["public/**", "README.md", "test/**"],
  markdown: {
    config: (md) => {
      // In guides and benchmark pages, `findPathJps` / `findPathJps(…)` in inline code links to its API page.
      linkApiSymbols(md, symbols);
    },
  },
  themeConfig: {
    packages: packageRows(),
    nav: [
      { text: "Guide", link: "/guide/getting-started" },
      { text: "API", link: "/api/" },
      { text: "Benchmarks", link: "/benchmarks/" },
      { text: "Playground", link: PLAYGROUND },
      { text: "Releasing", link: "/guide/releasing" },
    ],
    sidebar: {
      ...apiSidebars(),
      "/": [
        ...guideGroups(),
        { text: "Benchmarks", items: [{ text: "How we measure", link: "/benchmarks/" }, ...pages("benchmarks")] },
        { text: "Reference", items: [{ text: "API reference", link: "/api/" }] },
      ],
    },
    socialLinks: [{ icon: "github", link: REPOSITORY }],
    outline: { level: [2, 3] },
    search: {
      provider: "local",
      options: {
        // API pages are titled "Function: findPathJps()"; index the bare name too so a search for it ranks first.
        miniSearch: { searchOptions: { prefix: true, fuzzy: 0.1, boost: { title: 4, text: 2, titles: 1 } } },
      },
    },
  },
  vite: { server: { port: 5174 } },
});
