import type { BenchRow } from "./row";
import { validateRow } from "./row";

/** What a suite receives from the runner. */
export interface SuiteContext {
  /** Records a row (suite name filled in). */
  record(row: Omit<BenchRow, "suite">): void;
  /** Arguments after the suite name on the command line, e.g. `--limit 10` (parsed by the suite). */
  readonly args: readonly string[];
  /** True for a quick smoke run (`--quick`): suites shrink sizes and times. */
  readonly quick: boolean;
  /** Prints a progress line to stderr. */
  log(message: string): void;
}

/**
 * A benchmark suite. Each file `src/suites/<name>.ts` (a one-word name) exports one as default; the
 * runner finds it by name, so adding a suite needs no registration. Files named
 * `src/suites/<name>-<part>.ts` are that suite's helpers and are not run on their own.
 */
export interface Suite {
  /** The suite name (matches its file name and `pnpm bench:<name>`). */
  readonly name: string;
  /** One line: what it measures and against whom. */
  readonly description: string;
  /**
   * Optional Markdown for the docs site. Default: one table of every row. Suites with a richer
   * report (e.g. grid's per-solver table) build their own from the rows.
   */
  markdown?(rows: readonly BenchRow[]): string;
  /**
   * Optional JSON output for `--json` when the suite's issue defines its own row shape (grid's
   * per-solver rows). Default: the suite's common rows.
   */
  json?(rows: readonly BenchRow[]): unknown[];
  /** Runs the measurements, recording rows through `ctx`. */
  run(ctx: SuiteContext): Promise<void> | void;
}

/** Creates a context that collects rows into `rows`. */
export function createContext(suite: string, rows: BenchRow[], args: readonly string[], quick: boolean): SuiteContext {
  return {
    args,
    quick,
    record(row) {
      rows.push(validateRow({ suite, ...row }));
    },
    log(message) {
      process.stderr.write(`[${suite}] ${message}\n`);
    },
  };
}
