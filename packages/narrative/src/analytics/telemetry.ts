import { checkOptions, fail, isFiniteNumber, isRecord } from "../internal/fail.js";

/** One telemetry event: a time-stamped record of something a player did or suffered (chapter 39). */
export interface TelemetryEvent {
  /** Time of the event, seconds. */
  time: number;
  /** Event type (`"kill"`, `"death"`, `"shot"`, `"hit"`, `"damage"`…). */
  type: string;
  /** The player it belongs to. Default `""`. */
  player?: string;
  /** A number carried by the event (damage dealt, gold earned…). Default 1. */
  value?: number;
}

/**
 * How a metric reduces the event stream:
 * `count` (events of `event`), `sum` (of their values), `mean`, `max`, `last` (value);
 * `rate` (count per second of play, from the first event to the last, or to `now`);
 * `ratio` (count or value sum of `event` over that of `denominator`, with additive `smoothing` so
 * a zero denominator gives a finite number: (n + α) / (d + α)).
 */
export type MetricKind = "count" | "sum" | "mean" | "max" | "last" | "rate" | "ratio";

/** One metric definition. Plain JSON ({@link metricDefinitionsFromJson}). */
export interface MetricDefinition {
  /** Metric name (unique). */
  name: string;
  /** The reduction. */
  kind: MetricKind;
  /** The event type it reads (the numerator of a ratio). */
  event: string;
  /** `ratio` only: the denominator's event type. */
  denominator?: string;
  /** `ratio` only: sum the events' values instead of counting them. Default false. */
  byValue?: boolean;
  /** `ratio` only: additive smoothing α ≥ 0. Default 1. */
  smoothing?: number;
}

/** Running reducer state of a set of metrics ({@link createMetricReducers}). Plain data. */
export interface MetricReducers {
  /** The definitions, validated. */
  definitions: MetricDefinition[];
  /** Per event type: how many events were recorded. */
  counts: Record<string, number>;
  /** Per event type: the sum of their values. */
  sums: Record<string, number>;
  /** Per event type: the largest value (absent until one was seen). */
  maxima: Record<string, number>;
  /** Per event type: the last value. */
  lasts: Record<string, number>;
  /** Time of the first recorded event (NaN before any). */
  start: number;
  /** Time of the last recorded event (NaN before any). */
  end: number;
}

const KINDS: readonly MetricKind[] = ["count", "sum", "mean", "max", "last", "rate", "ratio"];
const MAX_METRICS = 10_000;

/**
 * Validates metric definitions written as JSON (an array of `{ name, kind, event, denominator?,
 * byValue?, smoothing? }`, at most 10,000). Throws `NARRATIVE_BAD_INPUT` naming the JSON path.
 * @param json - Parsed JSON: an array of at most 10,000 metric definitions `{ name, kind, event, denominator?, byValue?, smoothing? }`.
 *   Validated in full.
 */
export function metricDefinitionsFromJson(json: unknown): MetricDefinition[] {
  const FN = "metricDefinitionsFromJson";
  if (!Array.isArray(json)) fail("NARRATIVE_BAD_INPUT", FN, "expected an array of { name, kind, event, … }.", "$");
  if (json.length > MAX_METRICS) fail("NARRATIVE_BAD_INPUT", FN, `at most ${MAX_METRICS} metrics, got ${json.length}.`, "$");
  const names = new Set<string>();
  return json.map((d: unknown, i): MetricDefinition => {
    const p = `$[${i}]`;
    if (!isRecord(d) || typeof d.name !== "string" || d.name === "" || d.name === "__proto__")
      fail("NARRATIVE_BAD_INPUT", FN, `${p}.name must be a non-empty string (not "__proto__").`, `${p}.name`);
    if (names.has(d.name)) fail("NARRATIVE_BAD_INPUT", FN, `${p}: duplicate metric name "${d.name}".`, `${p}.name`);
    names.add(d.name);
    if (!KINDS.includes(d.kind as MetricKind)) fail("NARRATIVE_BAD_INPUT", FN, `${p}.kind must be one of ${KINDS.join(", ")}.`, `${p}.kind`);
    if (typeof d.event !== "string" || d.event === "") fail("NARRATIVE_BAD_INPUT", FN, `${p}.event must be a non-empty event type.`, `${p}.event`);
    const out: MetricDefinition = { name: d.name, kind: d.kind as MetricKind, event: d.event };
    if (d.kind === "ratio") {
      if (typeof d.denominator !== "string" || d.denominator === "")
        fail("NARRATIVE_BAD_INPUT", FN, `${p}.denominator must name the denominator's event type.`, `${p}.denominator`);
      out.denominator = d.denominator;
      if (d.byValue !== undefined && typeof d.byValue !== "boolean") fail("NARRATIVE_BAD_INPUT", FN, `${p}.byValue must be a boolean.`, `${p}.byValue`);
      out.byValue = d.byValue ?? false;
      if (d.smoothing !== undefined && (!isFiniteNumber(d.smoothing) || d.smoothing < 0))
        fail("NARRATIVE_BAD_INPUT", FN, `${p}.smoothing must be a finite number ≥ 0.`, `${p}.smoothing`);
      out.smoothing = d.smoothing ?? 1;
    } else if (d.denominator !== undefined) fail("NARRATIVE_BAD_INPUT", FN, `${p}.denominator is for kind "ratio" only.`, `${p}.denominator`);
    return out;
  });
}

function dict(): Record<string, number> {
  return Object.create(null) as Record<string, number>;
}

/**
 * Makes empty reducers for `definitions` (validated as by {@link metricDefinitionsFromJson}).
 * @param definitions - The metrics to reduce; validated as by {@link metricDefinitionsFromJson} and copied.
 */
export function createMetricReducers(definitions: readonly MetricDefinition[]): MetricReducers {
  return {
    definitions: metricDefinitionsFromJson(definitions),
    counts: dict(),
    sums: dict(),
    maxima: dict(),
    lasts: dict(),
    start: Number.NaN,
    end: Number.NaN,
  };
}

/**
 * Folds one event into the reducers: O(1). Events must come in time order. Throws
 * `INVALID_ARGUMENT` for a malformed event (before changing anything).
 * @param reducers - The reducers, updated in place; returned.
 * @param event - The event: finite `time` in seconds (not before the previous event), non-empty `type` and optional finite `value` (default 1).
 *   Its `player` is ignored: keep one set of reducers per player.
 */
export function recordTelemetry(reducers: MetricReducers, event: TelemetryEvent): MetricReducers {
  const FN = "recordTelemetry";
  if (!isRecord(event) || !isFiniteNumber(event.time)) fail("INVALID_ARGUMENT", FN, "event.time must be a finite number.", "event.time");
  if (typeof event.type !== "string" || event.type === "") fail("INVALID_ARGUMENT", FN, "event.type must be a non-empty string.", "event.type");
  const value = event.value ?? 1;
  if (!isFiniteNumber(value)) fail("INVALID_ARGUMENT", FN, `event.value must be a finite number, got ${String(event.value)}.`, "event.value");
  if (event.time < reducers.end)
    fail("INVALID_ARGUMENT", FN, `event.time ${event.time} is before the previous event (${reducers.end}); record events in time order.`, "event.time");
  const t = event.type;
  reducers.counts[t] = (reducers.counts[t] ?? 0) + 1;
  reducers.sums[t] = (reducers.sums[t] ?? 0) + value;
  const m = reducers.maxima[t];
  reducers.maxima[t] = m === undefined ? value : Math.max(m, value);
  reducers.lasts[t] = value;
  if (Number.isNaN(reducers.start)) reducers.start = event.time;
  reducers.end = event.time;
  return reducers;
}

/**
 * The metrics now: name → value (0 for a metric with no data; a rate over a zero-length span is
 * 0). `options.time` (default: the last event's time, same clock as the events' `time`) ends the
 * span of `rate` metrics.
 * @param reducers - The reducers; read only.
 * @param options - `time`: end of the span of `rate` metrics, in seconds on the events' clock. Left out: the last event's time.
 */
export function readMetrics(reducers: MetricReducers, options: { readonly time?: number } = {}): Record<string, number> {
  checkOptions("readMetrics", options);
  const out: Record<string, number> = Object.create(null) as Record<string, number>;
  const span = Number.isNaN(reducers.start) ? 0 : Math.max(0, (options.time ?? reducers.end) - reducers.start);
  for (const d of reducers.definitions) {
    const n = reducers.counts[d.event] ?? 0;
    const s = reducers.sums[d.event] ?? 0;
    let v: number;
    switch (d.kind) {
      case "count":
        v = n;
        break;
      case "sum":
        v = s;
        break;
      case "mean":
        v = n === 0 ? 0 : s / n;
        break;
      case "max":
        v = reducers.maxima[d.event] ?? 0;
        break;
      case "last":
        v = reducers.lasts[d.event] ?? 0;
        break;
      case "rate":
        v = span > 0 ? n / span : 0;
        break;
      case "ratio": {
        const a = d.smoothing ?? 1;
        const num = d.byValue ? s : n;
        const den = d.byValue ? (reducers.sums[d.denominator!] ?? 0) : (reducers.counts[d.denominator!] ?? 0);
        v = num + a === 0 ? 0 : den + a === 0 ? 0 : (num + a) / (den + a);
        break;
      }
    }
    out[d.name] = v;
  }
  return out;
}

/** Result of {@link reduceTelemetryByPlayer}: one row of metrics per player, ready for clustering. */
export interface PlayerMetrics {
  /** Metric names, the columns. */
  names: string[];
  /** Player ids in first-seen order, the rows. */
  players: string[];
  /** `rows[i][j]`: metric `names[j]` of player `players[i]`. */
  rows: number[][];
}

/**
 * Level 2: reduces a recorded event stream per player (events sorted by time) into one metric
 * vector each, ready for {@link normalizeVariance} and {@link clusterKMeans}. Use
 * {@link createMetricReducers} and {@link recordTelemetry} to fold events as they happen.
 *
 * @param definitions - The metrics, validated as by {@link metricDefinitionsFromJson}; their order is the column order of the rows.
 * @param events - The recorded events of all players, sorted by time; each player's events are reduced separately.
 * @example
 * ```ts
 * const metrics = metricDefinitionsFromJson([
 *   { name: "kills", kind: "count", event: "kill" },
 *   { name: "kd", kind: "ratio", event: "kill", denominator: "death" },
 *   { name: "accuracy", kind: "ratio", event: "hit", denominator: "shot", smoothing: 0 },
 * ]);
 * const log = [
 *   { time: 0, type: "shot", player: "ann" }, { time: 0, type: "hit", player: "ann" }, { time: 1, type: "kill", player: "ann" },
 *   { time: 2, type: "shot", player: "bob" }, { time: 3, type: "death", player: "bob" },
 * ];
 * const table = reduceTelemetryByPlayer(metrics, log);
 * table.players; // → ["ann", "bob"]
 * table.rows;    // → [[1, 2, 1], [0, 0.5, 0]]
 * ```
 */
export function reduceTelemetryByPlayer(definitions: readonly MetricDefinition[], events: readonly TelemetryEvent[]): PlayerMetrics {
  const defs = metricDefinitionsFromJson(definitions);
  const byPlayer = new Map<string, MetricReducers>();
  events.forEach((e, i) => {
    const player = isRecord(e) && typeof e.player === "string" ? e.player : "";
    let r = byPlayer.get(player);
    if (r === undefined) {
      r = createMetricReducers(defs);
      byPlayer.set(player, r);
    }
    try {
      recordTelemetry(r, e);
    } catch (err) {
      fail("INVALID_ARGUMENT", "reduceTelemetryByPlayer", `events[${i}]: ${(err as Error).message}`, `events[${i}]`);
    }
  });
  const players = [...byPlayer.keys()];
  return {
    names: defs.map((d) => d.name),
    players,
    rows: players.map((p) => {
      const m = readMetrics(byPlayer.get(p)!);
      return defs.map((d) => m[d.name]!);
    }),
  };
}
