import { TacticaError } from "@tactica/core";
import { NavMeshErrorCodes } from "../errors";
import { assembleNavGraph } from "./create-nav-graph";
import { NavGraphNodeKind, type NavGraph } from "./types";

/** Current version of {@link NavGraphJson}. */
export const NAV_GRAPH_JSON_VERSION = 1;

/** Largest node or edge count {@link navGraphFromJson} accepts. */
const MAX_ITEMS = 1_000_000;

/**
 * JSON form of a {@link NavGraph} (plain arrays; versioned so old files keep loading). Designers'
 * waypoint graphs use it too: give `x`, `y` and the edges; `z`, `radius` and `kind` are optional.
 */
export interface NavGraphJson {
  /** Always `"tactica-nav-graph"`. */
  readonly format: "tactica-nav-graph";
  /** Format version ({@link NAV_GRAPH_JSON_VERSION}). */
  readonly version: number;
  /** Node x coordinates. */
  readonly x: readonly number[];
  /** Node y coordinates. */
  readonly y: readonly number[];
  /** Node heights (default 0). */
  readonly z?: readonly number[];
  /** Node radii (default 0). */
  readonly radius?: readonly number[];
  /** Node kinds (default 0, waypoint). */
  readonly kind?: readonly number[];
  /** Directed edges: `from[i] → to[i]`. */
  readonly from: readonly number[];
  /** Edge targets. */
  readonly to: readonly number[];
}

/**
 * The JSON form of a graph (a plain object; `JSON.stringify` it).
 *
 * @param graph - the navigation graph to convert (read only; positions, radii, kinds and directed edges are copied, weights are recomputed on load)
 */
export function navGraphToJson(graph: NavGraph): NavGraphJson {
  const from: number[] = [];
  for (let a = 0; a < graph.nodeCount; a++) for (let e = graph.edges.offsets[a]!; e < graph.edges.offsets[a + 1]!; e++) from.push(a);
  return {
    format: "tactica-nav-graph",
    version: NAV_GRAPH_JSON_VERSION,
    x: Array.from(graph.x),
    y: Array.from(graph.y),
    z: Array.from(graph.z),
    radius: Array.from(graph.radius),
    kind: Array.from(graph.kind),
    from,
    to: Array.from(graph.edges.targets),
  };
}

function fail(path: string, message: string): never {
  throw new TacticaError(NavMeshErrorCodes.Format, `@tactica/navmesh: navGraphFromJson: ${message}`, { path });
}

function numbers(json: Record<string, unknown>, key: string, length: number | null, check: (v: number) => boolean, what: string): number[] | null {
  const v = json[key];
  if (v === undefined && length !== null && key !== "x" && key !== "y" && key !== "from" && key !== "to") return null;
  if (!Array.isArray(v)) fail(`$.${key}`, `"${key}" must be an array of numbers.`);
  if (v.length > MAX_ITEMS) fail(`$.${key}`, `"${key}" holds ${v.length} entries; at most ${MAX_ITEMS}.`);
  if (length !== null && v.length !== length)
    fail(`$.${key}`, `"${key}" must have ${length} entries (one per ${key === "to" ? "edge" : "node"}), got ${v.length}.`);
  for (let i = 0; i < v.length; i++) {
    const x: unknown = v[i];
    if (typeof x !== "number" || !check(x)) fail(`$.${key}[${i}]`, `${key}[${i}] must be ${what}.`);
  }
  return v as number[];
}

/**
 * Reads a {@link NavGraphJson} (validating everything first): edges are recomputed with Euclidean
 * weights. Throws `NAVMESH_FORMAT` with the JSON path of the first problem (wrong format tag, a
 * newer version, arrays of different lengths, non-finite coordinates, dangling edge ids, more than
 * a million nodes or edges).
 *
 * @param json - parsed JSON from `navGraphToJson` (format `"tactica-nav-graph"`, version ≤ current); anything else throws `NAVMESH_FORMAT` naming the JSON path
 *
 * @example
 * ```ts
 * const g = navGraphFromJson({ format: "tactica-nav-graph", version: 1, x: [0, 3], y: [0, 4], from: [0], to: [1] });
 * g.edges.weights[0]; // 5
 * ```
 */
export function navGraphFromJson(json: unknown): NavGraph {
  if (json === null || typeof json !== "object" || Array.isArray(json)) fail("$", "expected an object { format, version, x, y, from, to }.");
  const j = json as Record<string, unknown>;
  if (j["format"] !== "tactica-nav-graph") fail("$.format", `"format" must be "tactica-nav-graph".`);
  const version = j["version"];
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1) fail("$.version", `"version" must be an integer ≥ 1.`);
  if (version > NAV_GRAPH_JSON_VERSION)
    fail("$.version", `version ${version} is newer than this library reads (${NAV_GRAPH_JSON_VERSION}); update @tactica/navmesh.`);
  const finite = (v: number): boolean => Number.isFinite(v) && Math.abs(v) <= 1e12;
  const x = numbers(j, "x", null, finite, "a finite number")!;
  const n = x.length;
  const y = numbers(j, "y", n, finite, "a finite number")!;
  const z = numbers(j, "z", n, finite, "a finite number");
  const radius = numbers(j, "radius", n, (v) => finite(v) && v >= 0, "a finite number ≥ 0");
  const kinds = Object.values(NavGraphNodeKind) as number[];
  const kind = numbers(j, "kind", n, (v) => kinds.includes(v), `one of ${kinds.join(", ")}`);
  const isNode = (v: number): boolean => Number.isInteger(v) && v >= 0 && v < n;
  const from = numbers(j, "from", null, isNode, `a node id in 0..${n - 1}`)!;
  const to = numbers(j, "to", from.length, isNode, `a node id in 0..${n - 1}`)!;
  return assembleNavGraph(x, y, z, radius, kind ?? new Uint8Array(n), from, to, true);
}
