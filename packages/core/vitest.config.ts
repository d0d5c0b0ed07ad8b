import { defaultClientConditions, defaultServerConditions } from "vite";
import { configDefaults, defineProject } from "vitest/config";

// Resolve workspace deps to their TypeScript source (the "@tactica/source" export condition),
// so tests need no prior build. Vite's defaults stay after it.
export default defineProject({
  resolve: { conditions: ["@tactica/source", ...defaultClientConditions] },
  ssr: { resolve: { conditions: ["@tactica/source", ...defaultServerConditions] } },
  test: {
    name: "core",
    include: ["test/**/*.test.ts"],
    setupFiles: ["../../tests/setup/fast-check.ts"],
    exclude: [...configDefaults.exclude, "**/*.browser.test.ts"],
    // `pnpm mutation` (scripts/mutation.mjs) runs every test instrumented: give slow ones room there.
    ...(process.env["TACTICA_MUTATION"] ? { testTimeout: 60_000 } : {}),
  },
});
