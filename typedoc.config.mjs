// @ts-check
// One API reference for every published package, rendered as Markdown pages INSIDE the VitePress
// docs site (apps/docs/api/, served at /api/): same navigation, same local search, links both ways.
// typedoc-plugin-markdown writes the pages, typedoc-vitepress-theme makes anchors VitePress-style and
// writes apps/docs/api/typedoc-sidebar.json, which apps/docs/.vitepress/config.mts puts in the sidebar.
// Warnings are errors, and so is any export without documentation.
import { readdirSync, readFileSync } from "node:fs";

// TYPEDOC_ONLY=search checks one package (even while it is still private) into .typedoc-check/,
// leaving the site's output alone: what a package author runs before committing (plain HTML there).
const only = process.env.TYPEDOC_ONLY;
const published = only
  ? [`packages/${only}`]
  : readdirSync("packages")
      .filter((dir) => !JSON.parse(readFileSync(`packages/${dir}/package.json`, "utf8")).private)
      .map((dir) => `packages/${dir}`);

/** @type {Partial<import("typedoc").TypeDocOptions> & Record<string, unknown>} */
const config = {
  name: "Tactica API",
  entryPointStrategy: "packages",
  entryPoints: published,
  out: only ? `.typedoc-check/${only}` : "apps/docs/api",
  treatWarningsAsErrors: true,
  treatValidationWarningsAsErrors: true,
  validation: { notExported: true, invalidLink: true, notDocumented: true },
  readme: "none",
  packageOptions: {
    entryPoints: ["src/index.ts"],
    tsconfig: "tsconfig.json",
    disableSources: true,
    excludeInternal: true,
    readme: "none",
  },
  ...(only
    ? {}
    : {
        plugin: ["typedoc-plugin-markdown", "typedoc-vitepress-theme"],
        docsRoot: "apps/docs",
        entryFileName: "index",
        excludeScopesInPaths: true,
        hidePageHeader: true,
        hideBreadcrumbs: false,
        useCodeBlocks: true,
        parametersFormat: "table",
        sidebar: { autoConfiguration: true, format: "vitepress", pretty: true, collapsed: true },
      }),
};

export default config;
