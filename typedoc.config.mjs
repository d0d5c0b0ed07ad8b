// @ts-check
// One API reference for every published package, written into the docs site's public folder
// (apps/docs/public/api) so the site serves it at /api/. Warnings are errors, and so is any
// export without documentation.
import { readdirSync, readFileSync } from "node:fs";

// TYPEDOC_ONLY=search checks one package (even while it is still private) into .typedoc-check/,
// leaving the site's output alone: what a package author runs before committing.
const only = process.env.TYPEDOC_ONLY;
const published = only
  ? [`packages/${only}`]
  : readdirSync("packages")
      .filter((dir) => !JSON.parse(readFileSync(`packages/${dir}/package.json`, "utf8")).private)
      .map((dir) => `packages/${dir}`);

/** @type {Partial<import("typedoc").TypeDocOptions>} */
const config = {
  name: "Tactica API",
  entryPointStrategy: "packages",
  entryPoints: published,
  out: only ? `.typedoc-check/${only}` : "apps/docs/public/api",
  treatWarningsAsErrors: true,
  treatValidationWarningsAsErrors: true,
  validation: { notExported: true, invalidLink: true, notDocumented: true },
  readme: "none",
  packageOptions: {
    entryPoints: ["src/index.ts"],
    tsconfig: "tsconfig.json",
    disableSources: true,
    excludeInternal: true,
  },
};

export default config;
