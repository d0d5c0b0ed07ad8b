// The soak world (issue 18): crowds (ORCA and boids, with agents leaving and joining), behaviour
// trees, state machines and utility scoring for a squad of NPCs, and a grid D* Lite agent that
// replans while cells toggle. Seeded (core's Rng), time only through `dt`, public APIs only.
import { createRng, rngInt, rngNextFloat, type Rng } from "@tactica/core";
import {
  BtStatus,
  chooseUtility,
  createBehaviorTree,
  createMachineState,
  createStateMachine,
  createTreeState,
  createUtilitySet,
  createUtilityState,
  saveMachine,
  saveTree,
  startMachine,
  tickTree,
  updateMachine,
  type BehaviorTree,
  type BtState,
  type MachineState,
  type StateMachine,
  type UtilitySet,
  type UtilityState,
} from "@tactica/decision";
import {
  computeDStarLite,
  createDStarLite,
  createGrid,
  dStarLiteNextCell,
  moveDStarLiteStart,
  notifyDStarLiteCellChanged,
  setCellPassable,
  setDStarLiteEndpoints,
  type DStarLite,
  type Grid,
} from "@tactica/grid";
import {
  addCrowdAgent,
  createCrowd,
  createOrca,
  createOrcaObstacles,
  getCrowdAgentHandle,
  removeCrowdAgent,
  setCrowdAgentPreferredVelocity,
  stepCrowdBoids,
  stepCrowdOrca,
  wrapCrowd,
  type BoidsParams,
  type Crowd,
  type Orca,
} from "@tactica/steering";

/** One NPC of the squad: the numbers its tree, machine and utility read and write. */
export interface SoakNpc {
  hp: number;
  ammo: number;
  threat: number;
  stamina: number;
  /** Utility choice (option index). */
  intent: number;
  /** The ORCA agent that carries it. */
  slot: number;
}

/** Everything the soak world holds (plain data plus the compiled definitions). */
export interface SoakWorld {
  readonly rng: Rng;
  steps: number;
  time: number;
  readonly orcaCrowd: Crowd;
  readonly orca: Orca;
  readonly goals: Float64Array;
  readonly boids: Crowd;
  readonly npcs: SoakNpc[];
  readonly tree: BehaviorTree<SoakNpc>;
  readonly treeStates: BtState[];
  readonly machine: StateMachine<SoakNpc>;
  readonly machineStates: MachineState[];
  readonly utility: UtilitySet;
  readonly utilityStates: UtilityState[];
  readonly inputs: Float64Array;
  readonly grid: Grid;
  readonly dstar: DStarLite;
  /** D* Lite agent cell and goal cell (`y × width + x`), trips completed, steps without a path. */
  dsAgent: number;
  dsGoal: number;
  trips: number;
  stuck: number;
  /** Agents removed and re-added (handle churn). */
  churn: number;
  /** Walls moved on the D* Lite grid. */
  wallMoves: number;
}

const ORCA_AGENTS = 24;
const BOIDS = 48;
const NPCS = 16;
const GRID = 40;
const ARENA = 20;

const BOIDS_PARAMS: BoidsParams = {
  neighborRadius: 3,
  separationWeight: 1.5,
  alignmentWeight: 1,
  cohesionWeight: 0.8,
  wanderWeight: 0.3,
  wander: { distance: 2, radius: 1, jitter: 0.5 },
};

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

function pickGoal(w: { rng: Rng; goals: Float64Array }, i: number): void {
  const a = rngNextFloat(w.rng) * Math.PI * 2;
  const r = 4 + rngNextFloat(w.rng) * (ARENA - 6);
  w.goals[2 * i] = Math.cos(a) * r;
  w.goals[2 * i + 1] = Math.sin(a) * r;
}

function openCell(grid: Grid, rng: Rng): number {
  for (;;) {
    const c = rngInt(rng, 0, grid.width * grid.height - 1);
    if (grid.passable[c] === 1) return c;
  }
}

function newTrip(w: SoakWorld): void {
  w.dsGoal = openCell(w.grid, w.rng);
  setDStarLiteEndpoints(w.dstar, w.dsAgent % GRID, (w.dsAgent / GRID) | 0, w.dsGoal % GRID, (w.dsGoal / GRID) | 0);
}

/** Builds the world for `seed`. */
export function createSoakWorld(seed = 1): SoakWorld {
  const rng = createRng(seed);
  const orcaCrowd = createCrowd({ capacity: ORCA_AGENTS, cellSize: 2, rng: createRng(seed + 1) });
  const goals = new Float64Array(ORCA_AGENTS * 2);
  const tmp = { rng, goals };
  for (let i = 0; i < ORCA_AGENTS; i++) {
    const a = (i / ORCA_AGENTS) * Math.PI * 2;
    addCrowdAgent(orcaCrowd, { x: Math.cos(a) * 15, y: Math.sin(a) * 15, radius: 0.4, maxSpeed: 1.5, maxForce: 4 });
    pickGoal(tmp, i);
  }
  // A square pillar in the middle (counter-clockwise).
  const obstacles = createOrcaObstacles([
    [
      { x: -2, y: -2 },
      { x: 2, y: -2 },
      { x: 2, y: 2 },
      { x: -2, y: 2 },
    ],
  ]);
  const orca = createOrca(orcaCrowd, { neighborDist: 5, maxNeighbors: 8, timeHorizon: 2, timeHorizonObst: 1 }, { obstacles });
  const boids = createCrowd({ capacity: BOIDS, cellSize: 3, rng: createRng(seed + 2) });
  for (let i = 0; i < BOIDS; i++) {
    addCrowdAgent(boids, {
      x: rngNextFloat(rng) * 40,
      y: rngNextFloat(rng) * 40,
      vx: rngNextFloat(rng) - 0.5,
      vy: rngNextFloat(rng) - 0.5,
      radius: 0.3,
      maxSpeed: 2,
      maxForce: 3,
    });
  }

  const tree = createBehaviorTree<SoakNpc>(
    {
      version: 1,
      root: {
        type: "selector",
        children: [
          {
            type: "sequence",
            children: [
              { type: "condition", condition: "hurt" },
              { type: "action", action: "heal" },
              { type: "wait", duration: 0.5 },
            ],
          },
          {
            type: "sequence",
            children: [
              { type: "condition", condition: "threatened" },
              { type: "cooldown", duration: 0.3, child: { type: "action", action: "shoot" } },
            ],
          },
          { type: "retry", attempts: 3, child: { type: "action", action: "reload" } },
          { type: "timeout", duration: 2, child: { type: "action", action: "rest" } },
        ],
      },
    },
    {
      conditions: { hurt: (c) => c.agent.hp < 30, threatened: (c) => c.agent.threat > 0.5 && c.agent.ammo > 0 },
      actions: {
        heal: (c) => ((c.agent.hp = Math.min(100, c.agent.hp + 15)), BtStatus.Success),
        shoot: (c) => ((c.agent.ammo -= 1), (c.agent.stamina = Math.max(0, c.agent.stamina - 2)), BtStatus.Success),
        reload: (c) => (c.agent.ammo >= 10 ? BtStatus.Failure : ((c.agent.ammo += 1), c.agent.ammo >= 10 ? BtStatus.Success : BtStatus.Running)),
        rest: (c) => ((c.agent.stamina = Math.min(100, c.agent.stamina + 20 * c.dt)), c.agent.stamina >= 100 ? BtStatus.Success : BtStatus.Running),
      },
    },
  );
  const machine = createStateMachine<SoakNpc>(
    {
      version: 1,
      initial: "patrol",
      states: {
        patrol: {
          onUpdate: "tire",
          transitions: [
            { to: "combat", guard: "danger" },
            { to: "rest", guard: "tired" },
          ],
        },
        combat: {
          initial: "engage",
          history: "shallow",
          states: {
            engage: { onUpdate: "hurt", transitions: [{ to: "cover", after: 1.5 }] },
            cover: { transitions: [{ to: "engage", after: 0.75 }] },
          },
          transitions: [
            { to: "patrol", guard: "calm" },
            { to: "flee", guard: "dying" },
          ],
        },
        flee: { transitions: [{ to: "patrol", after: 3 }] },
        rest: { transitions: [{ to: "patrol", after: 2 }] },
      },
    },
    {
      guards: {
        danger: (a) => a.threat > 0.6,
        calm: (a) => a.threat < 0.3,
        dying: (a) => a.hp < 15,
        tired: (a) => a.stamina < 10,
      },
      callbacks: {
        tire: (a, c) => void (a.stamina = Math.max(0, a.stamina - 3 * c.dt)),
        hurt: (a, c) => void (a.hp = Math.max(0, a.hp - 8 * c.dt * a.threat)),
      },
    },
  );
  const utility = createUtilitySet({
    version: 1,
    inputs: ["hp", "threat", "ammo", "stamina"],
    options: [
      {
        name: "fight",
        considerations: [
          { input: "threat", curve: { type: "linear", m: 1, b: 0 } },
          { input: "ammo", curve: { type: "linear", m: 1, b: 0, input: { min: 0, max: 10 } } },
        ],
      },
      {
        name: "flee",
        considerations: [
          { input: "hp", curve: { type: "linear", m: -1, b: 1, input: { min: 0, max: 100 } } },
          { input: "threat", curve: { type: "logistic", m: 1, k: 10, b: 0, c: 0.5 } },
        ],
      },
      { name: "reload", weight: 0.8, considerations: [{ input: "ammo", curve: { type: "linear", m: -1, b: 1, input: { min: 0, max: 10 } } }] },
      { name: "rest", weight: 0.5, considerations: [{ input: "stamina", curve: { type: "linear", m: -1, b: 1, input: { min: 0, max: 100 } } }] },
    ],
    selection: { mode: "absolute", momentum: 0.25 },
  });

  const npcs: SoakNpc[] = [];
  const treeStates: BtState[] = [];
  const machineStates: MachineState[] = [];
  const utilityStates: UtilityState[] = [];
  for (let i = 0; i < NPCS; i++) {
    const npc: SoakNpc = { hp: 50 + rngInt(rng, 0, 50), ammo: rngInt(rng, 0, 10), threat: 0, stamina: 100, intent: -1, slot: i };
    npcs.push(npc);
    treeStates.push(createTreeState(tree, { seed: seed * 100 + i }));
    const ms = createMachineState(machine);
    startMachine(ms, machine, npc);
    machineStates.push(ms);
    utilityStates.push(createUtilityState(utility));
  }

  const grid = createGrid(GRID, GRID);
  for (let i = 0; i < (GRID * GRID) / 5; i++) setCellPassable(grid, rngInt(rng, 0, GRID - 1), rngInt(rng, 0, GRID - 1), false);
  const dstar = createDStarLite(grid);
  const w: SoakWorld = {
    rng,
    steps: 0,
    time: 0,
    orcaCrowd,
    orca,
    goals,
    boids,
    npcs,
    tree,
    treeStates,
    machine,
    machineStates,
    utility,
    utilityStates,
    inputs: new Float64Array(4),
    grid,
    dstar,
    dsAgent: openCell(grid, rng),
    dsGoal: 0,
    trips: 0,
    stuck: 0,
    churn: 0,
    wallMoves: 0,
  };
  newTrip(w);
  return w;
}

/** Advances the world by one fixed step of `dt` seconds. */
export function stepSoakWorld(w: SoakWorld, dt: number): void {
  const { orcaCrowd: oc, goals, rng } = w;
  // ORCA crowd: each agent heads for its goal; a new goal when it arrives.
  for (let s = 0; s < oc.highWater; s++) {
    if (oc.alive[s] !== 1) continue;
    const dx = goals[2 * s]! - oc.posX[s]!;
    const dy = goals[2 * s + 1]! - oc.posY[s]!;
    const d = Math.hypot(dx, dy);
    if (d < 0.5) pickGoal(w, s);
    const speed = Math.min(oc.maxSpeed[s]!, d);
    const h = getCrowdAgentHandle(oc, s);
    setCrowdAgentPreferredVelocity(oc, h, d > 1e-9 ? (dx / d) * speed : 0, d > 1e-9 ? (dy / d) * speed : 0);
  }
  stepCrowdOrca(oc, w.orca, dt);
  // Handle churn: now and then an agent leaves and another joins (slot and generation reuse).
  if (w.steps % 997 === 996) {
    const s = rngInt(rng, 0, oc.highWater - 1);
    if (oc.alive[s] === 1 && removeCrowdAgent(oc, getCrowdAgentHandle(oc, s))) {
      const a = rngNextFloat(rng) * Math.PI * 2;
      const h = addCrowdAgent(oc, { x: Math.cos(a) * 18, y: Math.sin(a) * 18, radius: 0.4, maxSpeed: 1.5, maxForce: 4 });
      if (h >= 0) w.churn++;
    }
  }
  // Boids on a torus.
  stepCrowdBoids(w.boids, BOIDS_PARAMS, dt);
  wrapCrowd(w.boids, 0, 0, 40, 40);

  // NPC squad: threat from how crowded the NPC's ORCA agent is; tree, machine and utility each step.
  for (let i = 0; i < w.npcs.length; i++) {
    const npc = w.npcs[i]!;
    const s = npc.slot;
    let near = 0;
    if (oc.alive[s] === 1) {
      for (let t = 0; t < oc.highWater; t++) {
        if (t === s || oc.alive[t] !== 1) continue;
        if (Math.abs(oc.posX[t]! - oc.posX[s]!) + Math.abs(oc.posY[t]! - oc.posY[s]!) < 4) near++;
      }
    }
    npc.threat = clamp(0.9 * npc.threat + 0.1 * Math.min(1, near / 3), 0, 1);
    npc.hp = clamp(npc.hp + (npc.threat < 0.2 ? 2 * dt : 0), 0, 100);
    if (npc.hp <= 0) npc.hp = 100; // respawn
    tickTree(w.treeStates[i]!, w.tree, npc, dt);
    updateMachine(w.machineStates[i]!, w.machine, npc, dt);
    w.inputs[0] = npc.hp;
    w.inputs[1] = npc.threat;
    w.inputs[2] = npc.ammo;
    w.inputs[3] = npc.stamina;
    npc.intent = chooseUtility(w.utilityStates[i]!, w.utility, w.inputs);
  }

  // Grid agent: every 4 steps a wall moves (one open cell closes, one blocked cell opens, so the
  // wall density stays at its start value); D* Lite repairs and the agent moves one cell a step.
  const d = w.dstar;
  if (w.steps % 4 === 0) {
    const close = rngInt(rng, 0, GRID * GRID - 1);
    const open = rngInt(rng, 0, GRID * GRID - 1);
    if (close !== w.dsAgent && close !== w.dsGoal && w.grid.passable[close] === 1 && w.grid.passable[open] === 0) {
      setCellPassable(w.grid, close % GRID, (close / GRID) | 0, false);
      notifyDStarLiteCellChanged(d, close % GRID, (close / GRID) | 0);
      setCellPassable(w.grid, open % GRID, (open / GRID) | 0, true);
      notifyDStarLiteCellChanged(d, open % GRID, (open / GRID) | 0);
      w.wallMoves++;
    }
  }
  computeDStarLite(d);
  const next = dStarLiteNextCell(d);
  if (next >= 0 && next !== w.dsAgent) {
    w.dsAgent = next;
    moveDStarLiteStart(d, next % GRID, (next / GRID) | 0);
    w.stuck = 0;
  } else if (next < 0) w.stuck++;
  if (w.dsAgent === w.dsGoal || w.stuck > 50) {
    if (w.dsAgent === w.dsGoal) w.trips++;
    w.stuck = 0;
    newTrip(w);
  }
  w.steps++;
  w.time += dt;
}

// ----------------------------------------------------------------------------------------------------
// Health checks

/** Fields where Infinity is a sentinel: D* Lite "unreached" estimates, a tree with no timer pending (NaN still fails). */
const INFINITY_ALLOWED = new Set(["g", "rhs", "heapK1", "heapK2", "nextWake"]);

/**
 * Every float array and number field reachable (depth ≤ 3) from the world's state objects, with a
 * name for reports. Compiled definitions are left out (they are not state).
 */
function stateObjects(w: SoakWorld): [string, unknown][] {
  return [
    ["orcaCrowd", w.orcaCrowd],
    ["orca", w.orca],
    ["boids", w.boids],
    ["goals", w.goals],
    ["dstar", w.dstar],
    ...w.npcs.map((n, i): [string, unknown] => [`npc${i}`, n]),
    ...w.treeStates.map((s, i): [string, unknown] => [`tree${i}`, s]),
    ...w.machineStates.map((s, i): [string, unknown] => [`machine${i}`, s]),
    ...w.utilityStates.map((s, i): [string, unknown] => [`utility${i}`, s]),
  ];
}

function scan(name: string, key: string, v: unknown, depth: number, out: string[]): void {
  if (out.length > 0) return;
  if (typeof v === "number") {
    if (Number.isNaN(v) || (!Number.isFinite(v) && !INFINITY_ALLOWED.has(key))) out.push(`${name} = ${v}`);
  } else if (v instanceof Float64Array || v instanceof Float32Array) {
    const a = v;
    const inf = INFINITY_ALLOWED.has(key);
    for (let i = 0; i < a.length; i++) {
      const x = a[i]!;
      if (x !== x || (!inf && (x === Infinity || x === -Infinity))) {
        out.push(`${name}[${i}] = ${x}`);
        return;
      }
    }
  } else if (depth < 3 && typeof v === "object" && v !== null && !ArrayBuffer.isView(v) && !(v instanceof Map)) {
    if (key === "grid" || key === "definition" || key === "tree" || key === "machine") return; // shared inputs, not state
    for (const k of Object.keys(v)) scan(`${name}.${k}`, k, (v as Record<string, unknown>)[k], depth + 1, out);
  }
}

/** The first NaN (or unexpected ±Infinity) in any state array or number field, or null. */
export function findNonFinite(w: SoakWorld): string | null {
  const out: string[] = [];
  for (const [name, obj] of stateObjects(w)) scan(name, name, obj, 0, out);
  return out[0] ?? null;
}

function fnv(h: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h;
}

const enc = new TextEncoder();

/** A hash of the whole running state (crowds, NPCs, trees, machines, choices, the grid and D* Lite). */
export function hashSoakWorld(w: SoakWorld): string {
  let h = 0x811c9dc5;
  const arrays: ArrayBufferView[] = [];
  for (const c of [w.orcaCrowd, w.boids]) {
    arrays.push(c.posX, c.posY, c.velX, c.velY, c.fwdX, c.fwdY, c.alive, c.generation, c.wanderX, c.wanderY);
  }
  arrays.push(w.goals, w.grid.passable, w.dstar.g, w.dstar.rhs);
  for (const a of arrays) h = fnv(h, new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  const rest = JSON.stringify({
    npcs: w.npcs,
    trees: w.treeStates.map((s) => saveTree(s)),
    machines: w.machineStates.map((s) => saveMachine(s, w.machine)),
    rng: [w.rng.s0, w.rng.s1, w.rng.s2, w.rng.s3],
    ds: [w.dsAgent, w.dsGoal, w.trips, w.dstar.km, w.churn, w.wallMoves, w.steps],
  });
  h = fnv(h, enc.encode(rest));
  return (h >>> 0).toString(16).padStart(8, "0");
}

/** Options of {@link runSoak}. */
export interface SoakRunOptions {
  readonly steps: number;
  readonly seed?: number;
  readonly dt?: number;
  /** Check for NaN/Infinity every this many steps (default 100). */
  readonly checkEvery?: number;
  /** Called every 10,000 steps (heap sampling). */
  readonly onBlock?: (steps: number) => void;
}

/** Result of {@link runSoak}. */
export interface SoakRunResult {
  readonly steps: number;
  readonly ms: number;
  readonly hash: string;
  readonly nonFinite: string | null;
  readonly checks: number;
  readonly trips: number;
  readonly churn: number;
  readonly wallMoves: number;
}

/** Runs a fresh world for `steps` steps, checking its numbers as it goes. */
export function runSoak(options: SoakRunOptions): SoakRunResult {
  const w = createSoakWorld(options.seed ?? 1);
  const dt = options.dt ?? 1 / 30;
  const every = options.checkEvery ?? 100;
  let nonFinite: string | null = null;
  let checks = 0;
  const t0 = performance.now();
  for (let i = 0; i < options.steps; i++) {
    stepSoakWorld(w, dt);
    if (w.steps % every === 0 || i === options.steps - 1) {
      checks++;
      nonFinite = findNonFinite(w);
      if (nonFinite !== null) {
        nonFinite = `step ${w.steps}: ${nonFinite}`;
        break;
      }
    }
    if (options.onBlock && w.steps % 10_000 === 0) options.onBlock(w.steps);
  }
  return { steps: w.steps, ms: performance.now() - t0, hash: hashSoakWorld(w), nonFinite, checks, trips: w.trips, churn: w.churn, wallMoves: w.wallMoves };
}
