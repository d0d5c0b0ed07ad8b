import { describe, expect, it } from "vitest";
import { createRecordingDebugDraw, drawArrow, nullDebugDraw } from "../../src/index";

describe("DebugDraw", () => {
  it("records calls as plain data that survives structuredClone", () => {
    const d = createRecordingDebugDraw();
    const pts = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
    ];
    d.line(0, 0, 1, 1, { color: "#f00" });
    d.polyline(pts, true);
    pts[0]!.x = 99; // the recording copied the points
    d.circle(1, 2, 3, { fill: true });
    d.text(0, 0, "hi");
    expect(d.commands.map((c) => c.kind)).toEqual(["line", "polyline", "circle", "text"]);
    expect(d.commands[1]).toMatchObject({
      kind: "polyline",
      closed: true,
      points: [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
      ],
    });
    expect(structuredClone(d.commands)).toEqual(d.commands);
    d.clear();
    expect(d.commands).toHaveLength(0);
  });

  it("draws an arrow as a shaft and two barbs pointing back", () => {
    const d = createRecordingDebugDraw();
    drawArrow(d, 0, 0, 10, 0, 2);
    expect(d.commands).toHaveLength(3);
    for (const c of d.commands.slice(1)) {
      if (c.kind !== "line") throw new Error("expected lines");
      expect(c.x1).toBe(10);
      expect(c.x2).toBeLessThan(10);
      expect(Math.hypot(c.x2 - c.x1, c.y2 - c.y1)).toBeCloseTo(2);
    }
    const zero = createRecordingDebugDraw();
    drawArrow(zero, 1, 1, 1, 1, 2);
    expect(zero.commands).toHaveLength(1);
  });

  it("has a no-op implementation", () => {
    expect(() => nullDebugDraw.circle(0, 0, 1)).not.toThrow();
  });
});
