import { defineConfig } from "vitest/config";

// Tests that need built artefacts and a real Chromium: the packed tarballs (tests/pack.e2e.test.ts),
// the playground and the docs site. `pnpm test:all` builds first, then runs these.
export default defineConfig({
  test: {
    name: "e2e",
    include: ["tests/**/*.e2e.test.ts", "apps/*/test/**/*.e2e.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
