import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The external reference data (Moving AI maps and scenarios, navmesh OBJ meshes) lives outside the
 * repository, in `../shared/bench` beside the clone, because it comes from commercial games and is
 * never committed or published. `TACTICA_SHARED` overrides the parent folder (`$TACTICA_SHARED/bench`).
 */
export function sharedBenchDir(): string {
  const base = process.env["TACTICA_SHARED"] ?? resolve(import.meta.dirname, "..", "..", "..", "shared");
  const dir = join(base, "bench");
  if (!existsSync(dir)) {
    throw new Error(`Benchmark data not found at ${dir}: put the shared folder beside the repository or set TACTICA_SHARED to its path.`);
  }
  return dir;
}
