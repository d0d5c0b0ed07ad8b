/**
 * One playground page. Each folder under `src/pages/` exports a `DemoPage` as its default export;
 * the navigation is built from them, grouped by package, in `order`.
 */
export interface DemoPage {
  /** URL id: the page lives at `#/<id>` (settings follow as `#/<id>?key=value&…`). */
  readonly id: string;
  /** Title shown in the navigation and the page header. */
  readonly title: string;
  /** The Tactica package the page demonstrates, e.g. "core". */
  readonly package: string;
  /** Sort key inside the package group (lower first). */
  readonly order?: number;
  /** One or two sentences under the title: what to try. */
  readonly description: string;
  /**
   * Optional: the docs guide page this demo illustrates, as a path inside the docs site
   * (`"guide/grid-replanning"`). Default: the package's guide (`guide/<package>`).
   */
  readonly guide?: string;
  /** Optional: the minimal calls that reproduce what the page shows, shown in the page's "Code" tab (default: the page's `@tactica/*` imports). */
  readonly code?: string;
  /** Builds the page inside `root`; returns a function that stops timers and listeners. */
  mount(root: HTMLElement): () => void;
}
