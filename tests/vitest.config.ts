import { defineProject } from "vitest/config";

// Repository-level checks: the dependency table, package manifests, house rules.
export default defineProject({
  test: { name: "repo", include: ["*.test.ts"], exclude: ["*.e2e.test.ts"] },
});
