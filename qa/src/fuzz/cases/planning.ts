// Loaders of @tactica/planning: the domain text format and its JSON form, smart zone definitions,
// and the restores of a plan runner and a smart zone.
import { createRng } from "@tactica/core";
import {
  compileProblem,
  createPlanRunner,
  createSmartZone,
  domainFromJson,
  domainToJson,
  formatDomain,
  parseDomain,
  pushRunnerGoal,
  restoreRunner,
  restoreSmartZone,
  saveRunner,
  saveSmartZone,
  stepSmartZone,
  StepStatus,
  tickPlanRunner,
  type PlanRunner,
  type PlanRunnerHooks,
  type SmartZone,
  type SmartZoneDefinition,
  type ZoneWorld,
} from "@tactica/planning";
import fc from "fast-check";
import type { LoaderCase } from "../kit";

const DOMAIN_TEXT = [
  `; fetch the key
(:objects (room hall, kitchen) (item key))
(:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
(:action take :parameters (room ?r, item ?i) :cost 2 :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
(:initial (at(hall) and in(key, kitchen)))
(:goal (has(key)))`,
  `(:predicates at-c(creature, location), at-o(object, location), holding(creature, object))
(:objects (location loc1, loc2) (creature c1) (object o1))
(:action Take
  :parameters (location ?l, creature ?c, object ?o)
  :preconditions (at-c(?c, ?l) and at-o(?o, ?l) and not holding(?c, ?o))
  :effects (not at-o(?o, ?l) and holding(?c, ?o)))
(:initial (at-c(c1, loc1) and at-o(o1, loc1)))
(:goal (holding(c1, o1)))`,
  "(:action wait) (:goal ())",
];

const domainText: LoaderCase<string> = {
  pkg: "planning",
  name: "parseDomain",
  kind: "text",
  seeds: DOMAIN_TEXT,
  // Well-formed but wrong: unknown predicates and objects, arity mismatches, deep parentheses.
  wrong: fc.oneof(
    fc.constantFrom(
      "(:action go :parameters (room ?a) :preconditions (at(?b)) :effects (at(?a))) (:goal ())",
      "(:predicates at(room)) (:objects (room a)) (:initial (at(a, a))) (:goal ())",
      "(:objects (room a)) (:initial (at(zzz))) (:goal (at(a)))",
      "(:objects (room a, a)) (:goal ())",
      "(:action go :cost -1) (:goal ())",
      "(:action go :cost 1e309) (:goal ())",
    ),
    fc.nat({ max: 4000 }).map((n) => `${"(".repeat(n)}${")".repeat(n)}`),
    fc
      .nat({ max: 30 })
      .map(
        (n) =>
          `(:objects (room ${Array.from({ length: n }, (_, i) => `r${i}`).join(", ")})) (:action go :parameters (room ?a, room ?b, room ?c, room ?d) :effects (at(?a, ?b, ?c, ?d))) (:goal ())`,
      ),
  ),
  load: (text) => {
    const d = parseDomain(text);
    formatDomain(d);
    // An accepted domain must also ground without crashing (or be rejected cleanly).
    return compileProblem(d, { maxActions: 1000 });
  },
};

const DOMAIN_JSON = DOMAIN_TEXT.map((t) => domainToJson(parseDomain(t)));

const domainJson: LoaderCase<unknown> = {
  pkg: "planning",
  name: "domainFromJson",
  covers: ["domainFromJson", "compileProblem"],
  kind: "json",
  seeds: DOMAIN_JSON,
  wrong: fc.oneof(
    fc.constant({ ...DOMAIN_JSON[0]!, initial: ["at(nowhere)"] }),
    fc.constant({ ...DOMAIN_JSON[0]!, goal: ["has(key, key)"] }),
    fc.constant({
      ...DOMAIN_JSON[0]!,
      objects: [
        { name: "hall", type: "room" },
        { name: "hall", type: "item" },
      ],
    }),
    fc.constant({ ...DOMAIN_JSON[0]!, actions: [{ name: "go", parameters: ["room ?a"], cost: Number.NaN, preconditions: [], effects: [] }] }),
    fc.constant({ ...DOMAIN_JSON[0]!, predicates: ["at(" + "room, ".repeat(5000) + "room)"] }),
  ),
  load: (json) => compileProblem(domainFromJson(json), { maxActions: 1000 }),
  options: { base: { maxActions: 1000 }, call: (json, options) => compileProblem(domainFromJson(json), options as never) },
};

// ---- plan runner restore

const PROBLEM = compileProblem(parseDomain(DOMAIN_TEXT[0]!));
const HOOKS: PlanRunnerHooks = { execute: () => StepStatus.Succeeded };

function runner(ticks: number): PlanRunner {
  const r = createPlanRunner(PROBLEM, PROBLEM.initial);
  pushRunnerGoal(r, { id: "fetch", priority: 1, goal: ["has(key)"], data: { note: "x" } });
  pushRunnerGoal(r, { id: "back", priority: 0, goal: ["at(hall)"] });
  for (let i = 0; i < ticks; i++) tickPlanRunner(r, PROBLEM, HOOKS, 0.3);
  return r;
}

const RUNNER_SEEDS = [saveRunner(runner(0)), saveRunner(runner(1)), saveRunner(runner(2)), saveRunner(runner(5))];

const runnerRestore: LoaderCase<unknown> = {
  pkg: "planning",
  name: "restoreRunner",
  kind: "json",
  seeds: RUNNER_SEEDS,
  wrong: fc.oneof(
    fc.constantFrom(-1, 1.5, 99, 2 ** 31).map((step) => ({ version: 1, runner: { ...RUNNER_SEEDS[2]!.runner, step } })),
    fc.constantFrom(-1, 7, Number.NaN, 0.5).map((status) => ({ version: 1, runner: { ...RUNNER_SEEDS[2]!.runner, status } })),
    fc.constant({ version: 1, runner: { ...RUNNER_SEEDS[2]!.runner, goals: [{ id: "a", priority: 1, goal: ["at(moon)"] }] } }),
    fc.constant({ version: 1, runner: { ...RUNNER_SEEDS[2]!.runner, plan: [0, 1, 2, 3, 4, 5, 6, 7, 1_000_000] } }),
  ),
  target: {
    create: () => runner(1),
    hash: (t) => JSON.stringify(saveRunner(t as PlanRunner)),
    save: (t) => saveRunner(t as PlanRunner),
    restore: (t, input) => {
      const r = t as PlanRunner;
      restoreRunner(r, input, PROBLEM);
      for (let i = 0; i < 4; i++) tickPlanRunner(r, PROBLEM, HOOKS, 0.3);
    },
  },
};

// ---- smart zones

const ZONE_DEF: SmartZoneDefinition = {
  id: "fair",
  priority: 2,
  x: 0,
  y: 0,
  radius: 10,
  roles: [
    { id: "juggler", kind: "main", npc: "joe" },
    { id: "crowd", kind: "supporting", slots: 3 },
    { id: "kid", kind: "extra" },
  ],
  triggers: [
    { kind: "time", from: 8, to: 20 },
    { kind: "presence", count: 1, role: "crowd" },
  ],
  stages: [
    { name: "announce", duration: 2, behaviors: { juggler: ["shout"], crowd: ["gather", "look"] } },
    { name: "juggle", duration: 5, behaviors: { juggler: ["juggle"], crowd: ["clap", "cheer"], kid: ["point"] } },
  ],
};

const WORLD: ZoneWorld = {
  hour: 10,
  npcs: [
    { id: "joe", x: 1, y: 1, roles: ["juggler"] },
    { id: "ann", x: 2, y: -1, roles: ["crowd", "kid"] },
    { id: "bob", x: -3, y: 0, roles: ["crowd"] },
    { id: "cy", x: 30, y: 0, roles: ["crowd"] },
  ],
};

function zone(steps: number): SmartZone {
  const z = createSmartZone(ZONE_DEF);
  const rng = createRng(5);
  for (let i = 0; i < steps; i++) stepSmartZone(z, WORLD, 0.5, rng);
  return z;
}

const zoneDefinition: LoaderCase<unknown> = {
  pkg: "planning",
  name: "createSmartZone",
  kind: "json",
  seeds: [
    ZONE_DEF,
    {
      ...ZONE_DEF,
      triggers: [
        { kind: "every", hours: 2, window: 1 },
        { kind: "interaction", name: "bell" },
      ],
    },
  ],
  wrong: fc.oneof(
    fc.constant({
      ...ZONE_DEF,
      roles: [
        { id: "a", kind: "main" },
        { id: "a", kind: "extra" },
      ],
    }),
    fc.constant({ ...ZONE_DEF, stages: [{ name: "s", duration: 1, behaviors: { ghost: ["boo"] } }] }),
    fc.constant({ ...ZONE_DEF, roles: [{ id: "a", kind: "main", slots: 1e12 }] }),
    fc.constant({ ...ZONE_DEF, triggers: [{ kind: "presence", count: 1, role: "ghost" }] }),
    fc.constant({ ...ZONE_DEF, triggers: [{ kind: "time", from: Number.NaN, to: 99 }] }),
  ),
  load: (def) => {
    const z = createSmartZone(def as SmartZoneDefinition);
    const rng = createRng(1);
    for (let i = 0; i < 6; i++) stepSmartZone(z, WORLD, 1, rng);
    return z;
  },
};

const ZONE_SEEDS = [saveSmartZone(zone(0)), saveSmartZone(zone(1)), saveSmartZone(zone(6))];

const zoneRestore: LoaderCase<unknown> = {
  pkg: "planning",
  name: "restoreSmartZone",
  kind: "json",
  seeds: ZONE_SEEDS,
  wrong: fc.oneof(
    fc.constant({
      ...ZONE_SEEDS[2]!,
      state: {
        ...ZONE_SEEDS[2]!.state,
        members: [
          { npc: "ghost", role: "juggler", behavior: "juggle" },
          { npc: "ghost", role: "crowd", behavior: "x" },
        ],
      },
    }),
    fc.constant({ ...ZONE_SEEDS[2]!, state: { ...ZONE_SEEDS[2]!.state, stageTime: Infinity } }),
    fc.constant({ ...ZONE_SEEDS[2]!, state: { ...ZONE_SEEDS[2]!.state, stage: 2 } }),
  ),
  target: {
    create: () => zone(3),
    hash: (t) => JSON.stringify(saveSmartZone(t as SmartZone)),
    restore: (t, input) => {
      const z = t as SmartZone;
      restoreSmartZone(z, input);
      const rng = createRng(2);
      for (let i = 0; i < 4; i++) stepSmartZone(z, WORLD, 1, rng);
    },
  },
};

/** Every loader of the package, for the unit suite and `pnpm fuzz`. */
export const cases: readonly LoaderCase<unknown>[] = [domainText, domainJson, zoneDefinition, runnerRestore, zoneRestore];
