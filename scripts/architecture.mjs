// The dependency table of docs/architecture.md (and ../shared/DESIGN.md) as data.
// ESLint (no-restricted-imports) and tests/architecture.test.ts both read it, so a forbidden
// arrow fails lint and the test suite. Change DESIGN.md, docs/architecture.md and this file together.

/** Package folder name -> layer. */
export const LAYERS = {
  core: 0,
  search: 1,
  steering: 1,
  decision: 1,
  grid: 2,
  navmesh: 2,
  planning: 2,
  perception: 3,
  narrative: 3,
};

/** Package folder name -> the Tactica packages it may import. */
export const ALLOWED_IMPORTS = {
  core: [],
  search: ["core"],
  steering: ["core"],
  decision: ["core"],
  grid: ["core", "search"],
  navmesh: ["core", "search"],
  planning: ["core", "search"],
  perception: ["core", "grid"],
  narrative: ["core", "decision", "planning"],
};

export const PACKAGES = Object.keys(LAYERS);
