import type { Rng } from "@tactica/core";
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
    if (now < item.time) fail("INVALID_ARGUMENT", "visitMerchantItem", `now (${now}) is before the last observation (${item.time}); time only moves forward.`, "now");
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
  if (!Number.isInteger(delta) || item.count + delta < 0) fail("INVALID_ARGUMENT", "tradeMerchantItem", `delta must be an integer and leave a stock ≥ 0 (stock ${item.count}, delta ${delta}).`, "delta");
  item.count += delta;
  return item;
}
