import { el } from "../../ui";

// The list and map URLs served by apps/playground/scripts/shared-maps-plugin.ts (dev server only).
const INDEX_URL = "/__tactica/shared-maps.json";
const MAP_PREFIX = "/__tactica/shared-maps/";

/**
 * Adds a "shared Moving AI map" picker to the panel when the page runs under `pnpm start` and the
 * shared benchmark folder sits beside the repository. In a static build (or without the folder)
 * it adds a one-line hint instead and fetches nothing, so no request can fail.
 */
export function addSharedMapPicker(panel: HTMLElement, onMap: (text: string, name: string) => void, onError: (message: string) => void): void {
  const row = el("label", "control");
  panel.insertBefore(row, panel.querySelector(".stats"));
  if (!import.meta.env.DEV) {
    row.append(el("span", "", "Shared Moving AI maps: run `pnpm start` beside ../shared to pick them here."));
    return;
  }
  const pick = el("select");
  pick.append(el("option", "", "shared Moving AI map…"));
  row.append(el("span", "", "Shared map"), pick);
  void fetch(INDEX_URL)
    .then((r) => r.json() as Promise<{ sets: Record<string, string[]> }>)
    .then(({ sets }) => {
      const names = Object.keys(sets);
      if (names.length === 0) pick.firstElementChild!.textContent = "no ../shared/bench/movingai";
      for (const set of names) {
        const group = el("optgroup");
        group.label = set;
        for (const map of sets[set]!) {
          const o = el("option", "", map);
          o.value = `${set}/${map}`;
          group.append(o);
        }
        pick.append(group);
      }
    })
    .catch((err: unknown) => onError(`shared maps: ${String(err)}`));
  pick.addEventListener("change", () => {
    const id = pick.value;
    if (!id.includes("/")) return;
    void fetch(`${MAP_PREFIX}${id}.map`)
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${r.status} for ${id}`))))
      .then((text) => onMap(text, id))
      .catch((err: unknown) => onError(`shared maps: ${String(err)}`));
  });
}
