import { describeValue, rngInt, rngPoisson, type Rng } from "@tactica/core";
import { checkOptions, fail, isFiniteNumber, isRecord } from "../internal/fail.js";
import { MAX_QUEUE_LENGTH, mm1Stationary, sampleStationaryQueue, sampleTransientQueue } from "./queue.js";

/** Largest rate `restoreMerchantItem` accepts, per time unit (choose a coarser unit for faster trade). */
const MAX_RATE = 1e6;

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
  /** Guaranteed stock added on the first encounter only (chapter 37's constant offset). Default 0. */
  offset: number;
  /** Capacity of the player-only reserve (0 = none). The reserve refills at `addRate`. */
  reserve: number;
  /** Items in the reserve at `time` (fractional while refilling; the player sees the whole items). */
  reserveLevel: number;
}

/** Options of {@link createMerchantItem}. */
export interface MerchantItemOptions {
  /** Guaranteed stock added on the first encounter only. Default 0. */
  offset?: number;
  /** A player-only reserve of this many items, full at the start, refilling at `addRate`. Default 0. */
  reserve?: number;
}

/**
 * Makes an unobserved item queue. ρ = addRate / removeRate ≥ 1 throws `NARRATIVE_QUEUE`.
 *
 * @param addRate - Items the merchant acquires per time unit (finite, >= 0); the time unit is the caller's and must match every `time` passed
 *   later.
 * @param removeRate - Items he sells per time unit (finite, > 0); `addRate / removeRate` must be < 1.
 * @param options - `offset` (guaranteed extra stock on the first visit, integer >= 0) and `reserve` (player-only reserve capacity, integer >= 0,
 *   refilling at `addRate`). Left out: 0 and 0.
 * @example
 * ```ts
 * const swords = createMerchantItem(1 / 200, 1 / 100);        // ρ = 0.5
 * const rng = createRng(3);
 * const first = visitMerchantItem(swords, 0, rng);            // stationary: mean ρ/(1 − ρ) = 1
 * tradeMerchantItem(swords, -Math.min(first, 1));             // the player buys one if there is one
 * const later = visitMerchantItem(swords, 48, rng);           // transient from the count after the trade
 * later >= 0;                                                 // → true
 * ```
 */
export function createMerchantItem(addRate: number, removeRate: number, options: MerchantItemOptions = {}): MerchantItem {
  checkOptions("createMerchantItem", options);
  mm1Stationary([], addRate, removeRate); // validates the rates
  const offset = options.offset ?? 0;
  const reserve = options.reserve ?? 0;
  if (!Number.isInteger(offset) || offset < 0)
    fail("INVALID_ARGUMENT", "createMerchantItem", `options.offset must be an integer ≥ 0, got ${offset}.`, "options.offset");
  if (!Number.isInteger(reserve) || reserve < 0)
    fail("INVALID_ARGUMENT", "createMerchantItem", `options.reserve must be an integer ≥ 0, got ${reserve}.`, "options.reserve");
  return { addRate, removeRate, count: 0, time: 0, observed: false, offset, reserve, reserveLevel: reserve };
}

/**
 * Items the player can buy now: the queue's count plus the whole items in the reserve.
 * @param item - The item queue; read only.
 */
export function getMerchantStock(item: MerchantItem): number {
  return item.count + Math.floor(item.reserveLevel + 1e-9);
}

/**
 * The player visits at time `now` (the caller's clock, in the rates' time unit): the first visit samples the stationary distribution (plus the
 * guaranteed `offset`), later ones the transient distribution from the last observed count over
 * the elapsed time. Only a visit samples; between visits nothing is simulated. Returns the stock
 * the player sees ({@link getMerchantStock}: queue plus reserve).
 *
 * A refilling reserve takes every item the merchant acquires until it is full, so meanwhile the
 * queue only sells (its count drops by a Poisson number of sales, clamped at 0); once the reserve
 * could have refilled, a virtual observation of that count is backdated to the moment it filled and
 * the transient distribution runs from there (chapter 37).
 * @param item - The item queue; its count, reserve level and observation time are updated in place.
 * @param now - The caller's clock now, finite, in the rates' time unit; not before the last observation.
 * @param rng - Generator; draws for the stationary (first visit) or transient sample, plus a Poisson draw while a reserve refills.
 */
export function visitMerchantItem(item: MerchantItem, now: number, rng: Rng): number {
  if (!isFiniteNumber(now)) fail("INVALID_ARGUMENT", "visitMerchantItem", `now must be a finite number, got ${String(now)}.`, "now");
  if (!item.observed) {
    item.count = sampleStationaryQueue(item.addRate, item.removeRate, rng) + item.offset;
    item.observed = true;
  } else {
    if (now < item.time)
      fail("INVALID_ARGUMENT", "visitMerchantItem", `now (${now}) is before the last observation (${item.time}); time only moves forward.`, "now");
    let from = item.time;
    if (item.reserveLevel < item.reserve) {
      const full = item.addRate > 0 ? from + (item.reserve - item.reserveLevel) / item.addRate : Infinity;
      const until = Math.min(now, full);
      if (item.count > 0 && until > from) item.count = Math.max(0, item.count - rngPoisson(rng, item.removeRate * (until - from)));
      item.reserveLevel = until >= full ? item.reserve : Math.min(item.reserve, item.reserveLevel + item.addRate * (until - from));
      from = until;
    }
    if (now > from) item.count = sampleTransientQueue(item.addRate, item.removeRate, item.count, now - from, rng);
  }
  item.time = now;
  return getMerchantStock(item);
}

/**
 * Records a trade at the last visit: `delta` > 0 when the player sells items to the merchant,
 * < 0 when he buys. Purchases empty the queue first, then the reserve. The new count is the
 * observation later visits start from.
 * @param item - A visited item queue; its count (then its reserve, for purchases) changes in place; returned.
 * @param delta - Integer item change: > 0 when the player sells to the merchant, < 0 when he buys; may not take the stock below 0.
 */
export function tradeMerchantItem(item: MerchantItem, delta: number): MerchantItem {
  if (!item.observed) fail("INVALID_ARGUMENT", "tradeMerchantItem", "visit the merchant (visitMerchantItem) before trading.", "item");
  const stock = getMerchantStock(item);
  if (!Number.isInteger(delta) || stock + delta < 0)
    fail("INVALID_ARGUMENT", "tradeMerchantItem", `delta must be an integer and leave a stock ≥ 0 (stock ${stock}, delta ${delta}).`, "delta");
  if (delta >= 0 || item.count + delta >= 0) item.count += delta;
  else {
    item.reserveLevel = Math.max(0, item.reserveLevel + (item.count + delta));
    item.count = 0;
  }
  return item;
}

/** Brings the item to time `at` by a virtual observation (a sample there, as if the player had looked). */
function observeAt(fn: string, item: MerchantItem, rng: Rng, at: number): void {
  if (!isFiniteNumber(at)) fail("INVALID_ARGUMENT", fn, `now must be a finite number, got ${String(at)}.`, "now");
  if (item.observed && at < item.time)
    fail("INVALID_ARGUMENT", fn, `now (${at}) is before the last observation (${item.time}); apply events in time order.`, "now");
  visitMerchantItem(item, at, rng);
}

/**
 * A scheduled restock as a virtual observation (chapter 37): the stock is sampled at the event
 * `now`, the rule "buy `amount` if fewer than `below`" is applied, and the result becomes the
 * observation later visits start from. Returns the stock after the restock.
 *
 * @param item - The item queue; observed at `time` and restocked in place.
 * @param now - Event time on the caller's clock, finite, in the rates' time unit; not before the last observation.
 * @param rule - `below` (finite stock threshold) and `amount` (integer >= 0 items bought when the sampled count is below it).
 * @param rng - Generator; draws for the sample at `time`.
 * @example
 * ```ts
 * const arrows = createMerchantItem(1, 1 / 0.98);
 * const rng = createRng(2);
 * visitMerchantItem(arrows, 0, rng);
 * tradeMerchantItem(arrows, -arrows.count);                          // the player buys every arrow
 * restockMerchantItem(arrows, 0.001, { below: 50, amount: 50 }, rng) >= 50; // → true (Monday's delivery)
 * ```
 */
export function restockMerchantItem(item: MerchantItem, now: number, rule: { below: number; amount: number }, rng: Rng): number {
  if (!Number.isInteger(rule.amount) || rule.amount < 0 || !isFiniteNumber(rule.below))
    fail("INVALID_ARGUMENT", "restockMerchantItem", "rule.amount must be an integer ≥ 0 and rule.below a finite number.", "rule");
  observeAt("restockMerchantItem", item, rng, now);
  if (item.count < rule.below) item.count += rule.amount;
  return getMerchantStock(item);
}

/**
 * A rate change at `now` (a new mine, a war): a virtual observation closes the old rate segment,
 * then the new rates apply from there. ρ ≥ 1 throws `NARRATIVE_QUEUE` before anything changes.
 * @param item - The item queue; observed at `time`, then given the new rates, in place; returned.
 * @param now - Time of the change on the caller's clock, finite, not before the last observation.
 * @param addRate - New acquisitions per time unit (finite, >= 0).
 * @param removeRate - New sales per time unit (finite, > 0); the new ratio must be < 1.
 * @param rng - Generator; draws for the sample at `time`.
 */
export function setMerchantRates(item: MerchantItem, now: number, addRate: number, removeRate: number, rng: Rng): MerchantItem {
  mm1Stationary([], addRate, removeRate);
  observeAt("setMerchantRates", item, rng, now);
  item.addRate = addRate;
  item.removeRate = removeRate;
  return item;
}

/**
 * A one-off event at `now` (an estate sale adds items, a garrison buys some) as a virtual
 * observation (chapter 37): the stock is sampled at `now`, `change` items are added or removed
 * (the count stays ≥ 0) and the result is the observation later visits start from. Returns the
 * stock after the event.
 *
 * @param item - The item queue; observed at `time` and changed in place.
 * @param now - Event time on the caller's clock, finite, not before the last observation.
 * @param change - Integer items added (> 0) or removed (< 0); the count is clamped at 0.
 * @param rng - Generator; draws for the sample at `time`.
 * @example
 * ```ts
 * const swords = createMerchantItem(1 / 200, 1 / 100);
 * const rng = createRng(4);
 * visitMerchantItem(swords, 0, rng);
 * applyMerchantEvent(swords, 10, 12, rng) >= 12; // → true (an estate sale brings 12 swords)
 * applyMerchantEvent(swords, 11, -1000, rng);    // → 0 (the garrison buys them all)
 * ```
 */
export function applyMerchantEvent(item: MerchantItem, now: number, change: number, rng: Rng): number {
  if (!Number.isInteger(change)) fail("INVALID_ARGUMENT", "applyMerchantEvent", `change must be an integer, got ${change}.`, "change");
  observeAt("applyMerchantEvent", item, rng, now);
  item.count = Math.max(0, item.count + change);
  return getMerchantStock(item);
}

/**
 * Restores a merchant item from JSON (a saved `MerchantItem`, which is plain data). The whole
 * snapshot is checked first (`NARRATIVE_BAD_INPUT` naming the field; ρ ≥ 1 is `NARRATIVE_QUEUE`);
 * `item` is untouched when it throws. Caps: counts, offsets and reserves up to 1,000,000 items,
 * rates up to 1,000,000 per time unit (the transient sampler's work grows with both).
 * @param item - The item to overwrite in place; untouched when the snapshot is rejected. Returned.
 * @param snapshot - Parsed JSON of any shape, normally a saved {@link MerchantItem}; checked in full first.
 */
export function restoreMerchantItem(item: MerchantItem, snapshot: unknown): MerchantItem {
  const FN = "restoreMerchantItem";
  if (!isRecord(snapshot)) fail("NARRATIVE_BAD_INPUT", FN, "snapshot must be an object (a saved MerchantItem).", "$");
  const num = (key: string, ok: (v: number) => boolean, what: string): number => {
    const v = snapshot[key];
    if (!isFiniteNumber(v) || !ok(v)) fail("NARRATIVE_BAD_INPUT", FN, `${key} must be ${what}, got ${describeValue(v)}.`, `$.${key}`);
    return v;
  };
  const addRate = num("addRate", (v) => v >= 0 && v <= MAX_RATE, `a number in [0, ${MAX_RATE}]`);
  const removeRate = num("removeRate", (v) => v > 0 && v <= MAX_RATE, `a number in (0, ${MAX_RATE}]`);
  if (addRate / removeRate >= 1) fail("NARRATIVE_QUEUE", FN, `rate ratio ρ = addRate / removeRate = ${addRate / removeRate} must be < 1.`, "$.addRate");
  const count = num("count", (v) => Number.isInteger(v) && v >= 0 && v <= MAX_QUEUE_LENGTH, `an integer in [0, ${MAX_QUEUE_LENGTH}]`);
  const time = num("time", () => true, "a finite number");
  if (typeof snapshot.observed !== "boolean") fail("NARRATIVE_BAD_INPUT", FN, "observed must be a boolean.", "$.observed");
  const offset =
    snapshot.offset === undefined ? 0 : num("offset", (v) => Number.isInteger(v) && v >= 0 && v <= MAX_QUEUE_LENGTH, `an integer in [0, ${MAX_QUEUE_LENGTH}]`);
  const reserve =
    snapshot.reserve === undefined
      ? 0
      : num("reserve", (v) => Number.isInteger(v) && v >= 0 && v <= MAX_QUEUE_LENGTH, `an integer in [0, ${MAX_QUEUE_LENGTH}]`);
  const reserveLevel =
    snapshot.reserveLevel === undefined ? reserve : num("reserveLevel", (v) => v >= 0 && v <= reserve, `a number in [0, reserve = ${reserve}]`);
  Object.assign(item, { addRate, removeRate, count, time, observed: snapshot.observed, offset, reserve, reserveLevel });
  return item;
}

/**
 * Items in `batches` batches of `size` (chapter 37: model batch counts, then draw the item count
 * uniformly in [(b − 1)·size + 1, b·size]); 0 batches is 0 items.
 * @param batches - Number of batches, an integer >= 0.
 * @param size - Items per full batch, an integer >= 1.
 * @param rng - Generator; one integer draw when `batches` > 0.
 */
export function countBatchItems(batches: number, size: number, rng: Rng): number {
  if (!Number.isInteger(batches) || batches < 0 || !Number.isInteger(size) || size < 1)
    fail("INVALID_ARGUMENT", "countBatchItems", `batches must be an integer ≥ 0 and size an integer ≥ 1 (got ${batches}, ${size}).`, "batches");
  return batches === 0 ? 0 : rngInt(rng, (batches - 1) * size + 1, batches * size);
}
