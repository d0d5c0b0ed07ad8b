import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defaultClientConditions, defineConfig } from "vite";
import { sharedMapsPlugin } from "./scripts/shared-maps-plugin";

// Cross-origin isolation in dev and preview: with it, `performance.now()` is precise to 5 µs
// instead of 100 µs, so per-query timings on the pages read in µs rather than "0.0 µs".
// (A static host needs the same two headers for the built playground.)
const isolation = { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" };

// The docs guide names (apps/docs/guide/*.md), so each demo links the guide it illustrates.
const guides = readdirSync(join(import.meta.dirname, "..", "docs", "guide"))
  .filter((f) => f.endsWith(".md"))
  .map((f) => f.slice(0, -3));

// The docs and repository addresses (scripts/site-urls.json, shared with the docs site and package.json metadata).
const site = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "scripts", "site-urls.json"), "utf8")) as { repository: string; docs: string };

// Workspace packages resolve to their TypeScript source through the "@tactica/source" export
// condition, so the playground needs no package build. Vite's defaults stay after it.
export default defineConfig({
  base: "./",
  // `pnpm start` serves the Moving AI maps of ../shared to the grid page (never bundled).
  plugins: [sharedMapsPlugin()],
  define: { __TACTICA_GUIDES__: JSON.stringify(guides), __TACTICA_SITE__: JSON.stringify(site) },
  resolve: { conditions: ["@tactica/source", ...defaultClientConditions] },
  server: { port: Number(process.env["PORT"] ?? 5173), strictPort: true, headers: isolation },
  preview: { port: Number(process.env["PORT"] ?? 4173), headers: isolation },
  build: { target: "es2022", chunkSizeWarningLimit: 2000 },
  // Heavy work (Snake evolution, IDA*, flow fields on big maps) runs in module workers.
  worker: { format: "es" },
});
