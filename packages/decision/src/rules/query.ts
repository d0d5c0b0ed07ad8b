import { rngNextFloat, type Rng } from "@tactica/core";
import { evaluateRuleConditions, checkRuleState, type RuleEngine, type RuleState } from "./engine";

/** Options for {@link queryRules}. */
export interface RuleQueryOptions {
  /**
   * Extra acceptance test per matching rule (cooldowns, "has a line left"…): a rule it rejects is
   * skipped as if it did not match, so a used-up tier falls back to the next, less specific one.
   * Called only for rules whose conditions all hold, most specific first.
   */
  filter?: (rule: number) => boolean;
}

let cand = new Int32Array(64);

/**
 * Rule query (Valve's dynamic dialog, Ruskin, GDC 2012): returns the index of the rule with the
 * most conditions that all hold on the current facts of `state`, or -1 when none does. Ties
 * between equally specific rules are broken by one seeded draw from `rng` proportional to the
 * rules' weights (no draw when one rule is left). Disabled rules, rules of weight 0 and rules
 * `options.filter` rejects are skipped. Nothing fires, no fact changes, refraction is ignored.
 *
 * Reads the facts directly (no {@link matchRules} needed) and only the rules of the key fact's
 * current value plus the rules that do not constrain it (see `keyFact` in
 * {@link RuleBaseDefinition}), tier by tier from the most specific, and stops at the first tier
 * with a match: with 5,000 rules over 50 concepts a query tests about a hundred rules.
 *
 * @param state - The agent's working memory; its facts are read directly (no {@link matchRules} needed), nothing is changed.
 * @param engine - The compiled engine `state` belongs to.
 * @param rng - Generator for tie-breaks; draws one float only when several equally specific rules match.
 * @param options - `filter(rule)`: extra acceptance test per matching rule (e.g. cooldowns); a rejected rule is skipped. Left out: every
 *   matching rule is accepted.
 * @example
 * ```ts
 * const engine = createRuleEngine({
 *   version: 1,
 *   facts: { concept: "", "speaker.class": "" },
 *   keyFact: "concept",
 *   strategy: "specificity",
 *   rules: [
 *     { name: "generic", when: [{ fact: "concept", value: "onHit" }], then: [] },
 *     { name: "medic", when: [{ fact: "concept", value: "onHit" }, { fact: "speaker.class", value: "medic" }], then: [] },
 *   ],
 * });
 * const state = createRuleState(engine);
 * setRuleFact(state, engine, "concept", "onHit");
 * setRuleFact(state, engine, "speaker.class", "medic");
 * engine.ruleNames[queryRules(state, engine, createRng(1))]; // "medic"
 * setRuleFact(state, engine, "speaker.class", "scout");
 * engine.ruleNames[queryRules(state, engine, createRng(1))]; // "generic"
 * ```
 *
 * @throws TacticaError `INVALID_ARGUMENT` when `state` was not made for `engine`.
 */
export function queryRules(state: RuleState, engine: RuleEngine, rng: Rng, options?: RuleQueryOptions): number {
  checkRuleState("queryRules", state, engine);
  const t = engine.t;
  const filter = options?.filter;
  const last = t.queryStart.length - 2;
  let i = 0;
  let iEnd = 0;
  if (engine.keyFact >= 0) {
    const v = state.facts[engine.keyFact]!;
    const b = v >= 0 ? t.keyBucket[v]! : -1;
    if (b >= 0) {
      i = t.queryStart[b]!;
      iEnd = t.queryStart[b + 1]!;
    }
  }
  let j = t.queryStart[last]!;
  const jEnd = t.queryStart[last + 1]!;
  const list = t.queryList;
  const tests = engine.testCount;
  if (cand.length < engine.ruleNames.length) cand = new Int32Array(engine.ruleNames.length);
  while (i < iEnd || j < jEnd) {
    const ti = i < iEnd ? tests[list[i]!]! : -1;
    const tj = j < jEnd ? tests[list[j]!]! : -1;
    const tier = ti > tj ? ti : tj;
    // Merge the tier of both lists in database order (each list is sorted by index within a tier).
    let n = 0;
    let total = 0;
    while ((i < iEnd && tests[list[i]!] === tier) || (j < jEnd && tests[list[j]!] === tier)) {
      let r: number;
      if (i < iEnd && tests[list[i]!] === tier && !(j < jEnd && tests[list[j]!] === tier && list[j]! < list[i]!)) r = list[i++]!;
      else r = list[j++]!;
      const w = state.weight[r]!;
      if (state.enabled[r] !== 1 || !(w > 0)) continue;
      if (!evaluateRuleConditions(state, engine, r)) continue;
      if (filter !== undefined && !filter(r)) continue;
      cand[n++] = r;
      total += w;
    }
    if (n === 0) continue;
    if (n === 1) return cand[0]!;
    let x = rngNextFloat(rng) * total;
    let best = -1;
    for (let k = 0; k < n; k++) {
      const r = cand[k]!;
      const w = state.weight[r]!;
      best = r;
      if (x < w) break;
      x -= w;
    }
    return best;
  }
  return -1;
}
