import { createRng } from "@tactica/core";
import {
  assignFormationSlots,
  createCircleFormation,
  createColumnFormation,
  createCrowd,
  createGroupAnchor,
  createLineFormation,
  createSlotAssignmentScratch,
  createSteeringPath,
  createWedgeFormation,
  addCrowdAgent,
  getCrowdAgentSlot,
  getFormationSlotPosition,
  stepFormationMembers,
  stepGroupAnchor,
  type CircleObstacle,
  type Crowd,
  type Formation,
  type GroupAnchor,
} from "@tactica/steering";
import type { DemoPage } from "../../demo";
import { button, demoLayout, fixedLoop, select, slider } from "../../ui";

const W = 800;
const H = 600;
type Shape = "wedge" | "line" | "column" | "circle";

const page: DemoPage = {
  id: "steering-formation",
  title: "Formations around obstacles",
  package: "steering",
  order: 4,
  description:
    "Game AI Pro 2, chapter 20 (Mars and Chanut, group navigation): a virtual group anchor follows a looping path; members steer to their extrapolated slots, break formation around the pillars and re-form. Pick the shape; click to drop a pillar, right-click to clear them.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    let shape: Shape = "wedge";
    let count = 9;
    let extrapolation = 0.5;
    let crowd: Crowd = createCrowd({ capacity: 1, cellSize: 1, rng: createRng(1) });
    let formation: Formation = createWedgeFormation(1, 1);
    let anchor: GroupAnchor = createGroupAnchor({ x: 0, y: 0 }, 0);
    let members = new Int32Array(0);
    let slots = new Int32Array(0);
    const path = createSteeringPath(
      [
        { x: 120, y: 120 },
        { x: 680, y: 120 },
        { x: 680, y: 480 },
        { x: 120, y: 480 },
      ],
      { loop: true },
    );
    const pillars: CircleObstacle[] = [
      { x: 400, y: 130, radius: 22 },
      { x: 690, y: 300, radius: 18 },
      { x: 300, y: 470, radius: 26 },
    ];
    const tmp = { x: 0, y: 0 };

    function rebuild(): void {
      formation =
        shape === "line"
          ? createLineFormation(count, 22)
          : shape === "column"
            ? createColumnFormation(count, 22)
            : shape === "circle"
              ? createCircleFormation(count, 40)
              : createWedgeFormation(count, 22);
      anchor = createGroupAnchor({ x: 120, y: 120 }, 0); // heading 0 faces +x, along the path's first leg
      crowd = createCrowd({ capacity: count, cellSize: 30, rng: createRng(1) });
      members = new Int32Array(count);
      slots = new Int32Array(count);
      const pos = new Float64Array(2 * count);
      for (let i = 0; i < count; i++) {
        const x = 60 + (i % 3) * 20;
        const y = 60 + Math.floor(i / 3) * 20;
        members[i] = addCrowdAgent(crowd, { x, y, radius: 6, maxSpeed: 90, maxForce: 400 });
        pos[2 * i] = x;
        pos[2 * i + 1] = y;
      }
      assignFormationSlots(slots, formation, pos, count, anchor.position, anchor.heading, createSlotAssignmentScratch(count));
    }

    function step(dt: number): void {
      stepGroupAnchor(anchor, path, { speed: 55, maxTurnRate: 1.2, waypointRadius: 12, deceleration: 60 }, dt);
      stepFormationMembers(crowd, members, slots, count, formation, anchor, pillars, { extrapolation, slowingRadius: 30, obstacleClearance: 14 }, dt);
    }

    function render(): void {
      draw.clear();
      draw.polyline(path.points, true, { color: "#2a3350", width: 2 });
      for (const p of pillars) draw.circle(p.x, p.y, p.radius, { color: "#414868", fill: true });
      let off = 0;
      for (let m = 0; m < count; m++) {
        getFormationSlotPosition(tmp, formation, slots[m]!, anchor.position, anchor.heading);
        draw.circle(tmp.x, tmp.y, 3, { color: "#565f89" });
        const h = getCrowdAgentSlot(crowd, members[m]!);
        off = Math.max(off, Math.hypot(crowd.posX[h]! - tmp.x, crowd.posY[h]! - tmp.y));
        draw.circle(crowd.posX[h]!, crowd.posY[h]!, 6, { color: "#bb9af7", fill: true });
      }
      draw.circle(anchor.position.x, anchor.position.y, 4, { color: "#f7768e", fill: true });
      stats.textContent = `members: ${count}\nshape: ${shape}\nlargest distance from slot: ${off.toFixed(1)} px`;
    }

    select(panel, "shape", ["wedge", "line", "column", "circle"] as const, shape, (v) => {
      shape = v;
      rebuild();
    });
    slider(panel, "members", 3, 25, 1, count, (v) => {
      count = v;
      rebuild();
    });
    slider(panel, "slot extrapolation (s)", 0, 2, 0.1, extrapolation, (v) => (extrapolation = v));
    button(panel, "restart", rebuild);
    const toWorld = (e: MouseEvent): { x: number; y: number } => {
      const rect = canvas.getBoundingClientRect();
      return { x: ((e.clientX - rect.left) * W) / rect.width, y: ((e.clientY - rect.top) * H) / rect.height };
    };
    const click = (e: MouseEvent): void => {
      const p = toWorld(e);
      pillars.push({ x: p.x, y: p.y, radius: 20 });
    };
    const context = (e: MouseEvent): void => {
      e.preventDefault();
      pillars.length = 0;
    };
    canvas.addEventListener("click", click);
    canvas.addEventListener("contextmenu", context);
    rebuild();
    render();
    const stop = fixedLoop(step, render);
    return () => {
      stop();
      canvas.removeEventListener("click", click);
      canvas.removeEventListener("contextmenu", context);
    };
  },
};

export default page;
