import { defineConfig } from "vitest/config";

// One root run over every workspace project (each has its own vitest.config.ts).
// Browser and end-to-end tests run separately through vitest.e2e.config.ts.
export default defineConfig({
  test: {
    projects: ["packages/*/vitest.config.ts", "bench/vitest.config.ts", "qa/vitest.config.ts", "tests/vitest.config.ts", "apps/playground/vitest.config.ts"],
  },
});
