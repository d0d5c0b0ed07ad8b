/**
 * A literal in a precondition, effect or goal: `predicate(arg, …)`, possibly negated. Arguments are
 * parameter names starting with `?` (inside an action) or object names (ground).
 */
export interface PlanningLiteral {
  /** Predicate name. */
  readonly predicate: string;
  /** Arguments: `?param` inside action schemas, object names when ground. */
  readonly args: readonly string[];
  /** True for `not p(…)`: a negative precondition or a delete effect. */
  readonly negated: boolean;
}

/** A ground fact `predicate(objects…)` (always positive). */
export interface PlanningFact {
  /** Predicate name. */
  readonly predicate: string;
  /** Object names. */
  readonly args: readonly string[];
}

/** A typed action parameter: `type ?name` (type `any` accepts every object and is written as a bare `?name`). */
export interface PlanningParameter {
  /** Name including the leading `?`. */
  readonly name: string;
  /** Object type the parameter ranges over; `any` accepts every object. */
  readonly type: string;
}

/** An action schema: typed parameters, preconditions (conjunction with negation), effects. */
export interface PlanningAction {
  /** Action name (the signature's head, e.g. `Take`). */
  readonly name: string;
  /** Typed parameters, in signature order. */
  readonly parameters: readonly PlanningParameter[];
  /** Conjunction of literals that must hold; `negated` ones must be absent. */
  readonly preconditions: readonly PlanningLiteral[];
  /** Add (positive) and delete (negated) effects; deletes apply first, then adds. */
  readonly effects: readonly PlanningLiteral[];
  /** Cost of one application (default 1), used by the cost-aware planners. */
  readonly cost: number;
}

/** A declared predicate with the types of its arguments. */
export interface PlanningPredicate {
  /** Predicate name. */
  readonly name: string;
  /** One type per argument (`any` for any object). */
  readonly types: readonly string[];
}

/** A typed object (constant) of the problem. */
export interface PlanningObject {
  /** Object name. */
  readonly name: string;
  /** Its type (`any` when untyped). */
  readonly type: string;
}

/**
 * A planning domain together with its problem: predicates, action schemas, objects, initial
 * state and goal (a PDDL subset, STRIPS with negative preconditions and typed parameters).
 * Plain data: build it with {@link parseDomain}, {@link domainFromJson} or by hand.
 */
export interface PlanningDomain {
  /** Declared predicates; when empty, predicates are taken from their first use. */
  readonly predicates: readonly PlanningPredicate[];
  /** Action schemas. */
  readonly actions: readonly PlanningAction[];
  /** Objects; parameters are grounded over the objects of their type. */
  readonly objects: readonly PlanningObject[];
  /** Initial state: the facts that hold. */
  readonly initial: readonly PlanningFact[];
  /** Goal: a conjunction of ground literals. */
  readonly goal: readonly PlanningLiteral[];
}
