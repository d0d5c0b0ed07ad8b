import { planningError, PlanningErrorCodes } from "../internal/errors";
import type { PlanningAction, PlanningLiteral } from "../domain/types";

/**
 * Chapter 13's action layout: preconditions and effects share one array in which every atom
 * appears once, split into six ranges by `0 ≤ a ≤ b ≤ c ≤ d ≤ e ≤ p`:
 * `[0, a)` positive preconditions, `[a, b)` positive preconditions that are also deleted,
 * `[b, c)` deletes, `[c, d)` adds, `[d, e)` adds that are also negative preconditions,
 * `[e, p)` negative preconditions. Preconditions are `[0, b) ∪ [d, p)`, effects `[a, e)`.
 * Arguments are recorded as parameter indices (bytes).
 */
export interface ActionLayout {
  /** Action name. */
  readonly name: string;
  /** Range bounds. */
  readonly a: number;
  /** Range bound b. */
  readonly b: number;
  /** Range bound c. */
  readonly c: number;
  /** Range bound d. */
  readonly d: number;
  /** Range bound e. */
  readonly e: number;
  /** Number of atoms p. */
  readonly p: number;
  /** Predicate name of each atom. */
  readonly predicates: readonly string[];
  /** Parameter index of each argument, atom `i` at `argStart[i] .. argStart[i + 1]`. */
  readonly args: Uint8Array;
  /** Offsets into `args`, length `p + 1`. */
  readonly argStart: Uint16Array;
  /** Parameter count. */
  readonly parameterCount: number;
  /**
   * For every parameter, the positions where it occurs in the positive preconditions `[0, b)`,
   * as `atom * 256 + argument` (unification by recorded positions).
   */
  readonly positions: readonly (readonly number[])[];
}

/**
 * Builds the six-range layout of an action schema. A literal whose arguments are not all
 * parameters (a constant) is rejected: the layout stores parameter indices only.
 * An atom both required and added (or forbidden and deleted) is a no-op effect and is kept as a
 * precondition only.
 * @param action - The action schema (an entry of `domain.actions`); every literal argument must be
 *   one of its parameters. Read only.
 * @returns A new layout; within each range, atoms keep the order of their first appearance
 *   (preconditions first, then effects).
 * @throws TacticaError `PLANNING_DOMAIN` for constants in arguments or more than 255 parameters.
 * @example
 * ```ts
 * // Chapter 13's Take: at-c and at-o are required, at-o is also deleted, holding is added and forbidden.
 * const domain = parseDomain(`
 *   (:objects (location loc1) (creature c1) (object o1))
 *   (:action Take :parameters (location ?l, creature ?c, object ?o)
 *     :preconditions (at-c(?c, ?l) and at-o(?o, ?l) and not holding(?c, ?o))
 *     :effects (not at-o(?o, ?l) and holding(?c, ?o)))`);
 * const take = compileActionLayout(domain.actions[0]!);
 * [take.a, take.b, take.c, take.d, take.e, take.p]; // → [1, 2, 2, 2, 3, 3]
 * take.predicates; // → ["at-c", "at-o", "holding"]
 * ```
 */
export function compileActionLayout(action: PlanningAction): ActionLayout {
  const FN = "compileActionLayout";
  if (action.parameters.length > 255) throw planningError(PlanningErrorCodes.Domain, FN, `action "${action.name}" has more than 255 parameters.`);
  const pIndex = new Map(action.parameters.map((p, i) => [p.name, i] as const));
  const key = (l: PlanningLiteral) => `${l.predicate}(${l.args.join(",")})`;
  interface Atom {
    lit: PlanningLiteral;
    pre: 0 | 1 | -1;
    eff: 0 | 1 | -1;
  }
  const atoms = new Map<string, Atom>();
  const note = (l: PlanningLiteral, isPre: boolean) => {
    for (const arg of l.args)
      if (!pIndex.has(arg))
        throw planningError(
          PlanningErrorCodes.Domain,
          FN,
          `"${key(l)}" in action "${action.name}" uses "${arg}", which is not a parameter; the layout needs parameters only.`,
        );
    const k = key(l);
    let at = atoms.get(k);
    if (!at) atoms.set(k, (at = { lit: l, pre: 0, eff: 0 }));
    const sign = l.negated ? -1 : 1;
    if (isPre) at.pre = sign;
    else at.eff = sign;
  };
  for (const l of action.preconditions) note(l, true);
  for (const l of action.effects) note(l, false);
  const ranges: Atom[][] = [[], [], [], [], [], []];
  for (const at of atoms.values()) {
    // A precondition that is also an effect of the same sign is a no-op effect: keep the precondition.
    if (at.pre !== 0 && at.pre === at.eff) at.eff = 0;
    if (at.pre === 1) ranges[at.eff === -1 ? 1 : 0]!.push(at);
    else if (at.pre === -1) ranges[at.eff === 1 ? 4 : 5]!.push(at);
    else ranges[at.eff === -1 ? 2 : 3]!.push(at);
  }
  const order = ranges.flat();
  const bounds: number[] = [];
  let acc = 0;
  for (let r = 0; r < 5; r++) bounds.push((acc += ranges[r]!.length));
  const argStart = new Uint16Array(order.length + 1);
  const args: number[] = [];
  order.forEach((at, i) => {
    argStart[i] = args.length;
    for (const x of at.lit.args) args.push(pIndex.get(x)!);
  });
  argStart[order.length] = args.length;
  const positions: number[][] = action.parameters.map(() => []);
  const b = bounds[1]!;
  for (let i = 0; i < b; i++) for (let k = argStart[i]!; k < argStart[i + 1]!; k++) positions[args[k]!]!.push(i * 256 + (k - argStart[i]!));
  return {
    name: action.name,
    a: bounds[0]!,
    b,
    c: bounds[2]!,
    d: bounds[3]!,
    e: bounds[4]!,
    p: order.length,
    predicates: order.map((at) => at.lit.predicate),
    args: Uint8Array.from(args),
    argStart,
    parameterCount: action.parameters.length,
    positions,
  };
}
