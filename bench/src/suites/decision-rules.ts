// Production-rule cycle at 1,000 facts × 200 rules: Tactica's incremental (indexed) matcher
// against a naive matcher that re-tests every condition of every rule each cycle.
import { createRng, rngInt, type Rng } from "@tactica/core";
import { createRuleEngine, createRuleState, runRuleCycle, setRuleFact, type RuleBaseDefinition } from "@tactica/decision";
import { allocationPerCall, measure } from "../measure";
import type { SuiteContext } from "../suite";

interface Cond {
  fact: number;
  op: number;
  value: number;
}

function makeBase(facts: number, rules: number, rng: Rng): { def: RuleBaseDefinition; conds: Cond[][] } {
  const ops = ["<", "<=", "==", "!=", ">=", ">"] as const;
  const factRec: Record<string, number> = {};
  for (let f = 0; f < facts; f++) factRec[`f${f}`] = rngInt(rng, 0, 9);
  const conds: Cond[][] = [];
  const def: RuleBaseDefinition = {
    version: 1,
    facts: factRec,
    refraction: false,
    rules: Array.from({ length: rules }, (_, r) => {
      const n = rngInt(rng, 2, 5);
      const cs: Cond[] = Array.from({ length: n }, () => ({ fact: rngInt(rng, 0, facts - 1), op: rngInt(rng, 0, 5), value: rngInt(rng, 0, 9) }));
      conds.push(cs);
      return { name: `r${r}`, salience: rngInt(rng, 0, 20), when: cs.map((c) => ({ fact: `f${c.fact}`, op: ops[c.op]!, value: c.value })), then: [] };
    }),
  };
  return { def, conds };
}

export function runRuleBench(ctx: SuiteContext): void {
  for (const changes of [1, 10]) ruleCase(ctx, changes);
}

function ruleCase(ctx: SuiteContext, changesPerCycle: number): void {
  const facts = ctx.quick ? 100 : 1000;
  const rules = ctx.quick ? 20 : 200;
  const rng = createRng(42);
  const { def, conds } = makeBase(facts, rules, rng);
  const engine = createRuleEngine(def);
  const state = createRuleState(engine);
  const salience = def.rules.map((r) => r.salience ?? 0);
  const changes = new Int32Array(4096 * 2);
  for (let i = 0; i < changes.length; i += 2) {
    changes[i] = rngInt(rng, 0, facts - 1);
    changes[i + 1] = rngInt(rng, 0, 9);
  }
  let ci = 0;
  const tCycle = () => {
    for (let k = 0; k < changesPerCycle; k++) {
      setRuleFact(state, engine, changes[ci]!, changes[ci + 1]!);
      ci = (ci + 2) % changes.length;
    }
    runRuleCycle(state, engine);
    return state.lastFiredCount;
  };
  // Naive: the same working memory updates, then every condition of every rule is re-tested.
  const wm = Float64Array.from(state.facts);
  let ni = 0;
  const test = (a: number, op: number, b: number) =>
    op === 0 ? a < b : op === 1 ? a <= b : op === 2 ? a === b : op === 3 ? a !== b : op === 4 ? a >= b : a > b;
  const nCycle = () => {
    for (let k = 0; k < changesPerCycle; k++) {
      wm[changes[ni]!] = changes[ni + 1]!;
      ni = (ni + 2) % changes.length;
    }
    let best = -1;
    for (let r = 0; r < conds.length; r++) {
      const cs = conds[r]!;
      let ok = true;
      for (let j = 0; j < cs.length && ok; j++) ok = test(wm[cs[j]!.fact]!, cs[j]!.op, cs[j]!.value);
      if (ok && (best < 0 || salience[r]! > salience[best]!)) best = r;
    }
    return best;
  };
  // Same decisions (both start from the same memory and apply the same changes).
  for (let i = 0; i < 300; i++) {
    tCycle();
    const n = nCycle();
    const t = state.lastFiredCount > 0 ? state.lastFired[0]! : -1;
    if (n !== t) throw new Error(`bench: rule engines disagree at cycle ${i}: tactica ${t}, naive ${n}`);
  }
  const c = `rules-${facts}-facts-${rules}-rules-${changesPerCycle}-changes`;
  const timeMs = ctx.quick ? 60 : 1500;
  const t = measure(tCycle, { timeMs });
  const n = measure(nCycle, { timeMs });
  ctx.record({ case: c, library: "tactica", metric: "median_us_per_cycle", value: t.medianUs, unit: "us" });
  ctx.record({ case: c, library: "naive-rescan", metric: "median_us_per_cycle", value: n.medianUs, unit: "us" });
  ctx.record({ case: c, library: "tactica", metric: "ratio_vs_naive-rescan", value: n.medianUs / t.medianUs, unit: "x" });
  ctx.record({ case: c, library: "tactica", metric: "bytes_per_cycle", value: allocationPerCall(tCycle, ctx.quick ? 2000 : 50_000), unit: "bytes" });
  ctx.log(`rules: tactica ${t.medianUs.toFixed(2)} us/cycle, naive ${n.medianUs.toFixed(2)} us/cycle`);
}
