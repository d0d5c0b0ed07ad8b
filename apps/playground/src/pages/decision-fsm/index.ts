import { createSnapshotCodecs, registerSnapshotCodec } from "@tactica/core";
import {
  createMachineSnapshotCodec,
  createMachineState,
  createStateMachine,
  dispatchMachineEvent,
  isStateActive,
  postMachineEvent,
  startMachine,
  updateMachine,
  type StateMachineDefinition,
} from "@tactica/decision";
import type { DemoPage } from "../../demo";
import { mountInspector } from "../../inspector/inspector-panel";
import { createSnapshotWorld } from "../../inspector/snapshot-world";
import { button, demoLayout, fixedLoop } from "../../ui";

const W = 800;
const H = 600;

interface Guard {
  ammo: number;
  log: string[];
}

const definition: StateMachineDefinition<Guard> = {
  version: 1,
  initial: "idle",
  states: {
    idle: {
      transitions: [
        { event: "see", to: "combat" },
        { after: 3, to: "patrol" },
        { event: "talk", to: "chat", push: true },
      ],
    },
    patrol: {
      transitions: [
        { event: "see", to: "combat" },
        { after: 5, to: "idle" },
        { event: "talk", to: "chat", push: true },
      ],
    },
    chat: {
      transitions: [
        { event: "bye", pop: true },
        { after: 4, pop: true },
      ],
    },
    combat: {
      history: "shallow",
      initial: "shoot",
      transitions: [{ event: "lost", to: "idle" }],
      states: {
        shoot: { onUpdate: "fire", transitions: [{ to: "reload", guard: "empty" }] },
        reload: { transitions: [{ after: 1.5, to: "shoot", action: "refill" }] },
      },
    },
  },
};

/** Box per state in the diagram (x, y, w, h). */
const BOX: Record<string, [number, number, number, number]> = {
  idle: [60, 80, 160, 70],
  patrol: [60, 300, 160, 70],
  chat: [280, 470, 110, 60],
  combat: [380, 60, 360, 360],
  shoot: [420, 130, 140, 70],
  reload: [580, 300, 140, 70],
};

const ARROWS: [string, string, string][] = [
  ["idle", "combat", "see"],
  ["patrol", "combat", "see"],
  ["idle", "patrol", "after 3 s"],
  ["patrol", "idle", "after 5 s"],
  ["idle", "chat", "talk (push)"],
  ["chat", "idle", "pop: bye / 4 s"],
  ["patrol", "chat", "talk (push)"],
  ["combat", "idle", "lost"],
  ["shoot", "reload", "[ammo = 0]"],
  ["reload", "shoot", "after 1.5 s / refill"],
];

/** Where the segment from inside box `name` at (x1, y1) toward (x2, y2) leaves the box. */
function clip(name: string, x1: number, y1: number, x2: number, y2: number): [number, number] {
  const [bx, by, bw, bh] = BOX[name]!;
  let t = 1;
  const dx = x2 - x1;
  const dy = y2 - y1;
  if (dx > 0) t = Math.min(t, (bx + bw - x1) / dx);
  if (dx < 0) t = Math.min(t, (bx - x1) / dx);
  if (dy > 0) t = Math.min(t, (by + bh - y1) / dy);
  if (dy < 0) t = Math.min(t, (by - y1) / dy);
  return [x1 + dx * t, y1 + dy * t];
}

const page: DemoPage = {
  id: "decision-fsm",
  title: "Hierarchical state machine",
  package: "decision",
  order: 3,
  description:
    "A guard as a hierarchical state machine: combat holds shoot and reload with shallow history, chat is pushed on the state stack and popped back, timed transitions run through dt. Send events with the buttons (or click the canvas: left = see, right = lost); the active states are highlighted.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    const agent: Guard = { ammo: 4, log: [] };
    const machine = createStateMachine(definition, {
      callbacks: {
        fire: (a) => {
          a.ammo = Math.max(0, a.ammo - 0.02);
        },
        refill: (a) => {
          a.ammo = 4;
        },
      },
      guards: { empty: (a) => a.ammo <= 0 },
    });
    // The running machine is plain data; the compiled machine and the agent are passed to every call.
    const inst = createMachineState(machine);
    startMachine(inst, machine, agent);
    let last = "";
    // Events from the buttons and clicks are step inputs (applied at the next tick), so the
    // inspector records them and its replays repeat them.
    let pending: { event: string; delay?: number }[] = [];
    const send = (e: string) => pending.push({ event: e });
    for (const e of ["see", "lost", "talk", "bye"]) button(panel, `event: ${e}`, () => send(e));
    button(panel, "post 'see' in 2 s", () => pending.push({ event: "see", delay: 2 }));
    const codecs = createSnapshotCodecs();
    registerSnapshotCodec(codecs, "guard.fsm", createMachineSnapshotCodec(machine));
    registerSnapshotCodec<null>(codecs, "page", {
      version: 1,
      save: () => ({ ammo: agent.ammo }),
      restore: (_, d) => {
        agent.ammo = (d as { ammo: number }).ammo;
      },
    });
    const world = createSnapshotWorld({
      name: "decision-fsm",
      codecs,
      targets: () => ({ "guard.fsm": inst, page: null }),
      step(inputs, emit) {
        const from = inst.current;
        const before = inst.transitions;
        for (const input of inputs as { event: string; delay?: number }[]) {
          if (input.delay !== undefined) {
            postMachineEvent(inst, machine, input.event, { delay: input.delay });
            last = `queued ${input.event} (+${input.delay} s)`;
          } else last = `${input.event}: ${dispatchMachineEvent(inst, machine, agent, input.event) ? "transition" : "ignored"}`;
        }
        updateMachine(inst, machine, agent, 1 / 60);
        if (emit && inst.transitions !== before)
          emit({
            module: "fsm",
            agent: "guard",
            label: `${machine.names[from]} → ${machine.names[inst.current]}`,
            detail: {
              transitions: inst.transitions - before,
              events: (inputs as { event: string }[]).map((i) => i.event),
              stack: Array.from(inst.stack.subarray(0, inst.stackSize), (x) => machine.names[x]!),
              ammo: agent.ammo,
            },
          });
      },
    });
    const inspector = mountInspector(root, panel, world);
    const click = (ev: MouseEvent) => {
      ev.preventDefault();
      send(ev.button === 2 ? "lost" : "see");
    };
    canvas.addEventListener("mousedown", click);
    canvas.addEventListener("contextmenu", (e) => e.preventDefault());

    const center = (s: string): [number, number] => {
      const b = BOX[s]!;
      return [b[0] + b[2] / 2, b[1] + b[3] / 2];
    };
    const stop = fixedLoop(
      () => {
        if (inspector.scrubbing) return;
        const inputs = pending;
        pending = [];
        inspector.step(inputs);
      },
      () => {
        draw.clear();
        // States first (the composite behind its children), then transitions on top.
        for (const name of ["combat", "idle", "patrol", "chat", "shoot", "reload"]) {
          const [x, y, w, h] = BOX[name]!;
          const active = isStateActive(inst, machine, name);
          const composite = name === "combat";
          draw.rect(x, y, w, h, { color: active ? (composite ? "#2d3a5a" : "#e0af68") : "#1f2937", fill: true });
          draw.rect(x, y, w, h, { color: active ? "#e0af68" : "#3b4261", width: 2 });
          draw.text(x + 8, y + 18, name + (composite ? " (shallow history)" : ""), { color: active && !composite ? "#0f1420" : "#e6edf3" });
        }
        // Edge labels: each tries spots along its edge (middle first, then towards the ends, then
        // further out to the side) and takes the first that overlaps no label placed before it.
        const ctx = draw.ctx;
        ctx.font = "12px ui-monospace, monospace";
        // The state names count as placed labels too: edge labels keep off them.
        const placed: [number, number, number, number][] = Object.entries(BOX).map(([name, [x, y]]) => [
          x + 4,
          y + 4,
          ctx.measureText(name === "combat" ? "combat (shallow history)" : name).width + 8,
          18,
        ]);
        let overlaps = 0;
        for (const [from, to, label] of ARROWS) {
          const [cx1, cy1] = center(from);
          const [cx2, cy2] = center(to);
          // Offset the two directions of a pair sideways so they do not overlap.
          const len = Math.hypot(cx2 - cx1, cy2 - cy1) || 1;
          const nx = (-(cy2 - cy1) / len) * 10;
          const ny = ((cx2 - cx1) / len) * 10;
          const [x1, y1] = clip(from, cx1 + nx, cy1 + ny, cx2 + nx, cy2 + ny);
          const [x2, y2] = clip(to, cx2 + nx, cy2 + ny, cx1 + nx, cy1 + ny);
          draw.line(x1, y1, x2, y2, { color: "#7aa2f7", width: 1.5 });
          const ang = Math.atan2(y2 - y1, x2 - x1);
          draw.line(x2, y2, x2 - 10 * Math.cos(ang - 0.4), y2 - 10 * Math.sin(ang - 0.4), { color: "#7aa2f7", width: 2 });
          draw.line(x2, y2, x2 - 10 * Math.cos(ang + 0.4), y2 - 10 * Math.sin(ang + 0.4), { color: "#7aa2f7", width: 2 });
          const tw = ctx.measureText(label).width + 6;
          const th = 16;
          let best: [number, number, number, number] | null = null;
          search: for (const side of [0.6, 1.6, 2.6]) {
            for (const t of [0.5, 0.35, 0.65, 0.25, 0.75]) {
              const mx = x1 + (x2 - x1) * t + nx * side;
              const my = y1 + (y2 - y1) * t + ny * side;
              // Anchor the label on the edge's side it is offset to.
              const bx = nx < -1 ? mx - tw - 2 : nx > 1 ? mx + 2 : mx - tw / 2;
              const by = ny < -1 ? my - th - 2 : ny > 1 ? my + 2 : my - th / 2;
              const box: [number, number, number, number] = [bx, by, tw, th];
              best ??= box;
              if (!placed.some((o) => bx < o[0] + o[2] && o[0] < bx + tw && by < o[1] + o[3] && o[1] < by + th)) {
                best = box;
                break search;
              }
            }
          }
          const [bx, by] = best!;
          if (placed.some((o) => bx < o[0] + o[2] && o[0] < bx + tw && by < o[1] + o[3] && o[1] < by + th)) overlaps++;
          placed.push(best!);
          draw.rect(bx, by, tw, th, { color: "rgba(15, 20, 32, 0.85)", fill: true });
          draw.text(bx + 3, by + 12, label, { color: "#c0caf5" });
        }
        canvas.dataset["labelOverlaps"] = String(overlaps);
        const stack = Array.from(inst.stack.subarray(0, inst.stackSize), (s) => machine.names[s]).join(", ");
        stats.textContent =
          `state: ${machine.names[inst.current]}  (${inst.timeInState.toFixed(1)} s)\n` +
          `stack: [${stack}]  queued events: ${inst.queueSize}\nammo: ${agent.ammo.toFixed(2)}  transitions: ${inst.transitions}\n${last}`;
      },
    );
    return () => {
      stop();
      inspector.dispose();
      canvas.removeEventListener("mousedown", click);
    };
  },
};

export default page;
