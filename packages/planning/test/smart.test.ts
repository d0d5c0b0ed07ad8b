import { describe, expect, it } from "vitest";
import { createRng, isTacticaError } from "@tactica/core";
import { PathFlags } from "@tactica/search";
import {
  addSmartObjects,
  castSmartZone,
  compileGoal,
  compileHtn,
  planGoap,
  planHtn,
  compileProblem,
  createPlanResult,
  createSmartObjectRegistry,
  createSmartZone,
  joinSmartZone,
  leaveSmartZone,
  parseDomain,
  planBfs,
  reserveSmartObject,
  releaseSmartObject,
  selectZoneBehavior,
  stepSmartZone,
  writeSmartObjectMask,
  type SmartObjectDefinition,
  type SmartZoneDefinition,
  type ZoneNpc,
} from "../src/index";

/** Chapter 11's SZ5: the juggler (static), five spectator slots, passers-by; every two hours. */
export const JUGGLING: SmartZoneDefinition = {
  id: "SZ5 juggling",
  priority: 3,
  x: 0,
  y: 0,
  radius: 10,
  roles: [
    { id: "juggler", kind: "main", npc: "joe" },
    { id: "spectator", kind: "supporting", slots: 5 },
    { id: "passerby", kind: "extra" },
  ],
  triggers: [{ kind: "every", hours: 2, window: 0.25 }],
  stages: [
    { name: "announcement", duration: 5, behaviors: { juggler: ["announce"], spectator: ["comment"], passerby: ["look from a distance"] } },
    { name: "juggling", duration: 20, behaviors: { juggler: ["juggle"], spectator: ["comment", "applaud"], passerby: ["look from a distance"] } },
    { name: "end", duration: 5, behaviors: { juggler: ["say goodbye"], spectator: ["congratulate"], passerby: ["look from a distance"] } },
  ],
};

const crowd = (n: number, x = 3): ZoneNpc[] =>
  Array.from({ length: n }, (_, i) => ({ id: `npc${i}`, x, y: i * 0.5, roles: ["spectator", "passerby", "cash taker", "client"] }));
const joe: ZoneNpc = { id: "joe", x: 0, y: 0, roles: ["juggler"] };

describe("smart zones (chapter 11)", () => {
  it("7 NPCs at the juggler's trigger give 5 spectators and 2 passers-by", () => {
    const zone = createSmartZone(JUGGLING);
    const rng = createRng(1);
    stepSmartZone(zone, { hour: 1.5, npcs: [joe, ...crowd(7)] }, 0.1, rng);
    expect(zone.state.active).toBe(false); // not the hour
    stepSmartZone(zone, { hour: 2.1, npcs: [joe, ...crowd(7)] }, 0.1, rng);
    expect(zone.state.active).toBe(true);
    const count = (role: string) => zone.state.members.filter((m) => m.role === role).length;
    expect([count("juggler"), count("spectator"), count("passerby")]).toEqual([1, 5, 2]);
    expect(zone.state.members.find((m) => m.role === "juggler")!.behavior).toBe("announce");
  });

  it("sync points: when the main role's behaviour ends, the others switch; late joiners sync to the main role", () => {
    const zone = createSmartZone(JUGGLING);
    const rng = createRng(7);
    const world = { hour: 4, npcs: [joe, ...crowd(3)] };
    stepSmartZone(zone, world, 0, rng);
    stepSmartZone(zone, world, 5.5, rng);
    expect(zone.state.stage).toBe(1);
    for (const m of zone.state.members) expect(["juggle", "comment", "applaud"]).toContain(m.behavior);
    const late = joinSmartZone(zone, { id: "late", x: 1, y: 1, roles: ["spectator"] }, rng)!;
    expect(late.role).toBe("spectator");
    expect(["comment", "applaud"]).toContain(late.behavior);
    expect(joinSmartZone(zone, { id: "dog", x: 1, y: 1, roles: ["barker"] }, rng)).toBeNull();
    stepSmartZone(zone, world, 20, rng);
    expect(zone.state.members.filter((m) => m.role === "spectator").every((m) => m.behavior === "congratulate")).toBe(true);
    stepSmartZone(zone, world, 5, rng);
    expect(zone.state.active).toBe(false);
    stepSmartZone(zone, world, 0.1, rng);
    expect(zone.state.active).toBe(false); // no restart while the trigger still holds
    expect(zone.state.runs).toBe(1);
  });

  it("newcomers fill free supporting roles before extras", () => {
    const zone = createSmartZone(JUGGLING);
    const rng = createRng(3);
    stepSmartZone(zone, { hour: 0, npcs: [joe, ...crowd(4)] }, 0, rng);
    expect(joinSmartZone(zone, { id: "a", x: 0, y: 1, roles: ["spectator", "passerby"] }, rng)!.role).toBe("spectator");
    expect(joinSmartZone(zone, { id: "b", x: 0, y: 1, roles: ["spectator", "passerby"] }, rng)!.role).toBe("passerby");
  });

  it("departures: supporting recast from extras, main recast or the scene stops", () => {
    const zone = createSmartZone(JUGGLING);
    const rng = createRng(3);
    const world = { hour: 0, npcs: [joe, ...crowd(7)] };
    stepSmartZone(zone, world, 0, rng);
    const spectator = zone.state.members.find((m) => m.role === "spectator")!.npc;
    expect(leaveSmartZone(zone, spectator, world, rng)).toBe(true);
    expect(zone.state.members.filter((m) => m.role === "spectator")).toHaveLength(5);
    expect(zone.state.members.filter((m) => m.role === "passerby")).toHaveLength(1);
    const passer = zone.state.members.find((m) => m.role === "passerby")!.npc;
    expect(leaveSmartZone(zone, passer, world, rng)).toBe(true);
    expect(leaveSmartZone(zone, "joe", world, rng)).toBe(false); // nobody else can juggle
    expect(zone.state.active).toBe(false);
  });

  it("dynamic main roles: an expanding search finds the nearest qualified NPC outside the zone", () => {
    const cash = createSmartZone({
      id: "SZ1 cash machine",
      priority: 1,
      x: 0,
      y: 0,
      radius: 2,
      roles: [
        { id: "cash taker", kind: "main" },
        { id: "queued", kind: "supporting" },
      ],
      triggers: [],
      stages: [{ name: "take cash", duration: 3, behaviors: { "cash taker": ["take cash"], queued: ["wait for my turn"] } }],
    });
    expect(
      castSmartZone(cash, {
        hour: 0,
        npcs: [
          { id: "far", x: 30, y: 0, roles: ["cash taker"] },
          { id: "near", x: 9, y: 0, roles: ["cash taker"] },
        ],
      }),
    ).toBe(true);
    expect(cash.state.members).toEqual([{ npc: "near", role: "cash taker", behavior: "" }]);
    expect(castSmartZone(cash, { hour: 0, npcs: [{ id: "nobody", x: 1, y: 0, roles: ["dreamer"] }] })).toBe(false);
    expect(cash.state.members).toEqual([]);
  });

  it("overlapping zones: priority, then the three exceptions", () => {
    const zone = (id: string, priority: number) =>
      createSmartZone({
        id,
        priority,
        x: 0,
        y: 0,
        radius: 5,
        roles: [{ id: "m", kind: "main" }],
        triggers: [],
        stages: [{ name: "s", duration: 1, behaviors: {} }],
      });
    const friends = zone("friends", 2);
    const clients = zone("clients", 1);
    const bar = zone("bar", 0);
    const opts = [
      { zone: clients, behavior: "drink" },
      { zone: friends, behavior: "make a sign to the player" },
    ];
    expect(selectZoneBehavior(opts)).toBe(1); // the friends zone has priority
    expect(selectZoneBehavior(opts, { goals: ["drink"] })).toBe(0); // completes an individual goal
    expect(selectZoneBehavior(opts, { allowed: ["drink"] })).toBe(0); // the only one allowed
    expect(selectZoneBehavior([...opts, { zone: bar, behavior: "drink" }])).toBe(0); // serves two scenes
    expect(selectZoneBehavior(opts, { allowed: [] })).toBe(-1);
  });

  it("triggers: time of day (across midnight), presence, interaction, all required", async () => {
    const { areSmartZoneTriggersMet } = await import("../src/index");
    const waiter = createSmartZone({
      id: "restaurant",
      priority: 1,
      x: 0,
      y: 0,
      radius: 5,
      roles: [{ id: "waiter", kind: "main" }],
      triggers: [
        { kind: "time", from: 20, to: 2 },
        { kind: "presence", count: 2 },
        { kind: "interaction", name: "door-bell" },
      ],
      stages: [{ name: "serve", duration: 10, behaviors: { waiter: ["interact"] } }],
    });
    const two = [
      { id: "w", x: 0, y: 0, roles: ["waiter"] },
      { id: "c", x: 1, y: 1, roles: [] },
    ];
    expect(areSmartZoneTriggersMet(waiter, { hour: 21, npcs: two, interactions: ["door-bell"] })).toBe(true);
    expect(areSmartZoneTriggersMet(waiter, { hour: 1, npcs: two, interactions: ["door-bell"] })).toBe(true);
    expect(areSmartZoneTriggersMet(waiter, { hour: 19, npcs: two, interactions: ["door-bell"] })).toBe(false);
    expect(areSmartZoneTriggersMet(waiter, { hour: 21, npcs: two.slice(0, 1), interactions: ["door-bell"] })).toBe(false);
    expect(areSmartZoneTriggersMet(waiter, { hour: 21, npcs: two })).toBe(false);
  });

  it("seeded choices are reproducible", () => {
    const run = (seed: number) => {
      const zone = createSmartZone(JUGGLING);
      const rng = createRng(seed);
      const world = { hour: 0, npcs: [joe, ...crowd(7)] };
      stepSmartZone(zone, world, 0, rng);
      stepSmartZone(zone, world, 6, rng);
      return zone.state.members.map((m) => m.behavior).join();
    };
    expect(run(42)).toBe(run(42));
  });

  it("save/restore: a restored zone continues exactly like the original", async () => {
    const { saveSmartZone, restoreSmartZone } = await import("../src/index");
    const a = createSmartZone(JUGGLING);
    const world = { hour: 0, npcs: [joe, ...crowd(7)] };
    stepSmartZone(a, world, 0, createRng(5));
    stepSmartZone(a, world, 6, createRng(6));
    const snap = JSON.parse(JSON.stringify(saveSmartZone(a))) as unknown;
    const b = createSmartZone(JUGGLING);
    restoreSmartZone(b, snap);
    expect(b.state).toEqual(a.state);
    stepSmartZone(a, world, 21, createRng(9));
    stepSmartZone(b, world, 21, createRng(9));
    expect(b.state).toEqual(a.state);
    const before = JSON.stringify(b.state);
    const bad = JSON.parse(JSON.stringify(saveSmartZone(a))) as { state: { members: { role: string }[] } };
    bad.state.members[0]!.role = "ghost";
    expect(() => restoreSmartZone(b, bad)).toThrow(/unknown role "ghost"/);
    expect(JSON.stringify(b.state)).toBe(before);
    expect(() => restoreSmartZone(b, { version: 1, zone: "other" })).toThrow(/not "SZ5 juggling"/);
  });

  it("a zone without a main role is PLANNING_DOMAIN", () => {
    try {
      createSmartZone({ ...JUGGLING, roles: [{ id: "spectator", kind: "supporting" }] });
      throw new Error("no throw");
    } catch (e) {
      expect(isTacticaError(e) && `${e.code} ${e.path}`).toBe("PLANNING_DOMAIN $.roles");
    }
    expect(() => createSmartZone({ ...JUGGLING, stages: [{ name: "x", duration: 1, behaviors: { ghost: ["boo"] } }] })).toThrow(/unknown role "ghost"/);
  });
});

describe("smart objects", () => {
  const base = parseDomain(`
(:objects (agent a1) (spot street))
(:action wait-standing :parameters (agent ?a) :cost 1 :preconditions (tired(?a)) :effects (not tired(?a) and rested(?a)))
(:initial (tired(a1)))
(:goal (rested(a1)))`);
  const bench: SmartObjectDefinition = {
    object: "bench1",
    type: "bench",
    slots: 1,
    actions: [
      {
        name: "sit",
        parameters: [{ name: "?a", type: "agent" }],
        cost: 1,
        preconditions: [
          { predicate: "tired", args: ["?a"], negated: false },
          { predicate: "free", args: ["bench1"], negated: false },
        ],
        effects: [
          { predicate: "tired", args: ["?a"], negated: true },
          { predicate: "rested", args: ["?a"], negated: false },
        ],
      },
    ],
    facts: [{ predicate: "free", args: ["bench1"] }],
  };

  it("advertise actions into the domain; full slots forbid them", () => {
    const d = addSmartObjects(base, [bench]);
    expect(d.actions.map((a) => a.name)).toEqual(["wait-standing", "sit"]);
    const p = compileProblem(d);
    const reg = createSmartObjectRegistry(p, [bench]);
    const sit = p.actionIndex["sit(a1)"]!;
    expect(reg.owner[sit]).toBe(0);
    const mask = new Uint8Array(p.actionCount);
    expect(reserveSmartObject(reg, 0, 7)).toBe(0);
    expect(reserveSmartObject(reg, 0, 8)).toBe(-1);
    writeSmartObjectMask(mask, reg, 8);
    expect(mask[sit]).toBe(1);
    const out = planBfs(createPlanResult(), p, p.initial, compileGoal(p, ["rested(a1)"]), { forbidden: mask });
    expect(out.flags).toBe(PathFlags.Found);
    expect(p.actionNames[out.path[0]!]).toBe("wait-standing(a1)");
    writeSmartObjectMask(mask, reg, 7);
    expect(mask[sit]).toBe(0);
    // GOAP reads the same mask through its procedural check; HTN methods name the advertised action.
    writeSmartObjectMask(mask, reg, 8);
    const goap = planGoap(createPlanResult(), p, p.initial, compileGoal(p, ["rested(a1)"]), { check: (a) => mask[a] === 0 });
    expect(p.actionNames[goap.path[0]!]).toBe("wait-standing(a1)");
    const htn = compileHtn(p, [{ name: "sit-down", task: "rest(?a)", subtasks: ["sit(?a)"] }]);
    expect(planHtn(htn, p.initial, ["rest(a1)"]).plan.map((a) => p.actionNames[a])).toEqual(["sit(a1)"]);
    expect(releaseSmartObject(reg, 0, 7)).toBe(true);
    expect(releaseSmartObject(reg, 0, 7)).toBe(false);
    // Bad indices fail loudly instead of reading "full" or writing agent 0 (issue 26).
    for (const bad of [undefined, -1, 0.5, 1] as unknown as number[]) {
      expect(() => reserveSmartObject(reg, bad, 7)).toThrow(/PLANNING_ARGUMENT|reserveSmartObject: k/);
      expect(() => releaseSmartObject(reg, bad, 7)).toThrow(/releaseSmartObject: k/);
    }
    for (const bad of [undefined, -1, 0.5] as unknown as number[]) {
      expect(() => reserveSmartObject(reg, 0, bad)).toThrow(/reserveSmartObject: agent/);
      expect(() => writeSmartObjectMask(mask, reg, bad)).toThrow(/writeSmartObjectMask: agent/);
    }
    expect(reg.users.every((u) => u === -1)).toBe(true);
    expect(() => addSmartObjects(base, [{ ...bench, slots: 0 }])).toThrow(/slots/);
    expect(() => addSmartObjects(base, [bench, { ...bench, object: "bench2" }])).toThrow(/already exists/);
  });
});
