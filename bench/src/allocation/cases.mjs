// @ts-check
// The calls `pnpm bench:alloc` measures (bench/src/allocation/child.mjs runs one per process):
// every per-frame function the READMEs and guides call allocation-free. Each case imports the
// packages by name, so in a plain `node` process they resolve to the built dist, and returns the
// frame-loop body `(i) => …` the child calls. The bodies pass integers, objects and typed arrays
// and read fractional coordinates from typed arrays where the library's documented frame-loop form
// does so; results go to a typed-array sink (a captured `let` holding a double would box on every
// write, which would be the harness's allocation, not the library's).

/**
 * @typedef {object} AllocationCase
 * @property {string} name  Case id (command line and report row).
 * @property {string} label  What is measured, for the report.
 * @property {string} [unit]  What one reported unit is ("call" by default; "agent-step" for crowds).
 * @property {number} [perCall]  Units per call (agents per crowd step), default 1.
 * @property {number} [calls]  Calls measured per round (default 20,000).
 * @property {number} [warmCalls]  Calls at least in the warm-up (default 5,000; it also lasts at least `--warm-ms`).
 * @property {() => Promise<(i: number) => unknown>} setup  Builds the fixture; returns the call.
 */

const sink = new Float64Array(4);

/** A deterministic LCG in [0, 1) for fixtures (Math.random would make runs differ). */
function lcg(seed = 12345) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const AGENTS = 200;

/**
 * A 200-agent crowd in two groups walking through each other, turning round every 150 steps, with
 * a few static boxes (ORCA obstacles) in the middle.
 * @param {typeof import("@tactica/steering")} steering
 * @param {typeof import("@tactica/core")} core
 */
function crowdFixture(steering, core) {
  const { createCrowd, addCrowdAgent } = steering;
  const crowd = createCrowd({ capacity: AGENTS, cellSize: 4, rng: core.createRng(3) });
  const rnd = lcg(7);
  for (let k = 0; k < AGENTS; k++) {
    const left = k % 2 === 0;
    const x = (left ? -30 : 30) + rnd() * 8 - 4;
    const y = (k / AGENTS) * 40 - 20 + rnd() * 0.5;
    addCrowdAgent(crowd, { x, y, radius: 0.5, maxSpeed: 1.5, maxForce: 4, vx: left ? 1 : -1, vy: 0 });
    crowd.prefVelX[k] = left ? 1.3 + rnd() * 0.1 : -1.3 - rnd() * 0.1;
    crowd.prefVelY[k] = (rnd() - 0.5) * 0.2;
  }
  // Every 150 steps the groups turn round (so they keep meeting): a copy of one of two prepared
  // arrays (a builtin copy; negating in a loop that runs this rarely would stay unoptimized code,
  // which boxes every number it touches and would count as the crowd's allocation).
  const forth = Float64Array.from(crowd.prefVelX);
  const back = forth.map((v) => -v);
  /** @param {number} i */
  const turn = (i) => {
    if (i % 150 === 0) crowd.prefVelX.set((i / 150) % 2 === 0 ? forth : back);
  };
  return { crowd, turn };
}

/** @param {number} x @param {number} y @param {number} w @param {number} h */
const box = (x, y, w, h) => [
  { x, y },
  { x: x + w, y },
  { x: x + w, y: y + h },
  { x, y: y + h },
];

/**
 * A 4000 × 4000 room with a 4 × 4 grid of pillars (the navmesh allocation probe's mesh, untiled),
 * 512 start/goal pairs from findRandomPoint, their polygons and a query, corridor and buffers.
 * @param {typeof import("@tactica/navmesh")} nav
 * @param {typeof import("@tactica/core")} core
 */
function navFixture(nav, core) {
  /** @type {number[][]} */
  const holes = [];
  for (let i = 0; i < 4; i++)
    for (let j = 0; j < 4; j++) {
      const x = 5 + 10 * i,
        y = 5 + 10 * j;
      holes.push([x - 1.5, y - 1, x + 1.5, y - 1.2, x + 1, y + 1.5, x - 1, y + 1].map((c) => 100 * c));
    }
  const mesh = nav.buildNavMeshFromPolygons([{ outer: [0, 0, 4000, 0, 4000, 4000, 0, 4000], holes }]);
  const rng = core.createRng(7);
  const N = 512;
  const pts = new Float64Array(4 * N);
  const refs = new Float64Array(2 * N);
  const pick = { x: 0, y: 0 };
  for (let k = 0; k < N; k++) {
    refs[2 * k] = nav.findRandomPoint(pick, mesh, rng);
    pts[4 * k] = pick.x;
    pts[4 * k + 1] = pick.y;
    refs[2 * k + 1] = nav.findRandomPoint(pick, mesh, rng);
    pts[4 * k + 2] = pick.x;
    pts[4 * k + 3] = pick.y;
  }
  return { mesh, N, pts, refs, query: nav.createNavMeshQuery(mesh), navPath: nav.createNavPath(mesh.polyCount), straight: nav.createStraightPath(256) };
}

/** @type {AllocationCase[]} */
export const cases = [
  {
    name: "stepCrowdOrca",
    label: "steering `stepCrowdOrca`, 200 agents, 8 neighbors, 3 box obstacles",
    unit: "agent-step",
    perCall: AGENTS,
    calls: 600,
    warmCalls: 300,
    async setup() {
      const steering = await import("@tactica/steering");
      const core = await import("@tactica/core");
      const { crowd, turn } = crowdFixture(steering, core);
      const obstacles = steering.createOrcaObstacles([box(-2, -12, 3, 3), box(-1, -1, 2, 2), box(1, 8, 3, 3)]);
      const orca = steering.createOrca(crowd, { neighborDist: 6, maxNeighbors: 8, timeHorizon: 2, timeHorizonObst: 1 }, { obstacles });
      const step = steering.stepCrowdOrca;
      return (i) => {
        turn(i);
        step(crowd, orca, 0.05);
      };
    },
  },
  {
    name: "stepCrowdTtc",
    label: "steering `stepCrowdTtc`, 200 agents, 16 neighbors, with field of view and perturbation",
    unit: "agent-step",
    perCall: AGENTS,
    calls: 600,
    warmCalls: 300,
    async setup() {
      const steering = await import("@tactica/steering");
      const core = await import("@tactica/core");
      const { crowd, turn } = crowdFixture(steering, core);
      const params = { timeHorizon: 4, maxNeighbors: 16, fieldOfView: 1.745, personalSpace: 0.1, perturbation: 0.05 };
      const step = steering.stepCrowdTtc;
      return (i) => {
        turn(i);
        step(crowd, params, 0.02);
      };
    },
  },
  {
    name: "stepCrowdBoids",
    label: "steering `stepCrowdBoids`, 200 agents, wide view arc, wander and goal term",
    unit: "agent-step",
    perCall: AGENTS,
    calls: 600,
    warmCalls: 300,
    async setup() {
      const steering = await import("@tactica/steering");
      const core = await import("@tactica/core");
      const { crowd, turn } = crowdFixture(steering, core);
      steering.seedCrowdWander(crowd, 1);
      const params = {
        neighborRadius: 5,
        separationRadius: 2,
        separationWeight: 3,
        alignmentWeight: 1,
        cohesionWeight: 1,
        arc: steering.ViewArcs.Wide,
        maxNeighbors: 12,
        wanderWeight: 0.5,
        wander: { radius: 1, distance: 2, jitter: 4 },
        preferredWeight: 2,
      };
      const step = steering.stepCrowdBoids;
      return (i) => {
        turn(i);
        step(crowd, params, 1 / 60);
      };
    },
  },
  {
    name: "findPathPoints",
    label: "navmesh `findPathPoints` (locate + A* + funnel, points in a Float64Array)",
    async setup() {
      const nav = await import("@tactica/navmesh");
      const core = await import("@tactica/core");
      const f = navFixture(nav, core);
      const p4 = new Float64Array(4);
      return (i) => {
        const k = 4 * (i % f.N);
        p4[0] = /** @type {number} */ (f.pts[k]);
        p4[1] = /** @type {number} */ (f.pts[k + 1]);
        p4[2] = /** @type {number} */ (f.pts[k + 2]);
        p4[3] = /** @type {number} */ (f.pts[k + 3]);
        sink[0] += nav.findPathPoints(f.straight, f.navPath, f.query, p4).count;
      };
    },
  },
  {
    name: "findPolygonPath",
    label: "navmesh `findPolygonPath` (A* over polygons, known start and goal polygons)",
    async setup() {
      const nav = await import("@tactica/navmesh");
      const core = await import("@tactica/core");
      const f = navFixture(nav, core);
      const { pts, refs } = f;
      return (i) => {
        const k = i % f.N;
        const r = nav.findPolygonPath(
          f.navPath,
          f.query,
          /** @type {number} */ (refs[2 * k]),
          /** @type {number} */ (pts[4 * k]),
          /** @type {number} */ (pts[4 * k + 1]),
          /** @type {number} */ (refs[2 * k + 1]),
          /** @type {number} */ (pts[4 * k + 2]),
          /** @type {number} */ (pts[4 * k + 3]),
        );
        sink[0] += r.length;
      };
    },
  },
  {
    name: "hasNavMeshLineOfSight",
    label: "navmesh `hasNavMeshLineOfSight` (locate both ends + raycast)",
    async setup() {
      const nav = await import("@tactica/navmesh");
      const core = await import("@tactica/core");
      const f = navFixture(nav, core);
      const { pts } = f;
      return (i) => {
        const k = 4 * (i % f.N);
        if (
          nav.hasNavMeshLineOfSight(
            f.mesh,
            /** @type {number} */ (pts[k]),
            /** @type {number} */ (pts[k + 1]),
            /** @type {number} */ (pts[k + 2]),
            /** @type {number} */ (pts[k + 3]),
          )
        )
          sink[0]++;
      };
    },
  },
  {
    name: "raycast",
    label: "navmesh `raycast` from a known polygon",
    async setup() {
      const nav = await import("@tactica/navmesh");
      const core = await import("@tactica/core");
      const f = navFixture(nav, core);
      const { pts, refs } = f;
      const ray = nav.createRaycastResult(256);
      return (i) => {
        const k = 4 * (i % f.N);
        sink[0] += nav.raycast(
          ray,
          f.mesh,
          /** @type {number} */ (refs[2 * (i % f.N)]),
          /** @type {number} */ (pts[k]),
          /** @type {number} */ (pts[k + 1]),
          /** @type {number} */ (pts[k + 2]),
          /** @type {number} */ (pts[k + 3]),
        ).visitedCount;
      };
    },
  },
  {
    name: "findNearestPoint",
    label: "navmesh `findNearestPoint` (points on and off the mesh)",
    async setup() {
      const nav = await import("@tactica/navmesh");
      const core = await import("@tactica/core");
      const f = navFixture(nav, core);
      const { pts } = f;
      const out = { x: 0, y: 0 };
      return (i) => {
        const k = 4 * (i % f.N);
        sink[0] += nav.findNearestPoint(
          out,
          f.mesh,
          /** @type {number} */ (pts[k]) + (i & 1 ? 330 : 0),
          /** @type {number} */ (pts[k + 1]) - (i & 2 ? 270 : 0),
        );
      };
    },
  },
  {
    name: "moveCorridorPosition",
    label: "navmesh `moveCorridorPosition` (an agent stepping 1.5 units along its corridor)",
    async setup() {
      const nav = await import("@tactica/navmesh");
      const core = await import("@tactica/core");
      const f = navFixture(nav, core);
      const corridor = nav.createPathCorridor(256);
      const corners = nav.createStraightPath(4);
      // Walk agents along their corridors once, recording before every step the corridor (x, y,
      // target, polygons) and the point 1.5 units towards the next corner. The measured call
      // restores one recorded state (typed-array copies) and makes that one move: re-planning at a
      // corridor's end would run rarely-called (unoptimized) code inside the measurement. Only 256
      // steps: a public wrapper that gets hot (and optimized on its own) before the measuring loop
      // calls it may no longer be inlined there, and the loop then boxes the two fractional numbers
      // it passes (32 B, the caller's, not the library's; the no-inlining column shows them).
      const CAP = 256;
      const state = new Float64Array(CAP * 6);
      const lengths = new Int32Array(CAP);
      const polys = new Float64Array(CAP * 256);
      let steps = 0;
      for (let k = 0; k < 64 && steps < CAP; k++) {
        const sx = /** @type {number} */ (f.pts[4 * k]),
          sy = /** @type {number} */ (f.pts[4 * k + 1]),
          gx = /** @type {number} */ (f.pts[4 * k + 2]),
          gy = /** @type {number} */ (f.pts[4 * k + 3]);
        nav.findPolygonPath(f.navPath, f.query, /** @type {number} */ (f.refs[2 * k]), sx, sy, /** @type {number} */ (f.refs[2 * k + 1]), gx, gy);
        nav.resetPathCorridor(corridor, /** @type {number} */ (f.refs[2 * k]), sx, sy);
        if (!nav.setPathCorridor(corridor, f.navPath, gx, gy)) continue;
        for (let walk = 0; walk < 200 && steps < CAP; walk++) {
          nav.findCorridorCorners(corners, corridor, f.mesh);
          if (corners.count < 2) break;
          const dx = /** @type {number} */ (corners.points[2]) - corridor.x;
          const dy = /** @type {number} */ (corners.points[3]) - corridor.y;
          const d = Math.sqrt(dx * dx + dy * dy);
          if (d < 1) break;
          const o = 6 * steps;
          state[o] = corridor.x;
          state[o + 1] = corridor.y;
          state[o + 2] = corridor.targetX;
          state[o + 3] = corridor.targetY;
          state[o + 4] = corridor.x + (dx / d) * 1.5;
          state[o + 5] = corridor.y + (dy / d) * 1.5;
          lengths[steps] = corridor.length;
          polys.set(corridor.polys.subarray(0, corridor.length), 256 * steps);
          steps++;
          if (!nav.moveCorridorPosition(corridor, f.mesh, /** @type {number} */ (state[o + 4]), /** @type {number} */ (state[o + 5]))) break;
        }
      }
      const cp = corridor.polys;
      return (i) => {
        const s = i % steps;
        const o = 6 * s;
        corridor.x = /** @type {number} */ (state[o]);
        corridor.y = /** @type {number} */ (state[o + 1]);
        corridor.targetX = /** @type {number} */ (state[o + 2]);
        corridor.targetY = /** @type {number} */ (state[o + 3]);
        const n = /** @type {number} */ (lengths[s]);
        corridor.length = n;
        for (let p = 0, b = 256 * s; p < n; p++) cp[p] = /** @type {number} */ (polys[b + p]);
        if (nav.moveCorridorPosition(corridor, f.mesh, /** @type {number} */ (state[o + 4]), /** @type {number} */ (state[o + 5]))) sink[1]++;
      };
    },
  },
  {
    name: "findCorridorCorners",
    label: "navmesh `findCorridorCorners` (next corners of a path corridor)",
    async setup() {
      const nav = await import("@tactica/navmesh");
      const core = await import("@tactica/core");
      const f = navFixture(nav, core);
      const corridors = [];
      for (let k = 0; k < 64; k++) {
        const c = nav.createPathCorridor(256);
        const sx = /** @type {number} */ (f.pts[4 * k]),
          sy = /** @type {number} */ (f.pts[4 * k + 1]),
          gx = /** @type {number} */ (f.pts[4 * k + 2]),
          gy = /** @type {number} */ (f.pts[4 * k + 3]);
        nav.findPolygonPath(f.navPath, f.query, /** @type {number} */ (f.refs[2 * k]), sx, sy, /** @type {number} */ (f.refs[2 * k + 1]), gx, gy);
        nav.resetPathCorridor(c, /** @type {number} */ (f.refs[2 * k]), sx, sy);
        nav.setPathCorridor(c, f.navPath, gx, gy);
        corridors.push(c);
      }
      const corners = nav.createStraightPath(4);
      return (i) => {
        sink[0] += nav.findCorridorCorners(corners, /** @type {import("@tactica/navmesh").PathCorridor} */ (corridors[i & 63]), f.mesh).count;
      };
    },
  },
  gridCase("gridAStar", "findPathAStar"),
  gridCase("gridJps", "findPathJps"),
  {
    name: "tickTree",
    label: "decision `tickTree`, a 13-node NPC behaviour tree",
    calls: 50_000,
    async setup() {
      const d = await import("@tactica/decision");
      const agent = { t: 0, left: new Int32Array(4), work: 0 };
      const PERIOD = [50, 20, 7];
      const SPAN = [5, 12, 3];
      /** @param {number} a */
      const act = (a) => (/** @type {{ agent: typeof agent }} */ ctx) => {
        const g = ctx.agent;
        g.work++;
        let left = /** @type {number} */ (g.left[a]);
        if (left === 0) left = 2 + a;
        g.left[a] = --left;
        return left === 0 ? d.BtStatus.Success : d.BtStatus.Running;
      };
      /** @param {number} c */
      const cond = (c) => (/** @type {{ agent: typeof agent }} */ ctx) => ctx.agent.t % /** @type {number} */ (PERIOD[c]) < /** @type {number} */ (SPAN[c]);
      const tree = d.createBehaviorTree(
        {
          version: 1,
          root: {
            type: "selector",
            children: [
              {
                type: "sequence",
                children: [
                  { type: "condition", condition: "lowHealth" },
                  { type: "action", action: "flee" },
                ],
              },
              {
                type: "sequence",
                children: [
                  { type: "condition", condition: "enemyVisible" },
                  { type: "inverter", child: { type: "condition", condition: "far" } },
                  { type: "action", action: "attack" },
                ],
              },
              {
                type: "sequence",
                children: [
                  { type: "action", action: "patrol" },
                  { type: "action", action: "idle" },
                ],
              },
            ],
          },
        },
        {
          actions: { flee: act(0), attack: act(1), patrol: act(2), idle: act(3) },
          conditions: { lowHealth: cond(0), enemyVisible: cond(1), far: cond(2) },
        },
      );
      const state = d.createTreeState(tree);
      return () => {
        agent.t++;
        d.tickTree(state, tree, agent, 1 / 60);
      };
    },
  },
  {
    name: "stepVisionBatch",
    label: "perception vision batch (`beginVisionBatch` + `stepVisionBatch`), 200 agents × 8 neighbors, 120 boxes, Boolean + zones",
    calls: 300,
    async setup() {
      const p = await import("@tactica/perception");
      const rnd = lcg(11);
      const agents = 200,
        neighbors = 8,
        world = 300;
      const boxes = Array.from({ length: 120 }, () => {
        const x = rnd() * world,
          y = rnd() * world;
        return { minX: x, minY: y, maxX: x + 2 + rnd() * 8, maxY: y + 2 + rnd() * 8 };
      });
      const x = Float64Array.from({ length: agents }, () => rnd() * world);
      const y = Float64Array.from({ length: agents }, () => rnd() * world);
      const heading = Float64Array.from({ length: agents }, () => (rnd() * 2 - 1) * Math.PI);
      const batch = p.createVisionBatch(agents, neighbors);
      for (let t = 0; t < agents * neighbors; t++) batch.neighbors[t] = (Math.floor(t / neighbors) + 1 + (t % neighbors) * 37) % agents;
      const zones = p.validateVisionZones([
        { viewRange: 60, halfAngle: Math.PI / 3, certainty: 1 },
        { viewRange: 200, halfAngle: Math.PI / 10, certainty: 0.9 },
        { shape: p.VisionShape.Box, viewRange: 30, halfAngle: 0, halfWidth: 4, certainty: 0.7 },
      ]);
      const positions = { x, y, heading };
      const cone = { viewRange: 200, fieldOfView: (2 * Math.PI) / 3 };
      const options = { lineOfSight: p.boxLineOfSight(boxes), zones };
      return () => {
        p.beginVisionBatch(batch);
        while (p.stepVisionBatch(batch, cone, positions, 100, options) === "partial");
      };
    },
  },
];

/**
 * A 128 × 128 8-connected grid with broken walls every 16 columns, and 64 start/goal pairs on
 * free cells (integers in an Int32Array).
 * @param {typeof import("@tactica/grid")} g
 */
function gridFixture(g) {
  const grid = g.createGrid(128, 128);
  for (let x = 8; x < 128; x += 16) for (let y = 0; y < 128; y++) if (y % 40 !== 20) g.setCellPassable(grid, x, y, false);
  const rnd = lcg(5);
  const ends = new Int32Array(4 * 64);
  for (let k = 0; k < 64; k++) {
    for (let e = 0; e < 2; e++) {
      let cx, cy;
      do {
        cx = Math.floor(rnd() * 128);
        cy = Math.floor(rnd() * 128);
      } while (cx % 16 === 8);
      ends[4 * k + 2 * e] = cx;
      ends[4 * k + 2 * e + 1] = cy;
    }
  }
  return { grid, ends };
}

/**
 * One grid solver's case: `solver` (a level-1 `(out, search, sx, sy, gx, gy)` function of
 * `@tactica/grid`) on the 128 × 128 fixture, 64 query pairs in turn.
 * @param {string} name
 * @param {"findPathAStar" | "findPathJps"} solver
 */
function gridCase(name, solver) {
  return {
    name,
    label: `grid \`${solver}\` on a 128 × 128 map with walls`,
    calls: 4000,
    async setup() {
      const g = await import("@tactica/grid");
      const { grid, ends } = gridFixture(g);
      const search = g.createGridSearch(grid);
      const path = g.createGridPath(grid);
      const find = g[solver];
      return (/** @type {number} */ i) => {
        const k = 4 * (i & 63);
        sink[0] += find(
          path,
          search,
          /** @type {number} */ (ends[k]),
          /** @type {number} */ (ends[k + 1]),
          /** @type {number} */ (ends[k + 2]),
          /** @type {number} */ (ends[k + 3]),
        ).length;
      };
    },
  };
}
