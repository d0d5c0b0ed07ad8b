import { tacticaBuild } from "../../scripts/tsup-shared.mjs";

// ESM + CJS, source maps without sources, one declaration set (see scripts/tsup-shared.mjs).
export default tacticaBuild({ index: "src/index.ts" });
