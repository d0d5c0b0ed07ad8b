import "./style.css";
import type { DemoPage } from "./demo";
import { el, loopTiming, parseHash, simulation } from "./ui";
import { PAGE_CODE } from "./page-code";

// The playground shell: header (packages, docs links, frame meter), the demo list, and one page at a
// time in the remaining space, sized to fit a 1280×800 laptop screen without scrolling the window.
// Routes: `#/` landing (cards for every demo; `#/?package=grid` filters), `#/<page-id>?k=v` a demo
// with its settings, anything else a "not found" page. Every folder in src/pages/ registers itself
// by exporting a DemoPage; adding a demo needs no change here.

/** The docs site and repository (scripts/site-urls.json, via vite.config.ts). */
declare const __TACTICA_SITE__: { readonly repository: string; readonly docs: string };
/** The docs site (guides and API); `VITE_DOCS_URL` overrides it, e.g. for a local `pnpm docs:dev`. */
const DOCS_URL = (import.meta.env["VITE_DOCS_URL"] as string | undefined) ?? __TACTICA_SITE__.docs;
const REPOSITORY = __TACTICA_SITE__.repository;
/** Guide page names of the docs site, read at build time (vite.config.ts). */
declare const __TACTICA_GUIDES__: readonly string[];

/**
 * The guide a demo illustrates: its own `guide`, else the guide named like the page
 * (`grid-replanning`, `decision-behavior-tree` → `decision-behavior-trees`), else the package's guide.
 */
export function guideOf(page: Pick<DemoPage, "id" | "package" | "guide">, guides: readonly string[] = __TACTICA_GUIDES__): string {
  if (page.guide) return page.guide;
  const match = guides.find((g) => g === page.id) ?? guides.find((g) => g.startsWith(page.id) && g.length - page.id.length <= 2);
  if (match) return `guide/${match}`;
  return guides.includes(page.package) ? `guide/${page.package}` : "guide/getting-started";
}

const PACKAGE_ORDER = ["core", "search", "grid", "navmesh", "steering", "decision", "perception", "planning", "narrative"];

const modules = import.meta.glob<{ default: DemoPage }>("./pages/*/index.ts", { eager: true });
/** Each page's source text, loaded only when its "Code" tab is opened (a separate chunk per page). */
const sources = import.meta.glob<string>("./pages/*/index.ts", { query: "?raw", import: "default" });

/** The packages a snippet imports, for its `npm install` line (subpaths folded: "@tactica/search/games" → "@tactica/search"). */
export function installsOf(code: string, fallback: string): string {
  const names = [...code.matchAll(/from\s+"(@tactica\/[a-z-]+)(?:\/[a-z-]+)?"/g)].map((m) => m[1]!);
  return [...new Set(names)].join(" ") || `@tactica/${fallback}`;
}

/** The `import { … } from "@tactica/…"` statements of a page's source: the API the demo calls. */
export function tacticaImports(source: string): string[] {
  return [...source.matchAll(/^import\s+(?:type\s+)?\{[^}]*\}\s+from\s+"@tactica\/[a-z-]+(?:\/[a-z-]+)?";?/gm)].map((m) =>
    m[0].replace(/\s+/g, " ").replace(/;?$/, ";"),
  );
}
const rank = (pkg: string) => {
  const i = PACKAGE_ORDER.indexOf(pkg);
  return i < 0 ? PACKAGE_ORDER.length : i;
};
/** Every demo in sidebar order: package order, then `order`, then title. */
export const pages: readonly DemoPage[] = Object.values(modules)
  .map((m) => m.default)
  .sort((a, b) => rank(a.package) - rank(b.package) || a.package.localeCompare(b.package) || (a.order ?? 0) - (b.order ?? 0) || a.title.localeCompare(b.title));
const packages = [...new Set(pages.map((p) => p.package))];

const nav = document.getElementById("nav")!;
const main = document.getElementById("main")!;

function link(text: string, href: string, className = ""): HTMLAnchorElement {
  const a = el("a", className, text);
  a.href = href;
  if (/^https?:/.test(href)) {
    a.target = "_blank";
    a.rel = "noopener";
  }
  return a;
}

function buildHeader(): void {
  const pkgNav = document.getElementById("pkg-nav")!;
  for (const pkg of packages) {
    const a = link(pkg, `#/?package=${pkg}`, "pkg");
    a.dataset["package"] = pkg;
    pkgNav.append(a);
  }
  const links = document.getElementById("top-links")!;
  links.append(link("Docs", `${DOCS_URL}guide/getting-started`), link("API", `${DOCS_URL}api/`), link("Repository", REPOSITORY));
}

function buildNav(): void {
  for (const group of packages) {
    nav.append(el("h2", "", `@tactica/${group}`));
    const ul = el("ul");
    for (const p of pages.filter((x) => x.package === group)) {
      const li = el("li");
      const a = link(p.title, `#/${p.id}`);
      a.dataset["page"] = p.id;
      li.append(a);
      ul.append(li);
    }
    nav.append(ul);
  }
}

function landing(filter: string | null): void {
  const shown = filter ? pages.filter((p) => p.package === filter) : pages;
  const wrap = el("div", "scroll");
  wrap.append(el("h1", "", "Tactica playground"));
  wrap.append(
    el("p", "lead", filter ? `Demos of @tactica/${filter}.` : "Every Tactica package at work, running in your browser from the library's source. Pick a demo."),
  );
  if (filter && shown.length === 0) wrap.append(el("p", "", `No demo for @tactica/${filter} yet.`));
  const ul = el("ul", "cards");
  for (const p of shown) {
    const li = el("li");
    li.dataset["page"] = p.id;
    const a = link(p.title, `#/${p.id}`, "card-title");
    const thumb = link("", `#/${p.id}`, "thumb");
    thumb.setAttribute("aria-hidden", "true");
    thumb.tabIndex = -1;
    const cached = sessionStorage.getItem(THUMB_KEY + p.id);
    if (cached) thumb.style.backgroundImage = `url(${cached})`;
    li.append(thumb, el("span", "card-package", `@tactica/${p.package}`), a, el("p", "", p.description));
    ul.append(li);
  }
  wrap.append(ul);
  main.append(wrap);
  document.title = "Tactica playground";
  void drawThumbnails(wrap, shown);
}

const THUMB_KEY = "tactica-playground-thumb-v1:";
const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
const idle = () =>
  new Promise<void>((resolve) =>
    typeof requestIdleCallback === "function" ? requestIdleCallback(() => resolve(), { timeout: 500 }) : setTimeout(resolve, 30),
  );

/**
 * Thumbnails for the landing cards: each demo is mounted once, off screen, for two frames; its
 * canvas is scaled into a 240×150 picture kept for the session. One demo per idle period, so the
 * landing page stays responsive; stops as soon as the landing page is left.
 */
async function drawThumbnails(landingRoot: HTMLElement, shown: readonly DemoPage[]): Promise<void> {
  for (const p of shown) {
    if (sessionStorage.getItem(THUMB_KEY + p.id)) continue;
    await idle();
    if (!landingRoot.isConnected) return;
    const host = el("section", "page thumb-host");
    document.body.append(host);
    let stop: (() => void) | undefined;
    try {
      stop = p.mount(host);
      await nextFrame();
      await nextFrame();
      const source = host.querySelector("canvas");
      if (source && source.width > 0 && source.height > 0) {
        const thumb = document.createElement("canvas");
        thumb.width = 240;
        thumb.height = 150;
        const ctx = thumb.getContext("2d");
        if (ctx) {
          ctx.fillStyle = "#0f1420";
          ctx.fillRect(0, 0, thumb.width, thumb.height);
          const scale = Math.min(thumb.width / source.width, thumb.height / source.height);
          const w = source.width * scale;
          const h = source.height * scale;
          ctx.drawImage(source, (thumb.width - w) / 2, (thumb.height - h) / 2, w, h);
          const url = thumb.toDataURL("image/png");
          sessionStorage.setItem(THUMB_KEY + p.id, url);
          const target = landingRoot.querySelector<HTMLElement>(`li[data-page="${p.id}"] .thumb`);
          if (target) target.style.backgroundImage = `url(${url})`;
        }
      }
    } catch {
      // A demo that cannot render off screen keeps its plain card.
    } finally {
      stop?.();
      host.remove();
      loopTiming.active = false;
    }
  }
}

function notFound(id: string): void {
  const wrap = el("div", "scroll not-found");
  wrap.dataset["notFound"] = id;
  wrap.append(el("h1", "", "Demo not found"));
  wrap.append(el("p", "lead", `There is no demo called “${id}”. It may have been renamed; pick one from the list.`));
  const close = pages.filter((p) => p.id.includes(id.split("-")[0] ?? id) || id.includes(p.package)).slice(0, 5);
  if (close.length) {
    const ul = el("ul", "suggestions");
    for (const p of close) {
      const li = el("li");
      li.append(link(p.title, `#/${p.id}`));
      ul.append(li);
    }
    wrap.append(el("p", "", "Perhaps:"), ul);
  }
  wrap.append(link("All demos", "#/"));
  main.append(wrap);
  document.title = "Not found · Tactica playground";
}

/** The page header: title, links to its guide and API, description (collapsible), tabs Demo / Code. */
function pageHeader(page: DemoPage, root: HTMLElement): HTMLElement {
  const head = el("header", "page-head");
  const row = el("div", "page-title");
  row.append(el("h1", "", page.title));
  const links = el("span", "page-links");
  links.append(link("guide", `${DOCS_URL}${guideOf(page)}`), link("API", `${DOCS_URL}api/${page.package}/`));
  row.append(links);

  const tabs = el("span", "tabs");
  const demoTab = el("button", "tab active", "Demo");
  const codeTab = el("button", "tab", "Code");
  const code = el("pre", "code-view");
  code.hidden = true;
  const snippet = page.code ?? PAGE_CODE[page.id];
  code.textContent =
    snippet === undefined ? "" : `// ${page.title}: the calls behind this demo.\n// npm install ${installsOf(snippet, page.package)}\n\n${snippet}\n`;
  const fillCode = async () => {
    if (page.code || code.textContent) return;
    const load = Object.entries(sources).find(([path]) => path === `./pages/${page.id}/index.ts`)?.[1];
    const imports = load ? tacticaImports(await load()) : [];
    code.textContent =
      `// ${page.title}: the Tactica API this demo calls.\n` +
      `// npm install ${[...new Set(imports.map((i) => /"(@tactica\/[a-z-]+)/.exec(i)?.[1]).filter(Boolean))].join(" ") || `@tactica/${page.package}`}\n\n` +
      (imports.length ? imports.join("\n") : `import { … } from "@tactica/${page.package}";`) +
      `\n\n// How the calls fit together: ${DOCS_URL}${guideOf(page)}\n// Every function: ${DOCS_URL}api/${page.package}/\n`;
  };
  const show = (codeView: boolean) => {
    if (codeView) void fillCode();
    code.hidden = !codeView;
    root.hidden = codeView;
    demoTab.classList.toggle("active", !codeView);
    codeTab.classList.toggle("active", codeView);
  };
  demoTab.addEventListener("click", () => show(false));
  codeTab.addEventListener("click", () => show(true));
  tabs.append(demoTab, codeTab);
  row.append(tabs, simControls());
  head.append(row);

  const lead = el("p", "lead collapsed", page.description);
  lead.title = "Click to show or hide the whole description";
  lead.addEventListener("click", () => lead.classList.toggle("collapsed"));
  head.append(lead, code);
  return head;
}

/** Pause / step / slow motion for pages animated by `fixedLoop`. */
function simControls(): HTMLElement {
  simulation.reset();
  const box = el("span", "sim");
  const pause = el("button", "", "❚❚");
  pause.title = "Pause / resume the simulation";
  pause.dataset["sim"] = "pause";
  const step = el("button", "", "▸|");
  step.title = "Advance one step (while paused)";
  step.dataset["sim"] = "step";
  const slow = el("button", "", "¼×");
  slow.title = "Slow motion";
  slow.dataset["sim"] = "slow";
  let isPaused = false;
  let isSlow = false;
  pause.addEventListener("click", () => {
    isPaused = !isPaused;
    simulation.setPaused(isPaused);
    pause.textContent = isPaused ? "▶" : "❚❚";
    pause.classList.toggle("active", isPaused);
  });
  step.addEventListener("click", () => simulation.stepOnce());
  slow.addEventListener("click", () => {
    isSlow = !isSlow;
    simulation.setTimeScale(isSlow ? 0.25 : 1);
    slow.classList.toggle("active", isSlow);
  });
  box.append(pause, step, slow);
  return box;
}

let unmount: (() => void) | undefined;
let current = "";

function route(): void {
  const { id, params } = parseHash(location.hash);
  // Settings written by the page itself (replaceState) fire no hashchange; a hand-edited or pasted
  // URL does, and remounts the page so it starts from the new settings.
  const key = `${id}?${params.toString()}`;
  if (key === current && main.childElementCount > 0) return;
  current = key;
  unmount?.();
  unmount = undefined;
  loopTiming.active = false;
  main.replaceChildren();
  main.scrollTop = 0;
  for (const a of nav.querySelectorAll("a")) a.classList.toggle("active", a.dataset["page"] === id);
  const filter = params.get("package");
  for (const a of document.querySelectorAll<HTMLAnchorElement>("#pkg-nav a")) {
    a.classList.toggle("active", a.dataset["package"] === (id ? pages.find((p) => p.id === id)?.package : filter));
  }
  if (!id) {
    landing(filter);
    return;
  }
  const page = pages.find((p) => p.id === id);
  if (!page) {
    notFound(id);
    return;
  }
  document.title = `${page.title} · Tactica playground`;
  const root = el("section", "page");
  root.dataset["page"] = page.id;
  main.append(pageHeader(page, root), root);
  unmount = page.mount(root);
}

/** Frame meter in the header: frame interval (fps) and, on animated pages, fixed-step and render time. */
function frameMeter(): void {
  const meter = document.getElementById("frame-meter")!;
  let last = performance.now();
  let avg = 16.7;
  let worst = 0;
  let shownAt = last;
  const tick = (now: number) => {
    const d = now - last;
    last = now;
    avg = avg * 0.95 + d * 0.05;
    worst = Math.max(worst, d);
    if (now - shownAt > 250) {
      const fps = 1000 / avg;
      let text = `${fps.toFixed(0)} fps · frame ${avg.toFixed(1)} ms (max ${worst.toFixed(0)})`;
      if (loopTiming.active) text += ` · step ${loopTiming.step.toFixed(2)} ms · draw ${loopTiming.render.toFixed(2)} ms`;
      meter.textContent = text;
      meter.classList.toggle("slow", worst > 50);
      shownAt = now;
      worst = 0;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

buildHeader();
buildNav();
window.addEventListener("hashchange", route);
route();
frameMeter();
