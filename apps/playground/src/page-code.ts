// The "Code" tab of each demo: the minimal calls that reproduce what the page shows, written to
// be pasted into a project (plain inputs, no DOM). A page's own `code` field wins over this table;
// pages with neither fall back to their import list (main.ts). test/page-code.test.ts checks that
// every name imported here is exported by the package it is imported from.

/** Code-tab text per page id. */
export const PAGE_CODE: Readonly<Record<string, string>> = {
  "core-spatial": `import { createRng, rngFloat, createKdTree, kdNearest, kdRadius,
  createSpatialHash, spatialHashInsert, spatialHashQueryRadius, convexHullIndicesCoords } from "@tactica/core";

const rng = createRng(1);
const coords = new Float64Array(2 * 4000);            // x0, y0, x1, y1, …
for (let i = 0; i < coords.length; i++) coords[i] = rngFloat(rng, 0, 800);

const tree = createKdTree(coords, { dimension: 2 });
const hash = createSpatialHash({ cellSize: 40, capacity: 4000 });
for (let i = 0; i < 4000; i++) spatialHashInsert(hash, i, coords[2 * i]!, coords[2 * i + 1]!);

const found = new Int32Array(4000);
const k = kdNearest(found, tree, { x: 400, y: 300 }, 8);        // 8 nearest ids
const r = kdRadius(found, tree, { x: 400, y: 300 }, 60);        // ids within 60
const h = spatialHashQueryRadius(found, hash, 400, 300, 60);    // same query, hashed
const hull = new Int32Array(4000);
const corners = convexHullIndicesCoords(hull, coords);          // hull ids, counter-clockwise`,

  "search-games": `import { createRng } from "@tactica/core";
import { createAlphaBeta, createAlphaBetaResult, searchBestMove, createMcts, createMctsResult, runMcts } from "@tactica/search";
import { createChess, chessMoveToUci } from "@tactica/search/games";

const game = createChess();                         // also createConnectFour(), createTicTacToe()
const engine = createAlphaBeta({ ttSizeLog2: 18 });
const result = createAlphaBetaResult();
searchBestMove(result, engine, game, 4, { maxNodes: 400_000, aspirationWindow: 50 });
console.log(chessMoveToUci(result.bestMove), result.score, result.pv.subarray(0, result.pvLength));
game.makeMove(result.bestMove);

// Or Monte Carlo tree search:
const tree = createMcts({ maxNodes: 200_000, maxMoves: 256, maxPlayoutDepth: 60 });
const mcts = createMctsResult();
runMcts(mcts, tree, game, 800, createRng(1));
game.makeMove(mcts.bestMove);`,

  "search-graph": `import { createRng, rngFloat } from "@tactica/core";
import { createCsrGraph, csrDomain, createSearchContext, createPathResult, astar, bidirectionalAStar, dijkstra, bfs } from "@tactica/search";

// Nodes 0..n-1 at (xs[i], ys[i]); undirected weighted edges from[i]–to[i].
const graph = createCsrGraph(n, from, to, { weights, directed: false });
const domain = csrDomain(graph, { heuristic: (a, b) => Math.hypot(xs[a]! - xs[b]!, ys[a]! - ys[b]!) });
const fwd = createSearchContext(n, graph.maxDegree);
const bwd = createSearchContext(n, graph.maxDegree);
const result = createPathResult(n);

astar(result, domain, fwd, start, goal);                      // or { weight: 2 }
bidirectionalAStar(result, domain, fwd, bwd, start, goal);    // NBA*
dijkstra(result, domain, fwd, start, { goal });
bfs(result, domain, fwd, start, goal);
// result.flags (PathFlags), result.cost, result.path.subarray(0, result.length), result.expanded`,

  "search-csp": `import { createRng } from "@tactica/core";
import { createLevelColoringCsp, createCspSolver, solveCsp } from "@tactica/search";

const csp = createLevelColoringCsp();     // 16 tiles, 6 colours, the chapter's constraints
const solver = createCspSolver(csp);
const out = new Int32Array(16);           // one colour per tile
const flags = solveCsp(out, solver, { rng: createRng(42) });   // a new seed, a new level`,

  "search-snake": `import { createRng } from "@tactica/core";
import { createSnakePrimitives, createGeneticProgramming, evaluateGp, stepGp, playSnake, formatGpProgram } from "@tactica/search";

const set = createSnakePrimitives();
const rng = createRng(1);
const gp = createGeneticProgramming(set, { populationSize: 300, initialDepth: [2, 5], mutationRate: 0.1, elitism: 2 }, rng);
const fitness = (program: Int16Array) => playSnake(program, createRng(7));   // food eaten
evaluateGp(gp, fitness);
for (let generation = 0; generation < 60; generation++) {
  stepGp(gp, rng);          // breed (the page runs this loop in a web worker)
  evaluateGp(gp, fitness);
}
console.log(gp.bestFitness, formatGpProgram(set, gp.bestProgram));`,

  "grid-pathfinding": `import { parseMovingAiMap, createGridSearch, createGridPath, createJpsPlus, findPathJpsPlus,
  findPathAStar, findPathThetaStar, createFlowField, computeFlowField, flowFieldDirectionAt, PathFlags } from "@tactica/grid";

const { grid } = parseMovingAiMap(mapText);        // or createGrid(64, 48) + setCellPassable
const search = createGridSearch(grid);             // reusable per-query state
const path = createGridPath(grid);

const jps = createJpsPlus(grid);                   // preprocessing, once per map
findPathJpsPlus(path, search, jps, 1, 1, 62, 46);
if (path.flags & PathFlags.Found) console.log(path.cost, path.path.subarray(0, path.length), path.expanded);

findPathAStar(path, search, 1, 1, 62, 46, { weight: 1.5, maxExpansions: 10_000 });
findPathThetaStar(path, search, 1, 1, 62, 46, { lazy: true });       // any-angle

const field = createFlowField(grid);
computeFlowField(field, search, Int32Array.of(46 * grid.width + 62));  // every cell → goal
const dir = { x: 0, y: 0 };
flowFieldDirectionAt(dir, field, 10, 20);`,

  "grid-replanning": `import { createGrid, setCellPassable, createDStarLite, setDStarLiteEndpoints, computeDStarLite,
  writeDStarLitePath, dStarLiteNextCell, moveDStarLiteStart, notifyDStarLiteCellChanged, createGridPath } from "@tactica/grid";

const grid = createGrid(64, 48);
const d = createDStarLite(grid);
const path = createGridPath(grid);
setDStarLiteEndpoints(d, agent.x, agent.y, goal.x, goal.y);
computeDStarLite(d);
writeDStarLitePath(path, d);

// Each step: move, then tell D* Lite what changed and replan incrementally.
const next = dStarLiteNextCell(d);                // cell index of the next step
moveDStarLiteStart(d, next % grid.width, Math.floor(next / grid.width));
setCellPassable(grid, x, y, false);              // a wall appears
notifyDStarLiteCellChanged(d, x, y);
computeDStarLite(d);`,

  "navmesh-paths": `import { createRng } from "@tactica/core";
import { buildNavMeshCdt, createNavMeshQuery, createNavPath, createStraightPath, findNearestPoint, findPolygonPath,
  findStraightPath, findPathAnyAngle, createRaycastResult, raycast, createMoveResult, moveAlongSurface,
  findRandomPoint, findRandomPointInCircle, createOffMeshLinks, addOffMeshLink, removeOffMeshLink } from "@tactica/navmesh";

// room: an outer ring and hole rings as flat x, y arrays; the agent's radius erodes the walkable area.
const mesh = buildNavMeshCdt([{ outer: [20, 20, 780, 20, 780, 580, 20, 580], holes: pillars }], { agentRadius: 8, maxVertsPerPoly: 6 });
const query = createNavMeshQuery(mesh);
const s = { x: 0, y: 0 }, g = { x: 0, y: 0 };
const ps = findNearestPoint(s, mesh, 60, 540);
const pg = findNearestPoint(g, mesh, 740, 60);

const links = createOffMeshLinks(32);                            // jumps, ladders: added and removed at run time
const jump = addOffMeshLink(links, mesh, 250, 380, 510, 220);    // -1 when full or off the mesh
const corridor = createNavPath({ maxLength: 4096 });
findPolygonPath(corridor, query, ps, s.x, s.y, pg, g.x, g.y, { links });     // A* over polygons
const funnel = createStraightPath({ maxPoints: 4096 });
findStraightPath(funnel, mesh, corridor.path, corridor.length, s.x, s.y, g.x, g.y, { links });   // string pulling
const exact = createStraightPath({ maxPoints: 4096 });
findPathAnyAngle(exact, mesh, s.x, s.y, g.x, g.y, { startPoly: ps, goalPoly: pg });  // exact (Polyanya), no links
removeOffMeshLink(links, jump);

const ray = createRaycastResult({ maxVisited: 256 });
raycast(ray, mesh, ps, s.x, s.y, 400, 300);                       // ray.t === Infinity: clear line
const moved = createMoveResult();
moveAlongSurface(moved, mesh, ps, s.x, s.y, s.x + 8, s.y);        // a small step that stays on the mesh
const rng = createRng(3), p = { x: 0, y: 0 };
findRandomPoint(p, mesh, rng);                                    // uniform by area
findRandomPointInCircle(p, mesh, 400, 300, 90, rng);`,
  "navmesh-build": `import { triangulatePolygonsCdt, buildNavMeshCdt, buildNavMeshFromTilemap, buildWaypointGraph,
  buildArtGalleryGraph, buildDualGraph, buildHierarchicalGraph, createHierarchicalPathResult, findHierarchicalPath,
  buildNavpointGraph, hasNavMeshLineOfSight } from "@tactica/navmesh";

const regions = [{ outer: [20, 20, 780, 20, 780, 580, 20, 580], holes: [[300, 200, 500, 200, 500, 400, 300, 400]] }];
const tri = triangulatePolygonsCdt(regions, { agentRadius: 8 });          // constrained Delaunay, eroded
const mesh = buildNavMeshCdt(regions, { agentRadius: 8, maxVertsPerPoly: 6 }); // + Hertel–Mehlhorn merge
// Or paint a tilemap: cells[y * 32 + x] != 0 is walkable; contours, Douglas–Peucker (ε), triangles.
const fromTiles = buildNavMeshFromTilemap(cells, 32, 24, { cellSize: 25, epsilon: 3, agentRadius: 8 });

// Designer waypoints joined by Delaunay, blocked edges dropped, bad placement reported.
const { graph, removedEdges, warnings } = buildWaypointGraph(points, [{ kind: "box", minX: 300, minY: 200, maxX: 500, maxY: 400 }], { agentRadius: 8 });
for (const w of warnings) console.log(w.kind, w.node, w.message);     // "voronoi-cell", "missing-edge", …

const gallery = buildArtGalleryGraph(regions, { agentRadius: 8 });
const dual = buildDualGraph(regions, { agentRadius: 8 });              // incentre + inradius nodes
const h = buildHierarchicalGraph(dual, { regionSize: 200 });
const out = createHierarchicalPathResult(dual.nodeCount);
findHierarchicalPath(out, h, 0, dual.nodeCount - 1);                   // "no path" with 0 base expansions

// Directed navpoints (x, y, z): jump down a ledge, never climb it.
const navpoints = buildNavpointGraph(xyz, { heightAt, maxStepUp: 6, maxDropSlope: Infinity, sampleStep: 4,
  maxRadius: 300, maxVertical: 60, isBlocked: (ax, ay, _az, bx, by) => !hasNavMeshLineOfSight(mesh, ax, ay, bx, by) });`,

  "steering-flocking": `import { createRng } from "@tactica/core";
import { createCrowd, addCrowdAgent, seedCrowdWander, stepCrowdBoids, wrapCrowd, ViewArcs } from "@tactica/steering";

const crowd = createCrowd({ capacity: 600, cellSize: 40, rng: createRng(1) });
for (let i = 0; i < 600; i++) addCrowdAgent(crowd, { x: xs[i]!, y: ys[i]!, vx: 40, vy: 0, maxSpeed: 80, maxForce: 250, radius: 3 });
seedCrowdWander(crowd, 10);
const params = {
  neighborRadius: 40, separationRadius: 14, separationWeight: 2400, alignmentWeight: 80, cohesionWeight: 80,
  wanderWeight: 2, wander: { radius: 10, distance: 20, jitter: 60 },
  arc: ViewArcs.Wide, backViewFactor: 1, preferredWeight: 0,
};
// every frame:
stepCrowdBoids(crowd, params, dt);
wrapCrowd(crowd, 0, 0, 800, 600);        // crowd.posX / posY / fwdX / fwdY are the result`,

  "steering-orca": `import { createRng } from "@tactica/core";
import { createCrowd, addCrowdAgent, createOrca, createOrcaObstacles, stepCrowdOrca } from "@tactica/steering";

const crowd = createCrowd({ capacity: 100, cellSize: 10, rng: createRng(7) });
for (const a of agents) addCrowdAgent(crowd, { x: a.x, y: a.y, radius: 1.5, maxSpeed: 4 });
const obstacles = createOrcaObstacles(pillars);      // polygons, counter-clockwise
const orca = createOrca(crowd, { neighborDist: 15, maxNeighbors: 10, timeHorizon: 5, timeHorizonObst: 2 }, { obstacles });
// every step: set crowd.prefVelX / prefVelY towards each goal, then
stepCrowdOrca(crowd, orca, 0.05);`,

  "steering-context": `import { createContextMap, createContextDecision, clearContextMap, writeContextChase, writeContextAvoid,
  blurContextValues, blendContextMap, resolveContextMap } from "@tactica/steering";

const map = createContextMap(16);              // 16 direction slots
const decision = createContextDecision();
// every frame:
clearContextMap(map);
writeContextChase(map, agent, targets, 2, 800, Math.PI / 2);   // interest towards targets
writeContextAvoid(map, agent, 8, obstacles, 90);               // danger from obstacles
blurContextValues(map.interest, map.scratch, { passes: 1 });
blendContextMap(map, 0.5);
resolveContextMap(decision, map);            // the chosen direction and speed`,

  "steering-formation": `import { createRng } from "@tactica/core";
import { createCrowd, addCrowdAgent, createWedgeFormation, createGroupAnchor, createSteeringPath, assignFormationSlots,
  createSlotAssignmentScratch, stepGroupAnchor, stepFormationMembers } from "@tactica/steering";

const formation = createWedgeFormation(12, 22);            // or Line / Column / Circle
const anchor = createGroupAnchor({ x: 120, y: 120 }, 0);  // heading 0 faces +x
const path = createSteeringPath(waypoints, { loop: true });
const crowd = createCrowd({ capacity: 12, cellSize: 30, rng: createRng(1) });
const members = positions.map((p) => addCrowdAgent(crowd, { x: p.x, y: p.y, radius: 6, maxSpeed: 90, maxForce: 400 }));
const slots = new Int32Array(12);
assignFormationSlots(slots, formation, flatPositions, 12, anchor.position, anchor.heading, createSlotAssignmentScratch(12));
// every frame:
stepGroupAnchor(anchor, path, { speed: 55, maxTurnRate: 1.2, waypointRadius: 12, deceleration: 60 }, dt);
stepFormationMembers(crowd, members, slots, 12, formation, anchor, pillars, { extrapolation: 0.5, slowingRadius: 30, obstacleClearance: 14 }, dt);`,

  "steering-flow": `import { createRng, rngFloat } from "@tactica/core";
import { createCrowd, addCrowdAgent, stepCrowdFlow, createCongestionMap, updateCongestionMap } from "@tactica/steering";

const crowd = createCrowd({ capacity: 1500, cellSize: 20, rng: createRng(5) });
const congestion = createCongestionMap({ originX: 0, originY: 0, cellSize: 40, width: 20, height: 15, velocityBlend: 0.3 });
addCrowdAgent(crowd, { x: 40, y: 300, radius: 4, maxSpeed: 60 });
// field: anything with directionAt(out, x, y), e.g. a @tactica/grid flow field wrapped in an adapter.
// every frame:
stepCrowdFlow(crowd, field, { congestion, congestionSlowdown: 0.6, avoidance: { timeHorizon: 2, maxNeighbors: 8 } }, dt);
updateCongestionMap(congestion, crowd);`,

  "decision-behavior-tree": `import { createBehaviorTree, createBlackboard, createTreeState, tickTree, writeBlackboard, saveTree, restoreTree } from "@tactica/decision";

// definition: the JSON in the panel ({ version: 1, root: { type: "selector", children: [ … ] } });
// actions: { flee: { tick(ctx) { … return BtStatus.Running } }, … }
const tree = createBehaviorTree(definition, { actions });
const bb = createBlackboard({ health: "number", enemyNear: "boolean", alarm: "boolean" }, { health: 100, enemyNear: false, alarm: false });
const state = createTreeState(tree, { blackboard: bb, traceCapacity: 256 });
writeBlackboard(bb, "enemyNear", true);        // guards with abort re-evaluate on the next tick
tickTree(state, tree, agent, 0.2);             // 5 Hz; state.trace holds each node's result
const saved = JSON.stringify(saveTree(state));
restoreTree(state, JSON.parse(saved));`,

  "decision-fsm": `import { createStateMachine, createMachineState, startMachine, dispatchMachineEvent, postMachineEvent,
  updateMachine, isStateActive } from "@tactica/decision";

const machine = createStateMachine(definition, {        // { version: 1, initial: "idle", states: { … } }
  callbacks: { fire: (a) => a.ammo--, refill: (a) => (a.ammo = 4) },
  guards: { empty: (a) => a.ammo <= 0 },
});
const state = createMachineState(machine);
startMachine(state, machine, agent);
dispatchMachineEvent(state, machine, agent, "see");      // → combat (history: shallow)
postMachineEvent(state, machine, "see", { delay: 2 });   // queued, fires after 2 s of dt
updateMachine(state, machine, agent, dt);                // timed transitions ("after: 3")
isStateActive(state, machine, "combat");`,

  "decision-fuzzy": `import { createFuzzySystem, fuzzify, inferFuzzy, defuzzify } from "@tactica/decision";

const weapon = createFuzzySystem({
  variables: {
    distance: { sets: { close: { type: "leftShoulder", points: [0, 25, 150] }, medium: { type: "triangle", points: [25, 150, 300] }, far: { type: "rightShoulder", points: [150, 300, 600] } } },
    ammo: { sets: { low: { type: "triangle", points: [0, 0, 10] }, okay: { type: "triangle", points: [0, 10, 30] }, loads: { type: "rightShoulder", points: [10, 30, 100] } } },
    desirability: { sets: { undesirable: { type: "leftShoulder", points: [0, 25, 50] }, desirable: { type: "triangle", points: [25, 50, 75] }, veryDesirable: { type: "rightShoulder", points: [50, 75, 100] } } },
  },
  fams: [{ inputs: ["distance", "ammo"], output: "desirability", table: [["undesirable", "undesirable", "undesirable"], ["desirable", "veryDesirable", "veryDesirable"], ["undesirable", "undesirable", "desirable"]] }],
});
fuzzify(weapon, "distance", 200);
fuzzify(weapon, "ammo", 12);
inferFuzzy(weapon);
const score = defuzzify(weapon, "desirability", { method: "centroid" });   // or "meanOfMaximum", "maxAverage"`,

  "decision-utility": `import { createRng } from "@tactica/core";
import { createUtilitySet, createUtilityState, chooseUtility, explainUtility } from "@tactica/decision";

const set = createUtilitySet({
  version: 1,
  inputs: ["hunger", "fatigue", "boredom", "dirt", "threat", "fleeRank"],
  options: [
    { name: "eat", considerations: [
      { name: "hungry", input: "hunger", curve: { type: "logistic", m: 12, c: 0.5 } },
      { name: "safe", input: "threat", curve: { type: "linear", m: -1, b: 1 } } ] },
    // sleep, play, wash, flee …
  ],
});
const state = createUtilityState(set);
const inputs = new Float64Array([0.4, 0.7, 0.5, 0, 0.2, 0]);
const choice = chooseUtility(state, set, inputs, { rng: createRng(7) });
console.table(explainUtility(state, set, inputs));       // scores and considerations per option`,

  "planning-goap": `import { parseDomain, compileProblem, createGoapSearch, startGoapSearch, stepGoapSearch, readGoapPlan, createPlanResult,
  createPlanRunner, pushRunnerGoal, watchRunnerFact, setRunnerFact, tickPlanRunner, getFactIndex, PathFlags } from "@tactica/planning";

const problem = compileProblem(parseDomain(\`
(:action goto-cover :cost 2 :preconditions (not in-cover) :effects (in-cover and not enemy-visible))
(:action attack :cost 1 :preconditions (armed and loaded and enemy-visible and in-cover) :effects (enemy-dead and not loaded))
…
(:initial (has-weapon and has-ammo and wounded))
(:goal (enemy-dead))\`));

// Plan directly, time-sliced (4 nodes per step):
const search = createGoapSearch(problem);
startGoapSearch(search, problem.initial, problem.goal);
while ((stepGoapSearch(search, 4) & PathFlags.InProgress) !== 0);
const plan = createPlanResult({ capacity: 16 });
readGoapPlan(plan, search);

// Or let a runner plan, execute and replan when a watched fact changes:
const runner = createPlanRunner(problem, problem.initial, { cooldown: 0.3 });
for (let f = 0; f < problem.factCount; f++) watchRunnerFact(runner, f);
pushRunnerGoal(runner, { id: "enemy-dead()", priority: 1, goal: ["enemy-dead()"] });
tickPlanRunner(runner, problem, hooks, dt);         // every frame
setRunnerFact(runner, getFactIndex(problem, "in-cover"), false);`,

  "planning-htn": `import { parseDomain, compileProblem, compileHtn, planHtn, replanHtn, createPlanRunner, pushRunnerGoal,
  tickPlanRunner, ReplanReason, StepStatus } from "@tactica/planning";

const problem = compileProblem(parseDomain(domainText));     // the actions
const htn = compileHtn(problem, methods);                      // compound tasks → ordered methods
let result = planHtn(htn, problem.initial, ["errand(home, shop)"]); // result.plan, result.trace

// Execute it with the plan runner; its planner hook decomposes, and repairs a failed step partially:
const runner = createPlanRunner(problem, problem.initial);
pushRunnerGoal(runner, { id: "errand", priority: 1, goal: ["has-goods()"] });
const hooks = {
  execute: (action, r, dt, started) => (actionDone(action) ? StepStatus.Succeeded : StepStatus.Running),
  plan(out, _problem, start) {
    const failed = runner.reason & (ReplanReason.StepFailed | ReplanReason.PreconditionFailed);
    result = failed ? replanHtn(htn, start, result, runner.step) // only the task above the failed step
                    : planHtn(htn, start, ["errand(home, shop)"]);
    out.path.set(result.plan);
    out.length = result.plan.length;
    out.flags = result.flags;
    return out;
  },
};
tickPlanRunner(runner, problem, hooks, 1 / 60);               // every frame`,

  "planning-smart-zone": `import { createRng } from "@tactica/core";
import { createSmartZone, joinSmartZone, leaveSmartZone, stepSmartZone } from "@tactica/planning";

const zone = createSmartZone(juggling);      // roles (juggler, 5 spectators, passers-by), stages, sync points
const rng = createRng(11);
joinSmartZone(zone, npc, rng);               // a late joiner syncs to the current stage
// every frame:
stepSmartZone(zone, world, dt, rng);         // roles, stage changes every two game hours
leaveSmartZone(zone, npc, world, rng);`,
};
