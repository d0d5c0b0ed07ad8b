import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "tsup";

/**
 * The tsup build of every published package: ESM + CJS with source maps (no `sourcesContent`:
 * `src/` ships beside `dist/`), and ONE declaration set. tsup would emit the same declarations
 * twice (`index.d.ts` for `import`, `index.d.cts` for `require`); here only the `.d.cts` is
 * generated and each `<entry>.d.ts` is a one-line ESM re-export of it, so both conditions see the
 * same types (are-the-types-wrong stays green: each condition's types file has its JS file's format).
 *
 * @param {Record<string, string>} entry - entry points, e.g. `{ index: "src/index.ts", games: "src/games/index.ts" }`
 * @returns {import("tsup").Options[]}
 */
export function tacticaBuild(entry) {
  const common = { entry, target: "es2022", outDir: "dist" };
  return defineConfig([
    {
      ...common,
      format: ["esm", "cjs"],
      dts: false,
      sourcemap: true,
      esbuildOptions: (o) => {
        o.sourcesContent = false;
      },
      clean: true,
      treeshake: true,
      // The ESM declaration entry: the CJS declarations, re-exported (written once the JS is
      // built; the .d.cts it points at comes from the declaration-only build below).
      onSuccess: async () => {
        for (const name of Object.keys(entry)) writeFileSync(join("dist", `${name}.d.ts`), `export * from "./${name}.cjs";\n`);
      },
    },
    {
      ...common,
      format: ["cjs"],
      // tsup's dts worker sets `baseUrl`, which TypeScript 6 rejects (TS5101) unless silenced.
      dts: { only: true, compilerOptions: { ignoreDeprecations: "6.0" } },
      clean: false,
    },
  ]);
}
