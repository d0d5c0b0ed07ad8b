import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// "Install only the module you need", end to end: start a local npm registry (verdaccio, pinned in
// the root package.json) on 127.0.0.1, publish every public @tactica package to it exactly as
// `pnpm release` would pack it (workspace ranges rewritten, publishConfig applied), then in a fresh
// project outside the workspace install @tactica/grid ALONE from that registry and use it from an
// ES module and from CommonJS. Needs `pnpm build` first (test:all builds before the e2e step).

const root = join(import.meta.dirname, "..");
const work = mkdtempSync(join(tmpdir(), "tactica-registry-"));
const publishable = readdirSync(join(root, "packages"))
  .filter((dir) => existsSync(join(root, "packages", dir, "package.json")))
  .map((dir) => ({
    dir,
    manifest: JSON.parse(readFileSync(join(root, "packages", dir, "package.json"), "utf8")) as {
      name: string;
      version: string;
      private?: boolean;
      dependencies?: Record<string, string>;
    },
  }))
  .filter((p) => !p.manifest.private);

let registry: ChildProcess | undefined;
let registryUrl = "";
let npmrc = "";
const registryLog: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function run(cmd: string, args: string[], cwd: string): string {
  try {
    return execFileSync(cmd, args, {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false", npm_config_userconfig: npmrc },
    });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(" ")} failed in ${cwd}:\n${err.stdout ?? ""}\n${err.stderr ?? err.message}`, { cause: e });
  }
}

async function waitForRegistry(url: string, timeoutMs: number): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      const res = await fetch(`${url}-/ping`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() - start > timeoutMs) throw new Error(`verdaccio did not answer on ${url} within ${timeoutMs} ms:\n${registryLog.join("")}`);
    if (registry?.exitCode !== null && registry?.exitCode !== undefined)
      throw new Error(`verdaccio exited with ${registry.exitCode}:\n${registryLog.join("")}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  for (const { dir, manifest } of publishable) {
    if (!existsSync(join(root, "packages", dir, "dist", "index.js"))) throw new Error(`${manifest.name} is not built: run \`pnpm build\` first`);
  }
  // A registry that knows no other registry (no uplinks): every @tactica package must come from what
  // we publish, so a missing dependency fails here instead of being fetched from the internet.
  const storage = join(work, "storage");
  mkdirSync(storage);
  const config = join(work, "verdaccio.yaml");
  writeFileSync(
    config,
    [
      `storage: ${JSON.stringify(storage)}`,
      "auth:",
      "  htpasswd:",
      `    file: ${JSON.stringify(join(work, "htpasswd"))}`,
      "    max_users: 10",
      "uplinks: {}",
      "packages:",
      "  '**':",
      "    access: $all",
      "    publish: $authenticated",
      "web:",
      "  enable: false",
      "log: { type: stdout, format: pretty, level: warn }",
      "",
    ].join("\n"),
  );
  const port = await freePort();
  registryUrl = `http://127.0.0.1:${port}/`;
  registry = spawn(join(root, "node_modules", ".bin", "verdaccio"), ["--config", config, "--listen", `127.0.0.1:${port}`], {
    cwd: work,
    stdio: ["ignore", "pipe", "pipe"],
  });
  registry.stdout?.on("data", (d: Buffer) => registryLog.push(d.toString()));
  registry.stderr?.on("data", (d: Buffer) => registryLog.push(d.toString()));
  await waitForRegistry(registryUrl, 60_000);

  // A publisher account (htpasswd, created through the registry's CouchDB-style user endpoint).
  const res = await fetch(`${registryUrl}-/user/org.couchdb.user:release-test`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "release-test", password: "release-test-password", email: "release@example.invalid", type: "user", roles: [] }),
  });
  const { token } = (await res.json()) as { token?: string };
  if (!token) throw new Error(`could not create a registry user (HTTP ${res.status})`);
  npmrc = join(work, ".npmrc");
  writeFileSync(npmrc, `registry=${registryUrl}\n//127.0.0.1:${port}/:_authToken=${token}\n`);

  // Pack as `changeset publish` does (pnpm: workspace:^ → ^x.y.z, publishConfig applied) and publish.
  const packs = join(work, "tarballs");
  mkdirSync(packs);
  for (const { dir, manifest } of publishable) {
    const before = new Set(readdirSync(packs));
    run("pnpm", ["pack", "--pack-destination", packs], join(root, "packages", dir));
    const tarball = readdirSync(packs).find((f) => !before.has(f));
    if (!tarball) throw new Error(`pnpm pack produced no tarball for ${manifest.name}`);
    run("npm", ["publish", join(packs, tarball), "--registry", registryUrl, "--access", "public", "--ignore-scripts"], work);
  }
}, 240_000);

afterAll(() => {
  registry?.kill("SIGTERM");
  rmSync(work, { recursive: true, force: true });
});

describe("local registry (verdaccio)", () => {
  it("serves every public package at its workspace version", () => {
    for (const { manifest } of publishable) {
      const doc = JSON.parse(run("npm", ["view", manifest.name, "--json", "--registry", registryUrl], work)) as {
        version: string;
        "dist-tags": Record<string, string>;
        exports?: unknown;
        dependencies?: Record<string, string>;
      };
      expect(doc["dist-tags"]["latest"], manifest.name).toBe(manifest.version);
      // The published manifest: no workspace protocol, no workspace-only export condition.
      expect(JSON.stringify(doc.dependencies ?? {})).not.toContain("workspace:");
      expect(JSON.stringify(doc.exports)).not.toContain("@tactica/source");
    }
  });

  it("installs @tactica/grid alone into a fresh project and runs it from ESM and CJS", () => {
    const app = join(work, "consumer");
    mkdirSync(app);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "studio-game", version: "1.0.0", private: true }));
    run("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--registry", registryUrl, "@tactica/grid"], app);

    // Only grid and what grid depends on came along.
    const installed = readdirSync(join(app, "node_modules", "@tactica")).sort();
    const grid = publishable.find((p) => p.manifest.name === "@tactica/grid")!;
    const expected = ["grid", ...Object.keys(grid.manifest.dependencies ?? {}).map((n) => n.replace("@tactica/", ""))].sort();
    expect(installed).toEqual(expected);
    expect((JSON.parse(readFileSync(join(app, "package.json"), "utf8")) as { dependencies: unknown }).dependencies).toEqual({
      "@tactica/grid": `^${grid.manifest.version}`,
    });

    const map = "type octile\\nheight 3\\nwidth 4\\nmap\\n....\\n.@@.\\n....\\n";
    writeFileSync(
      join(app, "query.mjs"),
      `import { findGridPath, parseMovingAiMap } from "@tactica/grid";\n` +
        `const { grid } = parseMovingAiMap("${map}");\n` +
        `const r = findGridPath(grid, { x: 0, y: 1 }, { x: 3, y: 1 }, { solver: "jps" });\n` +
        `console.log(JSON.stringify({ w: grid.width, h: grid.height, found: r.found, cost: Math.round(r.cost * 1000) / 1000, steps: r.path.length }));\n`,
    );
    writeFileSync(
      join(app, "query.cjs"),
      `const { findGridPath, parseMovingAiMap } = require("@tactica/grid");\n` +
        `const { grid } = parseMovingAiMap("${map}");\n` +
        `const r = findGridPath(grid, { x: 0, y: 1 }, { x: 3, y: 1 }, { solver: "astar" });\n` +
        `console.log(JSON.stringify({ w: grid.width, h: grid.height, found: r.found, cost: Math.round(r.cost * 1000) / 1000, steps: r.path.length }));\n`,
    );
    // Around the two-cell wall in the middle row: no corner cutting, so five straight steps (JPS and A* agree).
    const want = { w: 4, h: 3, found: true, cost: 5, steps: 6 };
    expect(JSON.parse(run("node", ["query.mjs"], app))).toEqual(want);
    expect(JSON.parse(run("node", ["query.cjs"], app))).toEqual(want);
  });

  it("installs @tactica/navmesh with its dependencies from the registry at their published versions", () => {
    const app = join(work, "navmesh-only");
    mkdirSync(app);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "studio-nav", version: "1.0.0", private: true }));
    run("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--registry", registryUrl, "@tactica/navmesh"], app);
    // navmesh's dependencies, transitively, and nothing else; each at the version this workspace publishes.
    const byName = new Map(publishable.map((p) => [p.manifest.name, p.manifest]));
    const wanted = new Set<string>();
    const visit = (name: string): void => {
      if (wanted.has(name)) return;
      wanted.add(name);
      for (const dep of Object.keys(byName.get(name)?.dependencies ?? {})) if (dep.startsWith("@tactica/")) visit(dep);
    };
    visit("@tactica/navmesh");
    expect(wanted.size).toBeGreaterThan(1);
    const installed = readdirSync(join(app, "node_modules", "@tactica")).map((d) => `@tactica/${d}`);
    expect(installed.sort()).toEqual([...wanted].sort());
    for (const name of wanted) {
      const got = JSON.parse(readFileSync(join(app, "node_modules", name, "package.json"), "utf8")) as { version: string };
      expect(got.version, name).toBe(byName.get(name)!.version);
    }
  });

  it("a strict TypeScript project imports every package in one file without aliases, typechecks and runs", () => {
    const app = join(work, "studio");
    mkdirSync(app);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "studio-game", version: "1.0.0", private: true, type: "module" }));
    run("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--registry", registryUrl, ...publishable.map((p) => p.manifest.name)], app);
    writeFileSync(
      join(app, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "node16",
          moduleResolution: "node16",
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: false,
          outDir: "out",
          types: [],
        },
        files: ["game.ts"],
      }),
    );
    writeFileSync(
      join(app, "game.ts"),
      [
        'import { createRng, rngFloat, vec2Angle } from "@tactica/core";',
        'import { createCsrGraph, findGraphPath, PathFlags } from "@tactica/search";',
        'import { findGridPath, parseMovingAiMap } from "@tactica/grid";',
        'import { buildNavMeshFromPolygons, findNavMeshPath, hasNavMeshLineOfSight } from "@tactica/navmesh";',
        'import { createSteeringAgent, steer } from "@tactica/steering";',
        'import { BtStatus, createBehaviorTree, createTreeState, tickTree } from "@tactica/decision";',
        'import { canSee } from "@tactica/perception";',
        'import { findPlan, parseDomain } from "@tactica/planning";',
        'import { createStoryletState, drawStorylet, storyletDeckFromJson } from "@tactica/narrative";',
        "",
        "const rng = createRng(7);",
        "const graph = createCsrGraph(3, [0, 1], [1, 2], { directed: false });",
        "const graphPath = findGraphPath(graph, 0, 2);",
        'const { grid } = parseMovingAiMap("type octile\\nheight 3\\nwidth 4\\nmap\\n....\\n.@@.\\n....\\n");',
        "const gridPath = findGridPath(grid, { x: 0, y: 1 }, { x: 3, y: 1 });",
        "const navMesh = buildNavMeshFromPolygons([{ outer: [0, 0, 10, 0, 10, 10, 0, 10], holes: [[4, 4, 6, 4, 6, 6, 4, 6]] }]);",
        "const navPath = findNavMeshPath(navMesh, { x: 1, y: 1 }, { x: 9, y: 9 });",
        "const agent = createSteeringAgent({ maxSpeed: 5, maxForce: 20 });",
        'for (let i = 0; i < 30; i++) steer(agent, [{ type: "seek", target: { x: 0, y: 10 } }], 1 / 30);',
        "const heading = vec2Angle(agent.velocity);",
        "const seen = canSee({ viewRange: 50, fieldOfView: 0.5 }, agent.position.x, agent.position.y, heading, agent.position.x, agent.position.y + 20);",
        'const tree = createBehaviorTree<{ n: number }>({ version: 1, root: { type: "action", action: "count" } }, { actions: { count: (c) => ((c.agent.n += 1), BtStatus.Success) } });',
        "const npc = { n: 0 };",
        "tickTree(createTreeState(tree), tree, npc, 1 / 60);",
        'const plan = findPlan(parseDomain("(:action arm :preconditions (has-gun) :effects (armed))\\n(:initial (has-gun))\\n(:goal (armed))"));',
        'const deck = storyletDeckFromJson([{ id: "hello", effects: [{ key: "met", op: "set", value: true }] }]);',
        "const story = drawStorylet(createStoryletState({}), deck, rng);",
        "console.log(JSON.stringify({",
        "  graph: (graphPath.flags & PathFlags.Found) !== 0,",
        "  grid: gridPath.found,",
        "  nav: navPath.found,",
        "  los: hasNavMeshLineOfSight(navMesh, 1, 1, 9, 9), // through the hole: blocked",
        "  seen,",
        "  ticked: npc.n,",
        "  plan: plan.found,",
        "  story: story?.id ?? null,",
        "  random: rngFloat(rng, 0, 1) < 1,",
        "}));",
        "",
      ].join("\n"),
    );
    run("node", [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "."], app);
    expect(JSON.parse(run("node", ["out/game.js"], app))).toEqual({
      graph: true,
      grid: true,
      nav: true,
      los: false,
      seen: true,
      ticked: 1,
      plan: true,
      story: "hello",
      random: true,
    });
  });
});
