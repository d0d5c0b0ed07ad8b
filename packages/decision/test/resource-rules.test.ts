import { describe, expect, it } from "vitest";
import {
  addResourceUnit,
  advanceResourceRules,
  createResourceRules,
  createResourceWorld,
  getResource,
  setResource,
  validateResourceRules,
  type ResourceRulesDefinition,
} from "../src/index";

// The *1849* example rules of chapter 8, as data.
const def: ResourceRulesDefinition = {
  version: 1,
  resources: ["workers", "meat", "leather", "shoes", "gold", "fire-hazard", "a", "b"],
  rules: {
    "ranch-doWork": { outputs: ["unit 6 meat", "unit 6 leather"], success: ["_ spawn-worker npc npc-farmer action ranch days 7"] },
    "ranch-deliverWork": { every: 5, checks: ["unit workers > 0"], inputs: ["unit 20 leather"], outputs: ["player 20 leather"], success: ["_ spawn-walker"] },
    "cobbler-bringMaterials": { checks: ["unit workers > 0", "unit leather < 2"], inputs: ["player 8 leather"], outputs: ["unit 8 leather"] },
    "cobbler-doWork": { inputs: ["unit 2 leather"], outputs: ["unit 3 shoes"] },
    "gold-mine": { inputs: ["map 5 gold"], outputs: ["unit 5 gold"], failedInputs: ["_ complain about gold"] },
    "fire-hazard": { every: 7, checks: ["map fire-hazard < 1"], outputs: ["map 0.04 fire-hazard max 1"] },
    atomic: { inputs: ["unit 2 a", "unit 5 b"], outputs: ["player 1 a"] },
    heat: { outputs: ["map 0.5 fire-hazard max 1"] },
  },
};

function world() {
  const calls: string[] = [];
  const rules = createResourceRules(def, {
    "spawn-worker": (_w, unit, args) => void calls.push(`spawn ${String(args["npc"])} for ${unit} for ${String(args["days"])} days`),
    "spawn-walker": () => void calls.push("walker"),
    complain: (_w, _u, args) => void calls.push(`complain ${String(args["about"])}`),
  });
  const w = createResourceWorld(rules, { tileCount: 4 });
  return { w, rules, calls };
}

describe("resource rules (1849, chapter 8)", () => {
  it("ranch produces daily and delivers every 5 days; actions get their parsed arguments", () => {
    const { w, rules, calls } = world();
    const ranch = addResourceUnit(w, rules, ["ranch-doWork", "ranch-deliverWork"]);
    setResource(w, "unit", "workers", 1, { unit: ranch });
    advanceResourceRules(w, rules, 5);
    // day 5: delivery (24 → 4) runs before that day's production (→ 10)
    expect(getResource(w, "unit", "leather", { unit: ranch })).toBe(10);
    expect(getResource(w, "player", "leather")).toBe(20);
    expect(calls[0]).toBe("spawn npc-farmer for 0 for 7 days");
    expect(calls.filter((c) => c === "walker").length).toBe(1);
    advanceResourceRules(w, rules, 5);
    expect(getResource(w, "unit", "leather", { unit: ranch })).toBe(20);
    expect(getResource(w, "player", "leather")).toBe(40);
    expect(getResource(w, "unit", "meat", { unit: ranch })).toBe(60);
  });

  it("cobbler chain matches a hand computation", () => {
    const { w, rules } = world();
    const cobbler = addResourceUnit(w, rules, ["cobbler-bringMaterials", "cobbler-doWork"]);
    setResource(w, "unit", "workers", 1, { unit: cobbler });
    setResource(w, "player", "leather", 16);
    const r = advanceResourceRules(w, rules, 10);
    expect(getResource(w, "unit", "shoes", { unit: cobbler })).toBe(24);
    expect(getResource(w, "player", "leather")).toBe(0);
    expect(getResource(w, "unit", "leather", { unit: cobbler })).toBe(0);
    expect(r.succeeded).toBe(2 + 8);
    expect(r.failedChecks).toBe(6);
    expect(r.failedInputs).toBe(4);
  });

  it("map queries sum the footprint; inputs are atomic; caps hold; rules are not evaluated between due days", () => {
    const { w, rules, calls } = world();
    const mine = addResourceUnit(w, rules, ["gold-mine"], { tiles: [0, 1] });
    setResource(w, "map", "gold", 3, { unit: mine }); // 3 on each of the two tiles
    expect(getResource(w, "map", "gold", { unit: mine })).toBe(6);
    advanceResourceRules(w, rules, 2);
    expect(getResource(w, "unit", "gold", { unit: mine })).toBe(5);
    expect(getResource(w, "map", "gold", { unit: mine })).toBe(1);
    expect(calls).toEqual(["complain gold"]); // "_ complain about gold" → args { about: "gold" }

    const hut = addResourceUnit(w, rules, ["fire-hazard", "atomic"], { tiles: [2, 3] });
    setResource(w, "unit", "a", 3, { unit: hut });
    setResource(w, "unit", "b", 4, { unit: hut });
    const before = w.evaluations;
    advanceResourceRules(w, rules, 21);
    expect(w.evaluations - before).toBe(21 /* mine */ + 3 /* fire hazard, days 7, 14, 21 */ + 21 /* atomic */);
    expect(getResource(w, "map", "fire-hazard", { unit: hut })).toBeCloseTo(0.24, 12); // 3 × 0.04 on each of 2 tiles
    expect(getResource(w, "unit", "a", { unit: hut })).toBe(3); // b was short: nothing consumed
    setResource(w, "map", "fire-hazard", 0.5, { unit: hut }); // the check sums the footprint: 1.0 is not < 1
    advanceResourceRules(w, rules, 7);
    expect(getResource(w, "map", "fire-hazard", { unit: hut })).toBe(1);
    const stove = addResourceUnit(w, rules, ["heat"], { tiles: [0] });
    setResource(w, "map", "fire-hazard", 0.8, { unit: stove });
    advanceResourceRules(w, rules, 1);
    expect(getResource(w, "map", "fire-hazard", { unit: stove })).toBe(1); // 0.8 + 0.5 capped at 1
  });

  it("one compiled rule set drives several plain-data worlds independently; a world is refused with another rule set", () => {
    const { rules } = world();
    const a = createResourceWorld(rules, { tileCount: 4 });
    const b = createResourceWorld(rules, { tileCount: 4 });
    const ra = addResourceUnit(a, rules, ["ranch-doWork"]);
    addResourceUnit(b, rules, ["ranch-doWork"]);
    advanceResourceRules(a, rules, 3);
    expect(getResource(a, "unit", "leather", { unit: ra })).toBe(18);
    expect(getResource(b, "unit", "leather", { unit: ra })).toBe(0);
    expect(b.day).toBe(0);
    // The world holds no functions and no compiled rules: a structured clone of it is the same state.
    const copy = structuredClone(a);
    advanceResourceRules(copy, rules, 2);
    advanceResourceRules(a, rules, 2);
    expect(Array.from(copy.units)).toEqual(Array.from(a.units));
    const other = createResourceRules({ version: 1, resources: ["x"], rules: { r: { every: 9 } } });
    expect(() => advanceResourceRules(a, other, 1)).toThrow(/not created for this rule set/);
    expect(() => addResourceUnit(a, other, ["r"])).toThrow(/not created for this rule set/);
  });

  it("validates statements by JSON path", () => {
    const paths = validateResourceRules({
      version: 1,
      resources: ["x"],
      rules: { r: { every: 0, checks: ["unit x >> 1"], inputs: ["house 1 x"], outputs: ["unit 1 y"], success: ["spawn"] } },
    }).map((i) => i.path);
    expect(paths).toEqual(["$.rules.r.every", "$.rules.r.checks[0]", "$.rules.r.inputs[0]", "$.rules.r.outputs[0]", "$.rules.r.success[0]"]);
    expect(() => createResourceRules({ version: 1, resources: ["x"], rules: { r: { success: ["_ nope"] } } })).toThrow(/\$\.rules\.r\.success\[0\].*not bound/);
  });
});
