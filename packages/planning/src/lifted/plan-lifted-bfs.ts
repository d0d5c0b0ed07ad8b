import { describeValue } from "@tactica/core";
import { PathFlags } from "@tactica/search";
import { beginBfsQuery, checkPlanArgs, type ForwardPlanOptions } from "../forward/plan-bfs";
import { writeForwardPlan, type PlanResult } from "../forward/plan-result";
import { parseLiteral } from "../domain/literal";
import type { PlanningGoal, PlanningProblem } from "../ground/problem";
import { storeInsert } from "../ground/state-store";
import { planningError, PlanningErrorCodes } from "../internal/errors";
import { workspaceOf } from "../internal/workspace";
import { compileActionLayout, type ActionLayout } from "./action-layout";

/**
 * Chapter 13's lifted successor generator over a grounded problem's fact universe: per action the
 * six-range layout, per state the facts bucketed by predicate, a mixed-radix counter over the
 * positive-precondition buckets, unification by recorded parameter positions, then negative
 * preconditions and effects looked up in mixed-radix fact tables. Ground actions are never scanned.
 */
export interface LiftedPlanner {
  /** The grounded problem (fact universe and ground action numbering). */
  readonly problem: PlanningProblem;
  /** Layout of each action schema. */
  readonly layouts: readonly ActionLayout[];
  /** @internal */
  readonly predOf: Int32Array;
  /** @internal */
  readonly factArgs: Int32Array;
  /** @internal */
  readonly stride: number;
  /** @internal predicate id of each layout atom, per schema */
  readonly atomPred: readonly Int32Array[];
  /** @internal fact id by predicate and argument code */
  readonly factTable: readonly Int32Array[];
  /** @internal ground action by schema and argument code */
  readonly actionTable: readonly Int32Array[];
  /** @internal per schema, parameters bound by no positive precondition */
  readonly freeParams: readonly Int32Array[];
  /** @internal per schema and free parameter, the objects it ranges over */
  readonly freeObjects: readonly (readonly Int32Array[])[];
  /** @internal per schema, per parameter, allowed objects (1) */
  readonly typeOk: readonly Uint8Array[];
  /** @internal bucket storage: facts of the state per predicate */
  readonly bucket: Int32Array;
  /** @internal */
  readonly bucketStart: Int32Array;
  /** @internal */
  readonly bucketCount: Int32Array;
  /** @internal */
  readonly digits: Int32Array;
  /** @internal */
  readonly bound: Int32Array;
}

/**
 * Throws unless `problem` was compiled without `pruneStatic`: then the first ground action of every
 * schema has, for each positive precondition on a predicate no action changes (a static one), a
 * fact of that predicate among its preconditions; `pruneStatic` drops those preconditions.
 */
function checkNotPruned(problem: PlanningProblem, predId: ReadonlyMap<string, number>, predOf: Int32Array): void {
  const d = problem.domain;
  const W = problem.words;
  const changed = new Set<string>();
  for (const a of d.actions) for (const e of a.effects) changed.add(e.predicate);
  const first = new Int32Array(d.actions.length).fill(-1);
  for (let a = problem.actionCount - 1; a >= 0; a--) first[problem.actionSchema[a]!] = a;
  d.actions.forEach((schema, s) => {
    const a = first[s]!;
    if (a < 0) return;
    for (const l of schema.preconditions) {
      if (l.negated || changed.has(l.predicate)) continue;
      const p = predId.get(l.predicate)!;
      let found = false;
      for (let k = 0; k < problem.factCount && !found; k++) if (predOf[k] === p && (problem.preT[a * W + (k >>> 5)]! >>> (k & 31)) & 1) found = true;
      if (!found)
        throw planningError(
          PlanningErrorCodes.Argument,
          "createLiftedPlanner",
          `the problem was compiled with pruneStatic (action ${describeValue(problem.actionNames[a])} lacks its static precondition ${describeValue(l.predicate)}); compile it with compileProblem(domain) without pruneStatic, or use planBfs.`,
          { path: "problem" },
        );
    }
  });
}

/**
 * Builds the lifted planner of a problem compiled without `pruneStatic`.
 * Parameters that occur in no positive precondition range over the objects of their type (extra
 * counter digits).
 * @throws TacticaError `PLANNING_DOMAIN` when an action uses constants (the layout stores
 * parameter indices only) or when the mixed-radix tables would exceed 2^22 entries: use
 * {@link planBfs} then; `PLANNING_ARGUMENT` when `problem` was compiled with `pruneStatic` (its
 * ground actions lack the static preconditions the lifted successor generator matches).
 * @param problem - The compiled problem (without `pruneStatic`, else `PLANNING_ARGUMENT`) whose fact universe
 *   and ground action numbering the planner uses; kept by reference, read only.
 * @returns A new planner, reusable for every query on `problem`.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room hall, kitchen) (item key))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
 *   (:initial (at(hall) and in(key, kitchen)))
 *   (:goal (has(key)))`));
 * const lifted = createLiftedPlanner(problem); // build once per problem, plan many times
 * const out = createPlanResult();
 * planLiftedBfs(out, lifted, problem.initial, problem.goal).length; // → 2
 * planLiftedBfs(out, lifted, problem.initial, compileGoal(problem, ["at(kitchen)"])).length; // → 1
 * ```
 */
export function createLiftedPlanner(problem: PlanningProblem): LiftedPlanner {
  const FN = "createLiftedPlanner";
  const d = problem.domain;
  const n = Math.max(1, problem.objectNames.length);
  const objectId = new Map(problem.objectNames.map((o, i) => [o, i] as const));
  const predId = new Map<string, number>();
  const arity: number[] = [];
  const facts = problem.factNames.map((name) => parseLiteral(name, FN, "fact"));
  const idOf = (name: string, ar: number) => {
    let k = predId.get(name);
    if (k === undefined) {
      predId.set(name, (k = arity.length));
      arity.push(ar);
    }
    return k;
  };
  for (const f of facts) idOf(f.predicate, f.args.length);
  for (const a of d.actions) for (const l of [...a.preconditions, ...a.effects]) idOf(l.predicate, l.args.length);
  const stride = Math.max(1, ...arity);
  const predOf = new Int32Array(problem.factCount);
  const factArgs = new Int32Array(problem.factCount * stride);
  const size = (ar: number) => {
    const s = n ** ar;
    if (s > 1 << 22)
      throw planningError(PlanningErrorCodes.Domain, FN, `a predicate or action of arity ${ar} over ${n} objects needs a table of ${s} entries; use planBfs.`);
    return Math.max(1, s);
  };
  const factTable = arity.map((ar) => new Int32Array(size(ar)).fill(-1));
  facts.forEach((f, k) => {
    const p = predId.get(f.predicate)!;
    predOf[k] = p;
    let code = 0;
    f.args.forEach((a, i) => {
      const o = objectId.get(a)!;
      factArgs[k * stride + i] = o;
      code = code * n + o;
    });
    factTable[p]![code] = k;
  });
  const layouts = d.actions.map((a) => compileActionLayout(a));
  // Parameters bound by no positive precondition range over the objects of their type.
  const freeParams = layouts.map((l) => Int32Array.from(l.positions.flatMap((pos, v) => (pos.length === 0 ? [v] : []))));
  const freeObjects = layouts.map((_, s) =>
    Array.from(freeParams[s]!, (v) => {
      const type = d.actions[s]!.parameters[v]!.type;
      return Int32Array.from(d.objects.flatMap((o, k) => (type === "any" || o.type === type ? [k] : [])));
    }),
  );
  const atomPred = layouts.map((l) => Int32Array.from(l.predicates, (p) => predId.get(p)!));
  const actionTable = d.actions.map((a) => new Int32Array(size(a.parameters.length)).fill(-1));
  for (let a = 0; a < problem.actionCount; a++) {
    let code = 0;
    for (let k = problem.actionArgStart[a]!; k < problem.actionArgStart[a + 1]!; k++) code = code * n + problem.actionArgs[k]!;
    actionTable[problem.actionSchema[a]!]![code] = a;
  }
  const typeOk = d.actions.map((a) => {
    const t = new Uint8Array(Math.max(1, a.parameters.length * n));
    a.parameters.forEach((p, v) => d.objects.forEach((o, k) => (t[v * n + k] = p.type === "any" || p.type === o.type ? 1 : 0)));
    return t;
  });
  const bucketStart = new Int32Array(arity.length + 1);
  const perPred = new Int32Array(arity.length);
  for (let k = 0; k < problem.factCount; k++) perPred[predOf[k]!]!++;
  for (let p = 0; p < arity.length; p++) bucketStart[p + 1] = bucketStart[p]! + perPred[p]!;
  checkNotPruned(problem, predId, predOf);
  const maxAtoms = Math.max(1, ...layouts.map((l) => l.p));
  const maxParams = Math.max(1, ...d.actions.map((a) => a.parameters.length));
  return {
    problem,
    layouts,
    predOf,
    factArgs,
    stride,
    atomPred,
    factTable,
    actionTable,
    typeOk,
    freeParams,
    freeObjects,
    bucket: new Int32Array(Math.max(1, problem.factCount)),
    bucketStart,
    bucketCount: new Int32Array(arity.length),
    digits: new Int32Array(maxAtoms + maxParams),
    bound: new Int32Array(maxParams),
  };
}

/**
 * Forward breadth-first search with lifted successor generation (chapter 13's planner): same
 * answers as {@link planBfs} (shortest plans, ground action indices in `out.path`), without
 * scanning every ground action at every state.
 * @param out - Result written in place and returned ({@link createPlanResult}); a plan longer than
 *   `out.path` sets `PathTruncated` with the full `length` and `cost`.
 * @param lifted - The planner of the problem ({@link createLiftedPlanner}); its scratch buffers are reused.
 * @param start - Start state bitset, a `Uint32Array` of `problem.words` words; read only.
 * @param goal - The goal to reach, compiled for the planner's problem ({@link compileGoal} or `problem.goal`).
 * @param options - `maxExpansions` (default 1 000 000, then `BudgetExhausted`) and `forbidden`
 *   ground actions (nonzero entries skipped), as for {@link planBfs}. Omitted: defaults.
 * @returns `out`: `Found`, `NoPath` or `BudgetExhausted`.
 * @example
 * ```ts
 * const problem = compileProblem(parseDomain(`
 *   (:objects (room hall, kitchen) (item key))
 *   (:action go :parameters (room ?a, room ?b) :preconditions (at(?a)) :effects (not at(?a) and at(?b)))
 *   (:action take :parameters (room ?r, item ?i) :preconditions (at(?r) and in(?i, ?r)) :effects (not in(?i, ?r) and has(?i)))
 *   (:initial (at(hall) and in(key, kitchen)))
 *   (:goal (has(key)))`));
 * const out = planLiftedBfs(createPlanResult(), createLiftedPlanner(problem), problem.initial, problem.goal);
 * Array.from(out.path.subarray(0, out.length), (a) => problem.actionNames[a]); // → ["go(hall, kitchen)", "take(kitchen, key)"]
 * ```
 */
export function planLiftedBfs(out: PlanResult, lifted: LiftedPlanner, start: Uint32Array, goal: PlanningGoal, options?: ForwardPlanOptions): PlanResult {
  const problem = lifted.problem;
  checkPlanArgs("planLiftedBfs", problem, start, goal);
  const maxExpansions = options?.maxExpansions ?? 1_000_000;
  const forbidden = options?.forbidden;
  const ws = workspaceOf(problem);
  const store = ws.store;
  const W = problem.words;
  if (beginBfsQuery(out, store, W, start, goal)) return out;
  const n = Math.max(1, problem.objectNames.length);
  const {
    predOf,
    factArgs,
    stride,
    bucket,
    bucketStart,
    bucketCount,
    digits,
    bound,
    layouts,
    atomPred,
    factTable,
    actionTable,
    typeOk,
    freeParams,
    freeObjects,
  } = lifted;
  const scratch = ws.scratch;
  const gp = goal.pos;
  const gn = goal.neg;
  const S = layouts.length;
  let head = 0;
  while (head < store.count) {
    if (out.expanded >= maxExpansions) {
      out.flags = PathFlags.BudgetExhausted;
      return out;
    }
    const s = head++;
    out.expanded++;
    const so = s * W;
    // Bucket the state's facts by predicate.
    bucketCount.fill(0);
    for (let w = 0; w < W; w++) {
      let x = store.data[so + w]!;
      while (x !== 0) {
        const bit = 31 - Math.clz32(x & -x);
        x &= x - 1;
        const f = (w << 5) | bit;
        const p = predOf[f]!;
        bucket[bucketStart[p]! + bucketCount[p]!++] = f;
      }
    }
    for (let sc = 0; sc < S; sc++) {
      const L = layouts[sc]!;
      const preds = atomPred[sc]!;
      const b = L.b;
      // Applicability pre-test: every positive precondition has candidates.
      let ok = true;
      for (let i = 0; i < b; i++) {
        if (bucketCount[preds[i]!] === 0) {
          ok = false;
          break;
        }
      }
      const free = freeParams[sc]!;
      const freeObjs = freeObjects[sc]!;
      for (let j = 0; j < free.length; j++) if (freeObjs[j]!.length === 0) ok = false;
      if (!ok) continue;
      const digitsLen = b + free.length;
      for (let i = 0; i < digitsLen; i++) digits[i] = 0;
      const P = L.parameterCount;
      const tOk = typeOk[sc]!;
      for (;;) {
        // Unify by recorded parameter positions.
        let unified = true;
        for (let j = 0; j < free.length; j++) bound[free[j]!] = freeObjs[j]![digits[b + j]!]!;
        for (let v = 0; v < P && unified; v++) {
          const pos = L.positions[v]!;
          if (pos.length === 0) continue;
          const q0 = pos[0]!;
          const f0 = bucket[bucketStart[preds[q0 >> 8]!]! + digits[q0 >> 8]!]!;
          const value = factArgs[f0 * stride + (q0 & 255)]!;
          for (let k = 1; k < pos.length; k++) {
            const q = pos[k]!;
            const f = bucket[bucketStart[preds[q >> 8]!]! + digits[q >> 8]!]!;
            if (factArgs[f * stride + (q & 255)] !== value) {
              unified = false;
              break;
            }
          }
          if (tOk[v * n + value] === 0) unified = false;
          bound[v] = value;
        }
        if (unified) {
          let code = 0;
          for (let v = 0; v < P; v++) code = code * n + bound[v]!;
          const a = actionTable[sc]![code]!;
          if (a >= 0 && (forbidden === undefined || forbidden[a] === 0)) {
            // Negative preconditions, then delete-then-add into the scratch state.
            let app = true;
            for (let w = 0; w < W; w++) scratch[w] = store.data[so + w]!;
            for (let i = L.d; i < L.p && app; i++) {
              const f = atomFact(L, i, preds, factTable, bound, n);
              if (f >= 0 && ((scratch[f >>> 5]! >>> (f & 31)) & 1) === 1) app = false;
            }
            if (app) {
              for (let i = L.a; i < L.c; i++) {
                const f = atomFact(L, i, preds, factTable, bound, n);
                if (f >= 0) scratch[f >>> 5]! &= ~(1 << (f & 31));
              }
              for (let i = L.c; i < L.e; i++) {
                const f = atomFact(L, i, preds, factTable, bound, n);
                if (f >= 0) scratch[f >>> 5]! |= 1 << (f & 31);
              }
              let goalOk = true;
              let changed = 0;
              for (let w = 0; w < W; w++) {
                const r = scratch[w]!;
                changed |= r ^ store.data[so + w]!;
                if ((gp[w]! & ~r) !== 0 || (r & gn[w]!) !== 0) goalOk = false;
              }
              if (changed !== 0) {
                const id = storeInsert(store, scratch, 0);
                if (store.added) {
                  out.generated++;
                  store.parent[id] = s;
                  store.action[id] = a;
                  if (goalOk) {
                    writeForwardPlan(out, problem, store, id);
                    return out;
                  }
                }
              }
            }
          }
        }
        // Mixed-radix counter, least significant digit first.
        let k = 0;
        while (k < digitsLen) {
          if (++digits[k]! < (k < b ? bucketCount[preds[k]!]! : freeObjs[k - b]!.length)) break;
          digits[k] = 0;
          k++;
        }
        if (k === digitsLen) break;
      }
    }
  }
  out.flags = PathFlags.NoPath;
  return out;
}

function atomFact(L: ActionLayout, i: number, preds: Int32Array, factTable: readonly Int32Array[], bound: Int32Array, n: number): number {
  let code = 0;
  for (let k = L.argStart[i]!; k < L.argStart[i + 1]!; k++) code = code * n + bound[L.args[k]!]!;
  return factTable[preds[i]!]![code]!;
}
