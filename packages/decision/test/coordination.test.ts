import { describe, expect, it } from "vitest";
import {
  acknowledgeRole,
  acquireToken,
  AnimationPriority,
  getBlackboardAge,
  canPlayAnimation,
  createActionTokens,
  createAnimationBlackboard,
  createBlackboard,
  createBlackboardScope,
  createCaseMemory,
  createCoordinator,
  createSquadBlackboard,
  advanceBlackboard,
  hashAnimationName,
  postSquadEntry,
  readBlackboard,
  readScoped,
  recallCase,
  recordCase,
  registerAnimation,
  reinforceCase,
  releaseRole,
  releaseToken,
  reprioritizeSquadEntry,
  requestRole,
  restoreBlackboard,
  getRoleHolder,
  saveBlackboard,
  getBlackboardScope,
  setTokenPopulation,
  getTopSquadEntry,
  tryPlayAnimation,
  updateCoordinator,
  writeBlackboard,
  writeScoped,
} from "../src/index";

describe("blackboards", () => {
  it("typed keys, timestamps, versions and round trip", () => {
    const bb = createBlackboard({ hp: "number", seen: "boolean", target: "string" }, { hp: 100 });
    expect(readBlackboard(bb, "hp")).toBe(100);
    advanceBlackboard(bb, 2.5);
    writeBlackboard(bb, "seen", true);
    expect(getBlackboardAge(bb, "hp")).toBe(2.5);
    expect(getBlackboardAge(bb, "seen")).toBe(0);
    expect(getBlackboardAge(bb, "target")).toBe(Infinity);
    expect(() => writeBlackboard(bb, "hp", NaN)).toThrow(/hp/);
    expect(() => writeBlackboard(bb, "hp", "x" as never)).toThrow(/declared number/);
    expect(() => readBlackboard(bb, "nope" as never)).toThrow(/unknown blackboard key/);
    const v = bb.version[0];
    writeBlackboard(bb, "hp", 100);
    expect(bb.version[0]).toBe(v); // same value: no change
    const copy = createBlackboard(bb.schema);
    restoreBlackboard(copy, JSON.parse(JSON.stringify(saveBlackboard(bb))) as ReturnType<typeof saveBlackboard>);
    expect(readBlackboard(copy, "seen")).toBe(true);
    expect(copy.time).toBe(2.5);
  });

  it("scopes look up agent → group → global; group boards are shared by members only", () => {
    const global = createBlackboard({ alarm: "boolean", weather: "string" }, { weather: "rain" });
    const groupA = createBlackboard({ alarm: "boolean", target: "number" });
    const groupB = createBlackboard({ alarm: "boolean", target: "number" });
    const a1 = createBlackboardScope(createBlackboard({ target: "number" }), { group: groupA, global: global });
    const a2 = createBlackboardScope(createBlackboard({ target: "number" }), { group: groupA, global: global });
    const b1 = createBlackboardScope(createBlackboard({ target: "number" }), { group: groupB, global: global });
    writeScoped(a1, "group", "target", 7);
    expect(readScoped(a2, "target")).toBe(7);
    expect(readScoped(b1, "target")).toBeUndefined();
    writeScoped(a2, "agent", "target", 9);
    expect(readScoped(a2, "target")).toBe(9);
    expect(getBlackboardScope(a2, "target")).toBe("agent");
    expect(readScoped(b1, "weather")).toBe("rain");
    writeScoped(b1, "global", "alarm", true);
    expect(readScoped(a1, "alarm")).toBe(true);
    expect(() => writeScoped(a1, "agent", "weather", "x")).toThrow(/not a key of the agent board/);
  });
});

describe("anti-twinning blackboard (chapter 6)", () => {
  const wave = hashAnimationName("wave");
  const flinch = hashAnimationName("flinch");
  it("refuses the same animation within 1 s (normal) / 300 ms (reaction)", () => {
    const bb = createAnimationBlackboard();
    expect(tryPlayAnimation(bb, wave, 10)).toBe(true);
    expect(canPlayAnimation(bb, wave, 10.5)).toBe(false);
    expect(canPlayAnimation(bb, flinch, 10.5)).toBe(true); // different ids never block
    expect(canPlayAnimation(bb, wave, 11)).toBe(true);
    registerAnimation(bb, flinch, 20, { priority: AnimationPriority.Reaction });
    expect(canPlayAnimation(bb, flinch, 20.2)).toBe(false);
    expect(canPlayAnimation(bb, flinch, 20.3)).toBe(true);
  });
  it("distance relaxation and bounded ring", () => {
    const bb = createAnimationBlackboard({ minDistance: 10, capacity: 4 });
    tryPlayAnimation(bb, wave, 0, { priority: AnimationPriority.Normal, x: 0, y: 0, z: 0 });
    expect(canPlayAnimation(bb, wave, 0.1, { x: 3 })).toBe(false);
    expect(canPlayAnimation(bb, wave, 0.1, { x: 30 })).toBe(true);
    for (let i = 0; i < 10; i++) registerAnimation(bb, i + 100, 0.2);
    expect(bb.count).toBe(4);
    expect(canPlayAnimation(bb, wave, 0.3)).toBe(true); // overwritten
    expect(canPlayAnimation(bb, 109, 5)).toBe(true);
    expect(bb.count).toBe(0); // expired entries pruned during the check
  });
});

describe("squad blackboard", () => {
  it("keeps lists sorted; the commander edits priorities", () => {
    const board = createSquadBlackboard({ capacity: 8 });
    postSquadEntry(board, "unitsInTrouble", { subject: 1, priority: 2, x: 0, y: 0, source: "squad-1", time: 0 });
    postSquadEntry(board, "unitsInTrouble", { subject: 2, priority: 5, x: 0, y: 0, source: "squad-2", time: 0 });
    expect(getTopSquadEntry(board, "unitsInTrouble")?.subject).toBe(2);
    reprioritizeSquadEntry(board, "unitsInTrouble", 1, 9); // flanked → raised
    expect(getTopSquadEntry(board, "unitsInTrouble")?.subject).toBe(1);
    expect(board.lists.threats.length).toBe(0);
  });
  it("case memory: recall known situations, improvise and reinforce", () => {
    const mem = createCaseMemory(2, { capacity: 4 });
    expect(recallCase(mem, [0.5, 0.5], 0.8)).toBe(-1);
    const c = recordCase(mem, [0.5, 0.5], 3);
    reinforceCase(mem, c, true);
    expect(mem.confidence[c]).toBeCloseTo(0.625);
    expect(recallCase(mem, [0.55, 0.5], 0.8)).toBe(c);
    expect(recallCase(mem, [5, 5], 0.8)).toBe(-1);
  });
});

describe("coordinator roles (chapter 34)", () => {
  it("first-come roles go to the first requester and are exclusive", () => {
    const c = createCoordinator([
      { name: "OpportunisticShooter", policy: "firstCome" },
      { name: "Flanker", policy: "idealCandidate" },
    ]);
    expect(requestRole(c, "OpportunisticShooter", 4)).toBe(true);
    expect(requestRole(c, "OpportunisticShooter", 5)).toBe(false);
    releaseRole(c, "OpportunisticShooter", 4);
    expect(requestRole(c, "OpportunisticShooter", 5)).toBe(true);
  });
  it("ideal-candidate roles go to the best-rated requester each frame until acknowledged", () => {
    const c = createCoordinator([{ name: "Flanker", policy: "idealCandidate" }]);
    requestRole(c, "Flanker", 1, { rating: 0.4 });
    requestRole(c, "Flanker", 2, { rating: 0.9 });
    requestRole(c, "Flanker", 3, { rating: 0.6 });
    updateCoordinator(c);
    expect(getRoleHolder(c, "Flanker")).toBe(2);
    requestRole(c, "Flanker", 3, { rating: 0.95 });
    updateCoordinator(c);
    expect(getRoleHolder(c, "Flanker")).toBe(3); // not yet acknowledged: a better candidate wins
    expect(acknowledgeRole(c, "Flanker", 3)).toBe(true);
    requestRole(c, "Flanker", 1, { rating: 1 });
    updateCoordinator(c);
    expect(getRoleHolder(c, "Flanker")).toBe(3); // exclusive until released
    releaseRole(c, "Flanker", 3);
    expect(getRoleHolder(c, "Flanker")).toBe(-1);
  });
});

describe("action tokens (chapter 36)", () => {
  it("limits holders, enforces the re-acquire cooldown, scales with population", () => {
    const t = createActionTokens([{ name: "grenade", count: 1, perCharacter: 0.1, cooldown: 5 }], 32, { population: 0 });
    expect(acquireToken(t, "grenade", 0, 0)).toBe(true);
    expect(acquireToken(t, "grenade", 1, 0)).toBe(false);
    releaseToken(t, "grenade", 0, 1);
    expect(acquireToken(t, "grenade", 0, 3)).toBe(false); // cooldown 5 s since release at 1
    expect(acquireToken(t, "grenade", 1, 3)).toBe(true);
    releaseToken(t, "grenade", 1, 3);
    expect(acquireToken(t, "grenade", 0, 6)).toBe(true);
    setTokenPopulation(t, 20); // 1 + floor(20 · 0.1) = 3
    expect(acquireToken(t, "grenade", 2, 6)).toBe(true);
    expect(acquireToken(t, "grenade", 3, 6)).toBe(true);
    expect(acquireToken(t, "grenade", 4, 6)).toBe(false);
    expect(() => acquireToken(t, "nope", 0, 0)).toThrow(/unknown action/);
  });
});
