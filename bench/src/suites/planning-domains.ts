// Domains of the planning suite: a F.E.A.R.-like soldier domain (28 actions, 64 symbols, plans of
// up to 4 actions), chapter 13's scaling suite (box-1 … box-N, only box-1 in the goal) and its
// competition suite (k boxes to move), and the naive baseline planner (BFS over string-keyed Set
// states, no bitsets, no pre-tests).
import { createRng, rngBool, rngInt } from "@tactica/core";
import { compileGoal, compileProblem, createPlanResult, parseDomain, planBfs, type HtnMethod, type PlanningProblem } from "@tactica/planning";
import { PathFlags } from "@tactica/search";

export const PLACES = ["cover1", "cover2", "cover3", "crate", "door", "window"] as const;
export const WEAPONS = ["rifle", "shotgun", "pistol"] as const;
const COVERS = new Set(["cover1", "cover2", "cover3"]);

/** The F.E.A.R.-like domain text (propositional: 0-ary predicates). */
export function fearDomainText(): string {
  const a: string[] = [];
  const act = (name: string, cost: number, pre: string[], eff: string[]) =>
    a.push(`(:action ${name} :cost ${cost} :preconditions (${pre.join(" and ")}) :effects (${eff.join(" and ")}))`);
  for (const p of PLACES)
    act(
      `goto-${p}`,
      2,
      [`not at-${p}`],
      [`at-${p}`, ...PLACES.filter((q) => q !== p).map((q) => `not at-${q}`), COVERS.has(p) ? "in-cover" : "not in-cover", "not enemy-visible"],
    );
  WEAPONS.forEach((w, i) => {
    act(`draw-${w}`, 1, [`has-${w}`, "hands-free"], [`armed-${w}`, "not hands-free"]);
    act(`holster-${w}`, 1, [`armed-${w}`], [`not armed-${w}`, "hands-free"]);
    act(`reload-${w}`, 1, [`armed-${w}`, `ammo-${w}`], [`loaded-${w}`, `not ammo-${w}`]);
    act(`get-ammo-${w}`, 1, ["at-crate"], [`ammo-${w}`]);
    act(`attack-${w}`, 1 + i, [`armed-${w}`, `loaded-${w}`, "enemy-visible", "in-cover"], ["enemy-dead", `not loaded-${w}`]);
  });
  act("peek", 1, ["in-cover"], ["enemy-visible"]);
  act("get-medkit", 1, ["at-crate"], ["has-medkit"]);
  act("heal", 1, ["has-medkit", "wounded"], ["healthy", "not wounded", "not has-medkit"]);
  act("open-door", 1, ["at-door"], ["door-open"]);
  act("raise-alarm", 1, ["at-door", "door-open"], ["alarm-raised"]);
  act("throw-grenade", 1, ["grenade", "enemy-visible"], ["enemy-flushed", "not grenade"]);
  act("melee", 3, ["hands-free", "enemy-visible", "enemy-flushed"], ["enemy-dead"]);
  act("idle", 0, [], []);
  // 35 world facts nobody changes bring the symbol count to 64.
  const noise = Array.from({ length: 35 }, (_, k) => `world-${k}`);
  return `${a.join("\n")}\n(:initial (${["at-crate", "hands-free", ...noise].join(" and ")}))\n(:goal (enemy-dead))\n`;
}

export interface FearQuery {
  start: Uint32Array;
  goal: ReturnType<typeof compileGoal>;
  goalText: string[];
  bfsLength: number;
}

/** Random start states and goals whose shortest plan has 1 to 4 actions (seeded). */
export function fearQueries(problem: PlanningProblem, count: number, seed = 13): FearQuery[] {
  const rng = createRng(seed);
  const goals = [["enemy-dead"], ["healthy"], ["alarm-raised"], ["enemy-dead", "not wounded"], ["enemy-visible", "has-medkit"], ["enemy-dead", "hands-free"]];
  const out: FearQuery[] = [];
  const res = createPlanResult({ capacity: 8 });
  for (let tries = 0; out.length < count && tries < count * 50; tries++) {
    const facts: string[] = [`at-${PLACES[rngInt(rng, 0, PLACES.length - 1)]!}`];
    if (facts[0] !== undefined && COVERS.has(facts[0].slice(3))) facts.push("in-cover");
    let armed = false;
    for (const w of WEAPONS) {
      if (rngBool(rng, { probability: 0.6 })) facts.push(`has-${w}`);
      else continue;
      if (!armed && rngBool(rng, { probability: 0.4 })) {
        facts.push(`armed-${w}`);
        armed = true;
      }
      if (rngBool(rng, { probability: 0.4 })) facts.push(`loaded-${w}`);
      if (rngBool(rng, { probability: 0.4 })) facts.push(`ammo-${w}`);
    }
    if (!armed) facts.push("hands-free");
    for (const f of ["wounded", "grenade", "enemy-visible", "has-medkit", "door-open"]) if (rngBool(rng, { probability: 0.3 })) facts.push(f);
    for (let k = 0; k < 35; k++) facts.push(`world-${k}`);
    const start = stateOf(problem, facts);
    const goalText = goals[rngInt(rng, 0, goals.length - 1)]!;
    const goal = compileGoal(
      problem,
      goalText.map((g) => (g.startsWith("not ") ? `not ${g.slice(4)}()` : `${g}()`)),
    );
    planBfs(res, problem, start, goal);
    if (res.flags === PathFlags.Found && res.length >= 1 && res.length <= 4) out.push({ start, goal, goalText, bfsLength: res.length });
  }
  return out;
}

function stateOf(problem: PlanningProblem, facts: string[]): Uint32Array {
  const s = new Uint32Array(problem.words);
  for (const f of facts) {
    const k = problem.factIndex[`${f}()`];
    if (k !== undefined) s[k >>> 5]! |= 1 << (k & 31);
  }
  return s;
}

/** HTN methods for the soldier's `kill()` task. */
export function fearMethods(): HtnMethod[] {
  const m: HtnMethod[] = [{ name: "melee", task: "kill()", preconditions: ["hands-free()", "enemy-visible()", "enemy-flushed()"], subtasks: ["melee()"] }];
  for (const w of WEAPONS)
    m.push({ name: `kill-with-${w}`, task: "kill()", preconditions: [`has-${w}()`], subtasks: [`ready-${w}()`, "engage()", `attack-${w}()`] });
  for (const w of WEAPONS) {
    m.push({ name: "ready", task: `ready-${w}()`, preconditions: [`armed-${w}()`, `loaded-${w}()`], subtasks: ["idle()"] });
    m.push({ name: "reload", task: `ready-${w}()`, preconditions: [`armed-${w}()`, `ammo-${w}()`], subtasks: [`reload-${w}()`] });
    m.push({ name: "draw", task: `ready-${w}()`, preconditions: ["hands-free()", `loaded-${w}()`], subtasks: [`draw-${w}()`] });
    m.push({ name: "draw-reload", task: `ready-${w}()`, preconditions: ["hands-free()", `ammo-${w}()`], subtasks: [`draw-${w}()`, `reload-${w}()`] });
  }
  m.push({ name: "visible", task: "engage()", preconditions: ["in-cover()", "enemy-visible()"], subtasks: ["idle()"] });
  m.push({ name: "peek", task: "engage()", preconditions: ["in-cover()"], subtasks: ["peek()"] });
  for (const p of ["cover1", "cover2", "cover3"])
    m.push({ name: `take-${p}`, task: "engage()", preconditions: ["not in-cover()"], subtasks: [`goto-${p}()`, "peek()"] });
  return m;
}

/** Chapter 13's box domain: a robot carries boxes between two rooms. */
export function boxDomainText(boxes: number, goalBoxes: number): string {
  const names = Array.from({ length: boxes }, (_, i) => `box-${i + 1}`);
  return `(:objects (room r1, r2) (box ${names.join(", ")}))
(:action move :parameters (room ?a, room ?b) :preconditions (robot(?a)) :effects (not robot(?a) and robot(?b)))
(:action pick :parameters (box ?x, room ?r) :preconditions (robot(?r) and in(?x, ?r) and free) :effects (not in(?x, ?r) and not free and holding(?x)))
(:action drop :parameters (box ?x, room ?r) :preconditions (robot(?r) and holding(?x)) :effects (in(?x, ?r) and free and not holding(?x)))
(:initial (robot(r1) and free and ${names.map((n) => `in(${n}, r1)`).join(" and ")}))
(:goal (${names
    .slice(0, goalBoxes)
    .map((n) => `in(${n}, r2)`)
    .join(" and ")}))
`;
}

export function compileText(text: string): PlanningProblem {
  return compileProblem(parseDomain(text));
}

/** The baseline: BFS over states as string-keyed Sets, preconditions looked up one by one. */
export interface NaiveProblem {
  actions: { name: string; pre: string[]; neg: string[]; add: string[]; del: string[] }[];
}

export function naiveFrom(problem: PlanningProblem): NaiveProblem {
  const bits = (arr: Uint32Array, a: number) => {
    const out: string[] = [];
    for (let k = 0; k < problem.factCount; k++) if ((arr[a * problem.words + (k >>> 5)]! >>> (k & 31)) & 1) out.push(problem.factNames[k]!);
    return out;
  };
  return {
    actions: problem.actionNames.map((name, a) => ({
      name,
      pre: bits(problem.preT, a),
      neg: bits(problem.preF, a),
      add: bits(problem.add, a),
      del: bits(problem.del, a),
    })),
  };
}

export function naiveFacts(problem: PlanningProblem, state: Uint32Array): string[] {
  const out: string[] = [];
  for (let k = 0; k < problem.factCount; k++) if ((state[k >>> 5]! >>> (k & 31)) & 1) out.push(problem.factNames[k]!);
  return out;
}

export function naiveGoal(problem: PlanningProblem, goal: { pos: Uint32Array; neg: Uint32Array }): { pos: string[]; neg: string[] } {
  return { pos: naiveFacts(problem, goal.pos), neg: naiveFacts(problem, goal.neg) };
}

/** Returns the plan length (-1 when none). */
export function naiveBfs(p: NaiveProblem, start: readonly string[], goal: { pos: string[]; neg: string[] }): number {
  const sat = (s: Set<string>) => goal.pos.every((f) => s.has(f)) && goal.neg.every((f) => !s.has(f));
  const key = (s: Set<string>) => [...s].sort().join("|");
  const s0 = new Set(start);
  if (sat(s0)) return 0;
  const visited = new Set<string>([key(s0)]);
  let frontier: { s: Set<string>; plan: string[] }[] = [{ s: s0, plan: [] }];
  while (frontier.length) {
    const next: { s: Set<string>; plan: string[] }[] = [];
    for (const { s, plan } of frontier) {
      for (const a of p.actions) {
        if (!a.pre.every((f) => s.has(f)) || a.neg.some((f) => s.has(f))) continue;
        const r = new Set(s);
        for (const f of a.del) r.delete(f);
        for (const f of a.add) r.add(f);
        const k = key(r);
        if (visited.has(k)) continue;
        visited.add(k);
        const np = [...plan, a.name];
        if (sat(r)) return np.length;
        next.push({ s: r, plan: np });
      }
    }
    frontier = next;
  }
  return -1;
}
