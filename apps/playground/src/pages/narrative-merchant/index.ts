import { createRng, type Rng } from "@tactica/core";
import { createMerchantItem, getMerchantStock, restockMerchantItem, tradeMerchantItem, visitMerchantItem, type MerchantItem } from "@tactica/narrative";
import type { DemoPage } from "../../demo";
import { button, demoLayout, fixedLoop, slider } from "../../ui";

const W = 800;
const H = 600;

interface Visit {
  time: number;
  before: number[];
  after: number[];
}

const ITEMS = [
  { name: "truffles (ρ 0.001)", add: 1 / 1000, remove: 1, color: "#e0af68" },
  { name: "arrows (ρ 0.98)", add: 1, remove: 1 / 0.98, color: "#7dcfff" },
  { name: "swords (ρ 0.5)", add: 1 / 200, remove: 1 / 100, color: "#f7768e" },
];

const page: DemoPage = {
  id: "narrative-merchant",
  title: "Merchant: stock over visits (M/M/1 queues)",
  package: "narrative",
  order: 5,
  guide: "guide/narrative",
  description:
    "The merchant of Game AI Pro 2, chapter 37: one queue per item, sampled only when the player visits (stationary on the first visit, transient later). Buy arrows and come back later: fast items recover fast, swords slowly. Arrows have a player-only reserve of 10 and a weekly restock.",
  code: `const arrows = createMerchantItem(1, 1 / 0.98, { reserve: 10 });
const stock = visitMerchantItem(arrows, hours, rng);
tradeMerchantItem(arrows, -bought);
restockMerchantItem(arrows, monday, { below: 50, amount: 50 }, rng);`,
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    let rng: Rng = createRng(1);
    let items: MerchantItem[] = [];
    let visits: Visit[] = [];
    let time = 0;
    let gap = 24;
    let buy = 30;
    let restockAt = 168;
    const reset = () => {
      rng = createRng(1);
      items = ITEMS.map((it, i) => createMerchantItem(it.add, it.remove, i === 1 ? { reserve: 10 } : {}));
      visits = [];
      time = 0;
      restockAt = 168;
      visit();
    };
    const visit = () => {
      while (restockAt <= time) {
        restockMerchantItem(items[1]!, restockAt, { below: 50, amount: 50 }, rng);
        restockAt += 168;
      }
      const before = items.map((it) => visitMerchantItem(it, time, rng));
      visits.push({ time, before, after: before.slice() });
      if (visits.length > 24) visits.shift();
    };
    slider(panel, "Hours between visits", 1, 200, 1, gap, (v) => (gap = v));
    slider(panel, "Arrows bought per visit", 0, 80, 1, buy, (v) => (buy = v));
    button(panel, "Buy arrows now", () => {
      const v = visits[visits.length - 1]!;
      const n = Math.min(buy, getMerchantStock(items[1]!));
      tradeMerchantItem(items[1]!, -n);
      v.after[1] = getMerchantStock(items[1]!);
    });
    button(panel, "Sell 5 truffles", () => {
      tradeMerchantItem(items[0]!, 5);
      visits[visits.length - 1]!.after[0] = getMerchantStock(items[0]!);
    });
    button(panel, "Next visit", () => {
      time += gap;
      visit();
    });
    button(panel, "Restart", reset);
    reset();
    function render(): void {
      draw.clear();
      const maxStock = Math.max(10, ...visits.flatMap((v) => [...v.before, ...v.after]));
      const colW = (W - 80) / 24;
      visits.forEach((v, k) => {
        const x0 = 50 + k * colW;
        ITEMS.forEach((it, i) => {
          const h = (v.before[i]! / maxStock) * 420;
          const ha = (v.after[i]! / maxStock) * 420;
          draw.rect(x0 + i * (colW / 3), 500 - h, colW / 3 - 2, h, { color: it.color, fill: true, alpha: 0.35 });
          draw.rect(x0 + i * (colW / 3), 500 - ha, colW / 3 - 2, ha, { color: it.color, fill: true, alpha: 0.9 });
        });
        if (k % 3 === 0) draw.text(x0, 520, `${v.time}h`, { color: "#9aa5ce" });
      });
      draw.line(40, 500, W - 20, 500, { color: "#3b4261" });
      ITEMS.forEach((it, i) => {
        draw.rect(50 + i * 240, 550, 14, 14, { color: it.color, fill: true });
        draw.text(70 + i * 240, 562, it.name, { color: "#c0caf5" });
      });
      draw.text(50, 30, `max ${maxStock}: pale = seen on arrival, solid = after the player's trades`, { color: "#9aa5ce" });
      const last = visits[visits.length - 1]!;
      stats.textContent = `t ${time} h  truffles ${last.after[0]}  arrows ${last.after[1]} (reserve ${items[1]!.reserveLevel.toFixed(1)})  swords ${last.after[2]}`;
    }
    const stop = fixedLoop(() => undefined, render);
    const onClick = () => {
      time += gap;
      visit();
    };
    canvas.addEventListener("mousedown", onClick);
    return () => {
      stop();
      canvas.removeEventListener("mousedown", onClick);
    };
  },
};

export default page;
