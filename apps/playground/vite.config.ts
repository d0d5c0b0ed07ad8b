import { defaultClientConditions, defineConfig } from "vite";
import { sharedMapsPlugin } from "./scripts/shared-maps-plugin";

// Workspace packages resolve to their TypeScript source through the "@tactica/source" export
// condition, so the playground needs no package build. Vite's defaults stay after it.
export default defineConfig({
  base: "./",
  // `pnpm start` serves the Moving AI maps of ../shared to the grid page (never bundled).
  plugins: [sharedMapsPlugin()],
  resolve: { conditions: ["@tactica/source", ...defaultClientConditions] },
  server: { port: Number(process.env["PORT"] ?? 5173), strictPort: true },
  preview: { port: Number(process.env["PORT"] ?? 4173) },
  build: { target: "es2022", chunkSizeWarningLimit: 2000 },
});
