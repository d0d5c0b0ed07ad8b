import { createRng, describeValue, restoreRng, rngFloat, saveRng, type Rng } from "@tactica/core";
import { checkOptions, fail, isFiniteNumber, isRecord, jsonPathKey, own } from "../internal/fail.js";

/**
 * The AI director's pacing phases (chapter 39, after Left 4 Dead): build up until intensity reaches
 * the peak, sustain the peak for 3–5 s, fade (minimal threat) until intensity falls below the peak
 * range, relax (minimal threat) for 30–45 s or until the players have travelled far enough.
 */
export const DirectorPhases = {
  BuildUp: "build-up",
  SustainPeak: "sustain-peak",
  PeakFade: "peak-fade",
  Relax: "relax",
} as const;

/** One of {@link DirectorPhases}. */
export type DirectorPhase = (typeof DirectorPhases)[keyof typeof DirectorPhases];

/** Settings of a director ({@link createDirector}); every field has a default. */
export interface DirectorConfig {
  /** Intensity at which build-up turns into sustain-peak. Default 1. */
  peak: number;
  /** Peak fade ends when intensity falls below this (the bottom of the peak range). Default 0.6. */
  fadeBelow: number;
  /** Intensity lost per second (linear decay toward 0). Default 0.1. */
  decayPerSecond: number;
  /** Intensity never exceeds this. Default 1.5. */
  maxIntensity: number;
  /** Sustain-peak length is drawn uniformly in [sustainMin, sustainMax] seconds. Default 3 and 5. */
  sustainMin: number;
  /** See {@link DirectorConfig.sustainMin}. */
  sustainMax: number;
  /** Relax length is drawn uniformly in [relaxMin, relaxMax] seconds. Default 30 and 45. */
  relaxMin: number;
  /** See {@link DirectorConfig.relaxMin}. */
  relaxMax: number;
  /** Relax also ends once the players travelled this far during it. Default `Infinity` (time only). */
  relaxDistance: number;
  /** Spawn budget (threat allowed, 0..1 or an enemy count) per phase. Default build-up 1, sustain 1, fade 0, relax 0. */
  spawnBudget: Record<DirectorPhase, number>;
}

/** A director's running state. Plain data (`structuredClone` works); save with {@link saveDirector}. */
export interface Director {
  /** The settings. */
  config: DirectorConfig;
  /** Current phase. */
  phase: DirectorPhase;
  /** Survivor intensity. */
  intensity: number;
  /** Seconds spent in the current phase. */
  phaseTime: number;
  /** Drawn length of the current timed phase (sustain-peak, relax), else 0. */
  phaseDuration: number;
  /** Distance travelled during the current relax. */
  distance: number;
  /** Seeded stream for the phase lengths. */
  rng: Rng;
}

/** Options of {@link createDirector}: any {@link DirectorConfig} field (the rest default) and the seed. */
export interface CreateDirectorOptions extends Partial<DirectorConfig> {
  /** Seed of the director's `Rng` (phase durations), default 0. */
  readonly seed?: number | string;
}

const DEFAULTS: DirectorConfig = {
  peak: 1,
  fadeBelow: 0.6,
  decayPerSecond: 0.1,
  maxIntensity: 1.5,
  sustainMin: 3,
  sustainMax: 5,
  relaxMin: 30,
  relaxMax: 45,
  relaxDistance: Infinity,
  spawnBudget: { "build-up": 1, "sustain-peak": 1, "peak-fade": 0, relax: 0 },
};

const PHASES: readonly string[] = Object.values(DirectorPhases);

const CONFIG_NUMBERS = ["peak", "fadeBelow", "decayPerSecond", "maxIntensity", "sustainMin", "sustainMax", "relaxMin", "relaxMax"] as const;

function checkConfig(fn: string, c: DirectorConfig, base: string): void {
  const bad = (key: string, what: string): never => fail("NARRATIVE_BAD_INPUT", fn, `${base}${key} must be ${what}.`, `${base}${key}`);
  for (const k of CONFIG_NUMBERS) {
    if (!isFiniteNumber(c[k]) || c[k] < 0) bad(k, "a finite number ≥ 0");
  }
  if (typeof c.relaxDistance !== "number" || Number.isNaN(c.relaxDistance) || c.relaxDistance <= 0)
    bad("relaxDistance", "a number > 0 (Infinity for time only)");
  if (c.fadeBelow > c.peak) bad("fadeBelow", "≤ peak");
  if (c.maxIntensity < c.peak) bad("maxIntensity", "≥ peak");
  if (c.sustainMax < c.sustainMin) bad("sustainMax", "≥ sustainMin");
  if (c.relaxMax < c.relaxMin) bad("relaxMax", "≥ relaxMin");
  if (!isRecord(c.spawnBudget)) bad("spawnBudget", "an object with one number per phase");
  for (const p of PHASES) if (!isFiniteNumber(c.spawnBudget[p as DirectorPhase])) bad(jsonPathKey("spawnBudget", p), "a finite number");
}

/**
 * Makes a director in build-up with intensity 0. Throws `NARRATIVE_BAD_INPUT` for an inconsistent
 * config (fadeBelow above peak, min above max…).
 *
 * @param options - Any {@link DirectorConfig} field (`peak`, `fadeBelow`, `decayPerSecond` per second, sustain and relax lengths in seconds,
 *   `relaxDistance`, `spawnBudget` per phase; the rest keep their defaults) and `seed` of the phase-length `Rng` (default 0).
 * @example
 * ```ts
 * const director = createDirector({ relaxMin: 30, relaxMax: 45, seed: 1 });
 * addDirectorIntensity(director, 1.2);     // a survivor incapacitated
 * stepDirector(director, 0.1);
 * director.phase;                          // → "sustain-peak"
 * getDirectorSpawnBudget(director);        // → 1
 * for (let t = 0; t < 30; t += 0.1) stepDirector(director, 0.1);
 * director.phase;                          // → "relax" (sustained 3–5 s, faded below 0.6, relaxing 30–45 s)
 * getDirectorSpawnBudget(director);        // → 0
 * ```
 */
export function createDirector(options: CreateDirectorOptions = {}): Director {
  // A string (or array) spread as options copies one key per character: refuse it at once.
  checkOptions("createDirector", options);
  checkOptions("createDirector", options.spawnBudget, "options.spawnBudget");
  const { seed = 0, ...config } = options;
  const c: DirectorConfig = { ...DEFAULTS, ...config, spawnBudget: { ...DEFAULTS.spawnBudget, ...config.spawnBudget } };
  checkConfig("createDirector", c, "config.");
  return { config: c, phase: "build-up", intensity: 0, phaseTime: 0, phaseDuration: 0, distance: 0, rng: createRng(seed) };
}

/**
 * Raises intensity by `amount` (damage taken, an incapacitation, a ledge push…), capped at
 * `config.maxIntensity`. Phase changes happen in {@link stepDirector}.
 * @param director - The director; its intensity rises in place (capped at `config.maxIntensity`); returned.
 * @param amount - Intensity to add, finite and >= 0, on the same scale as `config.peak` (default peak 1).
 */
export function addDirectorIntensity(director: Director, amount: number): Director {
  if (!isFiniteNumber(amount) || amount < 0)
    fail("INVALID_ARGUMENT", "addDirectorIntensity", `amount must be a finite number ≥ 0, got ${describeValue(amount)}.`, "amount");
  director.intensity = Math.min(director.config.maxIntensity, director.intensity + amount);
  return director;
}

function enter(d: Director, phase: DirectorPhase): void {
  d.phase = phase;
  d.phaseTime = 0;
  d.distance = 0;
  const c = d.config;
  d.phaseDuration = phase === "sustain-peak" ? rngFloat(d.rng, c.sustainMin, c.sustainMax) : phase === "relax" ? rngFloat(d.rng, c.relaxMin, c.relaxMax) : 0;
}

/**
 * Advances the director by `dt` seconds: intensity decays, then the phase machine runs
 * (build-up → sustain-peak → peak-fade → relax → build-up). `options.distance` is how far the
 * players moved during `dt` (default 0, in the level's distance unit; it ends relax early once it
 * adds up to `config.relaxDistance`). Returns the phase after the step.
 * @param director - The director; intensity, phase time and phase change in place.
 * @param dt - Seconds since the last step, finite and >= 0; intensity decays by `decayPerSecond × dt`.
 * @param options - `distance`: how far the players moved during `dt`, >= 0, in the level's distance unit (counts toward `config.relaxDistance`
 *   during relax). Left out: 0.
 */
export function stepDirector(director: Director, dt: number, options: { readonly distance?: number } = {}): DirectorPhase {
  checkOptions("stepDirector", options);
  const distance = options.distance ?? 0;
  if (!isFiniteNumber(dt) || dt < 0) fail("INVALID_ARGUMENT", "stepDirector", `dt must be a finite number ≥ 0, got ${describeValue(dt)}.`, "dt");
  if (!isFiniteNumber(distance) || distance < 0)
    fail("INVALID_ARGUMENT", "stepDirector", `distance must be a finite number ≥ 0, got ${describeValue(distance)}.`, "distance");
  const d = director;
  const c = d.config;
  d.intensity = Math.max(0, d.intensity - c.decayPerSecond * dt);
  d.phaseTime += dt;
  switch (d.phase) {
    case "build-up":
      if (d.intensity >= c.peak) enter(d, "sustain-peak");
      break;
    case "sustain-peak":
      if (d.phaseTime >= d.phaseDuration) enter(d, "peak-fade");
      break;
    case "peak-fade":
      if (d.intensity < c.fadeBelow) enter(d, "relax");
      break;
    case "relax":
      d.distance += distance;
      if (d.phaseTime >= d.phaseDuration || d.distance >= c.relaxDistance) enter(d, "build-up");
      break;
  }
  return d.phase;
}

/**
 * The spawn budget of the current phase (`config.spawnBudget[phase]`).
 * @param director - The director; read only.
 */
export function getDirectorSpawnBudget(director: Director): number {
  return director.config.spawnBudget[director.phase];
}

/** A JSON-safe snapshot of a director (`Infinity` relaxDistance is written as `null`). */
export interface DirectorSnapshot {
  /** The settings, `relaxDistance: null` standing for `Infinity`. */
  config: Omit<DirectorConfig, "relaxDistance"> & { relaxDistance: number | null };
  /** Current phase. */
  phase: DirectorPhase;
  /** Intensity. */
  intensity: number;
  /** Seconds in the phase. */
  phaseTime: number;
  /** Drawn phase length. */
  phaseDuration: number;
  /** Distance during relax. */
  distance: number;
  /** The Rng's four state words. */
  rng: [number, number, number, number];
}

/**
 * Saves a director as JSON-safe plain data for {@link restoreDirector}.
 * @param director - The director to copy; read only.
 */
export function saveDirector(director: Director): DirectorSnapshot {
  const c = director.config;
  return {
    config: { ...c, relaxDistance: Number.isFinite(c.relaxDistance) ? c.relaxDistance : null, spawnBudget: { ...c.spawnBudget } },
    phase: director.phase,
    intensity: director.intensity,
    phaseTime: director.phaseTime,
    phaseDuration: director.phaseDuration,
    distance: director.distance,
    rng: saveRng(director.rng),
  };
}

/**
 * Restores `director` from a {@link saveDirector} snapshot. Checks the whole snapshot first and
 * throws `NARRATIVE_BAD_INPUT` naming the JSON path; on a throw `director` is untouched.
 * @param director - The director to overwrite in place; untouched when the snapshot is rejected. Returned.
 * @param snapshot - Parsed JSON of any shape, normally {@link saveDirector} output; checked in full first.
 */
export function restoreDirector(director: Director, snapshot: unknown): Director {
  const FN = "restoreDirector";
  if (!isRecord(snapshot)) fail("NARRATIVE_BAD_INPUT", FN, "snapshot must be an object made by saveDirector.", "$");
  // Own properties only: a field inherited from a prototype is not part of a saved form (it was
  // accepted, then dropped by the copy, and the director's own save was refused).
  const s: Record<string, unknown> = {};
  for (const k of ["config", "phase", "intensity", "phaseTime", "phaseDuration", "distance", "rng"]) s[k] = own(snapshot, k);
  const raw = s["config"];
  if (!isRecord(raw)) fail("NARRATIVE_BAD_INPUT", FN, "config must be an object.", "$.config");
  const cfg: Record<string, unknown> = {};
  for (const k of CONFIG_NUMBERS) cfg[k] = own(raw, k);
  const relax = own(raw, "relaxDistance");
  cfg["relaxDistance"] = relax === null ? Infinity : relax;
  const budget = own(raw, "spawnBudget");
  if (isRecord(budget)) {
    const b: Record<string, unknown> = {};
    for (const p of PHASES) b[p] = own(budget, p);
    cfg["spawnBudget"] = b;
  } else cfg["spawnBudget"] = budget;
  const config = cfg as unknown as DirectorConfig;
  checkConfig(FN, config, "$.config.");
  if (typeof s["phase"] !== "string" || !PHASES.includes(s["phase"])) fail("NARRATIVE_BAD_INPUT", FN, `phase must be one of ${PHASES.join(", ")}.`, "$.phase");
  for (const k of ["intensity", "phaseTime", "phaseDuration", "distance"]) {
    if (!isFiniteNumber(s[k]) || s[k] < 0) fail("NARRATIVE_BAD_INPUT", FN, `${k} must be a finite number ≥ 0.`, `$.${k}`);
  }
  const words = s["rng"];
  if (
    !Array.isArray(words) ||
    words.length !== 4 ||
    !words.every((w) => Number.isInteger(w) && (w as number) >= 0 && (w as number) <= 0xffffffff) ||
    words.every((w) => w === 0)
  ) {
    fail("NARRATIVE_BAD_INPUT", FN, "rng must be four uint32 words, not all zero (saveRng's snapshot).", "$.rng");
  }
  director.config = { ...config, spawnBudget: { ...config.spawnBudget } };
  director.phase = s["phase"] as DirectorPhase;
  director.intensity = s["intensity"] as number;
  director.phaseTime = s["phaseTime"] as number;
  director.phaseDuration = s["phaseDuration"] as number;
  director.distance = s["distance"] as number;
  restoreRng(director.rng, words as number[]);
  return director;
}
