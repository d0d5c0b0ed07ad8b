import { defaultClientConditions, defaultServerConditions } from "vite";
import { configDefaults, defineProject } from "vitest/config";

// The playground's node tests (the logic behind the pages, e.g. the Snake evolution the worker
// runs). Browser tests (*.e2e.test.ts) run through the root vitest.e2e.config.ts.
export default defineProject({
  resolve: { conditions: ["@tactica/source", ...defaultClientConditions] },
  ssr: { resolve: { conditions: ["@tactica/source", ...defaultServerConditions] } },
  test: {
    name: "playground",
    include: ["test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, "**/*.e2e.test.ts"],
  },
});
