import { rngInt, type Rng } from "@tactica/core";
import { fail, isFiniteNumber } from "../internal/fail.js";
import { mm1Stationary, sampleStationaryQueue, sampleTransientQueue } from "./queue.js";

/** One item type of a merchant, modelled as an M/M/1 queue (chapter 37). Plain data. */
export interface MerchantItem {
  /** Items the merchant acquires per time unit (his buy rate). */
  addRate: number;
  /** Items he sells per time unit (his sell rate); addRate / removeRate must be < 1. */
  removeRate: number;
  /** Stock at the last observation (a visit or a trade). */
  count: number;
  /** Time of the last observation. */
  time: number;
  /** False until the first visit (which samples the stationary distribution). */
  observed: boolean;
}

/**
 * Makes an unobserved item queue. ρ = addRate / removeRate ≥ 1 throws `NARRATIVE_QUEUE`.
 *
 * @example
 * ```ts
 * const swords = createMerchantItem(1 / 200, 1 / 100);        // ρ = 0.5
 * const rng = createRng(3);
 * const first = visitMerchantItem(swords, rng, 0);            // stationary: mean ρ/(1 − ρ) = 1
 * tradeMerchantItem(swords, -Math.min(first, 1));             // the player buys one if there is one
 * const later = visitMerchantItem(swords, rng, 48);           // transient from the count after the trade
 * later >= 0;                                                 // → true
 * ```
 */
export function createMerchantItem(addRate: number, removeRate: number): MerchantItem {
  mm1Stationary([], addRate, removeRate); // validates the rates
  return { addRate, removeRate, count: 0, time: 0, observed: false };
}

/**
 * The player visits at time `now`: the first visit samples the stationary distribution, later
 * ones the transient distribution from the last observed count over the elapsed time. Only a
 * visit samples; between visits nothing is simulated. Returns the stock now.
 */
export function visitMerchantItem(item: MerchantItem, rng: Rng, now: number): number {
  if (!isFiniteNumber(now)) fail("INVALID_ARGUMENT", "visitMerchantItem", `now must be a finite number, got ${String(now)}.`, "now");
  if (!item.observed) {
    item.count = sampleStationaryQueue(rng, item.addRate, item.removeRate);
    item.observed = true;
  } else {
    if (now < item.time)
      fail("INVALID_ARGUMENT", "visitMerchantItem", `now (${now}) is before the last observation (${item.time}); time only moves forward.`, "now");
    item.count = sampleTransientQueue(rng, item.addRate, item.removeRate, item.count, now - item.time);
  }
  item.time = now;
  return item.count;
}

/**
 * Records a trade at the last visit: `delta` > 0 when the player sells items to the merchant,
 * < 0 when he buys. The new count is the observation later visits start from.
 */
export function tradeMerchantItem(item: MerchantItem, delta: number): MerchantItem {
  if (!item.observed) fail("INVALID_ARGUMENT", "tradeMerchantItem", "visit the merchant (visitMerchantItem) before trading.", "item");
  if (!Number.isInteger(delta) || item.count + delta < 0)
    fail("INVALID_ARGUMENT", "tradeMerchantItem", `delta must be an integer and leave a stock ≥ 0 (stock ${item.count}, delta ${delta}).`, "delta");
  item.count += delta;
  return item;
}

/** Brings the item to time `at` by a virtual observation (a sample there, as if the player had looked). */
function observeAt(fn: string, item: MerchantItem, rng: Rng, at: number): void {
  if (!isFiniteNumber(at)) fail("INVALID_ARGUMENT", fn, `time must be a finite number, got ${String(at)}.`, "time");
  if (item.observed && at < item.time)
    fail("INVALID_ARGUMENT", fn, `time (${at}) is before the last observation (${item.time}); apply events in time order.`, "time");
  visitMerchantItem(item, rng, at);
}

/**
 * A scheduled restock as a virtual observation (chapter 37): the stock is sampled at the event
 * `time`, the rule "buy `amount` if fewer than `below`" is applied, and the result becomes the
 * observation later visits start from. Returns the stock after the restock.
 *
 * @example
 * ```ts
 * const arrows = createMerchantItem(1, 1 / 0.98);
 * const rng = createRng(2);
 * visitMerchantItem(arrows, rng, 0);
 * tradeMerchantItem(arrows, -arrows.count);                          // the player buys every arrow
 * restockMerchantItem(arrows, rng, 0.001, { below: 50, amount: 50 }) >= 50; // → true (Monday's delivery)
 * ```
 */
export function restockMerchantItem(item: MerchantItem, rng: Rng, time: number, rule: { below: number; amount: number }): number {
  if (!Number.isInteger(rule.amount) || rule.amount < 0 || !isFiniteNumber(rule.below))
    fail("INVALID_ARGUMENT", "restockMerchantItem", "rule.amount must be an integer ≥ 0 and rule.below a finite number.", "rule");
  observeAt("restockMerchantItem", item, rng, time);
  if (item.count < rule.below) item.count += rule.amount;
  return item.count;
}

/**
 * A rate change at `time` (a new mine, a war): a virtual observation closes the old rate segment,
 * then the new rates apply from there. ρ ≥ 1 throws `NARRATIVE_QUEUE` before anything changes.
 */
export function setMerchantRates(item: MerchantItem, rng: Rng, time: number, addRate: number, removeRate: number): MerchantItem {
  mm1Stationary([], addRate, removeRate);
  observeAt("setMerchantRates", item, rng, time);
  item.addRate = addRate;
  item.removeRate = removeRate;
  return item;
}

/**
 * Items in `batches` batches of `size` (chapter 37: model batch counts, then draw the item count
 * uniformly in [(b − 1)·size + 1, b·size]); 0 batches is 0 items.
 */
export function countBatchItems(rng: Rng, batches: number, size: number): number {
  if (!Number.isInteger(batches) || batches < 0 || !Number.isInteger(size) || size < 1)
    fail("INVALID_ARGUMENT", "countBatchItems", `batches must be an integer ≥ 0 and size an integer ≥ 1 (got ${batches}, ${size}).`, "batches");
  return batches === 0 ? 0 : rngInt(rng, (batches - 1) * size + 1, batches * size);
}
