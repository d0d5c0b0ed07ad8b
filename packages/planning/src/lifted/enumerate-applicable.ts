import type { PlanningFact } from "../domain/types";
import type { ActionLayout } from "./action-layout";

/** What {@link enumerateApplicable} found. */
export interface ApplicableEnumeration {
  /** Candidate tuples tried: the product of the positive-precondition bucket sizes. */
  readonly candidates: number;
  /** Parameter bindings (object names, in parameter order) of the applicable ground actions, in enumeration order. */
  readonly bindings: string[][];
  /** Mixed-radix counter value of each applicable candidate, most significant digit first (`"21"`). */
  readonly labels: string[];
}

/**
 * Chapter 13's successor generation for one action on a state given as a fact list (the compact
 * "at rest" form). Applicability pre-test: every positive-precondition predicate must occur in the
 * state. The state's facts are bucketed per positive precondition (same predicate and arity), and
 * the cartesian product of the buckets is enumerated with a mixed-radix counter whose least
 * significant digit is the first precondition. Each tuple is unified by the recorded parameter
 * positions (all occurrences of a parameter must hold the same object), then negative
 * preconditions are checked against the state. Parameters that occur in no positive precondition
 * are not supported here (they need an object list); such actions report no bindings.
 * @param layout - The action's layout ({@link compileActionLayout}); read only.
 * @param state - The facts that hold (the "at rest" fact list, e.g. `domain.initial`); every fact
 *   not listed is false. Read only.
 * @returns A new enumeration: tuples tried, and the bindings and counter labels of the applicable ones.
 * @example
 * ```ts
 * const domain = parseDomain(`
 *   (:objects (location loc1, loc2) (creature c1, c2) (object o1, o2))
 *   (:action Take :parameters (location ?l, creature ?c, object ?o)
 *     :preconditions (at-c(?c, ?l) and at-o(?o, ?l) and not holding(?c, ?o))
 *     :effects (not at-o(?o, ?l) and holding(?c, ?o)))
 *   (:initial (at-c(c1, loc1) and at-c(c2, loc2) and at-o(o1, loc1) and at-o(o2, loc1)))`);
 * const take = domain.actions[0]!;
 * const r = enumerateApplicable(compileActionLayout(take), domain.initial);
 * r.candidates; // → 4
 * r.bindings; // → [["loc1", "c1", "o1"], ["loc1", "c1", "o2"]]
 * ```
 */
export function enumerateApplicable(layout: ActionLayout, state: readonly PlanningFact[]): ApplicableEnumeration {
  const b = layout.b;
  const keys = new Set(state.map((f) => `${f.predicate}(${f.args.join(",")})`));
  const buckets: PlanningFact[][] = [];
  for (let i = 0; i < b; i++) {
    const arity = layout.argStart[i + 1]! - layout.argStart[i]!;
    const pred = layout.predicates[i]!;
    const bucket = state.filter((f) => f.predicate === pred && f.args.length === arity);
    if (bucket.length === 0) return { candidates: 0, bindings: [], labels: [] };
    buckets.push(bucket);
  }
  const bindings: string[][] = [];
  const labels: string[] = [];
  if (layout.positions.some((p) => p.length === 0)) return { candidates: 0, bindings, labels };
  const digits = new Array<number>(b).fill(0);
  let candidates = 0;
  const bound = new Array<string>(layout.parameterCount);
  for (;;) {
    candidates++;
    let ok = true;
    for (let v = 0; v < layout.parameterCount && ok; v++) {
      const pos = layout.positions[v]!;
      const first = pos[0]!;
      const value = buckets[first >> 8]![digits[first >> 8]!]!.args[first & 255]!;
      for (let k = 1; k < pos.length; k++) {
        const q = pos[k]!;
        if (buckets[q >> 8]![digits[q >> 8]!]!.args[q & 255] !== value) {
          ok = false;
          break;
        }
      }
      bound[v] = value;
    }
    if (ok) {
      for (let i = layout.d; i < layout.p; i++) {
        const args: string[] = [];
        for (let k = layout.argStart[i]!; k < layout.argStart[i + 1]!; k++) args.push(bound[layout.args[k]!]!);
        if (keys.has(`${layout.predicates[i]}(${args.join(",")})`)) {
          ok = false;
          break;
        }
      }
    }
    if (ok) {
      bindings.push(bound.slice());
      labels.push(digits.slice().reverse().join(""));
    }
    let k = 0;
    while (k < b) {
      if (++digits[k]! < buckets[k]!.length) break;
      digits[k] = 0;
      k++;
    }
    if (k === b) break;
  }
  return { candidates, bindings, labels };
}
