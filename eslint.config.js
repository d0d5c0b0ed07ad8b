// @ts-check
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";
import { builtinModules } from "node:module";
import { ALLOWED_IMPORTS, PACKAGES } from "./scripts/architecture.mjs";
import noImportCycle from "./eslint-rules/no-import-cycle.mjs";

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/** Lint rules that enforce DESIGN.md for one package's `src`. */
function packageRules(pkg) {
  const forbidden = PACKAGES.filter((p) => p !== pkg && !ALLOWED_IMPORTS[pkg].includes(p));
  return {
    files: [`packages/${pkg}/src/**/*.ts`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: nodeBuiltins.map((name) => ({
            name,
            message: "Packages never import Node built-ins (DESIGN.md): keep I/O in apps, tests and bench.",
          })),
          patterns: forbidden.length
            ? [
                {
                  group: forbidden.map((p) => `@tactica/${p}`).concat(forbidden.map((p) => `@tactica/${p}/*`)),
                  message: `@tactica/${pkg} may import only ${["core", ...ALLOWED_IMPORTS[pkg]].filter((p) => p !== pkg).join(", ") || "nothing"} (the dependency table in docs/architecture.md).`,
                },
              ]
            : [],
        },
      ],
    },
  };
}

export default defineConfig(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "**/.turbo/**",
      "apps/docs/public/api/**",
      "apps/docs/.vitepress/cache/**",
      "apps/docs/.vitepress/dist/**",
      "**/*.config.ts",
      "**/*.config.mts",
      "**/*.config.js",
      "bench/out/**",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": ["error", { selector: "TSEnumDeclaration", message: "No enums (DESIGN.md): use an `XFlags` const object or a union type." }],
    },
  },
  {
    // Package source: deterministic, renderer-free, Node-free.
    files: ["packages/*/src/**/*.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "Math", property: "random", message: "Randomness only through core's seeded Rng (DESIGN.md)." },
        { object: "Date", property: "now", message: "Time only through a dt argument (DESIGN.md)." },
        { object: "performance", property: "now", message: "Time only through a dt argument (DESIGN.md)." },
      ],
      "no-restricted-globals": [
        "error",
        ...["window", "document", "navigator", "process", "Buffer", "require", "setTimeout", "setInterval", "performance", "requestAnimationFrame"].map(
          (name) => ({ name, message: "Packages use no DOM, Node or wall-clock globals (DESIGN.md)." }),
        ),
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "TSEnumDeclaration", message: "No enums (DESIGN.md): use an `XFlags` const object or a union type." },
        { selector: "NewExpression[callee.name='Date']", message: "Time only through a dt argument (DESIGN.md)." },
      ],
    },
  },
  {
    // No import cycles between source files (ADR 0002); shared types go in a types.ts of their folder.
    files: ["packages/*/src/**/*.ts"],
    plugins: { tactica: { rules: { "no-import-cycle": noImportCycle } } },
    rules: { "tactica/no-import-cycle": "error" },
  },
  ...PACKAGES.map(packageRules),
  { files: ["**/*.js", "**/*.mjs", "**/*.cjs"], extends: [tseslint.configs.disableTypeChecked] },
  {
    // CommonJS tooling loaded by require() (the changesets changelog formatter).
    files: ["scripts/**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { module: "writable", require: "readonly" } },
  },
  {
    // Node scripts (repository tooling, never shipped).
    files: ["*.mjs", "scripts/**/*.mjs", "eslint-rules/**/*.mjs", "apps/*/scripts/**/*.mjs", "bench/**/*.mjs"],
    languageOptions: {
      globals: { process: "readonly", console: "readonly", URL: "readonly", Buffer: "readonly" },
    },
  },
);
