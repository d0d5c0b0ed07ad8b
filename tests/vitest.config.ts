import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineProject } from "vitest/config";

// Repository-level checks: the dependency table, package manifests, the README's example.
export default defineProject({
  resolve: { conditions: ["@tactica/source", ...defaultClientConditions] },
  ssr: { resolve: { conditions: ["@tactica/source", ...defaultServerConditions] } },
  test: { name: "repo", include: ["*.test.ts"], exclude: ["*.e2e.test.ts"] },
});
