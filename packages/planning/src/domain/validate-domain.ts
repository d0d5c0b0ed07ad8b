import { planningError, PlanningErrorCodes, type ErrorWhere } from "../internal/errors";
import type { PlanningDomain, PlanningLiteral } from "./types";

/** The type that accepts every object. */
export const ANY_TYPE = "any";

/**
 * Checks a domain's meaning: unknown predicate, parameter or object, arity mismatch, duplicate
 * names, bad costs. `where` maps a node (literal, action, …) and its JSON path to a location.
 * @internal
 */
export function checkDomain(domain: PlanningDomain, fn: string, where: (node: object, path: string) => ErrorWhere): void {
  const err = (node: object, path: string, msg: string) => planningError(PlanningErrorCodes.Domain, fn, msg, where(node, path));
  const arity = new Map<string, number>();
  const declared = domain.predicates.length > 0;
  domain.predicates.forEach((p, i) => {
    if (arity.has(p.name)) throw err(p, `$.predicates[${i}]`, `predicate "${p.name}" is declared twice. Remove one declaration.`);
    arity.set(p.name, p.types.length);
  });
  const objects = new Map<string, string>();
  domain.objects.forEach((o, i) => {
    if (objects.has(o.name)) throw err(o, `$.objects[${i}]`, `object "${o.name}" is declared twice. Remove one declaration.`);
    if (o.name.startsWith("?")) throw err(o, `$.objects[${i}]`, `object name "${o.name}" starts with "?", which marks parameters. Rename it.`);
    objects.set(o.name, o.type);
  });
  const literal = (lit: PlanningLiteral, path: string, params: Set<string> | null, node: object = lit) => {
    const n = arity.get(lit.predicate);
    if (n === undefined) {
      if (declared) throw err(node, path, `unknown predicate "${lit.predicate}". Declare it in :predicates or fix the name.`);
      arity.set(lit.predicate, lit.args.length);
    } else if (n !== lit.args.length) {
      throw err(node, path, `predicate "${lit.predicate}" takes ${n} argument(s), got ${lit.args.length} (arity mismatch).`);
    }
    lit.args.forEach((a, k) => {
      if (a.startsWith("?")) {
        if (params === null) throw err(node, `${path}.args[${k}]`, `parameter "${a}" outside an action. Use an object name.`);
        if (!params.has(a)) throw err(node, `${path}.args[${k}]`, `unknown parameter "${a}". Declare it in :parameters.`);
      } else if (!objects.has(a)) {
        throw err(node, `${path}.args[${k}]`, `unknown object "${a}". Declare it in :objects.`);
      }
    });
  };
  const types = new Set<string>([ANY_TYPE]);
  for (const o of domain.objects) types.add(o.type);
  for (const p of domain.predicates) for (const t of p.types) types.add(t);
  const names = new Set<string>();
  domain.actions.forEach((act, i) => {
    const base = `$.actions[${i}]`;
    if (names.has(act.name)) throw err(act, base, `action "${act.name}" is defined twice. Rename one.`);
    names.add(act.name);
    if (!(Number.isFinite(act.cost) && act.cost >= 0)) throw err(act, `${base}.cost`, `action "${act.name}" has cost ${act.cost}; use a finite number >= 0.`);
    const params = new Set<string>();
    act.parameters.forEach((p, k) => {
      if (p.type !== ANY_TYPE && !types.has(p.type))
        throw err(
          act,
          `${base}.parameters[${k}]`,
          `unknown type "${p.type}" for parameter "${p.name}": no object has it. Check the spelling or declare objects of that type.`,
        );
      if (!p.name.startsWith("?")) throw err(act, `${base}.parameters[${k}]`, `parameter "${p.name}" must start with "?".`);
      if (params.has(p.name)) throw err(act, `${base}.parameters[${k}]`, `parameter "${p.name}" is declared twice.`);
      params.add(p.name);
    });
    act.preconditions.forEach((l, k) => literal(l, `${base}.preconditions[${k}]`, params));
    act.effects.forEach((l, k) => literal(l, `${base}.effects[${k}]`, params));
  });
  domain.initial.forEach((f, i) => literal({ predicate: f.predicate, args: f.args, negated: false }, `$.initial[${i}]`, null, f));
  domain.goal.forEach((l, i) => literal(l, `$.goal[${i}]`, null));
}
