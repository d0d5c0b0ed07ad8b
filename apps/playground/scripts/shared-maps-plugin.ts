// Dev-server only: lets the grid page list and load the Moving AI maps of the shared benchmark
// folder (`../shared/bench/movingai` beside the repository, or `$TACTICA_SHARED/bench/movingai`).
// The maps come from commercial games, so they are served from where they lie and never copied
// into the repository or the built playground (`apply: "serve"`).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, resolve } from "node:path";
import type { Plugin } from "vite";

/** URL of the map list (JSON `{ sets: { [set]: string[] } }`, map names without `.map`). */
export const SHARED_MAPS_INDEX = "/__tactica/shared-maps.json";
/** URL prefix of one map: `${SHARED_MAPS_PREFIX}<set>/<name>.map`. */
export const SHARED_MAPS_PREFIX = "/__tactica/shared-maps/";

const SAFE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** The folder holding the Moving AI sets (one sub-folder per set), or null when it is absent. */
export function sharedMapsDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const base = env["TACTICA_SHARED"] ?? resolve(import.meta.dirname, "..", "..", "..", "..", "shared");
  const dir = join(base, "bench", "movingai");
  return existsSync(dir) ? dir : null;
}

/** Lists `set → map names` (sorted) under `dir`: every `*.map` file one level down. */
export function listSharedMaps(dir: string): Record<string, string[]> {
  const sets: Record<string, string[]> = {};
  for (const set of readdirSync(dir).sort()) {
    const setDir = join(dir, set);
    if (!SAFE_NAME.test(set) || !statSync(setDir).isDirectory()) continue;
    const maps = readdirSync(setDir)
      .filter((f) => f.endsWith(".map") && SAFE_NAME.test(f))
      .map((f) => f.slice(0, -".map".length))
      .sort();
    if (maps.length > 0) sets[set] = maps;
  }
  return sets;
}

/**
 * Answers a request for the map list or one map. Returns false when the URL is not ours.
 * Set and map names must be plain file names (no `/`, no `..`): anything else is a 404.
 */
export function handleSharedMapRequest(dir: string | null, url: string, res: ServerResponse): boolean {
  const path = url.split("?")[0] ?? "";
  if (path === SHARED_MAPS_INDEX) {
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify({ sets: dir === null ? {} : listSharedMaps(dir) }));
    return true;
  }
  if (!path.startsWith(SHARED_MAPS_PREFIX)) return false;
  const parts = decodeURIComponent(path.slice(SHARED_MAPS_PREFIX.length)).split("/");
  const [set, file] = parts;
  const ok =
    dir !== null && parts.length === 2 && set !== undefined && file !== undefined && SAFE_NAME.test(set) && SAFE_NAME.test(file) && file.endsWith(".map");
  const full = ok ? join(dir, set, file) : "";
  if (!ok || !existsSync(full)) {
    res.statusCode = 404;
    res.end("not found");
    return true;
  }
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end(readFileSync(full));
  return true;
}

/** The Vite plugin: serves the shared maps while `pnpm start` runs; absent from builds. */
export function sharedMapsPlugin(): Plugin {
  return {
    name: "tactica-shared-maps",
    apply: "serve",
    configureServer(server) {
      const dir = sharedMapsDir();
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        if (!handleSharedMapRequest(dir, req.url ?? "", res)) next();
      });
    },
  };
}
