import { invalidArgument } from "@tactica/core";
import { getBlackboardKeyIndex, readBlackboardAt, writeBlackboardAt, type Blackboard } from "../blackboard";

/** The three blackboard scopes of chapter 36: per agent (local), per group (squad) and global. */
export type BlackboardScopeName = "agent" | "group" | "global";

/**
 * An agent's view of the scoped blackboards: its own board, its group's (shared only among the
 * group's members) and the global one. Lookups go agent → group → global.
 */
export interface BlackboardScope {
  /** The agent's own board (or null). */
  agent: Blackboard | null;
  /** The group's board, shared by its members (or null). */
  group: Blackboard | null;
  /** The world board shared by everyone (or null). */
  global: Blackboard | null;
}

/** The shared boards of a {@link createBlackboardScope} scope. */
export interface BlackboardScopeOptions {
  /** The group's board; pass the same object to every member of the group. Default null. */
  group?: Blackboard | null;
  /** The world board shared by everyone. Default null. */
  global?: Blackboard | null;
}

/**
 * Creates a scope over up to three boards: the agent's own, and `options.group` / `options.global` shared ones.
 * @param agent - The agent's own board, or `null` for none; kept by reference.
 * @param options - `group` (the group's board, shared by its members) and `global` (the world board). Left out: `null`, no such scope.
 */
export function createBlackboardScope(agent: Blackboard | null, options: BlackboardScopeOptions = {}): BlackboardScope {
  return { agent, group: options.group ?? null, global: options.global ?? null };
}

/**
 * Reads `key` from the innermost scope that declares it and has written it (agent, then group,
 * then global). Returns `undefined` when no scope has a value. O(1) per scope, no allocation.
 * @param scope - The agent's scope; read only.
 * @param key - Key name; scopes that do not declare it or never wrote it are skipped.
 */
export function readScoped(scope: BlackboardScope, key: string): number | boolean | string | undefined {
  for (let s = 0; s < 3; s++) {
    const bb = s === 0 ? scope.agent : s === 1 ? scope.group : scope.global;
    if (bb === null) continue;
    const i = getBlackboardKeyIndex(bb, key);
    if (i >= 0 && bb.stamp[i]! >= 0) return readBlackboardAt(bb, i);
  }
  return undefined;
}

/**
 * The scope `readScoped` would answer `key` from (`undefined` when none has a value). Useful to
 * debug which level overrides which.
 * @param scope - The agent's scope; read only.
 * @param key - Key name; scopes that do not declare it or never wrote it are skipped.
 */
export function getBlackboardScope(scope: BlackboardScope, key: string): BlackboardScopeName | undefined {
  const names: BlackboardScopeName[] = ["agent", "group", "global"];
  for (const n of names) {
    const bb = scope[n];
    if (bb === null) continue;
    const i = getBlackboardKeyIndex(bb, key);
    if (i >= 0 && bb.stamp[i]! >= 0) return n;
  }
  return undefined;
}

/**
 * Writes `key` in an explicit scope.
 *
 * @param scope - The agent's scope.
 * @param where - Which board to write: `"agent"`, `"group"` or `"global"`.
 * @param key - A key declared by that board's schema.
 * @param value - The new value, of the key's declared type (numbers finite); written as by {@link writeBlackboard}.
 * @throws TacticaError `INVALID_ARGUMENT` when that scope has no board or does not declare the key.
 */
export function writeScoped(scope: BlackboardScope, where: BlackboardScopeName, key: string, value: number | boolean | string): void {
  const bb = scope[where];
  const i = bb === null ? -1 : getBlackboardKeyIndex(bb, key);
  if (bb === null || i < 0) {
    invalidArgument(
      "@tactica/decision: writeScoped",
      key,
      `is not a key of the ${where} board${bb === null ? " (the scope has none)" : ""}`,
      "Declare the key in that board's schema.",
    );
  }
  writeBlackboardAt(bb, i, value);
}
