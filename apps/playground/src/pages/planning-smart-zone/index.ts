import { createRng, rngFloat } from "@tactica/core";
import { createSmartZone, joinSmartZone, leaveSmartZone, stepSmartZone, type SmartZoneDefinition } from "@tactica/planning";
import type { DemoPage } from "../../demo";
import { button, demoLayout, fixedLoop, slider } from "../../ui";

const W = 800;
const H = 600;

/** Chapter 11's juggling zone (SZ5): a static juggler, five spectator slots, passers-by. */
const JUGGLING: SmartZoneDefinition = {
  id: "juggling",
  priority: 3,
  x: 400,
  y: 300,
  radius: 150,
  roles: [
    { id: "juggler", kind: "main", npc: "juggler" },
    { id: "spectator", kind: "supporting", slots: 5 },
    { id: "passerby", kind: "extra" },
  ],
  triggers: [{ kind: "every", hours: 2, window: 0.5 }],
  stages: [
    { name: "announcement", duration: 3, behaviors: { juggler: ["announce"], spectator: ["comment"], passerby: ["look from a distance"] } },
    { name: "juggling", duration: 8, behaviors: { juggler: ["juggle"], spectator: ["comment", "applaud"], passerby: ["look from a distance"] } },
    { name: "end", duration: 3, behaviors: { juggler: ["say goodbye"], spectator: ["congratulate"], passerby: ["look from a distance"] } },
  ],
};

/** An NPC that wanders (mutable position, unlike the zone's read-only view). */
interface Walker {
  id: string;
  x: number;
  y: number;
  vx: number;
  vy: number;
  roles: string[];
}

const ROLE_COLOR: Record<string, string> = { juggler: "#e0af68", spectator: "#9ece6a", passerby: "#7aa2f7" };

const page: DemoPage = {
  id: "planning-smart-zone",
  title: "Smart zone: roles, sync points, late joiners",
  package: "planning",
  order: 3,
  description:
    "Smart zones from Game AI Pro 2, chapter 11 (de Sevin, Chopinaud and Mars): the juggling zone of a shopping street: every two game hours the juggler starts (main role), five NPCs become spectators and the rest passers-by. Stages end at sync points: when the juggler's behaviour ends, everybody switches. Click to drop a late joiner, who syncs to the current stage; 'Leave' makes a spectator walk away and be recast.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    const rng = createRng(11);
    const zone = createSmartZone(JUGGLING);
    let hour = 1.6;
    let speed = 0.05;
    const npcs: Walker[] = [{ id: "juggler", x: 400, y: 300, vx: 0, vy: 0, roles: ["juggler"] }];
    for (let i = 0; i < 7; i++)
      npcs.push({
        id: `npc${i}`,
        x: rngFloat(rng, 300, 500),
        y: rngFloat(rng, 200, 400),
        vx: rngFloat(rng, -10, 10),
        vy: rngFloat(rng, -10, 10),
        roles: ["spectator", "passerby"],
      });
    let added = 0;
    slider(panel, "hours per second", 0, 0.3, 0.01, speed, (v) => (speed = v));
    button(panel, "Leave (first spectator)", () => {
      const s = zone.state.members.find((m) => m.role === "spectator");
      if (s) leaveSmartZone(zone, s.npc, world(), rng);
    });
    const world = () => ({ hour, npcs });
    function render(): void {
      draw.clear();
      draw.circle(JUGGLING.x, JUGGLING.y, JUGGLING.radius, { color: zone.state.active ? "#e0af68" : "#3b4261" });
      for (const n of npcs) {
        const m = zone.state.members.find((x) => x.npc === n.id);
        draw.circle(n.x, n.y, 7, { color: m ? ROLE_COLOR[m.role]! : "#565f89", fill: true });
        if (m?.behavior) draw.text(n.x + 9, n.y - 8, m.behavior, { color: "#c0caf5" });
      }
      const stage = JUGGLING.stages[zone.state.stage]!;
      const count = (r: string) => zone.state.members.filter((m) => m.role === r).length;
      stats.textContent =
        `hour ${hour.toFixed(2)} (trigger: every 2 h, 0.5 h window), ${zone.state.active ? `stage "${stage.name}" ${zone.state.stageTime.toFixed(1)}/${stage.duration} s` : "idle"}\n` +
        `juggler ${count("juggler")}, spectators ${count("spectator")}, passers-by ${count("passerby")}, scenes played ${zone.state.runs}`;
    }
    const stop = fixedLoop((dt) => {
      hour = (hour + speed * dt) % 24;
      for (const n of npcs) {
        if (n.id === "juggler") continue;
        const member = zone.state.members.some((m) => m.npc === n.id);
        const k = member ? 0.2 : 1;
        n.x += n.vx * dt * k;
        n.y += n.vy * dt * k;
        if (n.x < 10 || n.x > W - 10) n.vx = -n.vx;
        if (n.y < 10 || n.y > H - 10) n.vy = -n.vy;
      }
      stepSmartZone(zone, world(), dt, rng);
    }, render);
    const onClick = (e: MouseEvent) => {
      const r = canvas.getBoundingClientRect();
      const npc = {
        id: `late${added++}`,
        x: ((e.clientX - r.left) * W) / r.width,
        y: ((e.clientY - r.top) * H) / r.height,
        vx: 0,
        vy: 0,
        roles: ["spectator", "passerby"],
      };
      npcs.push(npc);
      joinSmartZone(zone, npc, rng);
    };
    canvas.addEventListener("mousedown", onClick);
    return () => {
      stop();
      canvas.removeEventListener("mousedown", onClick);
    };
  },
};

export default page;
