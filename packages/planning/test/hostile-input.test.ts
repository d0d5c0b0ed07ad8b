import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  addSmartObjects,
  compileGoal,
  compileHtn,
  compileProblem,
  createHtnResult,
  domainFromJson,
  domainToJson,
  createHtnResultSnapshotCodec,
  createPlanRunner,
  createSmartObjectRegistry,
  createSmartZone,
  parseDomain,
  planHtn,
  pushRunnerGoal,
  restoreRunner,
  restoreSmartZone,
  saveRunner,
  saveSmartZone,
  tickPlanRunner,
  StepStatus,
} from "../src/index";

// Hostile input round 2 (issues 32 and 35): huge declared sizes, sparse arrays, deep and cyclic
// data, BigInt, wrong types and inherited fields are refused at once with a TacticaError, and a
// rejected restore leaves its target exactly as it was.

function refusal(fn: () => unknown): { code: string; path: string | undefined; message: string } {
  try {
    fn();
  } catch (e) {
    if (isTacticaError(e)) return { code: e.code, path: e.path, message: e.message };
    throw e;
  }
  throw new Error("accepted");
}

function sparse(length: number): unknown[] {
  const a: unknown[] = [];
  a.length = length;
  return a;
}

/** `values` with a hole before them (index 0 is missing). */
function holey(values: unknown[]): unknown[] {
  const a: unknown[] = [];
  a.length = 1;
  a.push(...values);
  return a;
}

function deep(levels: number): unknown {
  let v: unknown = [];
  for (let i = 0; i < levels; i++) v = [v];
  return v;
}

const TEXT = `(:objects (room hall, kitchen) (item key))
(:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
(:action take :parameters (room ?r, item ?i) :cost 2 :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
(:initial (at(hall) and in(key, kitchen)))
(:goal (has(key)))`;
const P = compileProblem(parseDomain(TEXT));
const HTN = compileHtn(P, [{ name: "fetch", task: "get(?i)", subtasks: ["go(hall, kitchen)", "take(kitchen, ?i)"] }]);

describe("compileProblem refuses a huge grounding before grounding", () => {
  const objects = (n: number) => Array.from({ length: n }, (_, i) => `o${i}`).join(", ");
  it("10^6 ground actions (text) are refused from the computed size, naming maxActions", () => {
    const d = parseDomain(`(:objects (room ${objects(100)})) (:action go :parameters (room ?a, room ?b, room ?c) :effects (at(?a))) (:goal ())`);
    const r = refusal(() => compileProblem(d));
    expect(r.code).toBe("PLANNING_DOMAIN");
    expect(r.path).toBe("$.actions[0]");
    expect(r.message).toMatch(/1000000 actions.*maxActions \(100000\)/);
  });

  it("a 200-object, 6-parameter action is refused at once; maxActions overrides the default", () => {
    const d = parseDomain(
      `(:objects (room ${objects(200)})) (:action go :parameters (room ?a, room ?b, room ?c, room ?d, room ?e, room ?f) :effects (at(?a))) (:goal ())`,
    );
    expect(refusal(() => compileProblem(d, { maxActions: 1e12 })).message).toMatch(/64000000000000 actions/);
    const small = parseDomain(`(:objects (room ${objects(20)})) (:action go :parameters (room ?a, room ?b) :effects (at(?a))) (:goal ())`);
    expect(compileProblem(small, { maxActions: 400 }).actionCount).toBe(400);
    expect(refusal(() => compileProblem(small, { maxActions: 399 })).message).toMatch(/maxActions \(399\)/);
  });

  it("with pruneStatic, the bindings tried are capped too (a static precondition on the last parameter)", () => {
    const d = parseDomain(
      `(:objects (room ${objects(60)})) (:action go :parameters (room ?a, room ?b, room ?c, room ?d) :preconditions (s(?d)) :effects (at(?a))) (:goal ())`,
    );
    expect(refusal(() => compileProblem(d, { pruneStatic: true, maxActions: 1000 })).message).toMatch(/bindings \(16 × maxActions, 1000\)/);
  });

  it("options must be an object", () => {
    expect(refusal(() => compileProblem(P.domain, "x".repeat(1e6) as never)).path).toBe("options");
    expect(refusal(() => compileProblem(P.domain, { maxActions: Number.NaN })).path).toBe("options.maxActions");
  });
});

describe("plain exceptions become TacticaError", () => {
  it.each([null, 5, "abc", {}, { length: 3 }, new Uint8Array(3)])("compileGoal, compileHtn, planHtn on %s", (v) => {
    expect(refusal(() => compileGoal(P, v as never)).path).toBe("literals");
    expect(refusal(() => compileHtn(P, v as never)).path).toBe("methods");
    expect(refusal(() => planHtn(HTN, P.initial, v as never)).path).toBe("tasks");
  });

  it("compileHtn on a method whose name or preconditions have the wrong type", () => {
    expect(refusal(() => compileHtn(P, [{ name: ["x"], task: "get(?i)", subtasks: ["go(hall, kitchen)"] }] as never)).path).toBe("methods[0].name");
    expect(refusal(() => compileHtn(P, [{ name: "m", task: "get(?i)", preconditions: "at(hall)", subtasks: ["go(hall, kitchen)"] }] as never)).path).toBe(
      "methods[0].preconditions",
    );
  });

  it("addSmartObjects: an array where a string belongs, a hostile toString, huge and sparse lists", () => {
    const ok = { object: "bench", slots: 1, actions: [] };
    expect(refusal(() => addSmartObjects(P.domain, [{ ...ok, object: ["bench"] }] as never)).path).toBe("$.objects[0].object");
    expect(refusal(() => addSmartObjects(P.domain, [{ ...ok, type: ["t"] }] as never)).path).toBe("$.objects[0].type");
    expect(refusal(() => addSmartObjects(P.domain, [{ ...ok, object: { toString: 1 }, slots: 0 }] as never)).path).toBe("$.objects[0].object");
    const action = { name: "sit", parameters: [{ name: "?a", type: ["t"] }], preconditions: [], effects: [], cost: 1 };
    expect(refusal(() => addSmartObjects(P.domain, [{ ...ok, actions: [action] }] as never)).path).toBe("$.objects[0].actions[0].parameters[0].type");
    const lit = { predicate: "at", args: [["hall"]], negated: false };
    expect(refusal(() => addSmartObjects(P.domain, [{ ...ok, actions: [{ ...action, parameters: [], effects: [lit] }] }] as never)).path).toBe(
      "$.objects[0].actions[0].effects[0].args[0]",
    );
    expect(refusal(() => addSmartObjects(P.domain, sparse(2 ** 26) as never)).path).toBe("$.objects");
    expect(refusal(() => addSmartObjects(P.domain, new Array(1e6).fill(ok) as never)).path).toBe("$.objects");
    expect(refusal(() => createSmartObjectRegistry(P, sparse(2 ** 26) as never)).path).toBe("$.objects");
    expect(refusal(() => addSmartObjects(P.domain, "bench" as never)).path).toBe("$.objects");
  });
});

describe("restoreRunner validates everything, then writes", () => {
  const runner = () => {
    const r = createPlanRunner(P, P.initial);
    pushRunnerGoal(r, { id: "fetch", priority: 1, goal: ["has(key)"], data: { note: "x" } });
    pushRunnerGoal(r, { id: "back", priority: 0, goal: ["at(hall)"] });
    tickPlanRunner(r, P, { execute: () => StepStatus.Succeeded }, 0.3);
    return r;
  };
  const cyclic: Record<string, unknown> = {};
  cyclic["self"] = cyclic;
  const hostile = (snap: ReturnType<typeof saveRunner>, data: unknown) => ({
    version: 1,
    runner: { ...snap.runner, facts: [0], plan: [], detours: [1], watched: [0], watchedValues: [1], goals: [{ id: "x", priority: 1, goal: [], data }] },
  });

  it.each([
    ["deep", deep(100_000)],
    ["cyclic", cyclic],
    ["BigInt", { n: 5n }],
    ["function", { f: () => 1 }],
  ])("goal data %s is refused and the runner keeps its facts, plan, detours and watched facts", (_name, data) => {
    const r = runner();
    const before = JSON.stringify(saveRunner(r));
    const facts = Array.from(r.facts);
    const res = refusal(() => restoreRunner(r, hostile(saveRunner(r), data), P));
    expect(res.code).toBe("PLANNING_SNAPSHOT");
    expect(res.path).toMatch(/^\$\.runner\.goals\[0\]\.data/);
    expect(JSON.stringify(saveRunner(r))).toBe(before);
    expect(Array.from(r.facts)).toEqual(facts);
  });

  it("copies goal data (a __proto__ key stays data) and restores its own saved form", () => {
    const r = runner();
    const snap = JSON.parse(JSON.stringify(saveRunner(r))) as { runner: { goals: { data?: unknown }[] } };
    snap.runner.goals[0]!.data = JSON.parse('{"__proto__": {"polluted": 1}, "a": [1, "b", null]}');
    const copy = createPlanRunner(P, P.initial);
    restoreRunner(copy, snap, P);
    const data = copy.goals[0]!.data as Record<string, unknown>;
    expect(Object.keys(data)).toEqual(["__proto__", "a"]);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    restoreRunner(copy, saveRunner(copy), P);
  });

  it("fields inherited from a prototype are not read", () => {
    const r = runner();
    const before = JSON.stringify(saveRunner(r));
    expect(refusal(() => restoreRunner(r, Object.create(saveRunner(r)) as unknown, P)).path).toBe("$.version");
    const snap = saveRunner(r);
    expect(refusal(() => restoreRunner(r, { version: 1, runner: Object.create(snap.runner) as unknown }, P)).path).toBe("$.runner.facts");
    expect(JSON.stringify(saveRunner(r))).toBe(before);
  });

  it("sparse and huge lists are refused from their declared length", () => {
    const r = runner();
    const snap = saveRunner(r);
    expect(refusal(() => restoreRunner(r, { version: 1, runner: { ...snap.runner, plan: sparse(2 ** 26) } }, P)).path).toBe("$.runner.plan");
    expect(refusal(() => restoreRunner(r, { version: 1, runner: { ...snap.runner, detours: holey([0, 1]) } }, P)).path).toBe("$.runner.detours[0]");
    expect(refusal(() => restoreRunner(r, { version: 1, runner: { ...snap.runner, goals: sparse(2 ** 26) } }, P)).path).toBe("$.runner.goals");
  });
});

describe("restoreSmartZone and the HTN result codec check declared lengths first", () => {
  const zone = () =>
    createSmartZone({
      id: "fair",
      priority: 1,
      x: 0,
      y: 0,
      radius: 5,
      roles: [{ id: "juggler", kind: "main", npc: "joe" }],
      triggers: [],
      stages: [{ name: "juggle", duration: 2, behaviors: { juggler: ["juggle"] } }],
    });

  it("restoreSmartZone: sparse, huge and inherited members", () => {
    const z = zone();
    const snap = saveSmartZone(z);
    const before = JSON.stringify(saveSmartZone(z));
    expect(refusal(() => restoreSmartZone(z, { ...snap, state: { ...snap.state, members: sparse(2 ** 26) } })).path).toBe("$.state.members");
    expect(refusal(() => restoreSmartZone(z, { ...snap, state: { ...snap.state, members: holey([{ npc: "a", role: "juggler", behavior: "" }]) } })).path).toBe(
      "$.state.members[0]",
    );
    const member = { npc: "a", role: "juggler", behavior: "" };
    expect(refusal(() => restoreSmartZone(z, { ...snap, state: { ...snap.state, members: new Array(1e6).fill(member) } })).path).toBe("$.state.members");
    expect(refusal(() => restoreSmartZone(z, Object.create(snap) as unknown)).path).toBe("$.version");
    expect(JSON.stringify(saveSmartZone(z))).toBe(before);
  });

  it("the HTN result codec: sparse and huge plan, trace and continuations", () => {
    const codec = createHtnResultSnapshotCodec(HTN);
    const saved = codec.save(planHtn(HTN, P.initial, ["get(key)"])) as Record<string, unknown>;
    const target = createHtnResult();
    expect(refusal(() => codec.restore(target, { ...saved, plan: sparse(2 ** 26) })).path).toBe("$.plan");
    expect(refusal(() => codec.restore(target, { ...saved, plan: new Array(1e6).fill("go(hall, kitchen)") })).path).toBe("$.plan");
    expect(refusal(() => codec.restore(target, { ...saved, plan: holey(["go(hall, kitchen)", "take(kitchen, key)"]) })).path).toBe("$.plan[0]");
    expect(refusal(() => codec.restore(target, { ...saved, trace: sparse(2 ** 26) })).path).toBe("$.trace");
    const continuations = (saved["continuations"] as unknown[]).map(() => sparse(2 ** 26));
    expect(refusal(() => codec.restore(target, { ...saved, continuations })).path).toBe("$.continuations[0]");
    expect(target.plan).toEqual([]);
  });
});

describe("parseDomain and domainFromJson check sizes before reading", () => {
  it("parseDomain: a non-string names the path; a text longer than options.maxLength is refused at once", () => {
    expect(refusal(() => parseDomain(null as never)).path).toBe("text");
    const long = TEXT + "\n(:goal (has(key)))".repeat(60_000);
    expect(refusal(() => parseDomain(long)).code).toBe("PLANNING_PARSE");
    expect(refusal(() => parseDomain(TEXT, { maxLength: 10 })).code).toBe("PLANNING_PARSE");
    expect(refusal(() => parseDomain(TEXT, "x" as never)).path).toBe("options");
  });

  it("domainFromJson: huge and sparse lists are refused from their declared length; holes are refused", () => {
    const json = domainToJson(parseDomain(TEXT)) as unknown as Record<string, unknown>;
    expect(refusal(() => domainFromJson({ ...json, predicates: new Array(1e6).fill("p(any)") })).path).toBe("$.predicates");
    expect(refusal(() => domainFromJson({ ...json, initial: sparse(2 ** 26) })).path).toBe("$.initial");
    expect(refusal(() => domainFromJson({ ...json, goal: sparse(2) })).path).toBe("$.goal[0]");
  });
});
