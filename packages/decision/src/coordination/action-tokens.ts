import { assertFinite, assertInteger, assertNonNegative, describeValue, invalidArgument } from "@tactica/core";
import { indexRecord, ownValue } from "../definition-error";

/** One token-limited action (chapter 36). */
export interface ActionTokenDefinition {
  /** Action name (e.g. `"throwGrenade"`). */
  name: string;
  /** Tokens available regardless of population, integer ≥ 0. */
  count: number;
  /** Extra tokens per character in the population (fractional; total = count + floor(population × perCharacter)). Default 0. */
  perCharacter?: number;
  /** Seconds an agent must wait after releasing a token before it may acquire one of this action again. Default 0. */
  cooldown?: number;
}

/**
 * Action tokens: at most N agents may perform an action at once (N optionally scaling with the
 * number of characters), and an agent that released a token waits a minimum time before taking
 * one again. Keeps behaviours distributed ("not everyone throws a grenade at once"). Plain typed
 * arrays; no allocation per call.
 */
export interface ActionTokens {
  /** Action names. */
  readonly names: readonly string[];
  /** Action name → index. */
  readonly index: Readonly<Record<string, number>>;
  /** Base count per action. */
  readonly base: Int32Array;
  /** Tokens per character per action. */
  readonly perCharacter: Float64Array;
  /** Cooldown per action, seconds. */
  readonly cooldown: Float64Array;
  /** Current capacity per action. */
  readonly capacity: Int32Array;
  /** Tokens in use per action. */
  readonly inUse: Int32Array;
  /** Per (action, agent): 1 while holding a token. */
  readonly holding: Uint8Array;
  /** Per (action, agent): time of the last release (seconds; -Infinity never). */
  readonly releasedAt: Float64Array;
  /** Maximum agent id + 1. */
  readonly agentCapacity: number;
}

/**
 * Creates token pools for `actions`, for agents with ids in `[0, agentCapacity)`, sized for `options.population` characters (default 0).
 * @param actions - The token-limited actions: unique `name`, base `count` (integer >= 0), optional `perCharacter` and `cooldown` (seconds), both
 *   >= 0.
 * @param agentCapacity - Agent ids are integers in `[0, agentCapacity)`; an integer in [1, 2^24].
 * @param options - `population`: number of characters the pools are first sized for (integer >= 0). Left out: 0, so each action has its base
 *   `count`.
 */
export function createActionTokens(actions: readonly ActionTokenDefinition[], agentCapacity: number, options?: { population?: number }): ActionTokens {
  const population = options?.population ?? 0;
  const where = "@tactica/decision: createActionTokens";
  assertInteger(where, "agentCapacity", agentCapacity, 1, 1 << 24);
  const seen = new Set<string>();
  actions.forEach((a, i) => {
    if (seen.has(a.name)) invalidArgument(where, `actions[${i}].name`, `duplicates ${describeValue(a.name)}`, "Use unique names.");
    seen.add(a.name);
    assertInteger(where, `actions[${i}].count`, a.count, 0, Number.MAX_SAFE_INTEGER);
    assertNonNegative(where, `actions[${i}].perCharacter`, a.perCharacter ?? 0);
    assertNonNegative(where, `actions[${i}].cooldown`, a.cooldown ?? 0);
  });
  const t: ActionTokens = {
    names: actions.map((a) => a.name),
    index: indexRecord(actions.map((a) => a.name)),
    base: Int32Array.from(actions, (a) => a.count),
    perCharacter: Float64Array.from(actions, (a) => a.perCharacter ?? 0),
    cooldown: Float64Array.from(actions, (a) => a.cooldown ?? 0),
    capacity: new Int32Array(actions.length),
    inUse: new Int32Array(actions.length),
    holding: new Uint8Array(actions.length * agentCapacity),
    releasedAt: new Float64Array(actions.length * agentCapacity).fill(-Infinity),
    agentCapacity,
  };
  setTokenPopulation(t, population);
  return t;
}

/**
 * Re-sizes every pool for `population` characters (tokens already held stay held).
 * @param t - The token pools; their capacities are recomputed in place (tokens already held stay held).
 * @param population - Number of characters, an integer >= 0; capacity is `count + floor(population × perCharacter)`.
 */
export function setTokenPopulation(t: ActionTokens, population: number): void {
  assertInteger("@tactica/decision: setTokenPopulation", "population", population, 0, Number.MAX_SAFE_INTEGER);
  for (let i = 0; i < t.names.length; i++) t.capacity[i] = t.base[i]! + Math.floor(population * t.perCharacter[i]!);
}

function actionId(t: ActionTokens, action: string, agent: number, fn: string): number {
  const a = ownValue(t.index, action);
  if (a === undefined)
    invalidArgument(`@tactica/decision: ${fn}`, "action", `names unknown action ${describeValue(action)}`, `Use one of ${t.names.join(", ")}.`);
  if (!(agent >= 0 && agent < t.agentCapacity && Number.isInteger(agent)))
    invalidArgument(`@tactica/decision: ${fn}`, "agent", `must be an integer in [0, ${t.agentCapacity - 1}]`, "Use agent ids below agentCapacity.");
  return a;
}

/**
 * Tries to take a token of `action` for `agent` at game time `now` (seconds). Succeeds when the
 * agent already holds one, or a token is free and the agent's cooldown since its last release has
 * passed. O(1), no allocation.
 * @param t - The token pools; a granted token is marked held in place.
 * @param action - Action name; an unknown name throws.
 * @param agent - Agent id, an integer in `[0, agentCapacity)`.
 * @param now - Current game time in seconds, finite; compared with the agent's last release for the cooldown.
 */
export function acquireToken(t: ActionTokens, action: string, agent: number, now: number): boolean {
  const a = actionId(t, action, agent, "acquireToken");
  assertFinite("@tactica/decision: acquireToken", "now", now);
  const k = a * t.agentCapacity + agent;
  if (t.holding[k] === 1) return true;
  if (t.inUse[a]! >= t.capacity[a]!) return false;
  if (now - t.releasedAt[k]! < t.cooldown[a]!) return false;
  t.holding[k] = 1;
  t.inUse[a]!++;
  return true;
}

/**
 * Returns `agent`'s token of `action` at time `now`; returns whether it held one.
 * @param t - The token pools; the token is freed in place.
 * @param action - Action name; an unknown name throws.
 * @param agent - Agent id, an integer in `[0, agentCapacity)`.
 * @param now - Current game time in seconds; stored as the release time that starts the agent's cooldown (not checked).
 */
export function releaseToken(t: ActionTokens, action: string, agent: number, now: number): boolean {
  const a = actionId(t, action, agent, "releaseToken");
  const k = a * t.agentCapacity + agent;
  if (t.holding[k] !== 1) return false;
  t.holding[k] = 0;
  t.inUse[a]!--;
  t.releasedAt[k] = now;
  return true;
}
