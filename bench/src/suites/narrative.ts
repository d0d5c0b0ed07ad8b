// Narrative suite: grammar expansions per second against tracery-grammar on the same grammars,
// storylet selection (2,000 storylets, 100 qualities) and bark queries (5,000 rules) against a
// naive re-evaluation of every precondition, and merchant samples per second at ρ = 0.5 and 0.98.
import { createRng, rngInt, rngNextFloat, rngWeightedPick, type Rng } from "@tactica/core";
import {
  barkRulesFromJson,
  createBarkState,
  createStoryletIndex,
  createStoryletState,
  expandGrammar,
  findBark,
  grammarFromJson,
  matchConditions,
  playStorylet,
  sampleStationaryQueue,
  sampleTransientQueue,
  selectStorylet,
  storyletDeckFromJson,
  type BarkChoice,
  type BarkQuery,
  type BarkRuleSet,
  type BarkState,
} from "@tactica/narrative";
import tracery from "tracery-grammar";
import { consume, measure, quantile, type Timing } from "../measure";
import type { Suite, SuiteContext } from "../suite";

/**
 * Times `a` and `b` in alternating short rounds (the machine is shared, so load changes between
 * two long back-to-back measurements); returns the per-round medians' median for each and the
 * median of the per-round ratios b/a (how many times faster `a` is).
 */
function paired(a: () => unknown, b: () => unknown, ctx: SuiteContext): { a: number; b: number; ratio: number } {
  const rounds = ctx.quick ? 2 : 9;
  const timeMs = ctx.quick ? 30 : 150;
  const ta: number[] = [];
  const tb: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const x: Timing = measure(a, { timeMs });
    const y: Timing = measure(b, { timeMs });
    ta.push(x.medianUs);
    tb.push(y.medianUs);
    ratios.push(y.medianUs / x.medianUs);
  }
  const med = (v: number[]): number =>
    quantile(
      [...v].sort((p, q) => p - q),
      0.5,
    );
  return { a: med(ta), b: med(tb), ratio: med(ratios) };
}

/** Grammars both engines read (plain Tracery: `#symbol#`, `[key:#rule#]`, the English modifiers). */
const GRAMMARS: Record<string, Record<string, string | string[]>> = {
  tavern: {
    origin: ["The #adj# #noun#", "#noun.a.capitalize# and #noun.a#", "The #noun#'s #part#"],
    adj: ["Prancing", "Rusty", "Golden", "Sleeping", "Drunken", "Silver", "Crooked", "Laughing"],
    noun: ["pony", "anchor", "dragon", "goat", "wizard", "barrel", "owl", "kettle"],
    part: ["Rest", "Head", "Tail", "Flagon", "Hearth"],
  },
  story: {
    origin: ["#[hero:#name#][pet:#animal#]story#"],
    story: ["#hero.capitalize# had #pet.a#. #hero.capitalize# and the #pet# #verb# #place#. #ending#"],
    name: ["ada", "bo", "cy", "dee", "eli"],
    animal: ["owl", "wolf", "eagle", "otter", "ox"],
    verb: ["travelled to", "ran from", "searched", "guarded"],
    place: ["the #adj# forest", "a #adj# tower", "the #adj# sea"],
    adj: ["dark", "old", "quiet", "endless", "frozen"],
    ending: ["The end.", "#hero.capitalize# was never seen again.", "The #pet.s# returned at dawn."],
  },
  quest: {
    origin: ["#giver.capitalize# asks you to #task# #target.a# #location#, for #reward#."],
    giver: ["the #role#", "an old #role#", "the #role# of #town#"],
    role: ["blacksmith", "priest", "mayor", "hunter", "merchant"],
    town: ["Oakvale", "Riverend", "Stonebridge"],
    task: ["slay", "find", "escort", "capture", "deliver"],
    target: ["#monster#", "#item#"],
    monster: ["goblin", "troll", "ogre", "wraith"],
    item: ["amulet", "letter", "idol", "egg"],
    location: ["in the #place#", "near #town#", "under the #place#"],
    place: ["mines", "marsh", "crypt", "old mill"],
    reward: ["#n# gold", "a #adj# sword", "the #role#'s blessing"],
    n: ["10", "50", "100"],
    adj: ["rusty", "fine", "cursed"],
  },
};

function grammarBench(ctx: SuiteContext): void {
  for (const [name, raw] of Object.entries(GRAMMARS)) {
    const g = grammarFromJson(raw);
    const rng = createRng(1);
    const tg = tracery.createGrammar(raw);
    tg.addModifiers(tracery.baseEngModifiers);
    const prng = createRng(1);
    tracery.setRng(() => rngNextFloat(prng)); // the same seeded generator on both sides
    const r = paired(
      () => consume(expandGrammar(g, rng).text.length),
      () => consume(tg.flatten("#origin#").length),
      ctx,
    );
    const c = `grammar-${name}`;
    ctx.record({ case: c, library: "tactica", metric: "ops_per_s", value: 1e6 / r.a, unit: "ops/s" });
    ctx.record({ case: c, library: "tracery-grammar", metric: "ops_per_s", value: 1e6 / r.b, unit: "ops/s" });
    ctx.record({ case: c, library: "tactica", metric: "ratio_vs_tracery-grammar", value: r.ratio, unit: "x" });
    ctx.log(`${c}: tactica ${(1e6 / r.a).toFixed(0)}/s, tracery-grammar ${(1e6 / r.b).toFixed(0)}/s (${r.ratio.toFixed(1)}x)`);
  }
}

/** A random deck: numeric qualities 0..9, 1–4 threshold conditions, 1–2 effects, salience 0..9. */
function makeDeck(storylets: number, qualities: number, rng: Rng): unknown[] {
  const ops = ["<", "<=", "==", "!=", ">=", ">"] as const;
  return Array.from({ length: storylets }, (_, i) => ({
    id: `s${i}`,
    salience: rngInt(rng, 0, 9),
    weight: 1 + rngInt(rng, 0, 3),
    cooldownPlays: rngInt(rng, 0, 5),
    once: rngInt(rng, 0, 9) === 0,
    conditions: Array.from({ length: rngInt(rng, 1, 4) }, () => ({
      key: `q${rngInt(rng, 0, qualities - 1)}`,
      op: ops[rngInt(rng, 0, 5)],
      value: rngInt(rng, 0, 9),
    })),
    effects: Array.from({ length: rngInt(rng, 1, 2) }, () => ({ key: `q${rngInt(rng, 0, qualities - 1)}`, op: "set", value: rngInt(rng, 0, 9) })),
  }));
}

function storyletBench(ctx: SuiteContext): void {
  const n = ctx.quick ? 200 : 2000;
  const qualities = ctx.quick ? 20 : 100;
  const rng = createRng(7);
  const deck = storyletDeckFromJson(makeDeck(n, qualities, rng));
  const initial: Record<string, number> = {};
  for (let q = 0; q < qualities; q++) initial[`q${q}`] = rngInt(rng, 0, 9);
  // One step = select and play (the played storylet's effects change one or two qualities).
  const index = createStoryletIndex(deck);
  const fast = createStoryletState(initial);
  const fastRng = createRng(3);
  const naive = createStoryletState(initial);
  const naiveRng = createRng(3);
  const tStep = (): number => {
    const i = selectStorylet(fast, deck, fastRng, { index });
    if (i >= 0) playStorylet(fast, deck, i);
    return i;
  };
  const nStep = (): number => {
    const i = selectStorylet(naive, deck, naiveRng);
    if (i >= 0) playStorylet(naive, deck, i);
    return i;
  };
  for (let k = 0; k < 500; k++) {
    const a = tStep();
    const b = nStep();
    if (a !== b) throw new Error(`bench: indexed and naive storylet selection disagree at step ${k}: ${a} vs ${b}`);
  }
  const r = paired(tStep, nStep, ctx);
  const t = { medianUs: r.a };
  const s = { medianUs: r.b };
  const c = `storylets-${n}-qualities-${qualities}-select-play`;
  ctx.record({ case: c, library: "tactica", metric: "median_us", value: t.medianUs, unit: "us" });
  ctx.record({ case: c, library: "naive-rescan", metric: "median_us", value: s.medianUs, unit: "us" });
  ctx.record({ case: c, library: "tactica", metric: "ratio_vs_naive-rescan", value: r.ratio, unit: "x" });
  ctx.log(`${c}: indexed ${t.medianUs.toFixed(2)} us, naive ${s.medianUs.toFixed(2)} us (${r.ratio.toFixed(1)}x)`);
}

/** The naive query: every rule's concept and criteria tested, then the most specific free match. */
function naiveFindBark(rules: BarkRuleSet, state: BarkState, query: BarkQuery, rng: Rng, tierOf: number[]): BarkChoice | null {
  const free = (id: string, lines: number, cooldown: number, concept: string, out: number[]): number => {
    out.length = 0;
    for (let i = 0; i < lines; i++) {
      const key = `${id}#${i}`;
      const used = state.lineUsed[key];
      if (used !== undefined && state.time - used < cooldown) continue;
      if (key !== state.lastLine[concept]) out.push(i);
    }
    return out.length;
  };
  const lines: number[] = [];
  tierOf.length = 0;
  let best = -1;
  for (let r = 0; r < rules.rules.length; r++) {
    const rule = rules.rules[r]!;
    if (rule.concept !== query.concept || !matchConditions(rule.criteria, query.facts)) continue;
    const used = state.ruleUsed[rule.id];
    if (used !== undefined && state.time - used < rule.cooldown) continue;
    if (free(rule.id, rule.lines.length, rule.lineCooldown, rule.concept, lines) === 0) continue;
    if (rule.criteria.length > best) {
      best = rule.criteria.length;
      tierOf.length = 0;
    }
    if (rule.criteria.length === best) tierOf.push(r);
  }
  if (tierOf.length === 0) return null;
  const rule =
    rules.rules[
      tierOf.length === 1
        ? tierOf[0]!
        : tierOf[
            rngWeightedPick(
              rng,
              tierOf.map((r) => rules.rules[r]!.weight),
            )
          ]!
    ]!;
  const m = free(rule.id, rule.lines.length, rule.lineCooldown, rule.concept, lines);
  const lineIndex = lines[m === 1 ? 0 : rngInt(rng, 0, m - 1)]!;
  return { ruleId: rule.id, specificity: rule.criteria.length, lineIndex, text: rule.lines[lineIndex]! };
}

function barkBench(ctx: SuiteContext): void {
  const n = ctx.quick ? 500 : 5000;
  const concepts = 50;
  const rng = createRng(11);
  const classes = ["medic", "scout", "heavy", "sniper", "engineer"];
  const json = Array.from({ length: n }, (_, i) => ({
    id: `r${i}`,
    concept: `c${rngInt(rng, 0, concepts - 1)}`,
    criteria: [
      ...(rngInt(rng, 0, 1) ? [{ key: "speaker.class", op: "==", value: classes[rngInt(rng, 0, 4)]! }] : []),
      ...(rngInt(rng, 0, 1) ? [{ key: "speaker.health", op: "<", value: rngInt(rng, 1, 100) }] : []),
      ...(rngInt(rng, 0, 2) === 0 ? [{ key: "listener.friendly", op: "==", value: true }] : []),
      ...(rngInt(rng, 0, 2) === 0 ? [{ key: "world.map", op: "==", value: `m${rngInt(rng, 0, 5)}` }] : []),
    ],
    lines: Array.from({ length: rngInt(rng, 1, 4) }, (_, k) => `line ${i}.${k}`),
    weight: 1 + rngInt(rng, 0, 2),
  }));
  const rules = barkRulesFromJson(json);
  const queries: BarkQuery[] = Array.from({ length: 512 }, () => ({
    concept: `c${rngInt(rng, 0, concepts - 1)}`,
    facts: {
      "speaker.class": classes[rngInt(rng, 0, 4)]!,
      "speaker.health": rngInt(rng, 1, 100),
      "listener.friendly": rngInt(rng, 0, 1) === 1,
      "world.map": `m${rngInt(rng, 0, 5)}`,
    },
  }));
  const state = createBarkState();
  const scratch: number[] = [];
  for (let k = 0; k < queries.length; k++) {
    const a = findBark(state, rules, queries[k]!, createRng(k));
    const b = naiveFindBark(rules, state, queries[k]!, createRng(k), scratch);
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`bench: indexed and naive bark queries disagree at query ${k}`);
  }
  let qi = 0;
  const trng = createRng(5);
  const nrng = createRng(5);
  const r = paired(
    () => consume(findBark(state, rules, queries[qi++ & 511]!, trng)?.lineIndex),
    () => consume(naiveFindBark(rules, state, queries[qi++ & 511]!, nrng, scratch)?.lineIndex),
    ctx,
  );
  const t = { medianUs: r.a };
  const s = { medianUs: r.b };
  const c = `barks-${n}-rules-${concepts}-concepts-query`;
  ctx.record({ case: c, library: "tactica", metric: "median_us", value: t.medianUs, unit: "us" });
  ctx.record({ case: c, library: "naive-rescan", metric: "median_us", value: s.medianUs, unit: "us" });
  ctx.record({ case: c, library: "tactica", metric: "ratio_vs_naive-rescan", value: r.ratio, unit: "x" });
  ctx.log(`${c}: indexed ${t.medianUs.toFixed(2)} us, naive ${s.medianUs.toFixed(2)} us (${r.ratio.toFixed(1)}x)`);
}

function merchantBench(ctx: SuiteContext): void {
  const timeMs = ctx.quick ? 60 : 1000;
  for (const rho of [0.5, 0.98]) {
    const rng = createRng(9);
    const removeRate = 1;
    const addRate = rho * removeRate;
    const st = measure(() => consume(sampleStationaryQueue(addRate, removeRate, rng)), { timeMs });
    let m = 0;
    const tr = measure(
      () => {
        m = sampleTransientQueue(addRate, removeRate, m, 10, rng);
        return m;
      },
      { timeMs },
    );
    ctx.record({ case: `merchant-stationary-rho-${rho}`, library: "tactica", metric: "samples_per_s", value: st.opsPerSec, unit: "ops/s" });
    ctx.record({ case: `merchant-transient-t10-rho-${rho}`, library: "tactica", metric: "samples_per_s", value: tr.opsPerSec, unit: "ops/s" });
    ctx.log(`merchant ρ = ${rho}: stationary ${st.opsPerSec.toFixed(0)}/s, transient (t = 10) ${tr.opsPerSec.toFixed(0)}/s`);
  }
}

const suite: Suite = {
  name: "narrative",
  description:
    "grammar expansions vs tracery-grammar; storylet selection (2,000 storylets, 100 qualities) and bark queries (5,000 rules) vs naive re-evaluation; merchant samples at ρ = 0.5 and 0.98",
  run(ctx) {
    grammarBench(ctx);
    storyletBench(ctx);
    barkBench(ctx);
    merchantBench(ctx);
  },
};
export default suite;
