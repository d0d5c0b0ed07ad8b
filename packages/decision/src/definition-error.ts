import { describeValue, ErrorCodes, TacticaError } from "@tactica/core";

/** One problem found while validating a JSON definition. */
export interface DefinitionIssue {
  /** JSON path of the offending value, e.g. `$.root.children[2].duration`. */
  readonly path: string;
  /** What is wrong and how to fix it. */
  readonly message: string;
}

/**
 * @internal Throws a `TacticaError` with code `INVALID_DEFINITION` listing `issues` (at most the first
 * ten in the message; the first one's path in `error.path`).
 *
 * @param where - `@tactica/decision: fnName`
 * @param issues - non-empty list of problems
 */
export function throwDefinitionIssues(where: string, issues: readonly DefinitionIssue[]): never {
  const first = issues[0];
  const shown = issues.slice(0, 10).map((i) => `${i.path}: ${i.message}`);
  const more = issues.length > 10 ? ` (and ${issues.length - 10} more)` : "";
  throw new TacticaError(
    ErrorCodes.InvalidDefinition,
    `${where}: invalid definition: ${shown.join("; ")}${more}. Fix the listed JSON paths.`,
    first === undefined ? {} : { path: first.path },
  );
}

/**
 * @internal `record[key]` when `key` is the record's own property, else `undefined`: names from
 * JSON (`"constructor"`, `"__proto__"`, `"toString"`) never reach `Object.prototype`.
 */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined | null, key: string): T | undefined {
  return record != null && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/**
 * @internal A frozen name → index record (own properties only, `__proto__` included as a plain
 * key): the plain-data replacement for `Map<string, number>`. Look names up with {@link ownValue}.
 */
export function indexRecord(names: readonly string[]): Readonly<Record<string, number>> {
  const r: Record<string, number> = {};
  names.forEach((n, i) => {
    // The first occurrence wins (validators reject duplicates; this never throws on one).
    if (!Object.prototype.hasOwnProperty.call(r, n)) Object.defineProperty(r, n, { value: i, enumerable: true, writable: false, configurable: false });
  });
  return Object.freeze(r);
}

/** @internal Small collector used by the validators. */
export class IssueList {
  /** The collected issues. */
  readonly issues: DefinitionIssue[] = [];
  /** Adds one issue. */
  add(path: string, message: string): void {
    this.issues.push({ path, message });
  }
  /** True when `v` is a plain object; records an issue otherwise. */
  object(path: string, v: unknown): v is Record<string, unknown> {
    if (v === null || typeof v !== "object" || Array.isArray(v)) {
      this.add(path, "must be an object");
      return false;
    }
    return true;
  }
  /** True when `v` is a non-empty string; records an issue otherwise. */
  string(path: string, v: unknown): v is string {
    if (typeof v !== "string" || v.length === 0) {
      this.add(path, "must be a non-empty string");
      return false;
    }
    return true;
  }
  /** True when `v` is a finite number in `[min, max]`; records an issue otherwise. */
  number(path: string, v: unknown, min = -Infinity, max = Infinity): v is number {
    if (typeof v !== "number" || !Number.isFinite(v) || v < min || v > max) {
      this.add(path, `must be a finite number in [${min}, ${max}]`);
      return false;
    }
    return true;
  }
  /** True when `v` is an integer in `[min, max]`; records an issue otherwise. */
  integer(path: string, v: unknown, min = -Infinity, max = Infinity): v is number {
    if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
      this.add(path, `must be an integer in [${min}, ${max}]`);
      return false;
    }
    return true;
  }
  /** True when `v` is a boolean; records an issue otherwise. */
  boolean(path: string, v: unknown): v is boolean {
    if (typeof v !== "boolean") {
      this.add(path, "must be true or false");
      return false;
    }
    return true;
  }
  /** True when `v` is one of `options`; records an issue otherwise. */
  oneOf<T extends string>(path: string, v: unknown, options: readonly T[]): v is T {
    if (typeof v !== "string" || !(options as readonly string[]).includes(v)) {
      this.add(path, `must be one of ${options.map((o) => describeValue(o)).join(", ")}`);
      return false;
    }
    return true;
  }
  /** True when `v` is an array; records an issue otherwise. */
  array(path: string, v: unknown, minLength = 0): v is unknown[] {
    if (!Array.isArray(v) || v.length < minLength) {
      this.add(path, minLength > 0 ? `must be an array with at least ${minLength} element(s)` : "must be an array");
      return false;
    }
    return true;
  }
  /** Records an issue for every key of `obj` not in `allowed`. */
  known(path: string, obj: Record<string, unknown>, allowed: readonly string[]): void {
    for (const k of Object.keys(obj)) {
      if (!allowed.includes(k)) this.add(`${path}.${k}`, `is not a known property (allowed: ${allowed.join(", ")})`);
    }
  }
}
