import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  // tsup's dts worker sets `baseUrl`, which TypeScript 6 rejects (TS5101) unless silenced.
  // stripInternal: helpers marked `@internal` stay out of the published declarations (ADR 0002).
  dts: { compilerOptions: { ignoreDeprecations: "6.0", stripInternal: true } },
  sourcemap: true,
  esbuildOptions: (o) => {
    o.sourcesContent = false;
  },
  clean: true,
  target: "es2022",
  treeshake: true,
});
