#!/usr/bin/env node
// Fills or checks the package.json fields a registry page and a studio's bundler need, for every
// publishable @tactica package (or the ones named on the command line).
//
//   node scripts/package-metadata.mjs                 fill every non-private package in place
//   node scripts/package-metadata.mjs navmesh planning   fill these (also when still private)
//   node scripts/package-metadata.mjs --public navmesh   ... and drop `"private": true`
//   node scripts/package-metadata.mjs --check         report what is missing or differs; exit 1 if anything
//   node scripts/package-metadata.mjs --check --strict   also fail on README links that break on npm
//   node scripts/package-metadata.mjs --readme        also rewrite README links to absolute docs/repo URLs
//
// What it writes (docs/decisions and apps/docs/guide/releasing.md explain why):
// description (must exist; never invented), keywords (tactica, game-ai, gamedev, typescript + the
// package's own), license MIT, type module, sideEffects false, repository with `directory`,
// homepage (the package's guide on the docs site), bugs, files (dist, src, README.md, LICENSE +
// any extra folders already listed), main/module/types, the "." export (source condition, ESM, CJS,
// each with its own types), engines.node (the root's), `workspace:^` for every @tactica dependency
// (also checked in the root, apps/*, bench and qa manifests: `--check` reports drift), publishConfig { access: public, exports: <exports without
// the internal "@tactica/source" condition> } so the published manifest carries no workspace-only
// condition (pnpm applies publishConfig.exports on pack/publish), a LICENSE copied from the root,
// scripts.build (tsup, then scripts/declaration-maps.mjs) and a tsup.config.ts (scripts/tsup-shared.mjs: source maps without embedded sources, one declaration set) when missing.
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Where the code lives and where the docs site is served: scripts/site-urls.json, shared with the docs site and the playground. */
const SITE = JSON.parse(readFileSync(join(root, "scripts", "site-urls.json"), "utf8"));
export const REPOSITORY = SITE.repository;
export const HOMEPAGE = SITE.docs;
export const SOURCE_CONDITION = "@tactica/source";
/** Every package's build: tsup (ESM, CJS, one bundled declaration set), then the declaration maps pointing into the shipped `src/`. */
export const BUILD_SCRIPT = "tsup && node ../../scripts/declaration-maps.mjs";
/** Every package's `engines.node`: the root's (what the repository itself is built and tested with). */
export const NODE_ENGINE = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).engines.node;
/** The range of every internal (`@tactica/*`) dependency in every workspace manifest (pnpm publishes it as `^x.y.z`). */
export const WORKSPACE_RANGE = "workspace:^";
const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"];
export const BASE_KEYWORDS = ["tactica", "game-ai", "gamedev", "typescript"];

const TSUP_CONFIG = `import { tacticaBuild } from "../../scripts/tsup-shared.mjs";

// ESM + CJS, source maps without sources, one declaration set (see scripts/tsup-shared.mjs).
export default tacticaBuild({ index: "src/index.ts" });
`;

/** The standard conditional export for one entry (`index` for "."). */
export function entryExport(name, sourcePath) {
  return {
    [SOURCE_CONDITION]: sourcePath,
    import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
    require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
  };
}

/** The exports map as published: the same, minus the workspace-only source condition. */
export function publishedExports(exports) {
  const out = {};
  for (const [key, value] of Object.entries(exports)) {
    if (value && typeof value === "object") {
      const copy = { ...value };
      delete copy[SOURCE_CONDITION];
      out[key] = copy;
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** The docs page a package's `homepage` points at: its guide when there is one. */
export function homepageOf(dir) {
  const guides = join(root, "apps", "docs", "guide");
  if (existsSync(join(guides, `${dir}.md`))) return `${HOMEPAGE}guide/${dir}`;
  const first = existsSync(guides)
    ? readdirSync(guides)
        .filter((f) => f.startsWith(`${dir}-`))
        .sort()[0]
    : undefined;
  return first ? `${HOMEPAGE}guide/${first.replace(/\.md$/, "")}` : HOMEPAGE;
}

/** Rewrites repository-relative README links (`../../apps/docs/guide/x.md`) to absolute URLs. */
export function absoluteReadmeLinks(text, dir) {
  return text.replace(/\]\((\.\.?\/[^)\s]+)\)/g, (whole, href) => {
    const [path, hash = ""] = href.split("#");
    const fromRoot = join("packages", dir, path).replace(/\\/g, "/");
    const anchor = hash ? `#${hash}` : "";
    let m;
    if ((m = /^apps\/docs\/(.+?)(?:index)?\.md$/.exec(fromRoot))) return `](${HOMEPAGE}${m[1]}${anchor})`;
    if (fromRoot === "README.md") return `](${REPOSITORY}#readme)`;
    if (fromRoot.startsWith("packages/") && fromRoot.endsWith("/README.md")) {
      const pkg = fromRoot.split("/")[1];
      return `](https://www.npmjs.com/package/@tactica/${pkg})`;
    }
    return `](${REPOSITORY}/blob/main/${fromRoot}${anchor})`;
  });
}

/** README links that resolve only inside the repository (they 404 on the registry page). */
export function relativeReadmeLinks(text) {
  return [...text.matchAll(/\]\((\.\.?\/[^)\s]+)\)/g)].map((m) => m[1]);
}

/** The manifest with every required field filled; keeps what is already right and any extra fields. */
export function fillManifest(manifest, dir) {
  const m = { ...manifest };
  m.keywords = [...new Set([...BASE_KEYWORDS, ...(m.keywords ?? [])])];
  m.license = "MIT";
  m.type = "module";
  m.sideEffects = false;
  m.repository = { type: "git", url: `git+${REPOSITORY}.git`, directory: `packages/${dir}` };
  m.homepage = homepageOf(dir);
  m.bugs = { url: `${REPOSITORY}/issues` };
  m.main = "./dist/index.cjs";
  m.module = "./dist/index.js";
  m.types = "./dist/index.d.ts";
  const exports = { ...(m.exports ?? {}) };
  exports["."] = entryExport("index", "./src/index.ts");
  exports["./package.json"] = "./package.json";
  // "." first, then "./package.json", then subpaths in their existing order.
  m.exports = Object.fromEntries([
    [".", exports["."]],
    ["./package.json", exports["./package.json"]],
    ...Object.entries(exports).filter(([k]) => k !== "." && k !== "./package.json"),
  ]);
  const extra = (m.files ?? []).filter((f) => !["dist", "src", "README.md", "LICENSE"].includes(f));
  m.files = ["dist", "src", ...extra, "README.md", "LICENSE"];
  m.engines = { ...(m.engines ?? {}), node: NODE_ENGINE };
  Object.assign(m, withWorkspaceRanges(m));
  m.publishConfig = { ...(m.publishConfig ?? {}), access: "public", exports: publishedExports(m.exports) };
  m.scripts = { ...(m.scripts ?? {}) };
  m.scripts.build = BUILD_SCRIPT;
  return order(m);
}

/** The manifest's dependency fields with every `@tactica/*` range set to `workspace:^` (only the fields it has). */
export function withWorkspaceRanges(manifest) {
  const out = {};
  for (const field of DEPENDENCY_FIELDS) {
    if (!manifest[field]) continue;
    out[field] = Object.fromEntries(Object.entries(manifest[field]).map(([name, range]) => [name, name.startsWith("@tactica/") ? WORKSPACE_RANGE : range]));
  }
  return out;
}

/** Manifests of the workspace outside packages/ (root, apps, bench, qa), relative to the root. */
export function otherWorkspaceManifests() {
  const out = ["package.json"];
  for (const dir of ["apps"]) {
    if (!existsSync(join(root, dir))) continue;
    for (const d of readdirSync(join(root, dir)).sort()) if (existsSync(join(root, dir, d, "package.json"))) out.push(`${dir}/${d}/package.json`);
  }
  for (const d of ["bench", "qa"]) if (existsSync(join(root, d, "package.json"))) out.push(`${d}/package.json`);
  return out;
}

/** Problems with a non-package workspace manifest: an internal range other than `workspace:^`, engines other than the root's. */
export function checkWorkspaceManifest(path) {
  const problems = [];
  const manifest = JSON.parse(readFileSync(join(root, path), "utf8"));
  for (const [field, deps] of Object.entries(withWorkspaceRanges(manifest))) {
    for (const [name, range] of Object.entries(deps)) {
      if (manifest[field][name] !== range) problems.push(`${path}: ${field}["${name}"] should be "${range}" (is "${manifest[field][name]}")`);
    }
  }
  if (manifest.engines?.node !== undefined && manifest.engines.node !== NODE_ENGINE) {
    problems.push(`${path}: engines.node should be "${NODE_ENGINE}" like the root (is "${manifest.engines.node}")`);
  }
  return problems;
}

/** Sets `workspace:^` ranges (and the root's engines, where a manifest has engines) in a non-package manifest. */
export function writeWorkspaceManifest(path) {
  const file = join(root, path);
  const manifest = JSON.parse(readFileSync(file, "utf8"));
  const filled = { ...manifest, ...withWorkspaceRanges(manifest) };
  if (filled.engines?.node !== undefined) filled.engines = { ...filled.engines, node: NODE_ENGINE };
  if (JSON.stringify(filled) !== JSON.stringify(manifest)) writeFileSync(file, `${JSON.stringify(filled, null, 2)}\n`);
}

const ORDER = [
  "name",
  "version",
  "private",
  "description",
  "keywords",
  "homepage",
  "bugs",
  "repository",
  "license",
  "author",
  "type",
  "sideEffects",
  "main",
  "module",
  "types",
  "exports",
  "files",
  "engines",
  "publishConfig",
  "scripts",
  "dependencies",
  "peerDependencies",
  "devDependencies",
];

function order(m) {
  const out = {};
  for (const k of ORDER) if (k in m) out[k] = m[k];
  for (const k of Object.keys(m)) if (!(k in out)) out[k] = m[k];
  return out;
}

/** Problems with one package as it stands: missing or differing fields, files, README links. */
export function checkPackage(dir, { strict = false } = {}) {
  const problems = [];
  const pkgDir = join(root, "packages", dir);
  const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
  if (!manifest.description || manifest.description.length < 20) problems.push("description is missing or shorter than 20 characters");
  const filled = fillManifest(manifest, dir);
  for (const key of Object.keys(filled)) {
    if (JSON.stringify(filled[key]) !== JSON.stringify(manifest[key])) problems.push(`"${key}" should be ${JSON.stringify(filled[key])}`);
  }
  for (const f of ["README.md", "LICENSE", "tsup.config.ts", "src/index.ts"]) {
    if (!existsSync(join(pkgDir, f))) problems.push(`${f} is missing`);
  }
  if (existsSync(join(pkgDir, "tsup.config.ts")) && !/tacticaBuild\(/.test(readFileSync(join(pkgDir, "tsup.config.ts"), "utf8"))) {
    problems.push(
      'tsup.config.ts should be `export default tacticaBuild({ index: "src/index.ts" })` from scripts/tsup-shared.mjs (maps without embedded sources, one declaration set)',
    );
  }
  if (strict && existsSync(join(pkgDir, "README.md"))) {
    for (const link of relativeReadmeLinks(readFileSync(join(pkgDir, "README.md"), "utf8"))) {
      problems.push(`README.md links to ${link}, which 404s on the registry page (run with --readme)`);
    }
  }
  return problems;
}

/** Writes the filled manifest (and LICENSE, tsup config, README links when asked). */
export function writePackage(dir, { makePublic = false, readme = false } = {}) {
  const pkgDir = join(root, "packages", dir);
  const file = join(pkgDir, "package.json");
  const manifest = JSON.parse(readFileSync(file, "utf8"));
  if (makePublic) delete manifest.private;
  const filled = fillManifest(manifest, dir);
  writeFileSync(file, `${JSON.stringify(filled, null, 2)}\n`);
  if (!existsSync(join(pkgDir, "LICENSE"))) copyFileSync(join(root, "LICENSE"), join(pkgDir, "LICENSE"));
  if (!existsSync(join(pkgDir, "tsup.config.ts"))) writeFileSync(join(pkgDir, "tsup.config.ts"), TSUP_CONFIG);
  if (readme && existsSync(join(pkgDir, "README.md"))) {
    const text = readFileSync(join(pkgDir, "README.md"), "utf8");
    writeFileSync(join(pkgDir, "README.md"), absoluteReadmeLinks(text, dir));
  }
}

/** Folder names of packages that are published (not private). */
export function publishableDirs() {
  return readdirSync(join(root, "packages"))
    .filter((d) => existsSync(join(root, "packages", d, "package.json")))
    .filter((d) => !JSON.parse(readFileSync(join(root, "packages", d, "package.json"), "utf8")).private);
}

function main(argv) {
  const flags = new Set(argv.filter((a) => a.startsWith("--")));
  const named = argv
    .filter((a) => !a.startsWith("--"))
    .map((a) =>
      a
        .replace(/^@tactica\//, "")
        .replace(/^packages\//, "")
        .replace(/\/$/, ""),
    );
  for (const d of named) {
    if (!existsSync(join(root, "packages", d, "package.json"))) {
      console.error(`packages/${d}/package.json not found`);
      return 2;
    }
  }
  const dirs = named.length ? named : publishableDirs();
  if (flags.has("--check")) {
    let bad = 0;
    for (const d of dirs) {
      const problems = checkPackage(d, { strict: flags.has("--strict") });
      if (problems.length) {
        bad++;
        console.log(`@tactica/${d}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
      } else {
        console.log(`@tactica/${d}: ok`);
      }
    }
    if (named.length === 0) {
      for (const path of otherWorkspaceManifests()) {
        const problems = checkWorkspaceManifest(path);
        if (problems.length) {
          bad++;
          console.log(problems.map((p) => `  - ${p}`).join("\n"));
        }
      }
    }
    if (bad) console.log(`\n${bad} package(s) need fixing: node scripts/package-metadata.mjs ${named.join(" ")}`.trimEnd());
    return bad ? 1 : 0;
  }
  for (const d of dirs) {
    writePackage(d, { makePublic: flags.has("--public"), readme: flags.has("--readme") });
    const left = checkPackage(d, { strict: flags.has("--readme") });
    console.log(left.length ? `@tactica/${d}: written; still to do by hand:\n${left.map((p) => `  - ${p}`).join("\n")}` : `@tactica/${d}: ok`);
  }
  if (named.length === 0) for (const path of otherWorkspaceManifests()) writeWorkspaceManifest(path);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main(process.argv.slice(2));
