import { readFileSync } from "node:fs";
import { isTacticaError, type Snapshot } from "@tactica/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { InspectorEvent, InspectorWorld } from "../src/inspector/inspector-world";
import { createInspectorRecorder, seekInspector, stepInspector } from "../src/inspector/recorder";
import {
  ERRAND_ACTION_TICKS,
  ERRAND_REST_TICKS,
  createErrandInspectorWorld,
  createErrandWorld,
  stepErrandWorld,
  type ErrandInput,
  type ErrandWorld,
} from "../src/pages/planning-htn/errand-world";

// The HTN page's world (src/pages/planning-htn/errand-world.ts): the shopper executes an HTN plan
// through planning's plan runner, repairs a failed step with a partial replan, starts over after
// success, and saves and restores through core's snapshot envelope so that a restored run equals an
// uninterrupted one (what the inspector checks when it scrubs).

interface Run {
  errand: ErrandWorld;
  world: InspectorWorld;
  events: InspectorEvent[][];
  hashes: number[];
}

function create(): Run {
  const errand = createErrandWorld();
  const world = createErrandInspectorWorld(errand);
  const run: Run = { errand, world, events: [], hashes: [] };
  return run;
}

/** Steps `run` with `inputs(tick)`, recording each tick's events and hash. */
function advance(run: Run, ticks: number, inputs: (tick: number) => ErrandInput[] = () => []): void {
  for (let t = 0; t < ticks; t++) {
    const got: InspectorEvent[] = [];
    run.world.trace((e) => got.push(e));
    run.world.step(inputs(run.world.tick));
    run.world.trace(null);
    run.events.push(got);
    run.hashes.push(run.world.hash());
  }
}

const labels = (run: Run, module?: string): string[] =>
  run.events
    .flat()
    .filter((e) => module === undefined || e.module === module)
    .map((e) => e.label);

/** One errand with the default facts: call 1 s, ride 2 s, buy with the card 1 s. */
const ERRAND_TICKS = ERRAND_ACTION_TICKS["call"]! + ERRAND_ACTION_TICKS["ride"]! + ERRAND_ACTION_TICKS["buy-card"]!;

describe("HTN page: the errand world", () => {
  it("plans by decomposition, runs each action for its ticks, and starts over after success", () => {
    const run = create();
    advance(run, 1);
    expect(labels(run, "htn")).toEqual(["plan: call(taxi, home), ride(taxi, home, shop), buy-card(shop)"]);
    const plan = run.events[0]!.find((e) => e.module === "htn")!.detail as {
      plan: string[];
      trace: { task: string; method: string; depth: number; parent: number; step: number }[];
    };
    expect(plan.plan).toEqual(["call(taxi, home)", "ride(taxi, home, shop)", "buy-card(shop)"]);
    // Every trace node, with its method, depth, parent and step.
    expect(plan.trace).toEqual([
      { task: "errand(home, shop)", method: "errand", depth: 0, parent: -1, step: -1 },
      { task: "travel(home, shop)", method: "by-taxi", depth: 1, parent: 0, step: -1 },
      { task: "call(taxi, home)", method: "-", depth: 2, parent: 1, step: 0 },
      { task: "ride(taxi, home, shop)", method: "-", depth: 2, parent: 1, step: 1 },
      { task: "pay(shop)", method: "card", depth: 1, parent: 0, step: -1 },
      { task: "buy-card(shop)", method: "-", depth: 2, parent: 4, step: 2 },
    ]);
    advance(run, ERRAND_TICKS);
    expect(labels(run, "runner")).toEqual([
      "start call(taxi, home)",
      "finish call(taxi, home)",
      "start ride(taxi, home, shop)",
      "finish ride(taxi, home, shop)",
      "start buy-card(shop)",
      "finish buy-card(shop)",
      "errand done",
    ]);
    // Each action took exactly its ticks: the finishes are 60 and 120 ticks after the starts.
    const tickOf = (label: string) => run.events.findIndex((es) => es.some((e) => e.label === label));
    expect(tickOf("finish call(taxi, home)") - tickOf("start call(taxi, home)")).toBe(ERRAND_ACTION_TICKS["call"]! - 1);
    expect(tickOf("finish ride(taxi, home, shop)") - tickOf("start ride(taxi, home, shop)")).toBe(ERRAND_ACTION_TICKS["ride"]! - 1);
    expect(run.errand.errands).toBe(1);
    // After the rest the next errand plans again from the start facts.
    advance(run, ERRAND_REST_TICKS + 2);
    expect(labels(run, "htn")).toHaveLength(2);
    expect(run.errand.plans).toBe(2);
  });

  it("a failed step is repaired by re-decomposing only the task above it", () => {
    const run = create();
    advance(run, 90, (t) => (t === 70 ? [{ fail: true }] : [])); // ride is running at tick 70
    const replan = run.events.flat().find((e) => e.module === "htn" && e.label.startsWith("replan"))!;
    expect(replan.label).toBe("replan travel(home, shop): walk(home, shop), buy-card(shop)");
    const d = replan.detail as {
      kind: string;
      failed: string;
      failedStep: number;
      replannedTask: string;
      plan: string[];
      trace: { task: string; method: string }[];
    };
    expect(d.kind).toBe("partial replan");
    expect(d.failed).toBe("ride(taxi, home, shop)");
    expect(d.failedStep).toBe(1);
    expect(d.replannedTask).toBe("travel(home, shop)");
    // The trace keeps the errand above and decomposes travel again, by foot now (the money is gone).
    expect(d.trace.map((n) => `${n.task} ${n.method}`)).toEqual([
      "errand(home, shop) errand",
      "travel(home, shop) by-foot",
      "walk(home, shop) -",
      "pay(shop) card",
      "buy-card(shop) -",
    ]);
    expect(labels(run, "runner")).toContain("fail ride(taxi, home, shop)");
    expect(run.errand.runner.plan.map((a) => run.errand.problem.actionNames[a])).toEqual(["walk(home, shop)", "buy-card(shop)"]);
    expect(run.errand.replans).toBe(1);
  });

  it("a toggled fact that breaks the running action's preconditions triggers a partial replan of its task", () => {
    const run = create();
    // While buy-card runs (money spent on the ride): take the card away and give money back.
    const t0 = ERRAND_ACTION_TICKS["call"]! + ERRAND_ACTION_TICKS["ride"]! + 10;
    advance(run, t0 + 30, (t) => (t === t0 ? [{ toggle: "has-card()" }, { toggle: "has-money()" }] : []));
    const replan = run.events.flat().find((e) => e.module === "htn" && e.label.startsWith("replan"))!;
    expect(replan.label).toBe("replan pay(shop): buy-cash(shop)");
    expect((replan.detail as { why: string }).why).toBe("preconditions no longer hold");
    // The next errands start from the toggled facts, no card: the taxi would spend the money that
    // paying in cash needs, so the planner backtracks to walking.
    advance(run, 400);
    expect(labels(run, "htn").filter((l) => l.startsWith("plan"))[1]).toBe("plan: walk(home, shop), buy-cash(shop)");
  });

  it("without a way to pay nothing decomposes; the errand starts over from its start facts", () => {
    const run = create();
    advance(run, 200, (t) => (t === 0 ? [{ toggle: "has-card()" }] : t === 5 ? [{ fail: true }] : []));
    // No card: walk and pay cash; the money lost on the way: no way to pay.
    expect(labels(run, "htn").slice(0, 2)).toEqual(["plan: walk(home, shop), buy-cash(shop)", "replan failed: no decomposition from walk(home, shop)"]);
    expect(labels(run, "htn").filter((l) => l.startsWith("plan"))).toHaveLength(2); // the restart planned again
  });

  it("restoring a save at any tick and running on equals the uninterrupted run (events and hashes)", () => {
    const inputs = (t: number): ErrandInput[] =>
      t === 70 ? [{ fail: true }] : t === 500 ? [{ toggle: "near(home, shop)" }] : t === 650 ? [{ restart: true }] : [];
    const full = create();
    advance(full, 900, inputs);
    for (const k of [0, 1, 65, 71, 75, 200, 333, 501, 651, 700]) {
      const a = create();
      advance(a, k, inputs);
      const snap = JSON.parse(JSON.stringify(a.world.save())) as Snapshot;
      const b = create();
      advance(b, 37); // somewhere else entirely
      b.world.restore(snap);
      b.events = [];
      b.hashes = [];
      expect(b.world.tick).toBe(k);
      expect(b.world.hash()).toBe(full.hashes[k - 1] ?? a.world.hash());
      advance(b, 900 - k, inputs);
      expect(b.events).toEqual(full.events.slice(k));
      expect(b.hashes).toEqual(full.hashes.slice(k));
    }
  });

  it("property: any inputs at any ticks, a restore mid-run replays the same; every plan event is a well-formed decomposition", () => {
    const input = fc.constantFrom<ErrandInput>(
      { fail: true },
      { restart: true },
      { toggle: "has-money()" },
      { toggle: "has-card()" },
      { toggle: "near(home, shop)" },
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 599 }), input), { maxLength: 8 }), fc.integer({ min: 0, max: 599 }), (script, k) => {
        const at = (t: number) => script.filter(([s]) => s === t).map(([, i]) => i);
        const full = create();
        advance(full, 600, at);
        const a = create();
        advance(a, k, at);
        const b = create();
        b.world.restore(JSON.parse(JSON.stringify(a.world.save())) as Snapshot);
        advance(b, 600 - k, at);
        expect(b.hashes).toEqual(full.hashes.slice(k));
        expect(b.events).toEqual(full.events.slice(k));
        // Invariants of every plan event: a trace with parents before children, one primitive
        // node per plan step in order, and a partial replan names the task it decomposed again.
        for (const e of full.events.flat()) {
          if (e.module !== "htn") continue;
          const d = e.detail as { kind: string; plan: string[]; replannedTask?: string; trace: { task: string; parent: number; step: number }[] };
          d.trace.forEach((n, i) => expect(n.parent).toBeLessThan(i));
          expect(d.trace.filter((n) => n.step >= 0).map((n) => n.task)).toEqual(d.plan);
          if (d.kind === "partial replan" && d.plan.length > 0) expect(d.trace.some((n) => n.task === d.replannedTask)).toBe(true);
        }
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  it("the inspector scrubs the errand: every replayed hash and event matches", () => {
    const errand = createErrandWorld();
    const world = createErrandInspectorWorld(errand);
    const rec = createInspectorRecorder(world, { snapshotEvery: 50 });
    for (let t = 0; t < 400; t++) stepInspector(rec, t === 70 ? [{ fail: true }] : []);
    for (const tick of [72, 99, 250, 399]) expect(seekInspector(rec, tick)).toMatchObject({ ok: true, divergence: null, tick });
  });

  it("broken data and inputs are TacticaErrors naming the path; a failed restore changes nothing", () => {
    const run = create();
    advance(run, 80, (t) => (t === 70 ? [{ fail: true }] : []));
    const snap = run.world.save();
    const hash = run.world.hash();
    const errandData = snap.sections["shopper.errand"]!.data as Record<string, unknown>;
    const broken = (edit: (d: Record<string, unknown>) => void): Snapshot => {
      const s = JSON.parse(JSON.stringify(snap)) as Snapshot;
      edit(s.sections["shopper.errand"]!.data as Record<string, unknown>);
      return s;
    };
    const cases: [Snapshot, string][] = [
      [broken((d) => (d["setup"] = [99])), "$.sections.shopper.errand.data.setup"],
      [broken((d) => (d["stepTicks"] = -1)), "$.sections.shopper.errand.data.stepTicks"],
      // The decomposition is checked by planning's HTN result codec, its paths under `result`.
      [broken((d) => ((d["result"] as { plan: string[] }).plan[0] = "walk(shop, home)")), "$.sections.shopper.errand.data.result.trace[2].task"],
      [
        broken((d) => ((d["result"] as { continuations: { parent: number }[][] }).continuations[2]![0]!.parent = 4)),
        "$.sections.shopper.errand.data.result.continuations[2][0].parent",
      ],
      [broken((d) => delete d["result"]), "$.sections.shopper.errand.data.result"],
      [broken((d) => (d["failNext"] = "yes")), "$.sections.shopper.errand.data.failNext"],
    ];
    expect((errandData["result"] as { plan: string[] }).plan).toEqual(["walk(home, shop)", "buy-card(shop)"]);
    for (const [s, path] of cases) {
      let err: unknown;
      try {
        run.world.restore(s);
      } catch (e) {
        err = e;
      }
      expect(isTacticaError(err) && err.code === "CORE_SNAPSHOT" && err.path).toBe(path);
      expect(run.world.hash()).toBe(hash);
    }
    let err: unknown;
    try {
      stepErrandWorld(run.errand, [{ toggle: "has-goods()" }], null);
    } catch (e) {
      err = e;
    }
    expect(isTacticaError(err) && err.code === "PLAYGROUND_ERRAND" && err.path).toBe("inputs[0].toggle");
  });

  it("a version 1 snapshot (the plan's history) is migrated: the restored run replans and replays like a live one", () => {
    // Saved by the version 1 codec at tick 80 of a run whose ride failed at tick 70.
    const v1 = JSON.parse(readFileSync(new URL("./fixtures/errand-snapshot-v1.json", import.meta.url), "utf8")) as Snapshot;
    expect(v1.sections["shopper.errand"]!.version).toBe(1);
    const inputs = (t: number): ErrandInput[] => (t === 70 ? [{ fail: true }] : t === 120 ? [{ toggle: "near(home, shop)" }] : []);
    const full = create();
    advance(full, 400, inputs);
    const b = create();
    b.world.restore(v1);
    expect(b.world.tick).toBe(80);
    expect(b.world.hash()).toBe(full.hashes[79]);
    advance(b, 320, inputs);
    expect(b.events).toEqual(full.events.slice(80));
    expect(b.hashes).toEqual(full.hashes.slice(80));
    // The toggle broke the walk: a partial replan on the migrated decomposition.
    expect(labels(b, "htn")[0]).toMatch(/^replan /);
    const broken = JSON.parse(JSON.stringify(v1)) as Snapshot;
    (broken.sections["shopper.errand"]!.data as { history: { replans: { failedStep: number }[] } }).history.replans[0]!.failedStep = 7;
    let err: unknown;
    try {
      b.world.restore(broken);
    } catch (e) {
      err = e;
    }
    expect(isTacticaError(err) && err.code === "CORE_SNAPSHOT" && err.path).toBe("$.sections.shopper.errand.data.history.replans[0].failedStep");
  });
});
