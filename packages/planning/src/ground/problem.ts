import { describeValue } from "@tactica/core";
import { checkArray, checkOptions, planningError, PlanningErrorCodes } from "../internal/errors";
import { formatLiteral, parseLiteral } from "../domain/literal";
import type { PlanningDomain, PlanningLiteral } from "../domain/types";
import { ANY_TYPE } from "../domain/validate-domain";

/**
 * A goal compiled to bitsets: every bit of `pos` must be set in the state, every bit of `neg`
 * clear. `impossible` is true when a positive literal names a fact no action can ever produce and
 * the initial state does not hold (it has no bit).
 */
export interface PlanningGoal {
  /** Facts that must hold. */
  readonly pos: Uint32Array;
  /** Facts that must not hold. */
  readonly neg: Uint32Array;
  /** True when the goal can never be met (a positive literal outside the fact universe). */
  readonly impossible: boolean;
}

/**
 * A grounded planning problem: every ground fact has a bit, every ground action a row of four
 * bitsets (positive and negative preconditions, add and delete effects, with deletes that are also
 * adds removed so that `r = (s − del) ∪ add`). Built once by {@link compileProblem}; read-only.
 */
export interface PlanningProblem {
  /** The source domain. */
  readonly domain: PlanningDomain;
  /** Number of ground facts (bits). */
  readonly factCount: number;
  /** Words (`Uint32`) per state. */
  readonly words: number;
  /** Fact names `pred(a, b)` by bit. */
  readonly factNames: readonly string[];
  /**
   * Bit of each fact name, keyed by the canonical spelling of `factNames` (`"at(a, b)"`) and, for
   * a fact without arguments, also by its bare name (`"warned"` and `"warned()"` give the same
   * bit). A missing key reads `undefined`: prefer {@link getFactIndex}, which accepts every
   * spelling the parser accepts and throws on an unknown fact.
   */
  readonly factIndex: Readonly<Record<string, number>>;
  /** Interned object names; object ids fit the arrays below (`Uint8Array` under 256 objects). */
  readonly objectNames: readonly string[];
  /** Number of ground actions. */
  readonly actionCount: number;
  /** Ground action signatures `Take(loc1, c1, o1)` by index. */
  readonly actionNames: readonly string[];
  /** Index of each signature. */
  readonly actionIndex: Readonly<Record<string, number>>;
  /** Schema (index into `domain.actions`) of each ground action. */
  readonly actionSchema: Uint16Array;
  /** Object ids of the arguments, `actionArgStart[a] .. actionArgStart[a + 1]`. */
  readonly actionArgs: Uint8Array | Uint16Array;
  /** Offsets into `actionArgs`, length `actionCount + 1`. */
  readonly actionArgStart: Uint32Array;
  /** Static cost of each ground action. */
  readonly actionCost: Float64Array;
  /** Positive preconditions, `words` per action. */
  readonly preT: Uint32Array;
  /** Negative preconditions. */
  readonly preF: Uint32Array;
  /** Add effects. */
  readonly add: Uint32Array;
  /** Delete effects (minus adds). */
  readonly del: Uint32Array;
  /** Largest number of literals one action changes (adds + deletes); bounds the GOAP heuristic. */
  readonly maxChanged: number;
  /** Smallest static action cost (0 when there are no actions). */
  readonly minCost: number;
  /** The domain's initial state. */
  readonly initial: Uint32Array;
  /** The domain's goal. */
  readonly goal: PlanningGoal;
}

/** Options of {@link compileProblem}. */
export interface CompileProblemOptions {
  /**
   * Refuse to ground more actions than this (default 100 000,
   * which grounds in well under a second). Without `pruneStatic` the count is computed from the
   * parameters' candidate objects before anything is grounded; with it, the bindings tried are
   * also capped at 16 × `maxActions`. Independently, actions × facts is capped at 2^24 words per
   * bitset (the four action × fact bitsets at 64 MB each), checked before they are allocated.
   */
  readonly maxActions?: number;
  /**
   * Treat predicates no action changes as fixed to the initial state (default false): bindings
   * whose static preconditions fail there are dropped and static facts get no bit, which shrinks
   * big domains. Only valid when every start state agrees with the initial state on those facts.
   */
  readonly pruneStatic?: boolean;
}

const FN = "compileProblem";
/** Default of {@link CompileProblemOptions.maxActions}: most ground actions {@link compileProblem} makes. */
const COMPILE_PROBLEM_MAX_ACTIONS = 100_000;
/** Most 32-bit words in each of the problem's four action × fact bitsets (64 MB each). */
const MAX_MATRIX_WORDS = 1 << 24;

/**
 * Grounds a domain: binds every action parameter to the objects of its type (with `pruneStatic`,
 * drops bindings whose static preconditions fail in the initial state), interns facts to bits and
 * builds the bitset rows.
 * @throws TacticaError `PLANNING_DOMAIN` when grounding exceeds `maxActions`.
 * @example
 * ```ts
 * const p = compileProblem(parseDomain("(:objects (room a, b)) (:action go :parameters (room ?x, room ?y) :preconditions (at(?x)) :effects (not at(?x) and at(?y))) (:initial (at(a))) (:goal (at(b)))"));
 * p.actionNames; // → ["go(a, a)", "go(a, b)", "go(b, a)", "go(b, b)"]
 * ```
 */
export function compileProblem(domain: PlanningDomain, options: CompileProblemOptions = {}): PlanningProblem {
  checkOptions(options, FN);
  const maxActions = options.maxActions ?? COMPILE_PROBLEM_MAX_ACTIONS;
  if (typeof maxActions !== "number" || !(maxActions >= 0))
    throw planningError(PlanningErrorCodes.Argument, FN, `options.maxActions must be a number ≥ 0 but is ${describeValue(maxActions)}.`, {
      path: "options.maxActions",
    });
  // Bindings tried (with pruneStatic, most may fail a static precondition): a work cap.
  const maxTried = maxActions * 16;
  let tried = 0;
  const objectNames = domain.objects.map((o) => o.name);
  const objectId = new Map<string, number>();
  objectNames.forEach((n, i) => objectId.set(n, i));
  const changed = new Set<string>();
  for (const a of domain.actions) for (const e of a.effects) changed.add(e.predicate);
  if (options.pruneStatic !== true) for (const a of domain.actions) for (const l of a.preconditions) changed.add(l.predicate);
  const initialKeys = new Set(domain.initial.map((f) => formatLiteral(f)));

  const factIndex: Record<string, number> = Object.create(null) as Record<string, number>;
  const factNames: string[] = [];
  const intern = (key: string) => {
    let k = factIndex[key];
    if (k === undefined) {
      k = factNames.length;
      factIndex[key] = k;
      factNames.push(key);
    }
    return k;
  };
  for (const f of domain.initial) intern(formatLiteral(f));

  interface Ground {
    schema: number;
    args: number[];
    name: string;
    cost: number;
    preT: number[];
    preF: number[];
    add: number[];
    del: number[];
  }
  const grounds: Ground[] = [];
  domain.actions.forEach((act, s) => {
    const params = act.parameters;
    const pIndex = new Map<string, number>();
    params.forEach((p, k) => pIndex.set(p.name, k));
    const candidates = params.map((p) =>
      p.type === ANY_TYPE ? objectNames.map((_, k) => k) : domain.objects.flatMap((o, k) => (o.type === p.type ? [k] : [])),
    );
    // The grounding size is known before grounding: refuse it at once rather than after seconds.
    let size = 1;
    for (const c of candidates) size *= c.length;
    if (options.pruneStatic !== true && grounds.length + size > maxActions)
      throw planningError(
        PlanningErrorCodes.Domain,
        FN,
        `grounding makes ${size} actions from action "${act.name}" (${candidates.map((c) => c.length).join(" × ")} objects), ${grounds.length + size} in all, more than maxActions (${maxActions}); add types or static preconditions (with pruneStatic), or raise options.maxActions.`,
        { path: `$.actions[${s}]` },
      );
    // Static preconditions are checked at the depth where their last parameter gets bound.
    const staticAt: PlanningLiteral[][] = params.map(() => []);
    const staticGround: PlanningLiteral[] = [];
    for (const l of act.preconditions) {
      if (changed.has(l.predicate)) continue;
      let depth = -1;
      for (const a of l.args) if (a.startsWith("?")) depth = Math.max(depth, pIndex.get(a)!);
      if (depth < 0) staticGround.push(l);
      else staticAt[depth]!.push(l);
    }
    const binding: number[] = new Array<number>(params.length).fill(0);
    const groundKey = (l: PlanningLiteral) =>
      `${l.predicate}(${l.args.map((a) => (a.startsWith("?") ? objectNames[binding[pIndex.get(a)!]!]! : a)).join(", ")})`;
    const staticOk = (ls: PlanningLiteral[]) => {
      for (const l of ls) if (initialKeys.has(groundKey(l)) === l.negated) return false;
      return true;
    };
    if (!staticOk(staticGround)) return;
    const emit = () => {
      if (grounds.length >= maxActions)
        throw planningError(
          PlanningErrorCodes.Domain,
          FN,
          `grounding makes more than maxActions (${maxActions}) actions (action "${act.name}"); add types or static preconditions, or raise options.maxActions.`,
          { path: `$.actions[${s}]` },
        );
      const g: Ground = {
        schema: s,
        args: binding.slice(),
        name: `${act.name}(${binding.map((b) => objectNames[b]).join(", ")})`,
        cost: act.cost,
        preT: [],
        preF: [],
        add: [],
        del: [],
      };
      for (const l of act.preconditions) {
        if (!changed.has(l.predicate)) continue;
        (l.negated ? g.preF : g.preT).push(intern(groundKey(l)));
      }
      for (const l of act.effects) (l.negated ? g.del : g.add).push(intern(groundKey(l)));
      g.del = g.del.filter((f) => !g.add.includes(f));
      grounds.push(g);
    };
    const bind = (k: number) => {
      if (k === params.length) return emit();
      for (const o of candidates[k]!) {
        if (++tried > maxTried)
          throw planningError(
            PlanningErrorCodes.Domain,
            FN,
            `grounding tried more than ${maxTried} bindings (16 × maxActions, ${maxActions}) at action "${act.name}"; add types or static preconditions, or raise options.maxActions.`,
            { path: `$.actions[${s}]` },
          );
        binding[k] = o;
        if (staticOk(staticAt[k]!)) bind(k + 1);
      }
    };
    bind(0);
  });

  // A fact without arguments answers its bare name too ("warned" and "warned()"), as the domain
  // text, stateFromFacts and compileGoal accept both.
  factNames.forEach((name, k) => {
    if (name.endsWith("()")) {
      const bare = name.slice(0, -2);
      if (factIndex[bare] === undefined) factIndex[bare] = k;
    }
  });
  const words = Math.max(1, Math.ceil(factNames.length / 32));
  const A = grounds.length;
  // The four action × fact bitsets grow with actions × facts: refuse sizes that would allocate
  // gigabytes (a domain whose every action adds its own fact) before allocating them.
  if (A * words > MAX_MATRIX_WORDS)
    throw planningError(
      PlanningErrorCodes.Domain,
      FN,
      `${A} ground actions × ${factNames.length} facts need ${A * words} words per bitset, more than ${MAX_MATRIX_WORDS} (4 bitsets of 64 MB); add types or static preconditions, or set pruneStatic.`,
      { path: "$.actions" },
    );
  const rows = () => new Uint32Array(Math.max(1, A * words));
  const preT = rows();
  const preF = rows();
  const add = rows();
  const del = rows();
  const set = (arr: Uint32Array, a: number, f: number) => (arr[a * words + (f >>> 5)]! |= 1 << (f & 31));
  const actionSchema = new Uint16Array(A);
  const actionArgStart = new Uint32Array(A + 1);
  const total = grounds.reduce((n, g) => n + g.args.length, 0);
  const actionArgs = objectNames.length < 256 ? new Uint8Array(total) : new Uint16Array(total);
  const actionCost = new Float64Array(A);
  const actionIndex: Record<string, number> = Object.create(null) as Record<string, number>;
  let maxChanged = 0;
  let minCost = A ? Infinity : 0;
  let off = 0;
  grounds.forEach((g, a) => {
    actionSchema[a] = g.schema;
    actionArgStart[a] = off;
    for (const x of g.args) actionArgs[off++] = x;
    actionCost[a] = g.cost;
    actionIndex[g.name] = a;
    for (const f of g.preT) set(preT, a, f);
    for (const f of g.preF) set(preF, a, f);
    for (const f of g.add) set(add, a, f);
    for (const f of g.del) set(del, a, f);
    maxChanged = Math.max(maxChanged, new Set(g.add).size + new Set(g.del).size);
    minCost = Math.min(minCost, g.cost);
  });
  actionArgStart[A] = off;
  const initial = new Uint32Array(words);
  for (const f of domain.initial) {
    const k = factIndex[formatLiteral(f)]!;
    initial[k >>> 5]! |= 1 << (k & 31);
  }
  const partial = { domain, factCount: factNames.length, words, factNames, factIndex, objectNames };
  const problem: PlanningProblem = {
    ...partial,
    actionCount: A,
    actionNames: grounds.map((g) => g.name),
    actionIndex,
    actionSchema,
    actionArgs,
    actionArgStart,
    actionCost,
    preT,
    preF,
    add,
    del,
    maxChanged,
    minCost,
    initial,
    goal: goalFrom(partial, domain.goal, FN),
  };
  return problem;
}

type FactSpace = Pick<PlanningProblem, "domain" | "words" | "factIndex">;

function checkLiteral(p: FactSpace, l: PlanningLiteral, fn: string, path: string): void {
  const d = p.domain;
  const decl = d.predicates.find((q) => q.name === l.predicate);
  let arity = decl?.types.length;
  if (arity === undefined) {
    const use =
      d.initial.find((f) => f.predicate === l.predicate) ??
      d.actions.flatMap((a) => [...a.preconditions, ...a.effects]).find((x) => x.predicate === l.predicate) ??
      d.goal.find((x) => x.predicate === l.predicate);
    if (!use) throw planningError(PlanningErrorCodes.Domain, fn, `unknown predicate "${l.predicate}".`, { path });
    arity = use.args.length;
  }
  if (arity !== l.args.length)
    throw planningError(PlanningErrorCodes.Domain, fn, `predicate "${l.predicate}" takes ${arity} argument(s), got ${l.args.length} (arity mismatch).`, {
      path,
    });
  for (const a of l.args)
    if (!d.objects.some((o) => o.name === a)) throw planningError(PlanningErrorCodes.Domain, fn, `unknown object "${a}" in "${formatLiteral(l)}".`, { path });
}

function goalFrom(p: FactSpace, literals: readonly (string | PlanningLiteral)[], fn: string): PlanningGoal {
  const pos = new Uint32Array(p.words);
  const neg = new Uint32Array(p.words);
  let impossible = false;
  literals.forEach((raw, i) => {
    const path = `goal[${i}]`;
    const l = typeof raw === "string" ? parseLiteral(raw, fn, path) : raw;
    checkLiteral(p, l, fn, path);
    const k = p.factIndex[formatLiteral({ predicate: l.predicate, args: l.args })];
    if (k === undefined) {
      if (!l.negated) impossible = true;
      return;
    }
    (l.negated ? neg : pos)[k >>> 5]! |= 1 << (k & 31);
  });
  for (let w = 0; w < p.words; w++) if ((pos[w]! & neg[w]!) !== 0) impossible = true;
  return { pos, neg, impossible };
}

/**
 * Compiles goal literals (`"holding(c1, o1)"`, `"not alarm()"` or {@link PlanningLiteral}s) for
 * the planners.
 * @throws TacticaError `PLANNING_DOMAIN` on an unknown predicate or object or an arity mismatch.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain("(:objects (room a, b)) (:action go :parameters (room ?x, room ?y) :preconditions (at(?x)) :effects (not at(?x) and at(?y))) (:initial (at(a)))"));
 * const goal = compileGoal(problem, ["at(b)"]);
 * isGoalSatisfied(goal, problem.initial); // → false
 * ```
 */
export function compileGoal(problem: PlanningProblem, literals: readonly (string | PlanningLiteral)[]): PlanningGoal {
  checkArray(literals, "compileGoal", "literals", "goal literals");
  return goalFrom(problem, literals, "compileGoal");
}

/**
 * Builds a state bitset from fact strings (`"at(a)"`). Facts outside the problem's fact universe
 * are irrelevant to every action and goal and are dropped.
 * @param problem - The compiled problem that defines the fact bits; read only.
 * @param facts - Facts that hold, each `pred(a, b)` (or `pred` without arguments), no `not`;
 *   every fact not listed is false.
 * @returns A new state bitset of `problem.words` words.
 * @throws TacticaError `PLANNING_DOMAIN` on an unknown predicate or object.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain("(:objects (room a, b)) (:action go :parameters (room ?x, room ?y) :preconditions (at(?x)) :effects (not at(?x) and at(?y))) (:initial (at(a)))"));
 * const s = stateFromFacts(problem, ["at(b)"]);
 * isActionApplicable(problem, s, problem.actionIndex["go(b, a)"]!); // → true
 * ```
 */
export function stateFromFacts(problem: PlanningProblem, facts: readonly string[]): Uint32Array {
  checkArray(facts, "stateFromFacts", "facts", "fact strings");
  const s = new Uint32Array(problem.words);
  facts.forEach((f, i) => {
    const l = parseLiteral(f, "stateFromFacts", `facts[${i}]`);
    if (l.negated)
      throw planningError(PlanningErrorCodes.Argument, "stateFromFacts", `"${f}": a state lists facts that hold; remove "not".`, { path: `facts[${i}]` });
    checkLiteral(problem, l, "stateFromFacts", `facts[${i}]`);
    const k = problem.factIndex[formatLiteral(l)];
    if (k !== undefined) s[k >>> 5]! |= 1 << (k & 31);
  });
  return s;
}

/**
 * Lists the facts set in a state, in bit order.
 * @param problem - The compiled problem whose `factNames` name the bits; read only.
 * @param state - State bitset to list (`problem.words` words); read only.
 * @returns The canonical names (`"at(a, b)"`) of the facts that hold.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain("(:objects (room a, b)) (:action go :parameters (room ?x, room ?y) :preconditions (at(?x)) :effects (not at(?x) and at(?y))) (:initial (at(a)))"));
 * factsOfState(problem, problem.initial); // → ["at(a)"]
 * ```
 */
export function factsOfState(problem: PlanningProblem, state: Uint32Array): string[] {
  const out: string[] = [];
  for (let k = 0; k < problem.factCount; k++) if ((state[k >>> 5]! >>> (k & 31)) & 1) out.push(problem.factNames[k]!);
  return out;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

/**
 * The bit index of a ground fact, for {@link setStateFact}, {@link hasStateFact} and the runner's
 * fact functions. Accepts every spelling the domain parser accepts: `"warned"`, `"warned()"`,
 * `"at(a,b)"`, `" at( a , b ) "` all name their canonical fact (`problem.factNames`).
 * Allocates (it parses the name): look facts up once at set-up, not per frame.
 * @param problem - The compiled problem.
 * @param fact - The fact, `pred(a, b)` or `pred` for a fact without arguments (no `not`).
 * @returns The fact's bit, `0 .. problem.factCount − 1`.
 * @throws TacticaError `PLANNING_ARGUMENT` naming the fact and its nearest known spellings when
 *   it is not a ground fact of the problem (unknown predicate or object, or a fact no action
 *   reads or changes and the initial state does not hold).
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain("(:action warn :parameters () :preconditions (not warned) :effects (warned))"));
 * getFactIndex(problem, "warned") === getFactIndex(problem, "warned()"); // → true
 * ```
 */
export function getFactIndex(problem: PlanningProblem, fact: string): number {
  const fn = "getFactIndex";
  const l = parseLiteral(fact, fn, "fact");
  if (l.negated) throw planningError(PlanningErrorCodes.Argument, fn, `"${fact}": name a fact without "not".`, { path: "fact" });
  const key = formatLiteral(l);
  const k = problem.factIndex[key];
  if (k !== undefined && Object.prototype.hasOwnProperty.call(problem.factIndex, key)) return k;
  const near = problem.factNames
    .map((n) => ({ n, d: editDistance(key, n) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, 3)
    .map((x) => `"${x.n}"`);
  throw planningError(
    PlanningErrorCodes.Argument,
    fn,
    `unknown fact "${fact}" (${key}): it is not a ground fact of this problem${near.length ? `; nearest: ${near.join(", ")}` : " (the problem has no facts)"}.`,
    { path: "fact" },
  );
}
