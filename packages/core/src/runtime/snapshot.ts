import { isTacticaError, TacticaError } from "../errors/errors";
import { restoreRng, saveRng, type Rng, type RngSnapshot } from "../random/rng";
import { describeValue } from "../errors/validate";

/** The error code of every snapshot problem: a bad envelope, an unknown section, a newer version, broken section data. */
export const SNAPSHOT_ERROR = "CORE_SNAPSHOT";

/** The envelope's `format` string. */
export const SNAPSHOT_FORMAT = "tactica.snapshot";

/** The envelope version this build writes and reads. */
export const SNAPSHOT_VERSION = 1;

/**
 * How one package saves and restores one kind of live state inside a snapshot envelope.
 *
 * - `save(target)` returns JSON-safe data.
 * - `restore(target, data)` checks all of `data` before touching `target` and throws a
 *   `TacticaError` with a `path` into `data` when it is broken.
 * - `check(target, data)` (optional) runs every check `restore` would, without writing: a codec
 *   that has it is checked before any section is written and written after every section without
 *   it, so a rejected snapshot never writes it and it never needs a rollback (a restore that bumps
 *   counters, like a navmesh's revision, stays exact).
 * - `migrations[v]` turns data of version `v` into version `v + 1`; a snapshot written by an older
 *   codec is migrated step by step up to `version` before `restore` sees it.
 */
export interface SnapshotCodec<T = never> {
  /** Current version of the section's data (integer ≥ 1). */
  readonly version: number;
  /** Saves the target's state as JSON-safe data. */
  save(target: T): unknown;
  /** Restores the target from data of the current version (validating first). */
  restore(target: T, data: unknown): void;
  /** Checks `data` against `target` as `restore` would, throwing the same errors, and writes nothing. */
  check?(target: T, data: unknown): void;
  /** Upgrades from version `v` (the key) to `v + 1`. */
  readonly migrations?: Readonly<Record<number, (data: unknown) => unknown>>;
}

/** A registry of section codecs by name ({@link createSnapshotCodecs}, {@link registerSnapshotCodec}). */
export interface SnapshotCodecs {
  /** Codecs by section name (a prototype-less record). */
  readonly codecs: Record<string, SnapshotCodec<unknown>>;
}

/** One section of a {@link Snapshot}. */
export interface SnapshotSection {
  /** The codec version that wrote `data`. */
  version: number;
  /** The codec's data. */
  data: unknown;
}

/**
 * A versioned save of a world: `{format, version, tick, rng, sections}`. `rng` holds named
 * generator states (see `createRngStream`), `sections` one entry per registered codec. JSON-safe;
 * the JSON Schema is in the "Saving AI state" guide.
 */
export interface Snapshot {
  /** Always {@link SNAPSHOT_FORMAT}. */
  format: typeof SNAPSHOT_FORMAT;
  /** Envelope version ({@link SNAPSHOT_VERSION}). */
  version: number;
  /** The simulation tick the snapshot was taken at. */
  tick: number;
  /** Named generator states. */
  rng: Record<string, RngSnapshot>;
  /** Section data by codec name. */
  sections: Record<string, SnapshotSection>;
}

function fail(fn: string, path: string, problem: string, cause?: unknown): never {
  throw new TacticaError(SNAPSHOT_ERROR, `@tactica/core: ${fn}: ${path} ${problem}`, cause === undefined ? { path } : { path, cause });
}

const NAME = /^[A-Za-z][A-Za-z0-9_.-]*$/;

/** Creates an empty codec registry. */
export function createSnapshotCodecs(): SnapshotCodecs {
  return { codecs: Object.create(null) as Record<string, SnapshotCodec<unknown>> };
}

/**
 * Registers `codec` under `name` (letters, digits, `_ . -`, starting with a letter).
 *
 * @param registry - The registry ({@link createSnapshotCodecs}), changed in place.
 * @param name - Section name, unique in the registry: letters, digits, `_`, `.` or `-`, starting with a letter (`"crowd"`).
 * @param codec - `version` (integer ≥ 1), `save` and `restore`, and `migrations[v]` for every older version when it has
 *   migrations; kept by reference.
 * @throws TacticaError `CORE_SNAPSHOT` for a bad name, a name registered twice, a bad version or a missing migration.
 */
export function registerSnapshotCodec<T>(registry: SnapshotCodecs, name: string, codec: SnapshotCodec<T>): void {
  const fn = "registerSnapshotCodec";
  if (typeof name !== "string" || !NAME.test(name))
    fail(fn, "name", `must be letters, digits, "_", "." or "-" starting with a letter but is ${describeValue(name)}.`);
  if (Object.hasOwn(registry.codecs, name)) fail(fn, "name", `${JSON.stringify(name)} is already registered; one codec per section.`);
  if (typeof codec !== "object" || codec === null || typeof codec.save !== "function" || typeof codec.restore !== "function")
    fail(fn, "codec", `must have save and restore functions.`);
  if (codec.check !== undefined && typeof codec.check !== "function") fail(fn, "codec.check", `must be a function or left out.`);
  if (!Number.isInteger(codec.version) || codec.version < 1) fail(fn, "codec.version", `must be an integer ≥ 1 but is ${describeValue(codec.version)}.`);
  for (let v = 1; v < codec.version; v++) {
    if (codec.migrations !== undefined && typeof codec.migrations[v] !== "function")
      fail(fn, `codec.migrations[${v}]`, `is missing: a codec with migrations upgrades every version 1 … ${codec.version - 1}.`);
  }
  registry.codecs[name] = codec;
}

/**
 * Saves every target through its codec into an envelope (allocates). `targets` maps section
 * names to live objects; `options.rng` names the generators to save with it.
 *
 * @param registry - The codecs to save with; read only.
 * @param targets - Live objects by section name, each with a registered codec; read only (each codec's `save` copies what it
 *   needs).
 * @param options - `tick` (required, an integer ≥ 0: the simulation step saved) and `rng`: named generators to save alongside
 *   (not advanced).
 * @throws TacticaError `CORE_SNAPSHOT` when a target has no codec or `tick` is not an integer ≥ 0.
 * @example
 * ```ts
 * const codecs = createSnapshotCodecs();
 * registerSnapshotCodec(codecs, "scheduler", { version: 1, save: saveScheduler, restore: restoreScheduler });
 * const world = { scheduler: createScheduler({ frameBudget: 100 }) };
 * const rng = { ai: createRngStream(7, "ai") };
 * const snap = saveSnapshot(codecs, world, { tick: 42, rng });
 * const again = { scheduler: createScheduler({ frameBudget: 1 }) };
 * const rng2 = { ai: createRngStream(0, "ai") };
 * restoreSnapshot(codecs, again, JSON.parse(JSON.stringify(snap)), { rng: rng2 }); // → 42 (the tick)
 * rngNextUint32(rng2.ai) === rngNextUint32(rng.ai); // → true
 * ```
 */
export function saveSnapshot(
  registry: SnapshotCodecs,
  targets: Readonly<Record<string, unknown>>,
  options: { readonly tick: number; readonly rng?: Readonly<Record<string, Rng>> },
): Snapshot {
  const fn = "saveSnapshot";
  const tick = options.tick;
  if (!Number.isSafeInteger(tick) || tick < 0) fail(fn, "tick", `must be an integer ≥ 0 but is ${describeValue(tick)}.`);
  const sections: Record<string, SnapshotSection> = {};
  for (const name of Object.keys(targets)) {
    if (!Object.hasOwn(registry.codecs, name)) fail(fn, `targets.${name}`, `has no codec; register one with registerSnapshotCodec.`);
    const codec = registry.codecs[name]!;
    sections[name] = { version: codec.version, data: codec.save(targets[name]) };
  }
  const rng: Record<string, RngSnapshot> = {};
  for (const name of Object.keys(options.rng ?? {})) rng[name] = saveRng(options.rng![name]!);
  return { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, tick, rng, sections };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** `path` of an error raised inside a section, re-rooted at `$.sections.<name>.data`. */
function sectionPath(name: string, inner: string | undefined): string {
  const root = `$.sections.${name}.data`;
  if (inner === undefined || inner === "") return root;
  if (inner.startsWith("$")) return root + inner.slice(1);
  const m = /^[A-Za-z_$][\w$]*/.exec(inner);
  return m ? root + inner.slice(m[0].length) : `${root}.${inner}`;
}

/**
 * Restores every target from `snapshot` and returns its tick. Checked before anything changes:
 * the envelope, that every section is known and every target has a section, that no section is
 * newer than its codec (older ones are migrated), and the saved generators (restored only into
 * the streams named in `options.rng`), and every section whose codec has `check`. Then the
 * sections are restored one by one, those with `check` last; if one rejects its data, the sections
 * already restored are put back, so a failed restore leaves every target as it was.
 *
 * @throws TacticaError `CORE_SNAPSHOT` naming the JSON path (`$.sections.crowd.data.agents[3].x`) of the first problem.
 */
export function restoreSnapshot(
  registry: SnapshotCodecs,
  targets: Readonly<Record<string, unknown>>,
  snapshot: unknown,
  options: { readonly rng?: Readonly<Record<string, Rng>> } = {},
): number {
  const fn = "restoreSnapshot";
  if (!isRecord(snapshot)) fail(fn, "$", `must be a snapshot object but is ${describeValue(snapshot)}.`);
  if (snapshot["format"] !== SNAPSHOT_FORMAT) fail(fn, "$.format", `must be ${JSON.stringify(SNAPSHOT_FORMAT)} but is ${describeValue(snapshot["format"])}.`);
  const version = snapshot["version"];
  if (version !== SNAPSHOT_VERSION)
    fail(
      fn,
      "$.version",
      typeof version === "number" && version > SNAPSHOT_VERSION
        ? `is ${version}, newer than this build reads (${SNAPSHOT_VERSION}); update @tactica/core.`
        : `must be ${SNAPSHOT_VERSION} but is ${describeValue(version)}.`,
    );
  const tick = snapshot["tick"];
  if (typeof tick !== "number" || !Number.isSafeInteger(tick) || tick < 0) fail(fn, "$.tick", `must be an integer ≥ 0 but is ${describeValue(tick)}.`);
  const rngIn = snapshot["rng"];
  if (!isRecord(rngIn)) fail(fn, "$.rng", `must be an object of generator states but is ${describeValue(rngIn)}.`);
  const streams = options.rng ?? {};
  const rngNames = Object.keys(rngIn);
  for (const name of rngNames) {
    const p = `$.rng.${name}`;
    if (!Object.hasOwn(streams, name)) fail(fn, p, `is a generator this world does not have; pass it in options.rng.`);
    const w = rngIn[name];
    if (
      !Array.isArray(w) ||
      w.length !== 4 ||
      !w.every((x) => typeof x === "number" && Number.isInteger(x) && x >= 0 && x <= 0xffffffff) ||
      w.every((x) => x === 0)
    )
      fail(fn, p, `must be 4 uint32 words, not all zero (saveRng output), but is ${describeValue(w)}.`);
  }
  const sectionsIn = snapshot["sections"];
  if (!isRecord(sectionsIn)) fail(fn, "$.sections", `must be an object of sections but is ${describeValue(sectionsIn)}.`);
  for (const name of Object.keys(sectionsIn)) {
    if (!Object.hasOwn(registry.codecs, name)) fail(fn, `$.sections.${name}`, `is an unknown section: no codec is registered under this name.`);
    if (!Object.hasOwn(targets, name)) fail(fn, `$.sections.${name}`, `has no target to restore into; pass targets.${name}.`);
  }
  for (const name of Object.keys(targets)) if (!Object.hasOwn(sectionsIn, name)) fail(fn, "$.sections", `lacks section ${JSON.stringify(name)}.`);
  // Versions and migrations, on copies: nothing is touched yet.
  const data: [string, unknown][] = [];
  for (const name of Object.keys(sectionsIn)) {
    const p = `$.sections.${name}`;
    const s = sectionsIn[name];
    if (!isRecord(s)) fail(fn, p, `must be {version, data} but is ${describeValue(s)}.`);
    const codec = registry.codecs[name]!;
    const v = s["version"];
    if (typeof v !== "number" || !Number.isInteger(v) || v < 1) fail(fn, `${p}.version`, `must be an integer ≥ 1 but is ${describeValue(v)}.`);
    if (v > codec.version) fail(fn, `${p}.version`, `is ${v}, newer than the registered codec (${codec.version}); update the package that owns it.`);
    if (!Object.hasOwn(s, "data")) fail(fn, `${p}.data`, `is missing.`);
    let d = s["data"];
    for (let k = v; k < codec.version; k++) {
      const migrate = codec.migrations?.[k];
      if (migrate === undefined) fail(fn, `${p}.version`, `is ${v} and the codec has no migration from version ${k}.`);
      try {
        d = migrate(d);
      } catch (e) {
        fail(
          fn,
          isTacticaError(e) ? sectionPath(name, e.path) : `${p}.data`,
          `could not be migrated from version ${k}: ${e instanceof Error ? e.message : String(e)}`,
          e,
        );
      }
    }
    data.push([name, d]);
  }
  // Sections whose codec checks without writing: checked now, written last (never rolled back).
  for (const [name, d] of data) {
    const codec = registry.codecs[name]!;
    if (codec.check === undefined) continue;
    try {
      codec.check(targets[name], d);
    } catch (e) {
      fail(fn, sectionPath(name, isTacticaError(e) ? e.path : undefined), `was rejected: ${e instanceof Error ? e.message : String(e)}`, e);
    }
  }
  data.sort((a, b) => Number(registry.codecs[a[0]]!.check !== undefined) - Number(registry.codecs[b[0]]!.check !== undefined));
  // Apply, rolling back on a section that rejects its data.
  const backups: [string, unknown][] = data.map(([name]) => [name, registry.codecs[name]!.save(targets[name])]);
  for (let i = 0; i < data.length; i++) {
    const [name, d] = data[i]!;
    try {
      registry.codecs[name]!.restore(targets[name], d);
    } catch (e) {
      for (let j = 0; j < i; j++) registry.codecs[backups[j]![0]]!.restore(targets[backups[j]![0]], backups[j]![1]);
      fail(fn, sectionPath(name, isTacticaError(e) ? e.path : undefined), `was rejected: ${e instanceof Error ? e.message : String(e)}`, e);
    }
  }
  for (const name of rngNames) restoreRng(streams[name]!, rngIn[name] as number[]);
  return tick;
}
