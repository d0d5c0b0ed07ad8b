import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import { addLevelCounter, createLevelState, drainLevelChanges, matchCondition, setLevelValue, type LevelChange } from "../src/index.js";

describe("level state (C.14)", () => {
  it("typed flags, counters and text with change events", () => {
    const level = createLevelState({ alarm: "flag", guardsDown: "counter", room: "text" }, { initial: { room: "hall" } });
    expect(level.values).toEqual({ alarm: false, guardsDown: 0, room: "hall" });
    expect(setLevelValue(level, "alarm", true)).toBe(true);
    expect(setLevelValue(level, "alarm", true)).toBe(false); // no change, no event
    addLevelCounter(level, "guardsDown", 2);
    setLevelValue(level, "room", "vault");
    const out: LevelChange[] = [];
    expect(drainLevelChanges(level, out)).toBe(3);
    expect(out).toEqual([
      { key: "alarm", from: false, to: true },
      { key: "guardsDown", from: 0, to: 2 },
      { key: "room", from: "hall", to: "vault" },
    ]);
    expect(drainLevelChanges(level, out)).toBe(0);
    expect(matchCondition({ key: "guardsDown", op: ">=", value: 2 }, level.values)).toBe(true);
    expect(structuredClone(level)).toEqual(level);
  });

  it("rejects wrong types and unknown entries", () => {
    const level = createLevelState({ alarm: "flag" });
    const code = (fn: () => unknown): string | undefined => {
      try {
        fn();
      } catch (e) {
        return isTacticaError(e) ? `${e.code} ${e.path ?? ""}` : String(e);
      }
      return undefined;
    };
    expect(code(() => setLevelValue(level, "alarm", 1))).toBe("INVALID_ARGUMENT value");
    expect(code(() => setLevelValue(level, "nope", true))).toBe("INVALID_ARGUMENT key");
    expect(code(() => addLevelCounter(level, "alarm", 1))).toBe("INVALID_ARGUMENT key");
    expect(code(() => createLevelState({ a: "flag" }, { initial: { b: 1 } }))).toBe("INVALID_ARGUMENT initial.b");
    expect(code(() => createLevelState({ a: "counter" }, { initial: { a: "x" } }))).toBe("INVALID_ARGUMENT initial.a");
    expect(level.changes).toEqual([]);
  });
});
