import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sharedBenchDir } from "../../../tests/helpers/shared-data";
import { parseMovingAiMap, parseMovingAiScenarios, type MovingAiMap, type MovingAiScenario } from "../src";

/** Loads `<set>/<name>` map and its scenarios from the shared benchmark folder (never copied into the repo). */
export function loadMovingAi(set: string, name: string): { map: MovingAiMap; scenarios: MovingAiScenario[] } {
  const dir = join(sharedBenchDir(), "movingai", set);
  const map = parseMovingAiMap(readFileSync(join(dir, name), "utf8"));
  const scenarios = parseMovingAiScenarios(readFileSync(join(dir, `${name}.scen`), "utf8"));
  return { map, scenarios };
}

/** Every `step`-th scenario plus the last (longest) one. */
export function sample<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return items.slice();
  const out: T[] = [];
  for (let i = 0; i < count - 1; i++) out.push(items[Math.floor((i * items.length) / (count - 1))]!);
  out.push(items[items.length - 1]!);
  return out;
}
