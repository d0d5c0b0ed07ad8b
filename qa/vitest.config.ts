import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineProject } from "vitest/config";

// Fuzz (every loader, a few thousand seeded inputs each) and the short soak run, against the sources.
export default defineProject({
  resolve: { conditions: ["@tactica/source", ...defaultClientConditions] },
  ssr: { resolve: { conditions: ["@tactica/source", ...defaultServerConditions] } },
  test: { name: "qa", include: ["test/**/*.test.ts"], setupFiles: ["../tests/setup/fast-check.ts"], testTimeout: 60_000 },
});
