import "./style.css";
import type { DemoPage } from "./demo";
import { el } from "./ui";

// Every folder in src/pages/ registers itself by exporting a DemoPage; adding a demo needs no
// change here.
const modules = import.meta.glob<{ default: DemoPage }>("./pages/*/index.ts", { eager: true });
const pages = Object.values(modules)
  .map((m) => m.default)
  .sort((a, b) => a.package.localeCompare(b.package) || (a.order ?? 0) - (b.order ?? 0) || a.title.localeCompare(b.title));

const PACKAGE_ORDER = ["core", "search", "grid", "navmesh", "steering", "decision", "perception", "planning", "narrative"];

const nav = document.getElementById("nav")!;
const main = document.getElementById("main")!;

function buildNav(): void {
  const groups = [...new Set(pages.map((p) => p.package))].sort((a, b) => PACKAGE_ORDER.indexOf(a) - PACKAGE_ORDER.indexOf(b));
  for (const group of groups) {
    nav.append(el("h2", "", `@tactica/${group}`));
    const ul = el("ul");
    for (const p of pages.filter((x) => x.package === group)) {
      const li = el("li");
      const a = el("a", "", p.title);
      a.href = `#/${p.id}`;
      a.dataset["page"] = p.id;
      li.append(a);
      ul.append(li);
    }
    nav.append(ul);
  }
}

let unmount: (() => void) | undefined;

function route(): void {
  unmount?.();
  unmount = undefined;
  main.replaceChildren();
  const id = location.hash.replace(/^#\/?/, "");
  const page = pages.find((p) => p.id === id);
  for (const a of nav.querySelectorAll("a")) a.classList.toggle("active", a.dataset["page"] === id);
  if (!page) {
    main.append(el("h1", "", "Tactica playground"));
    main.append(el("p", "lead", "Every Tactica package at work, running in your browser from the library's source. Pick a demo on the left."));
    const ul = el("ul", "cards");
    for (const p of pages) {
      const li = el("li");
      const a = el("a", "", p.title);
      a.href = `#/${p.id}`;
      li.append(a, el("p", "", p.description));
      ul.append(li);
    }
    main.append(ul);
    document.title = "Tactica playground";
    return;
  }
  document.title = `${page.title} · Tactica playground`;
  main.append(el("h1", "", page.title), el("p", "lead", page.description));
  const root = el("section", "page");
  root.dataset["page"] = page.id;
  main.append(root);
  unmount = page.mount(root);
}

buildNav();
window.addEventListener("hashchange", route);
route();
