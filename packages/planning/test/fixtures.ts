import fc from "fast-check";
import type { PlanningDomain, PlanningLiteral } from "../src/index";

/** Chapter 13's Take action (with the book's `?object` typo fixed to `?o`) and an example state. */
export const TAKE = `
; Chapter 13: Take(location, creature, object)
(:predicates at-c(creature, location), at-o(object, location), holding(creature, object))
(:objects (location loc1, loc2, loc3, loc4, loc5) (creature c1, c2, c3, c4) (object o1, o2, o3, o4, o5))
(:action Take
  :parameters (location ?l, creature ?c, object ?o)
  :preconditions (at-c(?c, ?l) and at-o(?o, ?l) and not holding(?c, ?o))
  :effects (not at-o(?o, ?l) and holding(?c, ?o)))
(:initial (at-c(c1, loc1) and at-c(c2, loc1) and at-c(c3, loc2) and at-c(c4, loc3)
  and at-o(o1, loc1) and at-o(o2, loc4) and at-o(o3, loc1) and at-o(o4, loc3) and at-o(o5, loc5)))
(:goal (holding(c1, o1) and holding(c2, o3)))
`;

/** Chapter 42, Listing 42.1 / Table 42.1: Little Red Riding Hood with a predator and a fairy. */
export const RED = `
(:predicates alive(character), hungry(character), eaten(character), in(character, character), predator(character), knows-red(character), magic(character))
(:objects (character red, granny, wolf, grendel, fairy))
(:action eat
  :parameters (character ?p, character ?v)
  :preconditions (predator(?p) and alive(?p) and hungry(?p) and alive(?v) and not eaten(?v) and knows-red(?p))
  :effects (eaten(?v) and in(?v, ?p) and not hungry(?p)))
(:action kill
  :parameters (character ?k, character ?v)
  :preconditions (alive(?k) and alive(?v) and predator(?v) and not eaten(?k))
  :effects (not alive(?v)))
(:action introduce-predator
  :parameters (character ?p)
  :cost 2
  :preconditions (not alive(?p) and not predator(?p) and not magic(?p) and not knows-red(?p))
  :effects (alive(?p) and predator(?p) and hungry(?p) and knows-red(?p)))
(:action resurrect
  :parameters (character ?f, character ?v)
  :cost 2
  :preconditions (magic(?f) and alive(?f) and not alive(?v) and predator(?v))
  :effects (alive(?v) and hungry(?v)))
(:initial (alive(red) and alive(granny) and alive(wolf) and alive(fairy) and hungry(wolf) and predator(wolf) and knows-red(wolf) and magic(fairy)))
(:goal (eaten(granny)))
`;

/** Random propositional STRIPS domains with negative preconditions and costs 1..3. */
export function arbDomain(maxFacts = 5, maxActions = 6): fc.Arbitrary<PlanningDomain> {
  return fc.integer({ min: 1, max: maxFacts }).chain((n) => {
    const sub = fc.array(fc.integer({ min: 0, max: n - 1 }), { minLength: 0, maxLength: n }).map((xs) => [...new Set(xs)]);
    const lit = (k: number, negated = false): PlanningLiteral => ({ predicate: `p${k}`, args: [], negated });
    const action = fc.record({ pt: sub, pf: sub, add: sub, del: sub, cost: fc.integer({ min: 1, max: 3 }) });
    return fc
      .record({
        actions: fc.array(action, { minLength: 1, maxLength: maxActions }),
        initial: sub,
        goalT: sub,
        goalF: sub,
      })
      .map(({ actions, initial, goalT, goalF }) => ({
        predicates: Array.from({ length: n }, (_, k) => ({ name: `p${k}`, types: [] })),
        objects: [],
        actions: actions.map((a, i) => ({
          name: `a${i}`,
          parameters: [],
          cost: a.cost,
          preconditions: [...a.pt.map((k) => lit(k)), ...a.pf.filter((k) => !a.pt.includes(k)).map((k) => lit(k, true))],
          effects: [...a.del.filter((k) => !a.add.includes(k)).map((k) => lit(k, true)), ...a.add.map((k) => lit(k))],
        })),
        initial: initial.map((k) => ({ predicate: `p${k}`, args: [] })),
        goal: [...goalT.map((k) => lit(k)), ...goalF.filter((k) => !goalT.includes(k)).map((k) => lit(k, true))],
      }));
  });
}

/** Brute force over all 2^n states of a propositional domain: cheapest cost and fewest actions. */
export function bruteForce(d: PlanningDomain, start = new Set(d.initial.map((f) => f.predicate))): { cost: number; steps: number } {
  const n = d.predicates.length;
  const key = (s: Set<string>) => [...s].sort().join(",");
  const holds = (s: Set<string>, ls: readonly PlanningLiteral[]) => ls.every((l) => s.has(l.predicate) !== l.negated);
  const states = new Map<string, Set<string>>();
  for (let m = 0; m < 1 << n; m++) {
    const s = new Set<string>();
    for (let k = 0; k < n; k++) if (m & (1 << k)) s.add(`p${k}`);
    states.set(key(s), s);
  }
  const cost = new Map<string, number>([[key(start), 0]]);
  const steps = new Map<string, number>([[key(start), 0]]);
  for (let round = 0; round < states.size + 1; round++) {
    for (const [k, s] of states) {
      const c = cost.get(k);
      const st = steps.get(k);
      for (const a of d.actions) {
        if (!holds(s, a.preconditions)) continue;
        const r = new Set(s);
        for (const e of a.effects) if (e.negated) r.delete(e.predicate);
        for (const e of a.effects) if (!e.negated) r.add(e.predicate);
        const rk = key(r);
        if (c !== undefined && c + a.cost < (cost.get(rk) ?? Infinity)) cost.set(rk, c + a.cost);
        if (st !== undefined && st + 1 < (steps.get(rk) ?? Infinity)) steps.set(rk, st + 1);
      }
    }
  }
  let best = Infinity;
  let fewest = Infinity;
  for (const [k, s] of states) {
    if (!holds(s, d.goal)) continue;
    best = Math.min(best, cost.get(k) ?? Infinity);
    fewest = Math.min(fewest, steps.get(k) ?? Infinity);
  }
  return { cost: best, steps: fewest };
}
