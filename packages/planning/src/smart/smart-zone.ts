import { describeValue, rngInt, type Rng } from "@tactica/core";
import { planningError, PlanningErrorCodes } from "../internal/errors";

/** A role of a smart zone. Main roles are essential, supporting roles fill up, extras are ambient. */
export interface SmartZoneRole {
  /** Role id; an NPC can fill it when its `roles` list contains this id. */
  readonly id: string;
  /** `main`: the scene needs it; `supporting`: filled from NPCs in the zone; `extra`: optional. */
  readonly kind: "main" | "supporting" | "extra";
  /** Most NPCs in this role (default 1 for main roles, unlimited otherwise). */
  readonly slots?: number;
  /** Static casting: this NPC always plays the (main) role. */
  readonly npc?: string;
}

/** One stage of the timeline, ending at a sync point when the main roles' behaviours end. */
export interface SmartZoneStage {
  /** Stage name (`"announce"`, `"juggle"`). */
  readonly name: string;
  /** Seconds the main roles' behaviours last. */
  readonly duration: number;
  /** Per role id, the parallel behaviours of the stage; one is picked per NPC with the seeded Rng. */
  readonly behaviors: Readonly<Record<string, readonly string[]>>;
}

/** A trigger; the scene starts only when all of its triggers hold. */
export type SmartZoneTrigger =
  | { readonly kind: "time"; readonly from: number; readonly to: number }
  | { readonly kind: "every"; readonly hours: number; readonly window: number }
  | { readonly kind: "presence"; readonly count: number; readonly role?: string }
  | { readonly kind: "interaction"; readonly name: string };

/** Designer data of a smart zone (chapter 11): site, priority, roles, triggers and timeline. */
export interface SmartZoneDefinition {
  /** Zone id. */
  readonly id: string;
  /** Higher wins where zones overlap. */
  readonly priority: number;
  /** Centre x of the (circular) site. */
  readonly x: number;
  /** Centre y. */
  readonly y: number;
  /** Radius of the site. */
  readonly radius: number;
  /** Roles; at least one main role. */
  readonly roles: readonly SmartZoneRole[];
  /** Triggers that must all hold. */
  readonly triggers: readonly SmartZoneTrigger[];
  /** Timeline stages, in order. */
  readonly stages: readonly SmartZoneStage[];
}

/** An NPC as the zone sees it. */
export interface ZoneNpc {
  /** NPC id. */
  readonly id: string;
  /** Position x. */
  readonly x: number;
  /** Position y. */
  readonly y: number;
  /** Role ids it can fulfil. */
  readonly roles: readonly string[];
}

/** The world a zone reads each step. */
export interface ZoneWorld {
  /** Time of day in hours, [0, 24). */
  readonly hour: number;
  /** NPCs (busy ones left out by the caller). */
  readonly npcs: readonly ZoneNpc[];
  /** Interactions that happened (object used, player spoke). */
  readonly interactions?: readonly string[];
  /** Radius of the world zone bounding the expanding casting search (default: the farthest NPC). */
  readonly worldRadius?: number;
}

/** A cast member and its current behaviour. */
export interface ZoneMember {
  /** NPC id. */
  npc: string;
  /** Role id. */
  role: string;
  /** Current behaviour (`""` when cancelled at a sync point and waiting for the next stage). */
  behavior: string;
}

/** Running state of a smart zone: plain data. */
export interface SmartZoneState {
  /** True while the scene runs. */
  active: boolean;
  /** Current stage index. */
  stage: number;
  /** Seconds into the stage. */
  stageTime: number;
  /** Cast. */
  members: ZoneMember[];
  /** Scenes played. */
  runs: number;
  /** False after a scene ends until its triggers stop holding (no immediate restart). */
  armed: boolean;
}

/** A smart zone: its definition and its state. */
export interface SmartZone {
  /** Designer data. */
  readonly definition: SmartZoneDefinition;
  /** Running state. */
  readonly state: SmartZoneState;
}

/**
 * Validates a zone definition and creates an idle zone.
 * @throws TacticaError `PLANNING_DOMAIN` naming the JSON path: not an object, a field of the wrong
 * type, no main role, duplicate roles, a stage or trigger naming an unknown role, bad durations,
 * hours or slots (at most 1,000,000), more than 4,096 roles, triggers, stages or behaviours.
 * @param definition - Designer data (possibly untrusted JSON): site (`x`, `y`, `radius` > 0, in
 *   world units), `priority`, `roles`, `triggers` and `stages` (durations in seconds). Checked
 *   in full, then kept by reference (not copied).
 * @returns A new zone, idle and armed.
 * @example
 * ```ts
 * const zone = createSmartZone({ id: "juggling", priority: 2, x: 0, y: 0, radius: 10, roles: [{ id: "juggler", kind: "main", npc: "joe" }], triggers: [], stages: [{ name: "juggle", duration: 5, behaviors: { juggler: ["juggle"] } }] });
 * ```
 */
export function createSmartZone(definition: SmartZoneDefinition): SmartZone {
  checkSmartZoneDefinition(definition);
  return { definition, state: { active: false, stage: 0, stageTime: 0, members: [], runs: 0, armed: true } };
}

/** Most roles, triggers, stages and behaviours per stage a zone definition may list (untrusted data). */
const MAX_ZONE_ITEMS = 4096;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isName = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 256;

/** Checks every field of a zone definition (designer data, possibly untrusted) before use. */
function checkSmartZoneDefinition(definition: unknown): asserts definition is SmartZoneDefinition {
  const FN = "createSmartZone";
  const d = definition as Record<string, unknown>;
  const id = isObject(d) && isName(d["id"]) ? d["id"] : "?";
  const fail = (path: string, msg: string) => planningError(PlanningErrorCodes.Domain, FN, `zone "${id}": ${msg}`, { path });
  if (!isObject(d)) throw fail("$", `expected a zone definition object, got ${describeValue(definition)}.`);
  if (!isName(d["id"])) throw fail("$.id", "id must be a non-empty string (at most 256 characters).");
  for (const k of ["priority", "x", "y", "radius"] as const) {
    const v = d[k];
    if (typeof v !== "number" || !Number.isFinite(v)) throw fail(`$.${k}`, `${k} must be a finite number, got ${describeValue(v)}.`);
  }
  if (!((d["radius"] as number) > 0)) throw fail("$.radius", "radius must be > 0.");
  const list = (k: string): unknown[] => {
    const v = d[k];
    if (!Array.isArray(v)) throw fail(`$.${k}`, `${k} must be an array, got ${describeValue(v)}.`);
    if (v.length > MAX_ZONE_ITEMS) throw fail(`$.${k}`, `lists ${v.length} entries, more than ${MAX_ZONE_ITEMS}.`);
    return v;
  };
  const roles = list("roles");
  const ids = new Set<string>();
  roles.forEach((r, i) => {
    const path = `$.roles[${i}]`;
    if (!isObject(r)) throw fail(path, "expected { id, kind, slots?, npc? }.");
    if (!isName(r["id"])) throw fail(`${path}.id`, "id must be a non-empty string.");
    if (ids.has(r["id"])) throw fail(`${path}.id`, `role "${r["id"]}" is defined twice.`);
    ids.add(r["id"]);
    if (r["kind"] !== "main" && r["kind"] !== "supporting" && r["kind"] !== "extra")
      throw fail(`${path}.kind`, 'kind must be "main", "supporting" or "extra".');
    const slots = r["slots"];
    if (slots !== undefined && !(typeof slots === "number" && Number.isInteger(slots) && slots >= 1 && slots <= 1_000_000))
      throw fail(`${path}.slots`, "slots must be an integer in [1, 1000000].");
    if (r["npc"] !== undefined && !isName(r["npc"])) throw fail(`${path}.npc`, "npc must be a non-empty string.");
  });
  if (!roles.some((r) => (r as Record<string, unknown>)["kind"] === "main")) throw fail("$.roles", "a smart zone needs at least one main role.");
  list("triggers").forEach((t, i) => {
    const path = `$.triggers[${i}]`;
    if (!isObject(t)) throw fail(path, "expected a trigger object with a kind.");
    const num = (k: string, ok: (v: number) => boolean, what: string): void => {
      const v = t[k];
      if (typeof v !== "number" || !Number.isFinite(v) || !ok(v)) throw fail(`${path}.${k}`, `${k} must be ${what}, got ${describeValue(v)}.`);
    };
    if (t["kind"] === "time") {
      num("from", (v) => v >= 0 && v <= 24, "an hour in [0, 24]");
      num("to", (v) => v >= 0 && v <= 24, "an hour in [0, 24]");
    } else if (t["kind"] === "every") {
      num("hours", (v) => v > 0, "a number of hours > 0");
      num("window", (v) => v >= 0, "a number of hours >= 0");
    } else if (t["kind"] === "presence") {
      num("count", (v) => Number.isInteger(v) && v >= 0, "an integer >= 0");
      const role = t["role"];
      if (role !== undefined && !(typeof role === "string" && ids.has(role))) throw fail(`${path}.role`, `unknown role ${describeValue(role)}.`);
    } else if (t["kind"] === "interaction") {
      if (!isName(t["name"])) throw fail(`${path}.name`, "name must be a non-empty string.");
    } else throw fail(`${path}.kind`, 'kind must be "time", "every", "presence" or "interaction".');
  });
  const stages = list("stages");
  if (stages.length === 0) throw fail("$.stages", "the timeline needs at least one stage.");
  stages.forEach((st, i) => {
    const path = `$.stages[${i}]`;
    if (!isObject(st)) throw fail(path, "expected { name, duration, behaviors }.");
    if (typeof st["name"] !== "string") throw fail(`${path}.name`, "name must be a string.");
    const duration = st["duration"];
    if (typeof duration !== "number" || !Number.isFinite(duration) || !(duration > 0)) throw fail(`${path}.duration`, "duration must be a finite number > 0.");
    const behaviors = st["behaviors"];
    if (!isObject(behaviors)) throw fail(`${path}.behaviors`, "behaviors must be an object { role: [behaviour, …] }.");
    for (const role of Object.keys(behaviors)) {
      if (!ids.has(role)) throw fail(`${path}.behaviors.${role}`, `unknown role "${role}".`);
      const b = behaviors[role];
      if (!Array.isArray(b) || b.length > MAX_ZONE_ITEMS || b.some((x) => typeof x !== "string"))
        throw fail(`${path}.behaviors.${role}`, `expected an array of at most ${MAX_ZONE_ITEMS} behaviour names.`);
    }
  });
}

const inside = (z: SmartZoneDefinition, n: ZoneNpc, r = z.radius) => (n.x - z.x) ** 2 + (n.y - z.y) ** 2 <= r * r;
const dist2 = (z: SmartZoneDefinition, n: ZoneNpc) => (n.x - z.x) ** 2 + (n.y - z.y) ** 2;

/**
 * True when every trigger of the zone holds in `world`.
 * @param zone - The zone whose definition's triggers are tested; not changed.
 * @param world - What the triggers read: `hour` (time of day in hours, [0, 24); a `time` window
 *   with `from > to` wraps past midnight), the `npcs` in the zone's circle for `presence`, and
 *   `interactions` for `interaction` triggers.
 */
export function areSmartZoneTriggersMet(zone: SmartZone, world: ZoneWorld): boolean {
  const z = zone.definition;
  for (const t of z.triggers) {
    if (t.kind === "time") {
      const ok = t.from <= t.to ? world.hour >= t.from && world.hour < t.to : world.hour >= t.from || world.hour < t.to;
      if (!ok) return false;
    } else if (t.kind === "every") {
      if (!(world.hour % t.hours < t.window)) return false;
    } else if (t.kind === "presence") {
      let n = 0;
      for (const npc of world.npcs) if (inside(z, npc) && (t.role === undefined || npc.roles.includes(t.role))) n++;
      if (n < t.count) return false;
    } else if (!(world.interactions ?? []).includes(t.name)) return false;
  }
  return true;
}

const slotsOf = (r: SmartZoneRole) => r.slots ?? (r.kind === "main" ? 1 : Infinity);

/**
 * Casts the zone's roles from `world` into `zone.state.members` (replacing the cast): main roles
 * first (a static NPC, else qualified NPCs in the zone nearest first, else an expanding search
 * whose radius doubles until it finds one or covers the world zone), then supporting roles from
 * NPCs in the zone, then extras. Returns true when every main role is filled; otherwise the cast
 * is cleared.
 * @param zone - The zone to cast; `zone.state.members` is replaced (cleared on failure).
 * @param world - Candidate NPCs with their positions (world units, same frame as the zone's
 *   `x`, `y`) and role ids; `worldRadius` bounds the expanding search (default: distance to the
 *   farthest NPC). Busy NPCs should be left out by the caller.
 */
export function castSmartZone(zone: SmartZone, world: ZoneWorld): boolean {
  const z = zone.definition;
  const members: ZoneMember[] = [];
  const used = new Set<string>();
  const byDistance = [...world.npcs].sort((a, b) => dist2(z, a) - dist2(z, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const worldRadius = world.worldRadius ?? Math.sqrt(Math.max(0, ...world.npcs.map((n) => dist2(z, n))));
  for (const role of z.roles.filter((r) => r.kind === "main")) {
    const want = slotsOf(role);
    if (role.npc !== undefined) {
      const npc = world.npcs.find((n) => n.id === role.npc);
      if (!npc || used.has(npc.id)) {
        zone.state.members = [];
        return false;
      }
      used.add(npc.id);
      members.push({ npc: npc.id, role: role.id, behavior: "" });
      continue;
    }
    let got = 0;
    for (let r = z.radius; got < want; r *= 2) {
      for (const npc of byDistance) {
        if (got >= want) break;
        if (used.has(npc.id) || !npc.roles.includes(role.id) || !inside(z, npc, r)) continue;
        used.add(npc.id);
        members.push({ npc: npc.id, role: role.id, behavior: "" });
        got++;
      }
      if (got > 0 && r === z.radius && want > 1) break; // "many" main roles: those in the zone
      if (r >= worldRadius) break;
    }
    if (got === 0) {
      zone.state.members = [];
      return false;
    }
  }
  for (const kind of ["supporting", "extra"] as const) {
    for (const role of z.roles.filter((r) => r.kind === kind)) {
      let left = slotsOf(role);
      for (const npc of byDistance) {
        if (left <= 0) break;
        if (used.has(npc.id) || !npc.roles.includes(role.id) || !inside(z, npc)) continue;
        used.add(npc.id);
        members.push({ npc: npc.id, role: role.id, behavior: "" });
        left--;
      }
    }
  }
  zone.state.members = members;
  return true;
}

function behave(zone: SmartZone, m: ZoneMember, rng: Rng): void {
  const stage = zone.definition.stages[zone.state.stage]!;
  // Own keys only: a role named "constructor" must not find Object.prototype's.
  const options = Object.hasOwn(stage.behaviors, m.role) ? stage.behaviors[m.role]! : [];
  m.behavior = options.length === 0 ? "" : options.length === 1 ? options[0]! : options[rngInt(rng, 0, options.length - 1)]!;
}

function stop(zone: SmartZone): void {
  zone.state.active = false;
  zone.state.members = [];
  zone.state.stage = 0;
  zone.state.stageTime = 0;
  zone.state.armed = false;
}

/**
 * Advances a zone by `dt` seconds. Idle: when armed and all triggers hold, casts and starts the
 * first stage. Running: when the stage's duration is over, the main roles' behaviours end, so every
 * other behaviour is cancelled and the next stage starts for everybody (sync point); after the last
 * stage the scene ends. Choices among parallel behaviours use `rng` (core's seeded Rng).
 * @param zone - The zone to advance; `zone.state` is changed in place and returned.
 * @param world - The world this step: hour, NPCs and interactions, read by the triggers and the
 *   casting (only while the zone is idle).
 * @param dt - Seconds since the previous step, ≥ 0; may cross several stages at once.
 * @param rng - Seeded generator drawing each member's behaviour when a stage starts (one draw
 *   per member whose role lists more than one behaviour).
 * @returns `zone.state`.
 * @throws TacticaError `PLANNING_ARGUMENT` when `dt` is negative or NaN.
 * @example
 * ```ts
 * const zone = createSmartZone({ id: "juggling", priority: 2, x: 0, y: 0, radius: 10, roles: [{ id: "juggler", kind: "main", npc: "joe" }], triggers: [], stages: [{ name: "juggle", duration: 5, behaviors: { juggler: ["juggle"] } }] });
 * const world = { hour: 12, npcs: [{ id: "joe", x: 1, y: 2, roles: ["juggler"] }] };
 * const rng = createRng(1);
 * stepSmartZone(zone, world, 0.1, rng);
 * zone.state.members; // → [{ npc: "joe", role: "juggler", behavior: "juggle" }]
 * ```
 */
export function stepSmartZone(zone: SmartZone, world: ZoneWorld, dt: number, rng: Rng): SmartZoneState {
  const s = zone.state;
  if (!(dt >= 0)) throw planningError(PlanningErrorCodes.Argument, "stepSmartZone", `dt must be >= 0, got ${dt}.`, { path: "dt" });
  if (!s.active) {
    const met = areSmartZoneTriggersMet(zone, world);
    if (!met) s.armed = true;
    if (met && s.armed && castSmartZone(zone, world)) {
      s.active = true;
      s.stage = 0;
      s.stageTime = 0;
      s.runs++;
      for (const m of s.members) behave(zone, m, rng);
    }
    return s;
  }
  s.stageTime += dt;
  const stages = zone.definition.stages;
  while (s.active && s.stageTime >= stages[s.stage]!.duration) {
    s.stageTime -= stages[s.stage]!.duration;
    s.stage++;
    if (s.stage >= stages.length) {
      stop(zone);
      break;
    }
    for (const m of s.members) behave(zone, m, rng);
  }
  return s;
}

/**
 * A newcomer asks to join a running scene: it gets a free supporting role it qualifies for, else an
 * extra role, else it does not join (returns null). A late joiner starts with the behaviour of the
 * current stage, in sync with the main roles.
 * @param zone - A running zone; a new member is appended to `zone.state.members`.
 * @param npc - The newcomer: its `id` (an existing member does not join twice) and the role ids it
 *   can fill. Its position is not checked.
 * @param rng - Seeded generator drawing the newcomer's behaviour among the stage's choices.
 * @returns The new member, or null when the zone is idle, the NPC is already cast or no role has room.
 */
export function joinSmartZone(zone: SmartZone, npc: ZoneNpc, rng: Rng): ZoneMember | null {
  const s = zone.state;
  if (!s.active || s.members.some((m) => m.npc === npc.id)) return null;
  for (const kind of ["supporting", "extra"] as const) {
    for (const role of zone.definition.roles) {
      if (role.kind !== kind || !npc.roles.includes(role.id)) continue;
      if (s.members.filter((m) => m.role === role.id).length >= slotsOf(role)) continue;
      const m: ZoneMember = { npc: npc.id, role: role.id, behavior: "" };
      behave(zone, m, rng);
      s.members.push(m);
      return m;
    }
  }
  return null;
}

/**
 * An NPC leaves (its own goals won). A main role is recast from a qualified NPC in the zone (a
 * non-member first, then an extra or supporting member); when nobody qualifies the scene stops. A
 * supporting role is recast from the extras, then from non-participants in the zone. An extra
 * leaves freely. Returns false when the scene stopped.
 * @param zone - The zone the NPC leaves; its members (and, when the scene stops, its state) change in place.
 * @param npcId - The leaving NPC's id; an NPC that is not a member changes nothing.
 * @param world - NPCs available to take over the role (inside the zone's circle, not yet cast).
 * @param rng - Seeded generator drawing the replacement's behaviour.
 */
export function leaveSmartZone(zone: SmartZone, npcId: string, world: ZoneWorld, rng: Rng): boolean {
  const s = zone.state;
  const i = s.members.findIndex((m) => m.npc === npcId);
  if (i < 0) return s.active;
  const gone = s.members[i]!;
  s.members.splice(i, 1);
  const role = zone.definition.roles.find((r) => r.id === gone.role)!;
  if (role.kind === "extra") return true;
  const z = zone.definition;
  const free = world.npcs.filter((n) => n.id !== npcId && inside(z, n) && n.roles.includes(role.id) && !s.members.some((m) => m.npc === n.id));
  const fromMembers = (kinds: readonly string[]) =>
    s.members.find((m) => {
      const r = z.roles.find((x) => x.id === m.role)!;
      return kinds.includes(r.kind) && world.npcs.find((n) => n.id === m.npc)?.roles.includes(role.id) === true;
    });
  let replacement: ZoneMember | undefined;
  if (role.kind === "main") {
    const n = free[0];
    replacement = n ? { npc: n.id, role: role.id, behavior: "" } : fromMembers(["extra", "supporting"]);
  } else {
    replacement = fromMembers(["extra"]);
    if (!replacement && free[0]) replacement = { npc: free[0].id, role: role.id, behavior: "" };
  }
  if (!replacement) {
    if (role.kind === "main") {
      stop(zone);
      return false;
    }
    return true;
  }
  if (s.members.includes(replacement)) replacement.role = role.id;
  else s.members.push(replacement);
  behave(zone, replacement, rng);
  return true;
}

/** A behaviour an NPC could perform for a zone it stands in. */
export interface ZoneBehaviorOption {
  /** Zone offering it. */
  readonly zone: SmartZone;
  /** Behaviour name. */
  readonly behavior: string;
}

/** The NPC's own side of an overlap decision. */
export interface ZoneChooser {
  /** Behaviours its internal state allows (default: all). */
  readonly allowed?: readonly string[];
  /** Behaviours that complete one of its individual goals. */
  readonly goals?: readonly string[];
}

/**
 * Overlapping zones (chapter 11): returns the index of the option to perform. By default the
 * highest-priority zone's behaviour; a lower-priority behaviour wins when it completes an
 * individual goal of the NPC, when it serves several scenes at once (the same behaviour is offered
 * by two or more zones), or when it is the only one the NPC's internal state allows. -1 when no
 * option is allowed.
 * @param options - Behaviours offered by the zones the NPC stands in, each with its zone (whose
 *   `priority` orders them).
 * @param npc - The NPC's side: `allowed` behaviours (default all) and `goals` it wants to
 *   complete (default none).
 * @returns Index into `options` of the behaviour to perform, or -1.
 */
export function selectZoneBehavior(options: readonly ZoneBehaviorOption[], npc: ZoneChooser = {}): number {
  const allowed = (o: ZoneBehaviorOption) => npc.allowed === undefined || npc.allowed.includes(o.behavior);
  const order = options.map((_, i) => i).sort((a, b) => options[b]!.zone.definition.priority - options[a]!.zone.definition.priority || a - b);
  const goal = order.find((i) => allowed(options[i]!) && (npc.goals ?? []).includes(options[i]!.behavior));
  if (goal !== undefined) return goal;
  const shared = order.find(
    (i) => allowed(options[i]!) && options.filter((o) => o.behavior === options[i]!.behavior && o.zone !== options[i]!.zone).length > 0,
  );
  if (shared !== undefined) return shared;
  return order.find((i) => allowed(options[i]!)) ?? -1;
}

/** JSON-safe snapshot of a zone's running state (from {@link saveSmartZone}). */
export interface SmartZoneSnapshot {
  /** Snapshot version, 1. */
  version: 1;
  /** Zone id it was taken from. */
  zone: string;
  /** The state. */
  state: SmartZoneState;
}

/** Most members a restored zone snapshot may list. */
const ZONE_SNAPSHOT_MAX_MEMBERS = 100_000;

/**
 * Returns a JSON-safe snapshot of the zone's running state.
 * @param zone - The zone to save; not changed. Its definition is not saved (only its `id`).
 * @returns A new snapshot, `version` 1, sharing nothing with the zone's state.
 */
export function saveSmartZone(zone: SmartZone): SmartZoneSnapshot {
  return { version: 1, zone: zone.definition.id, state: JSON.parse(JSON.stringify(zone.state)) as SmartZoneState };
}

/**
 * Restores a snapshot into `zone` after checking all of it (zone id, stage index, member roles, at
 * most 100,000 members; own properties only); a failed restore throws `PLANNING_SNAPSHOT` naming the JSON path and leaves the zone unchanged.
 */
export function restoreSmartZone(zone: SmartZone, snapshot: unknown): void {
  const fail = (path: string, msg: string) => planningError(PlanningErrorCodes.Snapshot, "restoreSmartZone", msg, { path });
  // Own properties only: a field inherited from a prototype is not part of a saved form.
  const own = (o: object, key: string): unknown => (Object.prototype.hasOwnProperty.call(o, key) ? (o as Record<string, unknown>)[key] : undefined);
  const isObj = (v: unknown): v is object => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObj(snapshot) || own(snapshot, "version") !== 1) throw fail("$.version", "expected a snapshot from saveSmartZone (version 1).");
  const zoneId = own(snapshot, "zone");
  if (zoneId !== zone.definition.id) throw fail("$.zone", `snapshot of zone ${describeValue(zoneId)}, not ${describeValue(zone.definition.id)}.`);
  const st = own(snapshot, "state");
  if (!isObj(st)) throw fail("$.state", `expected the state object, got ${describeValue(st)}.`);
  const active = own(st, "active");
  const armed = own(st, "armed");
  const stage = own(st, "stage");
  const stageTime = own(st, "stageTime");
  const runs = own(st, "runs");
  const members = own(st, "members");
  if (typeof active !== "boolean") throw fail("$.state.active", `expected a boolean, got ${describeValue(active)}.`);
  if (typeof armed !== "boolean") throw fail("$.state.armed", `expected a boolean, got ${describeValue(armed)}.`);
  if (typeof stage !== "number" || !Number.isInteger(stage) || stage < 0 || stage >= zone.definition.stages.length)
    throw fail("$.state.stage", `expected a stage index in [0, ${zone.definition.stages.length}), got ${describeValue(stage)}.`);
  if (typeof stageTime !== "number" || !Number.isFinite(stageTime) || !(stageTime >= 0))
    throw fail("$.state.stageTime", `expected a finite number >= 0, got ${describeValue(stageTime)}.`);
  if (typeof runs !== "number" || !Number.isSafeInteger(runs) || runs < 0) throw fail("$.state.runs", `expected an integer >= 0, got ${describeValue(runs)}.`);
  if (!Array.isArray(members)) throw fail("$.state.members", `expected an array, got ${describeValue(members)}.`);
  // The length is checked before anything iterates (a sparse array may declare 2^26 slots).
  if (members.length > ZONE_SNAPSHOT_MAX_MEMBERS) throw fail("$.state.members", `has ${members.length} members; at most ${ZONE_SNAPSHOT_MAX_MEMBERS}.`);
  const roles = new Set(zone.definition.roles.map((r) => r.id));
  const npcs = new Set<string>();
  const copies: ZoneMember[] = [];
  for (let i = 0; i < members.length; i++) {
    const x: unknown = members[i];
    const p = `$.state.members[${i}]`;
    if (!isObj(x)) throw fail(p, `expected { npc, role, behavior } strings, got ${describeValue(x)}.`);
    const npc = own(x, "npc");
    const role = own(x, "role");
    const behavior = own(x, "behavior");
    if (typeof npc !== "string" || typeof role !== "string" || typeof behavior !== "string") throw fail(p, "expected { npc, role, behavior } strings.");
    if (!roles.has(role)) throw fail(`${p}.role`, `unknown role ${describeValue(role)}.`);
    if (npcs.has(npc)) throw fail(`${p}.npc`, `NPC ${describeValue(npc)} is cast twice.`);
    npcs.add(npc);
    copies.push({ npc, role, behavior });
  }
  const target = zone.state;
  target.active = active;
  target.armed = armed;
  target.stage = stage;
  target.stageTime = stageTime;
  target.runs = runs;
  target.members = copies;
}
