import { assertFinite, assertInteger, invalidArgument, rngNextFloat, type Rng } from "@tactica/core";
import { setRuleEnabled, type RuleEngine, type RuleState } from "./engine";

/**
 * Dynamic scripting (Spronck et al.; chapter 39): a rule base with one weight per rule. Before
 * an encounter a script of `size` distinct rules is drawn, each pick with probability
 * proportional to weight; after it, the weights of the rules used rise on success and fall on
 * failure, clamped to `[minWeight, maxWeight]`, and the change is spread over the unused rules in
 * the opposite direction so the total weight is conserved (up to what the clamps absorb). Plain
 * typed arrays.
 */
export interface DynamicScripting {
  /** Weight per rule. */
  readonly weights: Float64Array;
  /** Lower clamp. */
  readonly minWeight: number;
  /** Upper clamp. */
  readonly maxWeight: number;
  /** Scratch flags for drawing without replacement. */
  readonly used: Uint8Array;
}

/** Options for {@link createDynamicScripting}. */
export interface DynamicScriptingOptions {
  /** Initial weight of every rule (default 100). */
  initialWeight?: number;
  /** Lower clamp (default 0). */
  minWeight?: number;
  /** Upper clamp (default 2000). */
  maxWeight?: number;
}

/**
 * Creates dynamic-scripting weights for `ruleCount` rules.
 * @param ruleCount - Number of rules, an integer in [1, 2^24]; one weight per rule.
 * @param options - `initialWeight` (default 100), `minWeight` (default 0) and `maxWeight` (default 2000), finite with 0 <= min <= initial <=
 *   max.
 */
export function createDynamicScripting(ruleCount: number, options: DynamicScriptingOptions = {}): DynamicScripting {
  const where = "@tactica/decision: createDynamicScripting";
  assertInteger(where, "ruleCount", ruleCount, 1, 1 << 24);
  const init = assertFinite(where, "options.initialWeight", options.initialWeight ?? 100);
  const min = assertFinite(where, "options.minWeight", options.minWeight ?? 0);
  const max = assertFinite(where, "options.maxWeight", options.maxWeight ?? 2000);
  if (!(min >= 0 && min <= init && init <= max))
    invalidArgument(where, "options", "needs 0 <= minWeight <= initialWeight <= maxWeight", "Fix the weight bounds.");
  return { weights: new Float64Array(ruleCount).fill(init), minWeight: min, maxWeight: max, used: new Uint8Array(ruleCount) };
}

/**
 * Draws a script: `size` distinct rule indices into `out`, each draw proportional to weight
 * among the rules not yet drawn (rules with weight 0 are never drawn). Returns how many were
 * drawn (fewer when not enough rules have positive weight). O(size × rules), no allocation.
 * @param out - Receives the drawn rule indices in its first entries (returned count); at most `out.length` are drawn.
 * @param ds - The weights to draw from; its scratch flags are overwritten, the weights are not changed.
 * @param size - Rules to draw; capped at `out.length` and the rule count.
 * @param rng - Generator; one float per rule drawn.
 */
export function generateScript(out: Int32Array, ds: DynamicScripting, size: number, rng: Rng): number {
  const n = ds.weights.length;
  const k = Math.min(size, out.length, n);
  ds.used.fill(0);
  let count = 0;
  for (; count < k; count++) {
    let total = 0;
    for (let i = 0; i < n; i++) if (ds.used[i] === 0) total += ds.weights[i]!;
    if (!(total > 0)) break;
    let x = rngNextFloat(rng) * total;
    let pick = -1;
    for (let i = 0; i < n; i++) {
      const w = ds.weights[i]!;
      if (ds.used[i] === 1 || !(w > 0)) continue;
      pick = i;
      x -= w;
      if (x <= 0) break;
    }
    ds.used[pick] = 1;
    out[count] = pick;
  }
  return count;
}

/**
 * Adapts the weights after an encounter: each of the `count` rules in `script` gains `delta`
 * (use a positive reward after a win and a negative penalty after a loss, e.g. scaled by a
 * fitness), clamped; the total actually added is then taken from the other rules in equal shares
 * (clamped too). Returns the total weight change after clamping (0 when fully conserved).
 * @param ds - The weights, changed in place (clamped to `[minWeight, maxWeight]`).
 * @param script - Rule indices used in the encounter (e.g. from {@link generateScript}); each an integer in [0, rules), duplicates count once.
 * @param count - Number of leading entries of `script` to use.
 * @param delta - Finite weight change for each used rule: positive after a win, negative after a loss.
 */
export function adaptScriptWeights(ds: DynamicScripting, script: ArrayLike<number>, count: number, delta: number): number {
  assertFinite("@tactica/decision: adaptScriptWeights", "delta", delta);
  const w = ds.weights;
  const n = w.length;
  const before = w.reduce((a, b) => a + b, 0);
  ds.used.fill(0);
  let added = 0;
  for (let k = 0; k < count; k++) {
    const r = script[k]!;
    if (r >>> 0 !== r || r >= n) assertInteger("@tactica/decision: adaptScriptWeights", `script[${k}]`, r, 0, n - 1);
    if (ds.used[r] === 1) continue;
    ds.used[r] = 1;
    const nw = Math.min(ds.maxWeight, Math.max(ds.minWeight, w[r]! + delta));
    added += nw - w[r]!;
    w[r] = nw;
  }
  const others = n - ds.used.reduce((a, b) => a + b, 0);
  if (others > 0 && added !== 0) {
    const share = added / others;
    for (let i = 0; i < n; i++) if (ds.used[i] === 0) w[i] = Math.min(ds.maxWeight, Math.max(ds.minWeight, w[i]! - share));
  }
  return w.reduce((a, b) => a + b, 0) - before;
}

/**
 * Switches on exactly the `count` rules of `script` in `state` (by index, same order as the
 * dynamic-scripting weights) and switches every other rule off. The engine's fallback rule is
 * unaffected (it runs when nothing enabled matches).
 * @param state - The working memory whose enabled flags are set in place: only the script's rules are on.
 * @param engine - The compiled engine `state` belongs to; rule indices are its rule order.
 * @param script - Rule indices to switch on, each an integer in [0, rules).
 * @param count - Number of leading entries of `script` to use.
 */
export function enableScript(state: RuleState, engine: RuleEngine, script: ArrayLike<number>, count: number): void {
  for (let r = 0; r < engine.ruleNames.length; r++) setRuleEnabled(state, engine, r, false);
  for (let k = 0; k < count; k++) setRuleEnabled(state, engine, script[k]!, true);
}
