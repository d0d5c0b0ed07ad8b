// The reference world of issue 17: 200 agents in two teams on one map, using every runtime package
// together — a navmesh built from the tilemap (paths: A* + funnel), ORCA steering, a behaviour tree per
// agent whose "choose a goal" action scores options with utility, vision checks (sliced: a tenth of
// the agents per tick) against a grid line of sight, one influence map per team at its own rate, a
// GOAP commander per team replanning every 5 s, and an AI director whose phase sets the pace.
//
// Deterministic: all randomness comes from RNG streams forked from one seed, time only from the
// fixed step, iteration in index order.
//
// The world's periodic work — the vision slices, each team's influence propagation, each commander's
// GOAP replan — runs as SlicedTasks under one core scheduler budgeted in WORK UNITS (agents sensed,
// map rows propagated, plan nodes), so a smaller budget spreads the work over frames and the run
// stays deterministic; the scheduler's per-module counters say where the units went. `hashReferenceWorld` hashes the state's typed arrays (bytes
// of their views, not JSON text) so two runs — Node and Chromium, or a recording and its replay —
// can be compared tick by tick.

import {
  addScheduledTask,
  createRng,
  createReplayRecorder,
  createScheduler,
  createStateHash,
  detCos,
  hashStateBytes,
  hashStateRange,
  hashStateString,
  readStateHash,
  recordReplayDecision,
  recordReplayTick,
  resetStateHash,
  restoreRng,
  restoreScheduler,
  rngInt,
  rngNextFloat,
  runSchedulerFrame,
  saveRng,
  saveScheduler,
  setSchedulerBudget,
  SliceFlags,
  type ReplayLog,
  type ReplayTarget,
  type Rng,
  type Scheduler,
  type SchedulerSnapshot,
  type SliceCounters,
  type SlicedTask,
  type StateHash,
} from "@tactica/core";
import {
  BtStatus,
  createBehaviorTree,
  createTreeState,
  pickUtilityOption,
  restoreTree,
  saveTree,
  tickTree,
  type BehaviorTree,
  type BtState,
  type BtTickResult,
  type UtilityDefinition,
} from "@tactica/decision";
import { createGrid, setCellPassable, type Grid } from "@tactica/grid";
import { addDirectorIntensity, createDirector, restoreDirector, saveDirector, stepDirector, type Director } from "@tactica/narrative";
import {
  buildNavMeshFromTilemap,
  createNavMeshQuery,
  createNavPath,
  createStraightPath,
  findNearestPoint,
  findPolygon,
  findPolygonPath,
  findRandomPoint,
  findStraightPath,
  type NavMesh,
  type NavMeshQuery,
  type NavPath,
  type StraightPath,
} from "@tactica/navmesh";
import {
  createInfluenceMap,
  createInfluencePropagationTask,
  gridLineOfSight,
  restoreInfluenceMap,
  saveInfluenceMap,
  type InfluenceMap,
  type InfluencePropagationTask,
  type LineOfSight,
} from "@tactica/perception";
import { compileProblem, createPlanResult, parseDomain, planGoap, stateFromFacts, type PlanningProblem, type PlanResult } from "@tactica/planning";
import { PathFlags } from "@tactica/search";
import {
  addCrowdAgent,
  createCrowd,
  createOrca,
  getCrowdAgentHandle,
  restoreCrowd,
  saveCrowd,
  setCrowdAgentPosition,
  stepCrowdOrca,
  type Crowd,
  type Orca,
} from "@tactica/steering";

/** Options of {@link createReferenceWorld}. */
export interface ReferenceWorldOptions {
  /** Root seed of every RNG stream (default 1). */
  readonly seed?: number;
  /** Agents, split into two teams (default 200). */
  readonly agents?: number;
  /** Map size in cells of 1 m (default 96 × 64). */
  readonly width?: number;
  readonly height?: number;
  /**
   * Work units the world's scheduler may spend per tick (default 1,000,000: every job finishes in
   * the tick it starts, as without a budget). Units: agents sensed, influence-map rows propagated,
   * GOAP nodes expanded (a replan is indivisible: at least 1 unit).
   */
  readonly budget?: number;
}

/** Default {@link ReferenceWorldOptions.budget}. */
export const REFERENCE_WORLD_DEFAULT_BUDGET = 1_000_000;

/** The world's scheduled tasks: their scheduler handles and labels (module names: "vision", "influence", "goap"). */
export interface ReferenceWorldTasks {
  /** Handles, in slot order: vision, influence team 0, influence team 1, GOAP team 0, GOAP team 1. */
  readonly handles: readonly number[];
  /** A label per handle ("vision", "influence 0", …). */
  readonly labels: readonly string[];
  /** The two influence propagation tasks (their `propagation.row` is the next row, −1 between jobs). */
  readonly influence: readonly [InfluencePropagationTask, InfluencePropagationTask];
}

/** Team orders a commander's plan can give. */
export const TeamOrder = { Hold: 0, Advance: 1, Regroup: 2 } as const;

/** Decision modules of the replay log: a triple's module index points here. */
export const REFERENCE_WORLD_MODULES: readonly string[] = ["bt", "utility", "goap"];

/** A player input the world accepts between ticks (recorded in the replay log). */
export type ReferenceWorldInput = ReferenceWorldRally | ReferenceWorldBudget;

/** Send every agent of `team` to (x, y). */
export interface ReferenceWorldRally {
  readonly kind: "rally";
  readonly team: 0 | 1;
  readonly x: number;
  readonly y: number;
}

/** Set the scheduler's budget (work units per tick, > 0): an input, so a replay repeats it at its tick. */
export interface ReferenceWorldBudget {
  readonly kind: "budget";
  readonly units: number;
}

/** BT actions, as logged in {@link ReferenceWorld.lastChoice}: 0 none, 1 engage, 2 choose goal, 3 travel. */
export const ChoiceCode = { None: 0, Engage: 1, ChooseGoal: 2, Travel: 3 } as const;

/** What an agent's behaviour tree sees. */
interface AgentRef {
  readonly world: ReferenceWorld;
  readonly i: number;
}

/** The reference world: plain data plus the compiled (shared, immutable) tree, utility and problem. */
export interface ReferenceWorld {
  readonly seed: number;
  readonly dt: number;
  tick: number;
  readonly width: number;
  readonly height: number;
  readonly grid: Grid;
  readonly mesh: NavMesh;
  readonly los: LineOfSight;
  readonly crowd: Crowd;
  readonly orca: Orca;
  readonly count: number;
  /** RNG streams forked from the seed: map, spawn, decisions, director. */
  readonly rngs: { readonly map: Rng; readonly spawn: Rng; readonly decide: Rng };
  readonly team: Uint8Array;
  readonly goalX: Float64Array;
  readonly goalY: Float64Array;
  readonly hasGoal: Uint8Array;
  /** Path corners per agent (MAX_CORNERS pairs each). */
  readonly corners: Float64Array;
  readonly cornerCount: Int32Array;
  readonly cornerIndex: Int32Array;
  /**
   * Per agent: core's state hash of the corners still ahead (from `cornerIndex` to `cornerCount`),
   * recomputed wherever those change (a new path, a corner reached, a restore). The per-tick hash
   * reads these 200 words instead of gathering the corners; after writing `corners`,
   * `cornerCount` or `cornerIndex` directly, call {@link refreshCornerHashes}.
   */
  readonly cornerHash: Int32Array;
  /** Last seen enemy per agent (-1 none) and how long ago (s). */
  readonly threat: Int32Array;
  readonly threatAge: Float64Array;
  /** Seconds spent in contact (an enemy within 2 m and seen). */
  readonly contact: Float64Array;
  /** The last BT action each agent ran ({@link ChoiceCode}) and the utility option index chosen. */
  readonly lastChoice: Uint8Array;
  readonly lastOption: Int8Array;
  readonly agentRefs: readonly AgentRef[];
  readonly tree: BehaviorTree<AgentRef>;
  /** Each agent's behaviour-tree state; its per-node arrays are views into {@link ReferenceWorld.treeArrays}. */
  readonly treeStates: readonly BtState[];
  /**
   * Every agent's behaviour-tree arrays end to end, one typed array per field: agent `i`'s
   * `treeStates[i].status` is `treeArrays.status.subarray(i·k, (i+1)·k)` (k = the field's length
   * in one state). The per-tick hash reads these few arrays instead of ten small ones per agent.
   */
  readonly treeArrays: TreeArrays;
  /** All of {@link ReferenceWorld.treeArrays}' bytes: they share one buffer (each field 8-byte aligned, the gaps zero). */
  readonly treeBytes: Uint8Array;
  /**
   * The bytes of the per-agent arrays `goalX`, `goalY`, `threatAge`, `contact`, `cornerCount`,
   * `cornerIndex`, `threat`, `cornerHash`, `hasGoal`, `lastChoice`, `lastOption` and of `order`: views into
   * one buffer (8-byte aligned, the gaps zero), hashed in one pass.
   */
  readonly agentBytes: Uint8Array;
  readonly utility: UtilityDefinition;
  readonly influence: readonly [InfluenceMap, InfluenceMap];
  readonly problem: PlanningProblem;
  readonly plan: PlanResult;
  readonly order: Uint8Array;
  /** Propagation steps each influence map has run so far (its values change only then). */
  readonly influenceSteps: Uint32Array;
  readonly director: Director;
  readonly query: NavMeshQuery;
  readonly navPath: NavPath;
  readonly straight: StraightPath;
  /** Decisions of the last tick as `agent, module, choice` triples (modules: {@link REFERENCE_WORLD_MODULES}). */
  readonly decisions: number[];
  /** The frame-budget scheduler (units mode) that runs vision, influence and GOAP. */
  readonly scheduler: Scheduler;
  /** The scheduled tasks (handles, labels). */
  readonly tasks: ReferenceWorldTasks;
  /** The vision task's cursor: the slice being sensed (agents `i ≡ slice mod 10`) and the next agent. */
  readonly vision: { slice: number; next: number };
  /** Per-tick counters for the inspector and the bench. */
  readonly counters: { visionChecks: number; pathsPlanned: number; plans: number; contacts: number };
}

const MAX_CORNERS = 32;
const VISION = { viewRange: 14, fieldOfView: (2 * Math.PI) / 3 };
const VISION_SLICES = 10;

const TREE = {
  version: 1 as const,
  root: {
    type: "selector" as const,
    children: [
      {
        type: "sequence" as const,
        children: [
          { type: "condition" as const, condition: "threatened" },
          { type: "action" as const, action: "engage" },
        ],
      },
      {
        type: "sequence" as const,
        children: [
          { type: "condition" as const, condition: "needsGoal" },
          { type: "action" as const, action: "chooseGoal" },
        ],
      },
      { type: "action" as const, action: "travel" },
    ],
  },
};

const UTILITY: UtilityDefinition = {
  version: 1,
  inputs: ["enemyPressure", "friendSupport", "advanceOrder", "regroupOrder", "calm"],
  options: [
    {
      name: "advance",
      considerations: [
        { input: "advanceOrder", curve: { type: "linear", m: 0.8, b: 0.2 } },
        { input: "friendSupport", curve: { type: "linear", m: 0.6, b: 0.4 } },
      ],
    },
    {
      name: "regroup",
      considerations: [
        { input: "regroupOrder", curve: { type: "linear", m: 0.8, b: 0.1 } },
        { input: "enemyPressure", curve: { type: "linear", m: 0.7, b: 0.3 } },
      ],
    },
    { name: "patrol", considerations: [{ input: "calm", curve: { type: "linear", m: 0.6, b: 0.2 } }] },
  ],
};

const DOMAIN = `
  (:action scout :preconditions (not enemy-located) :effects (enemy-located))
  (:action regroup :preconditions (outnumbered) :effects (strong and not outnumbered))
  (:action advance :preconditions (enemy-located and strong) :effects (area-held))
  (:action hold :preconditions (area-held) :effects (area-held))
  (:initial (strong))
  (:goal (area-held))`;

/** The per-node (and per-hint, per-watch) typed arrays of a `BtState` that the world lays end to end. */
const TREE_ARRAY_FIELDS = ["status", "cursor", "timer", "order", "hints", "pending", "gen", "lastTick", "inflight", "seenVersion"] as const;

/** See {@link ReferenceWorld.treeArrays}. */
export type TreeArrays = { readonly [K in (typeof TREE_ARRAY_FIELDS)[number]]: BtState[K] };

/** Typed-array constructors the arenas below lay out. */
type ArenaArrayConstructor = Float64ArrayConstructor | Int32ArrayConstructor | Uint32ArrayConstructor | Uint8ArrayConstructor | Int8ArrayConstructor;

/** An arena's layout: a name per array, with its type and length, in buffer order. */
type ArenaLayout = Readonly<Record<string, readonly [ArenaArrayConstructor, number]>>;

/** The arrays of an {@link ArenaLayout}, by name. */
type ArenaArrays<L extends ArenaLayout> = { readonly [K in keyof L]: InstanceType<L[K][0]> };

/**
 * One `ArrayBuffer` holding the layout's arrays end to end, each at an offset that is a multiple
 * of 8 (the gaps stay zero). Returns the arrays by name and a byte view of the whole buffer: the
 * per-tick hash reads that one view instead of a dozen small arrays.
 */
function createArena<L extends ArenaLayout>(layout: L): { arrays: ArenaArrays<L>; bytes: Uint8Array } {
  let size = 0;
  const at: number[] = [];
  for (const [ctor, n] of Object.values(layout)) {
    at.push(size);
    size += (n * ctor.BYTES_PER_ELEMENT + 7) & ~7;
  }
  const buffer = new ArrayBuffer(size);
  const arrays: Record<string, ArrayBufferView> = {};
  Object.entries(layout).forEach(([name, [ctor, n]], k) => (arrays[name] = new ctor(buffer, at[k], n)));
  return { arrays: arrays as ArenaArrays<L>, bytes: new Uint8Array(buffer) };
}

/**
 * `count` states of `tree` whose typed arrays are views into one array per field, the fields in
 * one buffer (plain data still: decision's functions index and `set` them as they would their own
 * arrays).
 */
function createFlatTreeStates(tree: BehaviorTree<AgentRef>, count: number): { states: BtState[]; arrays: TreeArrays; bytes: Uint8Array } {
  const template = createTreeState(tree);
  const layout: Record<string, readonly [ArenaArrayConstructor, number]> = {};
  for (const f of TREE_ARRAY_FIELDS) layout[f] = [template[f].constructor as ArenaArrayConstructor, template[f].length * count];
  const arena = createArena(layout);
  const arrays = arena.arrays as Record<string, ArrayBufferView>;
  const states: BtState[] = [];
  for (let i = 0; i < count; i++) {
    const own = createTreeState(tree);
    const views = {} as Record<string, ArrayBufferView>;
    for (const f of TREE_ARRAY_FIELDS) {
      const k = own[f].length;
      const flat = arrays[f] as BtState[typeof f];
      flat.set(own[f], i * k);
      views[f] = flat.subarray(i * k, (i + 1) * k);
    }
    states.push({ ...own, ...views });
  }
  return { states, arrays: arrays as unknown as TreeArrays, bytes: arena.bytes };
}

function buildMap(w: number, h: number, rng: Rng): Grid {
  const grid = createGrid(w, h);
  for (let x = 0; x < w; x++) {
    setCellPassable(grid, x, 0, false);
    setCellPassable(grid, x, h - 1, false);
  }
  for (let y = 0; y < h; y++) {
    setCellPassable(grid, 0, y, false);
    setCellPassable(grid, w - 1, y, false);
  }
  // Pillars and short walls on a jittered lattice, the middle band left open enough to meet.
  for (let cy = 6; cy < h - 6; cy += 10) {
    for (let cx = 8; cx < w - 8; cx += 12) {
      const ox = cx + rngInt(rng, -2, 2),
        oy = cy + rngInt(rng, -2, 2);
      const horizontal = rngNextFloat(rng) < 0.5;
      const len = rngInt(rng, 2, 6);
      for (let k = 0; k < len; k++) {
        const x = horizontal ? ox + k : ox,
          y = horizontal ? oy : oy + k;
        if (x > 1 && y > 1 && x < w - 2 && y < h - 2) {
          setCellPassable(grid, x, y, false);
          setCellPassable(grid, horizontal ? x : x + 1, horizontal ? y + 1 : y, false);
        }
      }
    }
  }
  return grid;
}

/** Creates the world for `options.seed`: same seed, same world, on every engine. */
export function createReferenceWorld(options: ReferenceWorldOptions = {}): ReferenceWorld {
  const seed = options.seed ?? 1;
  const count = options.agents ?? 200;
  const width = options.width ?? 96;
  const height = options.height ?? 64;
  const root = createRng(seed);
  // Named streams forked from the root: each module draws from its own, so adding a draw in one
  // module does not shift the others.
  const rngs = { map: createRng(rngInt(root, 1, 0x7fffffff)), spawn: createRng(rngInt(root, 1, 0x7fffffff)), decide: createRng(rngInt(root, 1, 0x7fffffff)) };
  const directorSeed = rngInt(root, 1, 0x7fffffff);
  const grid = buildMap(width, height, rngs.map);
  const mesh = buildNavMeshFromTilemap(grid.passable, width, height, { agentRadius: 0.4 });
  const crowd = createCrowd({ capacity: count, cellSize: 4, rng: createRng(rngInt(root, 1, 0x7fffffff)) });
  const team = new Uint8Array(count);
  const p = { x: 0, y: 0 };
  for (let i = 0; i < count; i++) {
    team[i] = i % 2;
    // Team 0 spawns in the west third, team 1 in the east third.
    let tries = 0;
    do {
      findRandomPoint(p, mesh, rngs.spawn);
      tries++;
    } while (tries < 64 && (team[i] === 0 ? p.x > width / 3 : p.x < (2 * width) / 3));
    addCrowdAgent(crowd, { x: p.x, y: p.y, radius: 0.35, maxSpeed: 1.6 + 0.4 * rngNextFloat(rngs.spawn) });
  }
  // The per-agent arrays the hash reads every tick, in one buffer (see ReferenceWorld.agentBytes).
  const agent = createArena({
    goalX: [Float64Array, count],
    goalY: [Float64Array, count],
    threatAge: [Float64Array, count],
    contact: [Float64Array, count],
    cornerCount: [Int32Array, count],
    cornerIndex: [Int32Array, count],
    threat: [Int32Array, count],
    hasGoal: [Uint8Array, count],
    lastChoice: [Uint8Array, count],
    lastOption: [Int8Array, count],
    order: [Uint8Array, 2],
    cornerHash: [Int32Array, count],
  } as const);
  const orca = createOrca(crowd, { neighborDist: 4, maxNeighbors: 8, timeHorizon: 2, timeHorizonObst: 2 });
  const world: ReferenceWorld = {
    seed,
    dt: 1 / 30,
    tick: 0,
    width,
    height,
    grid,
    mesh,
    los: gridLineOfSight(grid),
    crowd,
    orca,
    count,
    rngs,
    team,
    goalX: agent.arrays.goalX,
    goalY: agent.arrays.goalY,
    hasGoal: agent.arrays.hasGoal,
    corners: new Float64Array(count * MAX_CORNERS * 2),
    cornerCount: agent.arrays.cornerCount,
    cornerIndex: agent.arrays.cornerIndex,
    cornerHash: agent.arrays.cornerHash,
    threat: agent.arrays.threat.fill(-1),
    threatAge: agent.arrays.threatAge,
    contact: agent.arrays.contact,
    lastChoice: agent.arrays.lastChoice,
    lastOption: agent.arrays.lastOption.fill(-1),
    agentRefs: [],
    tree: undefined as unknown as BehaviorTree<AgentRef>,
    treeStates: [],
    treeArrays: undefined as unknown as TreeArrays,
    treeBytes: undefined as unknown as Uint8Array,
    utility: UTILITY,
    influence: [
      createInfluenceMap(width, height, { grid, rateHz: 2, momentum: 0.6, decay: 0.25 }),
      createInfluenceMap(width, height, { grid, rateHz: 2, momentum: 0.6, decay: 0.25 }),
    ],
    problem: compileProblem(parseDomain(DOMAIN)),
    plan: createPlanResult({ capacity: 16 }),
    order: agent.arrays.order,
    agentBytes: agent.bytes,
    influenceSteps: new Uint32Array(2),
    director: createDirector({ relaxMin: 30, relaxMax: 45, seed: directorSeed }),
    query: createNavMeshQuery(mesh),
    navPath: createNavPath({ maxLength: Math.max(1, mesh.polyCount) }),
    straight: createStraightPath({ maxPoints: MAX_CORNERS }),
    counters: { visionChecks: 0, pathsPlanned: 0, plans: 0, contacts: 0 },
    decisions: [],
    scheduler: createScheduler({ frameBudget: options.budget ?? REFERENCE_WORLD_DEFAULT_BUDGET, capacity: 8 }),
    tasks: undefined as unknown as ReferenceWorldTasks,
    vision: { slice: 0, next: 0 },
  };
  Object.assign(world, { tasks: scheduleWorldTasks(world) });
  const tree = createBehaviorTree<AgentRef>(TREE, {
    conditions: {
      threatened: (c) => c.agent.world.threat[c.agent.i]! >= 0 && c.agent.world.threatAge[c.agent.i]! < 2,
      needsGoal: (c) => c.agent.world.hasGoal[c.agent.i] === 0,
    },
    actions: {
      engage: (c) => engage(c.agent.world, c.agent.i),
      chooseGoal: (c) => chooseGoal(c.agent.world, c.agent.i),
      travel: (c) => travel(c.agent.world, c.agent.i),
    },
  });
  const refs: AgentRef[] = [];
  for (let i = 0; i < count; i++) refs.push({ world, i });
  const { states, arrays, bytes } = createFlatTreeStates(tree, count);
  Object.assign(world, { tree, agentRefs: refs, treeStates: states, treeArrays: arrays, treeBytes: bytes });
  refreshCornerHashes(world);
  return world;
}

function cellOf(world: ReferenceWorld, x: number, y: number): number {
  const cx = Math.min(world.width - 1, Math.max(0, Math.floor(x)));
  const cy = Math.min(world.height - 1, Math.max(0, Math.floor(y)));
  return cy * world.width + cx;
}

function engage(world: ReferenceWorld, i: number): BtTickResult {
  world.lastChoice[i] = ChoiceCode.Engage;
  const t = world.threat[i]!;
  const { posX, posY, prefVelX, prefVelY, maxSpeed } = world.crowd;
  const dx = posX[t]! - posX[i]!,
    dy = posY[t]! - posY[i]!;
  const d = Math.hypot(dx, dy);
  // Close to 1.5 m, then hold: contact time accumulates and feeds the director.
  const speed = d > 1.5 ? maxSpeed[i]! : 0;
  // `+ 0` turns a −0 (a negative direction times speed 0) into +0: JSON snapshots cannot hold −0,
  // and the state hash reads the bytes, so a restored world would hash differently.
  prefVelX[i] = d > 1e-9 ? (dx / d) * speed + 0 : 0;
  prefVelY[i] = d > 1e-9 ? (dy / d) * speed + 0 : 0;
  if (d < 2) {
    world.contact[i] = world.contact[i]! + world.dt;
    if (world.contact[i] >= 1) {
      world.contact[i] = 0;
      world.counters.contacts++;
      addDirectorIntensity(world.director, 0.05);
      world.hasGoal[i] = 0; // after a skirmish, pick a new goal
    }
  }
  return BtStatus.Success;
}

const inputs = { enemyPressure: 0, friendSupport: 0, advanceOrder: 0, regroupOrder: 0, calm: 0 };

function chooseGoal(world: ReferenceWorld, i: number): BtTickResult {
  world.lastChoice[i] = ChoiceCode.ChooseGoal;
  const team = world.team[i]!;
  const cell = cellOf(world, world.crowd.posX[i]!, world.crowd.posY[i]!);
  const own = world.influence[team]!,
    enemy = world.influence[1 - team]!;
  inputs.enemyPressure = Math.min(1, enemy.values[cell]!);
  inputs.friendSupport = Math.min(1, own.values[cell]!);
  inputs.advanceOrder = world.order[team] === TeamOrder.Advance ? 1 : 0;
  inputs.regroupOrder = world.order[team] === TeamOrder.Regroup ? 1 : 0;
  inputs.calm = world.director.phase === "relax" ? 1 : 0.3;
  const pick = pickUtilityOption(world.utility, inputs, { rng: world.rngs.decide });
  const option = pick.index;
  world.lastOption[i] = option;
  world.decisions.push(i, 1, option);
  const p = { x: 0, y: 0 };
  if (option === 0) {
    // Advance: a random point in the enemy's half.
    do findRandomPoint(p, world.mesh, world.rngs.decide);
    while (team === 0 ? p.x < world.width / 2 : p.x > world.width / 2);
  } else if (option === 1) {
    // Regroup: a random point in the own third.
    do findRandomPoint(p, world.mesh, world.rngs.decide);
    while (team === 0 ? p.x > world.width / 3 : p.x < (2 * world.width) / 3);
  } else findRandomPoint(p, world.mesh, world.rngs.decide);
  world.goalX[i] = p.x;
  world.goalY[i] = p.y;
  planPath(world, i);
  world.hasGoal[i] = 1;
  return BtStatus.Success;
}

const snapStart = { x: 0, y: 0 };
const snapGoal = { x: 0, y: 0 };

function planPath(world: ReferenceWorld, i: number): void {
  world.counters.pathsPlanned++;
  const { mesh } = world;
  const ps = findNearestPoint(snapStart, mesh, world.crowd.posX[i]!, world.crowd.posY[i]!);
  const pg = findNearestPoint(snapGoal, mesh, world.goalX[i]!, world.goalY[i]!);
  world.cornerCount[i] = 0;
  world.cornerIndex[i] = 0;
  if (ps < 0 || pg < 0) return refreshCornerHash(world, i);
  const corridor = findPolygonPath(world.navPath, world.query, ps, snapStart.x, snapStart.y, pg, snapGoal.x, snapGoal.y);
  if ((corridor.flags & (PathFlags.Found | PathFlags.Partial)) === 0 || corridor.length === 0) return refreshCornerHash(world, i);
  const sp = findStraightPath(world.straight, mesh, corridor.path, corridor.length, snapStart.x, snapStart.y, snapGoal.x, snapGoal.y);
  const n = Math.min(sp.count, MAX_CORNERS);
  const base = i * MAX_CORNERS * 2;
  for (let k = 0; k < 2 * n; k++) world.corners[base + k] = sp.points[k]!;
  world.cornerCount[i] = n;
  world.cornerIndex[i] = n > 1 ? 1 : 0;
  refreshCornerHash(world, i);
}

const cornerHasher = createStateHash();

/** Recomputes agent `i`'s {@link ReferenceWorld.cornerHash} from its corners still ahead. */
function refreshCornerHash(world: ReferenceWorld, i: number): void {
  const n = world.cornerCount[i]!;
  const k = Math.min(world.cornerIndex[i]!, n);
  const base = i * MAX_CORNERS * 2;
  resetStateHash(cornerHasher);
  hashStateRange(cornerHasher, world.corners, base + 2 * k, base + 2 * n);
  world.cornerHash[i] = readStateHash(cornerHasher) | 0;
}

/**
 * Recomputes every agent's {@link ReferenceWorld.cornerHash} from `corners`, `cornerCount` and
 * `cornerIndex`: the world keeps them current itself; call this after writing those arrays directly.
 */
export function refreshCornerHashes(world: ReferenceWorld): void {
  for (let i = 0; i < world.count; i++) refreshCornerHash(world, i);
}

function travel(world: ReferenceWorld, i: number): BtTickResult {
  world.lastChoice[i] = ChoiceCode.Travel;
  const { posX, posY, prefVelX, prefVelY, maxSpeed } = world.crowd;
  const n = world.cornerCount[i]!;
  let k = world.cornerIndex[i]!;
  const base = i * MAX_CORNERS * 2;
  while (k < n) {
    const cx = world.corners[base + 2 * k]!,
      cy = world.corners[base + 2 * k + 1]!;
    if (Math.hypot(cx - posX[i]!, cy - posY[i]!) > 0.5) break;
    k++;
  }
  if (k !== world.cornerIndex[i]) {
    world.cornerIndex[i] = k;
    refreshCornerHash(world, i);
  }
  if (k >= n) {
    prefVelX[i] = 0;
    prefVelY[i] = 0;
    world.hasGoal[i] = 0;
    return BtStatus.Success;
  }
  const dx = world.corners[base + 2 * k]! - posX[i]!,
    dy = world.corners[base + 2 * k + 1]! - posY[i]!;
  const d = Math.hypot(dx, dy);
  prefVelX[i] = (dx / d) * maxSpeed[i]! + 0; // + 0: no −0 in the state (see engage)
  prefVelY[i] = (dy / d) * maxSpeed[i]! + 0;
  return BtStatus.Running;
}

/** cos(half the field of view), from core's deterministic cosine: the same bits on every engine. */
const COS_HALF_FOV = detCos(VISION.fieldOfView / 2);

/**
 * Senses agent `i` in chapter 4's cheap-first order: distance, field of view, then perception's grid
 * line of sight. The cone test uses the velocity direction and a dot product (no Math.cos/Math.atan2
 * per check: those differ between engines in the last bit). Returns the rays cast.
 */
function senseAgent(world: ReferenceWorld, i: number): number {
  const { posX, posY, velX, velY } = world.crowd;
  const speed = Math.sqrt(velX[i]! * velX[i]! + velY[i]! * velY[i]!);
  // Standing agents look along +x of their team's advance (team 0 east, team 1 west).
  const fx = speed > 1e-6 ? velX[i]! / speed : world.team[i] === 0 ? 1 : -1;
  const fy = speed > 1e-6 ? velY[i]! / speed : 0;
  let best = -1,
    bestD = Infinity,
    rays = 0;
  for (let j = 0; j < world.count; j++) {
    if (world.team[j] === world.team[i]) continue;
    const dx = posX[j]! - posX[i]!,
      dy = posY[j]! - posY[i]!;
    const d2 = dx * dx + dy * dy;
    if (d2 > VISION.viewRange * VISION.viewRange || d2 >= bestD) continue;
    world.counters.visionChecks++;
    if (d2 > 0 && (dx * fx + dy * fy) / Math.sqrt(d2) < COS_HALF_FOV) continue;
    rays++;
    if (world.los(posX[i]!, posY[i]!, posX[j]!, posY[j]!)) {
      best = j;
      bestD = d2;
    }
  }
  if (best >= 0) {
    world.threat[i] = best;
    world.threatAge[i] = 0;
  } else if (world.threatAge[i]! > 2) world.threat[i] = -1;
  return rays;
}

/**
 * The vision task: a job senses a tenth of the agents (those with `i ≡ slice mod 10`), one unit per
 * agent, then moves on to the next slice. A new job every tick (rate 0), so with a budget that
 * covers a job every agent is sensed once per 10 ticks, as before the scheduler.
 */
function createVisionTask(world: ReferenceWorld): SlicedTask {
  const v = world.vision;
  return {
    step(budget: number, counters: SliceCounters): number {
      let done = 0;
      while (done < budget && v.next < world.count) {
        counters.rays += senseAgent(world, v.next);
        v.next += VISION_SLICES;
        done++;
      }
      counters.units += done;
      if (v.next < world.count) return SliceFlags.Partial;
      v.slice = (v.slice + 1) % VISION_SLICES;
      v.next = v.slice;
      return SliceFlags.Done;
    },
  };
}

/** The influence task of team `t`: perception's sliced propagation, sources written at each job's start (one unit per row). */
function createTeamInfluenceTask(world: ReferenceWorld, t: number): InfluencePropagationTask {
  const inner = createInfluencePropagationTask(world.influence[t]!, {
    onStart: (map) => {
      map.sources.fill(0);
      for (let i = 0; i < world.count; i++) if (world.team[i] === t) map.sources[cellOf(world, world.crowd.posX[i]!, world.crowd.posY[i]!)] = 1;
    },
  });
  return {
    map: inner.map,
    propagation: inner.propagation,
    step(budget: number, counters: SliceCounters): number {
      const status = inner.step(budget, counters);
      if (status === SliceFlags.Done) world.influenceSteps[t] = world.influenceSteps[t]! + 1;
      return status;
    },
  };
}

/**
 * The commander task of team `t`: a replan from facts read off the world (indivisible: one
 * `planGoap` call per job; units = nodes expanded, at least 1). Every 5 s.
 */
function createCommanderTask(world: ReferenceWorld, t: number): SlicedTask {
  return {
    step(_budget: number, counters: SliceCounters): number {
      let seen = 0,
        own = 0,
        other = 0;
      for (let i = 0; i < world.count; i++) {
        if (world.team[i] === t && world.threat[i]! >= 0) seen++;
        const x = world.crowd.posX[i]!;
        const inMiddle = x > world.width / 3 && x < (2 * world.width) / 3;
        if (inMiddle) {
          if (world.team[i] === t) own++;
          else other++;
        }
      }
      const facts: string[] = [];
      if (seen > 0) facts.push("enemy-located");
      if (other > own + 5) facts.push("outnumbered");
      else facts.push("strong");
      planGoap(world.plan, world.problem, stateFromFacts(world.problem, facts), world.problem.goal);
      world.counters.plans++;
      const first = (world.plan.flags & PathFlags.Found) !== 0 && world.plan.length > 0 ? world.problem.actionNames[world.plan.path[0]!]! : "hold()";
      world.order[t] = first.startsWith("regroup")
        ? TeamOrder.Regroup
        : first.startsWith("advance") || first.startsWith("scout")
          ? TeamOrder.Advance
          : TeamOrder.Hold;
      world.decisions.push(-1 - t, 2, world.order[t]);
      counters.nodes += world.plan.expanded;
      counters.units += Math.max(1, world.plan.expanded);
      return SliceFlags.Done;
    },
  };
}

/** Commander replans per second (every 5 s). */
const COMMAND_RATE = 0.2;

/**
 * Adds the world's tasks to its scheduler, in priority order: vision (0) before the influence maps
 * (1) before the commanders (2), who read what vision found. The commanders plan at tick 0 and
 * every 150 ticks after; the influence maps propagate every 15 ticks from tick 14.
 */
function scheduleWorldTasks(world: ReferenceWorld): ReferenceWorldTasks {
  const s = world.scheduler;
  const influence: [InfluencePropagationTask, InfluencePropagationTask] = [createTeamInfluenceTask(world, 0), createTeamInfluenceTask(world, 1)];
  const handles = [
    addScheduledTask(s, createVisionTask(world), { module: "vision", priority: 0, sliceUnits: Math.max(1, Math.ceil(world.count / VISION_SLICES)) }),
    addScheduledTask(s, influence[0], { module: "influence", priority: 1, rate: 1 / world.influence[0].interval, sliceUnits: 16 }),
    addScheduledTask(s, influence[1], { module: "influence", priority: 1, rate: 1 / world.influence[1].interval, sliceUnits: 16 }),
    addScheduledTask(s, createCommanderTask(world, 0), { module: "goap", priority: 2, rate: COMMAND_RATE, sliceUnits: 64 }),
    addScheduledTask(s, createCommanderTask(world, 1), { module: "goap", priority: 2, rate: COMMAND_RATE, sliceUnits: 64 }),
  ];
  // A new task starts with a job due; instead every task waits for its first rate tick (so no tick
  // finds a job already due — no deadline miss): vision ticks on the first frame (rate 0), the
  // commanders' accumulators start one frame short of a tick so they plan at tick 0 and every 150
  // ticks after, and the influence maps first propagate after 0.5 s (tick 14), as
  // `advanceInfluenceMap` did. Accumulators stay ≥ 0 (a scheduler snapshot requires it).
  for (const h of handles) s.pending[h % 65536] = 0;
  for (const h of handles.slice(3)) s.accumulator[h % 65536] = 1 - world.dt * COMMAND_RATE;
  return { handles, labels: ["vision", "influence 0", "influence 1", "goap 0", "goap 1"], influence };
}

/** Sets the world scheduler's budget (work units per tick, > 0). */
export function setReferenceWorldBudget(world: ReferenceWorld, units: number): void {
  setSchedulerBudget(world.scheduler, units);
}

function keepOnMesh(world: ReferenceWorld): void {
  const { posX, posY } = world.crowd;
  const p = { x: 0, y: 0 };
  for (let i = 0; i < world.count; i++) {
    if (findPolygon(world.mesh, posX[i]!, posY[i]!) >= 0) continue;
    // Through the crowd, so its spatial hash moves too: a position written behind the hash's back
    // made neighbour queries read the old cell, which a restored world (hash rebuilt from the
    // positions) did not repeat.
    if (findNearestPoint(p, world.mesh, posX[i]!, posY[i]!) >= 0) setCrowdAgentPosition(world.crowd, getCrowdAgentHandle(world.crowd, i), p.x, p.y);
  }
}

/** Applies a player input (before the tick it belongs to). */
export function applyReferenceWorldInput(world: ReferenceWorld, input: ReferenceWorldInput): void {
  if (input.kind === "budget") {
    setSchedulerBudget(world.scheduler, input.units);
    return;
  }
  if (input.kind !== "rally") return;
  for (let i = 0; i < world.count; i++) {
    if (world.team[i] !== input.team) continue;
    world.goalX[i] = input.x;
    world.goalY[i] = input.y;
    planPath(world, i);
    world.hasGoal[i] = 1;
  }
}

const previousChoice = new WeakMap<ReferenceWorld, Uint8Array>();

/**
 * Advances the world by one fixed step (1/30 s), after applying `inputs`. Fills
 * {@link ReferenceWorld.decisions} with the tick's decisions: a behaviour-tree action that differs
 * from the agent's previous one (module 0), every utility pick (1) and every commander order (2,
 * agent −1 − team).
 */
export function stepReferenceWorld(world: ReferenceWorld, inputs: readonly ReferenceWorldInput[] = []): void {
  world.decisions.length = 0;
  for (const input of inputs) applyReferenceWorldInput(world, input);
  let before = previousChoice.get(world);
  if (before === undefined) {
    before = new Uint8Array(world.count);
    previousChoice.set(world, before);
  }
  before.set(world.lastChoice);
  const c = world.counters;
  c.visionChecks = 0;
  c.pathsPlanned = 0;
  c.plans = 0;
  c.contacts = 0;
  for (let i = 0; i < world.count; i++) world.threatAge[i] = world.threatAge[i]! + world.dt;
  runSchedulerFrame(world.scheduler, world.dt);
  for (let i = 0; i < world.count; i++) {
    tickTree(world.treeStates[i]!, world.tree, world.agentRefs[i]!, world.dt);
    if (world.lastChoice[i] !== before[i]) world.decisions.push(i, 0, world.lastChoice[i]!);
  }
  stepCrowdOrca(world.crowd, world.orca, world.dt);
  keepOnMesh(world);
  stepDirector(world.director, world.dt);
  world.tick++;
}

/** What hashing a world needs besides the world: core's hash, gather buffers, each influence map's last hash. */
interface HashScratch {
  readonly hash: StateHash;
  /** A second hash for the influence maps (their part is cached between propagations). */
  readonly mapHash: StateHash;
  /** Per agent: tree time, dt, next wake, blackboard time (float64 each). */
  readonly treeFloats: Float64Array;
  /** Per agent: tree ticks, root status, wake, polling, RNG words s0–s3, blackboard changes (int32 each). */
  readonly treeInts: Int32Array;
  /** Director, world RNG streams and scheduler scalars (int32 / float64). */
  readonly misc: Float64Array;
  readonly miscInts: Int32Array;
  /** Hash of each influence map and the propagation count it was computed at. */
  readonly mapSteps: Float64Array;
  readonly mapHashes: Int32Array;
}

const TREE_FLOATS = 4;
const TREE_INTS = 9;
const hashScratch = new WeakMap<ReferenceWorld, HashScratch>();

function scratchOf(world: ReferenceWorld): HashScratch {
  let s = hashScratch.get(world);
  if (s === undefined) {
    s = {
      hash: createStateHash(),
      mapHash: createStateHash(),
      treeFloats: new Float64Array(world.count * TREE_FLOATS),
      treeInts: new Int32Array(world.count * TREE_INTS),
      misc: new Float64Array(12),
      miscInts: new Int32Array(24),
      mapSteps: new Float64Array(2).fill(-1),
      mapHashes: new Int32Array(2),
    };
    hashScratch.set(world, s);
  }
  return s;
}

/** Hash of an influence map's values, recomputed only when it propagated since (its values change only then). */
function influenceHash(scratch: HashScratch, t: number, m: InfluenceMap, steps: number): number {
  if (scratch.mapSteps[t] !== steps) {
    const h = scratch.mapHash;
    resetStateHash(h);
    hashStateBytes(h, m.values);
    hashStateBytes(h, m.minValues);
    scratch.mapHashes[t] = readStateHash(h);
    scratch.mapSteps[t] = steps;
  }
  return scratch.mapHashes[t]!;
}

function putRng(k: Int32Array, at: number, r: Rng): void {
  k[at] = r.s0;
  k[at + 1] = r.s1;
  k[at + 2] = r.s2;
  k[at + 3] = r.s3;
}

/** Gathers each tree state's scalars (and blackboard scalars) into the scratch arrays, one pass over the states. */
function gatherTreeScalars(world: ReferenceWorld, f: Float64Array, n: Int32Array): void {
  const states = world.treeStates;
  for (let i = 0; i < states.length; i++) {
    const s = states[i]!;
    const bb = s.blackboard;
    const fi = i * TREE_FLOATS,
      ni = i * TREE_INTS;
    f[fi] = s.time;
    f[fi + 1] = s.dt;
    f[fi + 2] = s.nextWake;
    f[fi + 3] = bb.time;
    n[ni] = s.ticks;
    n[ni + 1] = s.rootStatus;
    n[ni + 2] = s.wake ? 1 : 0;
    n[ni + 3] = s.polling;
    n[ni + 4] = s.rng.s0;
    n[ni + 5] = s.rng.s1;
    n[ni + 6] = s.rng.s2;
    n[ni + 7] = s.rng.s3;
    n[ni + 8] = bb.changes;
  }
}

/**
 * A 32-bit hash (core's `StateHash`: the bytes of typed-array views as little-endian words in four
 * lanes) of the world's running state: crowd positions and velocities, live path corners,
 * perception, decisions, both influence maps, the scheduler and its tasks' cursors, every tree
 * state, the director and the RNG streams. Exact (no float formatting) and allocation-free. The
 * world's per-agent arrays and the trees' per-field arrays ({@link ReferenceWorld.treeArrays}) are
 * read as two buffers ({@link ReferenceWorld.agentBytes}, {@link ReferenceWorld.treeBytes}), plus
 * one gathered array of the tree states' scalars; the corners still ahead enter through
 * {@link ReferenceWorld.cornerHash} (kept current where corners change), and an influence map's
 * part is recomputed only on ticks when the map propagated.
 */
export function hashReferenceWorld(world: ReferenceWorld): number {
  const scratch = scratchOf(world);
  const h = scratch.hash;
  resetStateHash(h);
  const c = world.crowd;
  const n = c.highWater;
  hashStateRange(h, c.posX, 0, n);
  hashStateRange(h, c.posY, 0, n);
  hashStateRange(h, c.velX, 0, n);
  hashStateRange(h, c.velY, 0, n);
  hashStateRange(h, c.prefVelX, 0, n);
  hashStateRange(h, c.prefVelY, 0, n);
  // The world's per-agent arrays, then the behaviour trees' per-field arrays: one buffer each.
  hashStateBytes(h, world.agentBytes);
  hashStateBytes(h, world.treeBytes);
  // Every tree state's scalars.
  gatherTreeScalars(world, scratch.treeFloats, scratch.treeInts);
  hashStateBytes(h, scratch.treeFloats);
  hashStateBytes(h, scratch.treeInts);
  // Blackboard values (every state's blackboard has the tree's keys: none in this world's tree, so
  // no second pass over the 200 states).
  if (world.tree.blackboardKeys.length > 0)
    for (const s of world.treeStates) {
      const bb = s.blackboard;
      hashStateBytes(h, bb.num);
      hashStateBytes(h, bb.stamp);
      hashStateBytes(h, bb.version);
      for (const x of bb.str) hashStateString(h, x);
    }
  // The scheduler's running state: rate accumulators, due flags, ages, and each task's cursor (a
  // propagation's half-written back buffers too, when a small budget left one mid-job).
  const sc = world.scheduler;
  hashStateBytes(h, sc.accumulator);
  hashStateBytes(h, sc.pending);
  hashStateBytes(h, sc.age);
  // Only the rows this job wrote: the rest of the back buffer is left over from two propagations
  // ago, is never read (the job overwrites it) and is not part of the saved state.
  for (const task of world.tasks.influence) {
    if (task.propagation.row < 0) continue;
    const written = task.propagation.row * task.map.width;
    hashStateRange(h, task.map.scratch, 0, written);
    hashStateRange(h, task.map.scratchMin, 0, written);
  }
  // Scalars: the influence maps' hashes and clocks, the scheduler budget and cursors, the director,
  // the RNG streams (the world's three, the crowd's, the director's), the tick.
  const m = scratch.misc;
  m[0] = world.influence[0].elapsed;
  m[1] = world.influence[1].elapsed;
  m[2] = sc.frameBudget;
  m[3] = world.tasks.influence[0].propagation.row;
  m[4] = world.tasks.influence[1].propagation.row;
  m[5] = world.vision.slice;
  m[6] = world.vision.next;
  const d = world.director;
  m[7] = d.intensity;
  m[8] = d.phaseTime;
  m[9] = d.phaseDuration;
  m[10] = d.distance;
  m[11] = world.tick;
  hashStateBytes(h, m);
  const k = scratch.miscInts;
  k[0] = influenceHash(scratch, 0, world.influence[0], world.influenceSteps[0]!);
  k[1] = influenceHash(scratch, 1, world.influence[1], world.influenceSteps[1]!);
  k[2] = world.influenceSteps[0]!;
  k[3] = world.influenceSteps[1]!;
  putRng(k, 4, world.rngs.map);
  putRng(k, 8, world.rngs.spawn);
  putRng(k, 12, world.rngs.decide);
  putRng(k, 16, c.rng);
  putRng(k, 20, d.rng);
  hashStateBytes(h, k);
  hashStateString(h, d.phase);
  // The director's settings are not hashed: like the map, the navmesh and the compiled tree, they
  // are set up from constants when the world is created and never change.
  return readStateHash(h);
}

/** A scripted player input: `input` is applied before the step that takes the world from `tick` to `tick + 1`. */
export interface ReferenceWorldScriptedInput {
  readonly tick: number;
  readonly input: ReferenceWorldInput;
}

/**
 * Records `ticks` steps of `world` into a core replay log (format `tactica.replay`): each tick's
 * inputs (from `script`), decisions and state hash, starting at the world's current tick. The log
 * is plain JSON: replay it on any engine with `replayLog(log, referenceWorldReplayTarget(world))`
 * on a world of the same seed at the same tick.
 */
export function recordReferenceWorld(world: ReferenceWorld, ticks: number, script: readonly ReferenceWorldScriptedInput[] = []): ReplayLog {
  const rec = createReplayRecorder({ seed: world.seed, startTick: world.tick, modules: REFERENCE_WORLD_MODULES });
  const none: ReferenceWorldInput[] = [];
  let next = 0;
  const end = world.tick + ticks;
  while (world.tick < end) {
    while (next < script.length && script[next]!.tick < world.tick) next++;
    let inputs = none;
    if (next < script.length && script[next]!.tick === world.tick) {
      inputs = [];
      while (next < script.length && script[next]!.tick === world.tick) inputs.push(script[next++]!.input);
    }
    stepReferenceWorld(world, inputs);
    const d = world.decisions;
    for (let k = 0; k < d.length; k += 3) recordReplayDecision(rec, d[k]!, d[k + 1]!, d[k + 2]!);
    recordReplayTick(rec, world.tick, hashReferenceWorld(world), { inputs });
  }
  return rec.log;
}

/** A core `ReplayTarget` over the world: replays a log recorded with {@link stepReferenceWorld}. */
export function referenceWorldReplayTarget(world: ReferenceWorld): ReplayTarget {
  return {
    get tick() {
      return world.tick;
    },
    seed: world.seed,
    step: (inputs) => stepReferenceWorld(world, inputs as readonly ReferenceWorldInput[]),
    hash: () => hashReferenceWorld(world),
    decisions: () => world.decisions,
  };
}

/** A snapshot of a {@link ReferenceWorld}'s running state: plain JSON, from each package's own save function. */
export interface ReferenceWorldSnapshot {
  readonly format: "tactica-reference-world";
  readonly version: 2;
  readonly seed: number;
  readonly tick: number;
  readonly crowd: ReturnType<typeof saveCrowd>;
  readonly crowdRng: readonly number[];
  readonly trees: readonly ReturnType<typeof saveTree>[];
  readonly influence: readonly ReturnType<typeof saveInfluenceMap>[];
  readonly influenceSteps: readonly number[];
  readonly director: ReturnType<typeof saveDirector>;
  readonly rngs: { readonly map: readonly number[]; readonly spawn: readonly number[]; readonly decide: readonly number[] };
  readonly arrays: Readonly<Record<string, readonly number[]>>;
  /** The scheduler (core's `saveScheduler`), the vision cursor and each influence propagation in progress. */
  readonly scheduler: SchedulerSnapshot;
  readonly vision: { readonly slice: number; readonly next: number };
  readonly propagation: readonly {
    readonly row: number;
    readonly units: number;
    readonly scratch: readonly number[];
    readonly scratchMin: readonly number[];
  }[];
}

/** The world's own per-agent arrays, saved and restored as they are. */
const ARRAY_FIELDS = [
  "goalX",
  "goalY",
  "hasGoal",
  "corners",
  "cornerCount",
  "cornerIndex",
  "threat",
  "threatAge",
  "contact",
  "lastChoice",
  "lastOption",
  "order",
] as const;

/**
 * Saves the running state: steering's `saveCrowd`, decision's `saveTree` per agent, perception's
 * `saveInfluenceMap`, narrative's `saveDirector`, core's `saveRng` per stream, and the world's own
 * arrays. The map, the navmesh and the compiled tree are rebuilt from the seed on restore.
 */
export function saveReferenceWorld(world: ReferenceWorld): ReferenceWorldSnapshot {
  const arrays: Record<string, number[]> = {};
  for (const f of ARRAY_FIELDS) arrays[f] = Array.from(world[f] as ArrayLike<number>);
  return {
    format: "tactica-reference-world",
    version: 2,
    seed: world.seed,
    tick: world.tick,
    crowd: saveCrowd(world.crowd),
    crowdRng: Array.from(saveRng(world.crowd.rng)),
    trees: world.treeStates.map((t) => saveTree(t)),
    influence: world.influence.map((m) => saveInfluenceMap(m)),
    influenceSteps: Array.from(world.influenceSteps),
    director: saveDirector(world.director),
    rngs: { map: Array.from(saveRng(world.rngs.map)), spawn: Array.from(saveRng(world.rngs.spawn)), decide: Array.from(saveRng(world.rngs.decide)) },
    arrays,
    scheduler: saveScheduler(world.scheduler),
    vision: { slice: world.vision.slice, next: world.vision.next },
    propagation: world.tasks.influence.map((t) => ({
      row: t.propagation.row,
      units: t.propagation.units,
      scratch: t.propagation.row >= 0 ? Array.from(t.map.scratch) : [],
      scratchMin: t.propagation.row >= 0 ? Array.from(t.map.scratchMin) : [],
    })),
  };
}

/**
 * Restores a snapshot into `world` (created with the same seed): afterwards the world steps and
 * hashes exactly as the world it was saved from.
 */
export function restoreReferenceWorld(world: ReferenceWorld, snapshot: ReferenceWorldSnapshot): void {
  if (snapshot.format !== "tactica-reference-world" || snapshot.version !== 2)
    throw new Error("restoreReferenceWorld: not a reference-world snapshot (format/version)");
  if (snapshot.seed !== world.seed) throw new Error(`restoreReferenceWorld: the snapshot is of seed ${snapshot.seed}, the world has ${world.seed}`);
  restoreCrowd(world.crowd, snapshot.crowd);
  restoreRng(world.crowd.rng, snapshot.crowdRng);
  snapshot.trees.forEach((t, i) => restoreTree(world.treeStates[i]!, t));
  snapshot.influence.forEach((m, i) => {
    restoreInfluenceMap(world.influence[i]!, m);
    hashScratch.get(world)?.mapSteps.fill(-1);
  });
  world.influenceSteps.set(snapshot.influenceSteps);
  restoreDirector(world.director, snapshot.director);
  restoreRng(world.rngs.map, snapshot.rngs.map);
  restoreRng(world.rngs.spawn, snapshot.rngs.spawn);
  restoreRng(world.rngs.decide, snapshot.rngs.decide);
  for (const f of ARRAY_FIELDS) (world[f] as unknown as { set(a: ArrayLike<number>): void }).set(snapshot.arrays[f]!);
  refreshCornerHashes(world);
  restoreScheduler(world.scheduler, snapshot.scheduler);
  world.vision.slice = snapshot.vision.slice;
  world.vision.next = snapshot.vision.next;
  snapshot.propagation.forEach((p, i) => {
    const task = world.tasks.influence[i]!;
    task.propagation.row = p.row;
    task.propagation.units = p.units;
    if (p.row >= 0) {
      task.map.scratch.set(p.scratch);
      task.map.scratchMin.set(p.scratchMin);
    }
  });
  world.tick = snapshot.tick;
  world.decisions.length = 0;
}
