import { createSnapshotCodecs, isTacticaError, registerSnapshotCodec, restoreSnapshot, saveSnapshot } from "@tactica/core";
import { PathFlags } from "@tactica/search";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compileHtn,
  compileProblem,
  createHtnResult,
  createHtnResultSnapshotCodec,
  parseDomain,
  planHtn,
  planHtnInto,
  replanHtn,
  stateFromFacts,
  type HtnMethod,
  type HtnOptions,
  type HtnResult,
  type HtnResultSnapshot,
} from "../src/index";

// The errand domain of htn.test.ts and the playground's HTN page, with a partial-order task added.
const TOWN = parseDomain(`
(:objects (place home, shop) (vehicle taxi))
(:action walk :parameters (place ?a, place ?b) :preconditions (at(?a) and near(?a, ?b)) :effects (not at(?a) and at(?b)))
(:action call :parameters (vehicle ?v, place ?a) :preconditions (at(?a) and has-money) :effects (waiting(?v, ?a)))
(:action ride :parameters (vehicle ?v, place ?a, place ?b) :preconditions (at(?a) and waiting(?v, ?a) and has-money) :effects (not at(?a) and at(?b) and not waiting(?v, ?a) and not has-money))
(:action buy-cash :parameters (place ?p) :preconditions (at(?p) and shop(?p) and has-money) :effects (has-goods and not has-money))
(:action buy-card :parameters (place ?p) :preconditions (at(?p) and shop(?p) and has-card) :effects (has-goods))
(:initial (at(home) and near(home, shop) and has-money and has-card and shop(shop)))
`);
const METHODS: HtnMethod[] = [
  { name: "errand", task: "errand(?a, ?b)", subtasks: ["travel(?a, ?b)", "pay(?b)"] },
  { name: "by-taxi", task: "travel(?a, ?b)", preconditions: ["has-money"], subtasks: ["call(taxi, ?a)", "ride(taxi, ?a, ?b)"] },
  { name: "by-foot", task: "travel(?a, ?b)", preconditions: ["near(?a, ?b)"], subtasks: ["walk(?a, ?b)"] },
  { name: "cash", task: "pay(?p)", preconditions: ["has-money"], subtasks: ["buy-cash(?p)"] },
  { name: "card", task: "pay(?p)", preconditions: ["has-card"], subtasks: ["buy-card(?p)"] },
  { name: "any-order", task: "shop-and-go(?a, ?b)", ordered: false, subtasks: ["pay(?b)", "travel(?a, ?b)", "pay(?a)"] },
];
const p = compileProblem(TOWN);
const htn = compileHtn(p, METHODS);
const codec = createHtnResultSnapshotCodec(htn);
const hasGroup = (r: HtnResult) => (codec.save(r) as HtnResultSnapshot).continuations.flat().some((x) => "group" in x);
const FACTS = p.factNames;
const ROOTS = ["errand(home, shop)", "errand(shop, home)", "travel(home, shop)", "shop-and-go(home, shop)", "pay(shop)"];

// The key domain of the replanHtn example: a second, unrelated HTN.
const HOUSE = compileProblem(
  parseDomain(`
(:objects (room hall, kitchen) (item key, cup))
(:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
(:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
(:initial (at(hall) and in(key, kitchen) and in(cup, hall)))`),
);
const HOUSE_HTN = compileHtn(HOUSE, [
  { name: "from-kitchen", task: "get(?i)", preconditions: ["in(?i, kitchen)", "at(hall)"], subtasks: ["go(hall, kitchen)", "take(kitchen, ?i)"] },
  { name: "from-hall", task: "get(?i)", preconditions: ["in(?i, hall)", "at(kitchen)"], subtasks: ["go(kitchen, hall)", "take(hall, ?i)"] },
  { name: "here-kitchen", task: "get(?i)", preconditions: ["in(?i, kitchen)", "at(kitchen)"], subtasks: ["take(kitchen, ?i)"] },
  { name: "here-hall", task: "get(?i)", preconditions: ["in(?i, hall)", "at(hall)"], subtasks: ["take(hall, ?i)"] },
  { name: "both", task: "tidy()", subtasks: ["get(key)", "get(cup)"] },
]);

/** What replanning returns, as plain data (the continuations through the codec). */
const plain = (r: HtnResult) => ({
  flags: r.flags,
  plan: [...r.plan],
  trace: r.trace.map((n) => ({ ...n })),
  expanded: r.expanded,
  replannedTask: r.replannedTask,
});

/** save → JSON text → restore into a fresh buffer. */
function roundTrip(r: HtnResult, c = codec): HtnResult {
  const out = createHtnResult();
  c.restore(out, JSON.parse(JSON.stringify(c.save(r))));
  return out;
}

/** Every step of `r` replanned from `now`, on `r` and on `copy`, gives the same result. */
function expectSameReplans(h: typeof htn, r: HtnResult, copy: HtnResult, now: Uint32Array, options: HtnOptions = {}): void {
  for (let step = 0; step < r.plan.length; step++) {
    if (!r.trace.some((n) => n.step === step)) {
      // No trace (no decomposition found; the plan is the best prefix): both refuse alike.
      expect(() => replanHtn(h, now, r, step, options)).toThrow(/not in the previous plan's trace/);
      expect(() => replanHtn(h, now, copy, step, options)).toThrow(/not in the previous plan's trace/);
      continue;
    }
    const a = replanHtn(h, now, r, step, options);
    const b = replanHtn(h, now, copy, step, options);
    expect(plain(b), `step ${step}`).toEqual(plain(a));
    const cc = h === htn ? codec : createHtnResultSnapshotCodec(h);
    expect(cc.save(b), `step ${step} continuations`).toEqual(cc.save(a));
  }
}

function errorOf(data: unknown, c = codec): string {
  try {
    c.restore(createHtnResult(), data);
  } catch (e) {
    if (isTacticaError(e)) return `${e.code} ${e.path} ${e.message}`;
    throw e;
  }
  return "no error";
}

describe("createHtnResultSnapshotCodec", () => {
  const state = stateFromFacts(p, ["at(home)", "near(home, shop)", "near(shop, home)", "has-money", "has-card", "shop(shop)", "shop(home)"]);
  const two = planHtn(htn, state, ["errand(home, shop)", "errand(shop, home)"]);

  it("saves plain JSON: action names, the trace and continuations as ground task text", () => {
    const first = planHtn(htn, p.initial, ["errand(home, shop)"]);
    expect(codec.save(first)).toEqual({
      flags: PathFlags.Found,
      expanded: first.expanded,
      replannedTask: "",
      plan: ["call(taxi, home)", "ride(taxi, home, shop)", "buy-card(shop)"],
      trace: [
        { task: "errand(home, shop)", method: "errand", parent: -1, depth: 0, step: -1 },
        { task: "travel(home, shop)", method: "by-taxi", parent: 0, depth: 1, step: -1 },
        { task: "call(taxi, home)", method: null, parent: 1, depth: 2, step: 0 },
        { task: "ride(taxi, home, shop)", method: null, parent: 1, depth: 2, step: 1 },
        { task: "pay(shop)", method: "card", parent: 0, depth: 1, step: -1 },
        { task: "buy-card(shop)", method: null, parent: 4, depth: 2, step: 2 },
      ],
      continuations: [
        [],
        [{ task: "pay(shop)", parent: 0, depth: 1 }],
        [
          { task: "ride(taxi, home, shop)", parent: 1, depth: 2 },
          { task: "pay(shop)", parent: 0, depth: 1 },
        ],
        [{ task: "pay(shop)", parent: 0, depth: 1 }],
        [],
        [],
      ],
    });
  });

  it("round-trips through JSON text on the errand and house domains: same fields, same JSON when saved again, same replans", () => {
    const houseCodec = createHtnResultSnapshotCodec(HOUSE_HTN);
    const tidy = planHtn(HOUSE_HTN, HOUSE.initial, ["tidy()"]);
    expect(tidy.flags).toBe(PathFlags.Found);
    const cases: [typeof htn, HtnResult, Uint32Array][] = [
      [htn, two, stateFromFacts(p, ["at(shop)", "near(shop, home)", "has-card", "shop(home)"])],
      [htn, replanHtn(htn, stateFromFacts(p, ["at(home)", "near(home, shop)", "has-card", "shop(shop)"]), two, 1), state],
      [HOUSE_HTN, tidy, stateFromFacts(HOUSE, ["at(kitchen)", "in(key, hall)", "in(cup, kitchen)"])],
    ];
    for (const [h, r, now] of cases) {
      const c = h === htn ? codec : houseCodec;
      const copy = roundTrip(r, c);
      expect(plain(copy)).toEqual(plain(r));
      expect(JSON.stringify(c.save(copy))).toBe(JSON.stringify(c.save(r)));
      expectSameReplans(h, r, copy, now);
    }
    // Results without a trace: no decomposition, a budget cut (the plan is the best prefix), an empty buffer.
    for (const r of [
      planHtn(htn, stateFromFacts(p, ["at(home)"]), ["errand(home, shop)"]),
      planHtn(htn, p.initial, ["errand(home, shop)"], { maxNodes: 4 }),
      createHtnResult(),
    ])
      expect(plain(roundTrip(r))).toEqual(plain(r));
  });

  it("restores into a used planHtnInto buffer, which plans as before afterwards", () => {
    const buffer = createHtnResult();
    planHtnInto(buffer, htn, p.initial, ["pay(shop)"]);
    codec.restore(buffer, JSON.parse(JSON.stringify(codec.save(two))));
    expect(plain(buffer)).toEqual(plain(two));
    expectSameReplans(htn, two, buffer, stateFromFacts(p, ["at(shop)", "near(shop, home)", "has-card", "shop(home)"]));
    expect(plain(planHtnInto(buffer, htn, state, ["errand(shop, home)"]))).toEqual(plain(planHtn(htn, state, ["errand(shop, home)"])));
  });

  it("partial-order results keep their unordered groups", () => {
    const r = planHtn(htn, state, ["shop-and-go(home, shop)"], { partialOrder: true });
    expect(r.flags).toBe(PathFlags.Found);
    const data = codec.save(r);
    expect(hasGroup(r)).toBe(true);
    const copy = roundTrip(r);
    expect(codec.save(copy)).toEqual(data);
    expectSameReplans(htn, r, copy, stateFromFacts(p, ["at(home)", "near(home, shop)", "has-card", "shop(shop)", "shop(home)"]), { partialOrder: true });
  });

  it("property: random facts → planHtn → save → JSON → restore replans every step exactly like the original", () => {
    // One place to be (mostly), any other facts: most draws decompose, some do not.
    const others = FACTS.filter((f) => !f.startsWith("at("));
    const facts = fc
      .tuple(fc.constantFrom([], ["at(home)"], ["at(home)"], ["at(shop)"]), fc.tuple(...others.map(() => fc.constantFrom(true, true, false))))
      .map(([at, keep]) => [...at, ...others.filter((_, i) => keep[i])]);
    let found = 0;
    let groups = 0;
    fc.assert(
      fc.property(
        facts,
        fc.array(fc.constantFrom(...ROOTS), { minLength: 1, maxLength: 2 }),
        fc.boolean(),
        fc.array(facts, { minLength: 1, maxLength: 4 }),
        (start, roots, partialOrder, nows) => {
          const options = { partialOrder };
          const r = planHtn(htn, stateFromFacts(p, start), roots, options);
          const copy = roundTrip(r);
          expect(plain(copy)).toEqual(plain(r));
          expect(codec.save(copy)).toEqual(codec.save(r));
          if (r.flags === PathFlags.Found && r.plan.length > 0) found++;
          if (hasGroup(r)) groups++;
          for (const now of nows) expectSameReplans(htn, r, copy, stateFromFacts(p, now), options);
        },
      ),
      { numRuns: 300, seed: 17 },
    );
    // The runs exercise real decompositions, partial-order groups included.
    expect(found).toBeGreaterThan(25);
    expect(groups).toBeGreaterThan(3);
  });

  it("restores through the snapshot envelope; broken data is CORE_SNAPSHOT at its JSON path and leaves the target unchanged", () => {
    const codecs = createSnapshotCodecs();
    registerSnapshotCodec(codecs, "shopper.htn", codec);
    const snap = JSON.parse(JSON.stringify(saveSnapshot(codecs, { "shopper.htn": two }, { tick: 9 }))) as {
      sections: { "shopper.htn": { data: { continuations: { task: string }[][] } } };
    };
    const target = createHtnResult();
    expect(restoreSnapshot(codecs, { "shopper.htn": target }, snap)).toBe(9);
    expect(plain(target)).toEqual(plain(two));
    snap.sections["shopper.htn"].data.continuations[2]![0]!.task = "fly(home)";
    const other = planHtn(htn, p.initial, ["pay(shop)"]);
    const before = JSON.stringify(codec.save(other));
    let err: unknown;
    try {
      restoreSnapshot(codecs, { "shopper.htn": other }, snap);
    } catch (e) {
      err = e;
    }
    expect(isTacticaError(err, "CORE_SNAPSHOT")).toBe(true);
    expect((err as { path: string }).path).toBe("$.sections.shopper.htn.data.continuations[2][0].task");
    expect((err as Error).message).toMatch(/unknown task "fly"/);
    expect(JSON.stringify(codec.save(other))).toBe(before);
  });

  it("rejects unknown tasks, wrong arity, bad methods, parents, depths and steps, naming the path", () => {
    const good = () =>
      JSON.parse(JSON.stringify(codec.save(two))) as Record<string, unknown> & {
        plan: unknown[];
        trace: Record<string, unknown>[];
        continuations: Record<string, unknown>[][];
      };
    const broken = (edit: (d: ReturnType<typeof good>) => void) => {
      const d = good();
      edit(d);
      return errorOf(d);
    };
    expect(errorOf(good())).toBe("no error");
    expect(errorOf(null)).toMatch(/^PLANNING_SNAPSHOT \$ /);
    expect(broken((d) => (d["flags"] = 1.5))).toMatch(/^PLANNING_SNAPSHOT \$\.flags /);
    expect(broken((d) => (d["expanded"] = -1))).toMatch(/^PLANNING_SNAPSHOT \$\.expanded /);
    expect(broken((d) => (d["replannedTask"] = "walk(home, shop)"))).toMatch(/^PLANNING_SNAPSHOT \$\.replannedTask .*an action/);
    expect(broken((d) => (d.plan[1] = "teleport(home)"))).toMatch(/^PLANNING_SNAPSHOT \$\.plan\[1\] /);
    expect(broken((d) => (d.plan[1] = "walk(home, shop)"))).toMatch(/^PLANNING_SNAPSHOT \$\.trace\[3\]\.task .*not step 1 of the plan/);
    expect(broken((d) => d.plan.pop())).toMatch(/^PLANNING_SNAPSHOT \$\.trace\[10\]\.task .*plan has 4 step/);
    expect(broken((d) => d.plan.push("walk(home, shop)"))).toMatch(/^PLANNING_SNAPSHOT \$\.trace .*primitive step/);
    expect(broken((d) => (d.trace[1]!["task"] = "travel(home)"))).toMatch(/^PLANNING_SNAPSHOT \$\.trace\[1\]\.task .*arity mismatch/);
    expect(broken((d) => (d.trace[1]!["task"] = "travel(home, mars)"))).toMatch(/^PLANNING_SNAPSHOT \$\.trace\[1\]\.task .*unknown object "mars"/);
    expect(broken((d) => (d.trace[1]!["method"] = "by-rocket"))).toMatch(/^PLANNING_SNAPSHOT \$\.trace\[1\]\.method .*by-taxi, by-foot/);
    expect(broken((d) => (d.trace[2]!["method"] = "errand"))).toMatch(/^PLANNING_SNAPSHOT \$\.trace\[2\]\.method /);
    expect(broken((d) => (d.trace[2]!["parent"] = 2))).toMatch(/^PLANNING_SNAPSHOT \$\.trace\[2\]\.parent /);
    expect(broken((d) => (d.trace[3]!["parent"] = 2))).toMatch(/^PLANNING_SNAPSHOT \$\.trace\[3\]\.parent .*primitive step/);
    expect(broken((d) => (d.trace[2]!["depth"] = 1))).toMatch(/^PLANNING_SNAPSHOT \$\.trace\[2\]\.depth /);
    expect(broken((d) => (d.trace[2]!["step"] = 1))).toMatch(/^PLANNING_SNAPSHOT \$\.trace\[2\]\.step /);
    expect(broken((d) => (d.trace[1]!["step"] = 0))).toMatch(/^PLANNING_SNAPSHOT \$\.trace\[1\]\.step /);
    expect(broken((d) => d.continuations.pop())).toMatch(/^PLANNING_SNAPSHOT \$\.continuations .*one per node/);
    expect(broken((d) => (d.continuations[2]![0]!["task"] = "pay()"))).toMatch(/^PLANNING_SNAPSHOT \$\.continuations\[2\]\[0\]\.task .*arity mismatch/);
    // trace[2]'s ancestors are 1 and 0: its pending tasks cannot belong to node 4 (not an ancestor).
    expect(broken((d) => (d.continuations[2]![0]!["parent"] = 4))).toMatch(/^PLANNING_SNAPSHOT \$\.continuations\[2\]\[0\]\.parent .*ancestor/);
    expect(broken((d) => (d.continuations[2]![0]!["depth"] = 7))).toMatch(/^PLANNING_SNAPSHOT \$\.continuations\[2\]\[0\]\.depth /);
    expect(broken((d) => (d.continuations[2]![0]!["group"] = []))).toMatch(/^PLANNING_SNAPSHOT \$\.continuations\[2\]\[0\] .*both/);
    expect(broken((d) => (d.continuations[2]![0] = { group: [], parent: 1, depth: 2 }))).toMatch(/^PLANNING_SNAPSHOT \$\.continuations\[2\]\[0\]\.group /);
    expect(broken((d) => (d.continuations[2]![0] = { group: ["pay(shop)", 3], parent: 1, depth: 2 }))).toMatch(
      /^PLANNING_SNAPSHOT \$\.continuations\[2\]\[0\]\.group\[1\] /,
    );
    expect(() => codec.restore({} as HtnResult, good())).toThrow(/createHtnResult/);
    // Hand-written task text is read through the HTN's parser and saved again in canonical form.
    const loose = good();
    loose.trace[0]!["task"] = "errand( home,shop )";
    loose["replannedTask"] = "pay(shop )";
    const copy = createHtnResult();
    codec.restore(copy, loose);
    expect(copy.trace[0]!.task).toBe("errand(home, shop)");
    expect(copy.replannedTask).toBe("pay(shop)");
  });
});
