import { defaultClientConditions, defineConfig } from "vite";

// Workspace packages resolve to their TypeScript source through the "@tactica/source" export
// condition, so the playground needs no package build. Vite's defaults stay after it.
export default defineConfig({
  base: "./",
  resolve: { conditions: ["@tactica/source", ...defaultClientConditions] },
  server: { port: Number(process.env["PORT"] ?? 5173), strictPort: true },
  preview: { port: Number(process.env["PORT"] ?? 4173) },
  build: { target: "es2022", chunkSizeWarningLimit: 2000 },
});
