import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineProject } from "vitest/config";

export default defineProject({
  resolve: { conditions: ["@tactica/source", ...defaultClientConditions] },
  ssr: { resolve: { conditions: ["@tactica/source", ...defaultServerConditions] } },
  test: { name: "bench", include: ["test/**/*.test.ts"] },
});
