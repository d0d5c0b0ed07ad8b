import { createSnapshotCodecs, registerSnapshotCodec } from "@tactica/core";
import {
  BtStatus,
  createBehaviorTree,
  createBlackboard,
  createTreeState,
  readTreeTrace,
  restoreTree,
  saveTree,
  tickTree,
  treeSnapshotCodec,
  validateBehaviorTree,
  writeBlackboard,
  type BehaviorTreeDefinition,
  type BtState,
  type BtNode,
  type BtSnapshot,
  type BtTickResult,
} from "@tactica/decision";
import type { DemoPage } from "../../demo";
import { mountInspector } from "../../inspector/inspector-panel";
import { createSnapshotWorld } from "../../inspector/snapshot-world";
import { button, demoLayout, el, fixedLoop, slider } from "../../ui";

const W = 800;
const H = 600;

/** The guard the tree drives: a little state the actions read and write. */
interface Guard {
  work: number;
  log: string[];
}

const schema = { health: "number", enemyNear: "boolean", alarm: "boolean" } as const;

const initial: BehaviorTreeDefinition = {
  version: 1,
  root: {
    type: "selector",
    name: "root",
    children: [
      {
        type: "guard",
        name: "low health?",
        key: "health",
        op: "<",
        value: 30,
        abort: "both",
        child: {
          type: "sequence",
          children: [
            { type: "action", action: "flee" },
            { type: "action", action: "heal" },
          ],
        },
      },
      {
        type: "guard",
        name: "enemy near?",
        key: "enemyNear",
        value: true,
        abort: "both",
        child: {
          type: "sequence",
          children: [
            { type: "set", key: "alarm", value: true },
            { type: "action", action: "aim" },
            { type: "repeat", count: 3, child: { type: "action", action: "shoot" } },
          ],
        },
      },
      {
        type: "sequence",
        name: "patrol",
        children: [
          { type: "set", key: "alarm", value: false },
          { type: "action", action: "walk", args: { to: "A" } },
          { type: "wait", duration: 1 },
          { type: "action", action: "walk", args: { to: "B" } },
          { type: "cooldown", duration: 3, child: { type: "action", action: "lookAround" } },
        ],
      },
    ],
  },
};

/** An action that runs for `seconds` of tree time, then succeeds. */
function timed(seconds: number) {
  return {
    tick(ctx: { agent: Guard; started: boolean; node: number; state: BtState; dt: number }): BtTickResult {
      const inst = ctx.state;
      // The action's progress lives in the state's timer table, so save/restore keeps it.
      if (ctx.started) inst.timer[ctx.node] = 0;
      inst.timer[ctx.node] = inst.timer[ctx.node]! + ctx.dt;
      ctx.agent.work++;
      return inst.timer[ctx.node]! >= seconds ? BtStatus.Success : BtStatus.Running;
    },
  };
}

const bindings = {
  actions: { flee: timed(1.5), heal: timed(2), aim: timed(0.5), shoot: timed(0.4), walk: timed(1.2), lookAround: timed(0.8) },
  blackboard: schema,
};

const STATUS_NAMES = ["aborted", "success", "failure", "running"];

const COLORS: Record<number, string> = {
  [BtStatus.Success]: "#9ece6a",
  [BtStatus.Failure]: "#f7768e",
  [BtStatus.Running]: "#e0af68",
  [BtStatus.Idle]: "#565f89",
};

const page: DemoPage = {
  id: "decision-behavior-tree",
  title: "Behaviour tree: live view, JSON, save/restore",
  package: "decision",
  order: 1,
  description:
    "A guard's behaviour tree ticking at 5 Hz: nodes light up with this tick's result (yellow running, green success, red failure, grey aborted). Change health or the enemy to trigger guard aborts, edit the JSON and apply it, or save the running tree and restore it later.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    const bb = createBlackboard(schema, { health: 100, enemyNear: false, alarm: false });
    const agent: Guard = { work: 0, log: [] };
    let tree = createBehaviorTree<Guard>(initial, bindings);
    let nodeLabels = labels(initial);
    // The running tree is plain data; the compiled tree and the agent are passed to every tick.
    let inst: BtState = createTreeState(tree, { blackboard: bb, traceCapacity: 4 * tree.nodeCount + 256 });
    let saved: string | null = null;
    let message = "";
    let acc = 0;
    const tickDt = 0.2;

    slider(panel, "health", 0, 100, 1, 100, (v) => writeBlackboard(bb, "health", v));
    const enemy = el("label", "control");
    const box = el("input");
    box.type = "checkbox";
    box.addEventListener("change", () => writeBlackboard(bb, "enemyNear", box.checked));
    enemy.append(el("span", "", "enemy near"), box);
    panel.insertBefore(enemy, stats);
    const text = el("textarea");
    text.value = JSON.stringify(initial, null, 1);
    text.rows = 12;
    text.spellcheck = false;
    text.style.width = "100%";
    text.style.fontFamily = "ui-monospace, monospace";
    text.style.fontSize = "11px";
    panel.insertBefore(text, stats);
    button(panel, "Apply JSON", () => {
      let def: unknown;
      try {
        def = JSON.parse(text.value);
      } catch (e) {
        message = `JSON syntax: ${(e as Error).message}`;
        return;
      }
      const issues = validateBehaviorTree(def, bindings);
      if (issues.length > 0) {
        message = issues.map((i) => `${i.path}: ${i.message}`).join("\n");
        return;
      }
      tree = createBehaviorTree<Guard>(def as BehaviorTreeDefinition, bindings);
      nodeLabels = labels(def as BehaviorTreeDefinition);
      inst = createTreeState(tree, { blackboard: bb, traceCapacity: 4 * tree.nodeCount + 256 });
      saved = null;
      message = "applied";
      inspector.reset();
    });
    button(panel, "Save running tree", () => {
      saved = JSON.stringify(saveTree(inst));
      message = `saved ${saved.length} bytes of JSON at t = ${inst.time.toFixed(1)} s`;
    });
    button(panel, "Restore saved tree", () => {
      if (saved === null) {
        message = "nothing saved yet";
        return;
      }
      restoreTree(inst, JSON.parse(saved) as BtSnapshot);
      message = `restored: continuing from t = ${inst.time.toFixed(1)} s`;
    });

    // Tidy layout from the compiled tables: leaves spread evenly, parents over their children.
    const layout = { x: new Float64Array(0), y: new Float64Array(0) };
    let laidOut: BtState | null = null;
    let names: string[] = [];
    let leafSlot = 100;
    function doLayout(): void {
      const t = tree;
      layout.x = new Float64Array(t.nodeCount);
      layout.y = new Float64Array(t.nodeCount);
      let leaves = 0;
      let depthMax = 0;
      const count = (n: number, d: number): void => {
        depthMax = Math.max(depthMax, d);
        if (t.childCount[n] === 0) leaves++;
        for (let i = 0; i < t.childCount[n]!; i++) count(t.children[t.childStart[n]! + i]!, d + 1);
      };
      count(0, 0);
      const dx = (W - 40) / Math.max(1, leaves);
      const dy = (H - 60) / Math.max(1, depthMax + 1);
      let next = 0;
      const place = (n: number, d: number): void => {
        layout.y[n] = 30 + d * dy;
        if (t.childCount[n] === 0) {
          // Neighbouring leaves alternate between two rows when they are close, so each label
          // can use two leaf slots of width.
          if (dx < 110 && next % 2 === 1) layout.y[n] += 24;
          layout.x[n] = 20 + (next++ + 0.5) * dx;
          return;
        }
        let sum = 0;
        for (let i = 0; i < t.childCount[n]!; i++) {
          const c = t.children[t.childStart[n]! + i]!;
          place(c, d + 1);
          sum += layout.x[c]!;
        }
        layout.x[n] = sum / t.childCount[n]!;
      };
      place(0, 0);
      leafSlot = dx;
      laidOut = inst;
      names = labels(t.definition);
    }

    function render(): void {
      if (laidOut !== inst) doLayout();
      const t = tree;
      draw.clear();
      // Results of the last tick from the trace (aborted nodes included).
      const result = new Int8Array(t.nodeCount).fill(-1);
      for (let i = 0; i < inst.traceLength; i += 2) result[inst.trace[i]!] = inst.trace[i + 1]!;
      for (let n = 1; n < t.nodeCount; n++) {
        const p = t.parent[n]!;
        draw.line(layout.x[p]!, layout.y[p]! + 10, layout.x[n]!, layout.y[n]! - 10, { color: "#2a3350" });
      }
      const ctx = draw.ctx;
      let clipped = 0;
      for (let n = 0; n < t.nodeCount; n++) {
        const r = result[n]!;
        const color = r < 0 ? "#1f2937" : COLORS[r]!;
        const x = layout.x[n]!;
        const y = layout.y[n]!;
        // The whole label, never cut: the box grows to the text; a label wider than the room it
        // has (two leaf slots, as neighbouring leaves alternate rows) gets a smaller font.
        const label = names[n] ?? "";
        const room = t.childCount[n] === 0 ? Math.max(60, (leafSlot < 110 ? 2 * leafSlot : leafSlot) - 8) : 200;
        let size = 12;
        ctx.font = `${size}px ui-monospace, monospace`;
        while (size > 8 && ctx.measureText(label).width + 10 > room) ctx.font = `${--size}px ui-monospace, monospace`;
        const w = Math.max(60, ctx.measureText(label).width + 10);
        if (w > room + 0.5) clipped++;
        draw.rect(x - w / 2, y - 10, w, 20, { color, fill: true, alpha: r < 0 ? 1 : 0.85 });
        draw.rect(x - w / 2, y - 10, w, 20, { color: "#3b4261" });
        ctx.save();
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.globalAlpha = 1;
        ctx.fillStyle = r < 0 ? "#9aa5ce" : "#0f1420";
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText(label, x, y + 1);
        ctx.restore();
      }
      canvas.dataset["clippedLabels"] = String(clipped);
      stats.textContent =
        `tick ${inst.ticks}, t = ${inst.time.toFixed(1)} s, root ${["idle", "success", "failure", "running"][inst.rootStatus]}\n` +
        `health ${bb.num[0]!.toFixed(0)}, enemy ${bb.num[1] ? "yes" : "no"}, alarm ${bb.num[2] ? "on" : "off"}\n` +
        `nodes ${t.nodeCount}, trace entries ${inst.traceLength / 2}\n${message}`;
    }

    // Inspectable: the tree state (decision's tree codec, blackboard included) and the page's own
    // clock; each tree tick reports the tick trace (every visited node) as a "bt" event.
    const codecs = createSnapshotCodecs();
    registerSnapshotCodec(codecs, "guard.tree", treeSnapshotCodec);
    registerSnapshotCodec<null>(codecs, "page", {
      version: 1,
      save: () => ({ acc, work: agent.work }),
      restore: (_, d) => {
        const data = d as { acc: number; work: number };
        acc = data.acc;
        agent.work = data.work;
      },
    });
    const world = createSnapshotWorld({
      name: "decision-behavior-tree",
      codecs,
      targets: () => ({ "guard.tree": inst, page: null }),
      step(_inputs, emit) {
        acc += 1 / 60;
        while (acc >= tickDt) {
          acc -= tickDt;
          tickTree(inst, tree, agent, tickDt);
          if (emit) {
            const trace = readTreeTrace(inst, tree);
            const leaf = trace.find((e) => e.status === BtStatus.Running) ?? trace[0];
            emit({
              module: "bt",
              agent: "guard",
              label: `${STATUS_NAMES[inst.rootStatus]}${leaf ? `: ${nodeLabels[leaf.node] ?? leaf.path}` : ""}`,
              detail: { nodes: trace.map((e) => ({ node: e.node, path: e.path, label: nodeLabels[e.node] ?? e.type, status: STATUS_NAMES[e.status] })) },
            });
          }
        }
      },
    });
    const inspector = mountInspector(root, panel, world);
    const stop = fixedLoop(() => inspector.step(), render);
    const onClick = (e: MouseEvent) => {
      e.preventDefault();
      // Click toggles the enemy; right click drops health to 10 (triggers the flee guard).
      if (e.button === 2) writeBlackboard(bb, "health", 10);
      else {
        box.checked = !box.checked;
        writeBlackboard(bb, "enemyNear", box.checked);
      }
    };
    canvas.addEventListener("mousedown", onClick);
    canvas.addEventListener("contextmenu", (e) => e.preventDefault());
    return () => {
      stop();
      inspector.dispose();
      canvas.removeEventListener("mousedown", onClick);
    };
  },
};

/** Labels in the compiled order (depth-first pre-order, as createBehaviorTree numbers nodes). */
function labels(def: BehaviorTreeDefinition): string[] {
  const out: string[] = [];
  const walk = (n: BtNode): void => {
    const short: Record<string, string> = { sequence: "seq →", selector: "sel ?", parallel: "par ⇉", repeat: "repeat", cooldown: "cooldown", wait: "wait" };
    let label = n.name ?? short[n.type] ?? n.type;
    if (n.type === "action") label = n.name ?? `${n.action}${typeof n.args?.["to"] === "string" ? ` ${n.args["to"]}` : ""}`;
    if (n.type === "set") label = `${n.key}=${String(n.value)}`;
    if (n.type === "compare") label = `${n.key}${n.op ?? "=="}${String(n.value)}`;
    out.push(label);
    if ("children" in n) n.children.forEach(walk);
    else if ("child" in n) walk(n.child);
  };
  walk(def.root);
  return out;
}

export default page;
