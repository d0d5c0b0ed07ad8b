import { isTacticaError } from "@tactica/core";
import { describe, expect, it } from "vitest";
import {
  emotionTrajectoryFromJson,
  encountersFromJson,
  evaluateEmotionTrajectory,
  findStoryAlternatives,
  selectByEmotion,
  selectByStyle,
  selectByTrajectory,
  selectEncounter,
} from "../src/index.js";

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return isTacticaError(e) ? `${e.code} ${e.path ?? ""}` : `other: ${String(e)}`;
  }
  return undefined;
}

const E = (joy: number, hope: number, fear: number, distress: number) => ({ joy, hope, fear, distress });

describe("PACE emotion trajectories", () => {
  it("interpolates linearly and clamps at the ends", () => {
    const arc = emotionTrajectoryFromJson({
      keys: [
        { time: 0, hope: 0.2 },
        { time: 10, fear: 0.8 },
        { time: 20, joy: 1 },
      ],
    });
    expect(evaluateEmotionTrajectory(arc, -5)).toEqual(E(0, 0.2, 0, 0));
    expect(evaluateEmotionTrajectory(arc, 5)).toEqual(E(0, 0.1, 0.4, 0));
    expect(evaluateEmotionTrajectory(arc, 15)).toEqual(E(0.5, 0, 0.4, 0));
    expect(evaluateEmotionTrajectory(arc, 99)).toEqual(E(1, 0, 0, 0));
  });

  it("picks the alternative whose predicted trajectory follows the target; one state reduces to Eq. 42.4", () => {
    const target = emotionTrajectoryFromJson({
      keys: [
        { time: 0, fear: 0.1 },
        { time: 2, fear: 0.9 },
      ],
    });
    const calm = [E(0.5, 0, 0.1, 0), E(0.5, 0, 0.1, 0), E(0.5, 0, 0.1, 0)];
    const stalker = [E(0, 0, 0.1, 0), E(0, 0, 0.4, 0), E(0, 0, 0.8, 0)];
    const c = selectByTrajectory([calm, stalker], target, 0, 1);
    expect(c.index).toBe(1);
    expect(c.scores[1]).toBeCloseTo(0.2, 9);
    // Chapter 42: with the target (0, 0.4, 0.03, 0) as a constant trajectory, the fairy wins as in selectByEmotion.
    const flat = emotionTrajectoryFromJson({ keys: [{ time: 0, hope: 0.4, fear: 0.03 }] });
    const grendel = E(0.8, 0.6, 0.2, 0);
    const fairy = E(0, 0.35, 0.03, 0);
    const single = selectByTrajectory([[grendel], [fairy]], flat, 0, 1);
    expect(single).toEqual(selectByEmotion([grendel, fairy], E(0, 0.4, 0.03, 0)));
  });

  it("rejects bad trajectories with JSON paths", () => {
    expect(code(() => emotionTrajectoryFromJson({ keys: [] }))).toBe("NARRATIVE_BAD_INPUT $.keys");
    expect(code(() => emotionTrajectoryFromJson({ keys: [{ time: 1 }, { time: 1 }] }))).toBe("NARRATIVE_BAD_INPUT $.keys[1].time");
    expect(code(() => emotionTrajectoryFromJson({ keys: [{ time: 0, fear: "x" }] }))).toBe("NARRATIVE_BAD_INPUT $.keys[0].fear");
    expect(code(() => selectByTrajectory([], emotionTrajectoryFromJson({ keys: [{ time: 0 }] }), 0, 0))).toBe("INVALID_ARGUMENT dt");
  });
});

describe("PaSSAGE encounters", () => {
  const library = encountersFromJson([
    {
      id: "trader",
      conditions: [{ key: "inTown", op: "==", value: true }],
      branches: [
        {
          id: "haggle",
          annotation: [0, 0.2, 0, 0.3, 0.9],
          parameters: {
            rumour: [
              { value: "bandit camp", annotation: [1, 0, 0, 0.5, 0] },
              { value: "lost heir", annotation: [0, 0.5, 1, 0, 0] },
            ],
          },
        },
        { id: "story", annotation: [0, 0.8, 0.9, 0, 0] },
      ],
    },
    { id: "ambush", conditions: [{ key: "onRoad", op: "==", value: true }], branches: [{ id: "fight", annotation: [1, 0, 0, 0.2, 0] }] },
  ]);

  it("fires only when preconditions hold, picks the branch that fits the model and refines its parameters", () => {
    const fighter = [0.9, 0.2, 0.1, 0.4, 0.3];
    const c = selectEncounter(library, { inTown: true }, fighter, {})!;
    expect(library[c.encounter]!.id).toBe("trader");
    expect(library[0]!.branches[c.branch]!.id).toBe("haggle");
    expect(c.score).toBeCloseTo(0.43, 9);
    expect(c.parameters).toEqual({ rumour: "bandit camp" });
    const storyteller = [0, 0.3, 1, 0, 0];
    const s = selectEncounter(library, { inTown: true }, storyteller, {})!;
    expect(library[0]!.branches[s.branch]!.id).toBe("story");
    expect(selectEncounter(library, {}, fighter, {})).toBeNull();
    // Both eligible: the encounter and branch with the best fit win; once-only encounters fire once.
    expect(library[selectEncounter(library, { inTown: true, onRoad: true }, fighter, {})!.encounter]!.id).toBe("ambush");
    expect(library[selectEncounter(library, { inTown: true, onRoad: true }, fighter, { ambush: true })!.encounter]!.id).toBe("trader");
  });

  it("rejects bad libraries with JSON paths", () => {
    expect(code(() => encountersFromJson({}))).toBe("NARRATIVE_BAD_INPUT $");
    expect(code(() => encountersFromJson([{ id: "a", branches: [] }]))).toBe("NARRATIVE_BAD_INPUT $[0].branches");
    expect(code(() => encountersFromJson([{ id: "a", branches: [{ id: "b", annotation: [1, 2] }] }]))).toBe("NARRATIVE_BAD_INPUT $[0].branches[0].annotation");
    expect(
      code(() =>
        encountersFromJson([
          { id: "a", branches: [{ id: "b", annotation: [0, 0, 0, 0, 0], parameters: { x: [{ value: null, annotation: [0, 0, 0, 0, 0] }] } }] },
        ]),
      ),
    ).toBe("NARRATIVE_BAD_INPUT $[0].branches[0].parameters.x[0].value");
    expect(code(() => selectEncounter(library, {}, [1], {}))).toBe("INVALID_ARGUMENT style");
  });
});

describe("planning-generated alternatives (chapter 42)", () => {
  const domain = `
    (:objects (character red, wolf, granny, grendel))
    (:action eat :parameters (character ?p, character ?v) :preconditions (predator(?p) and alive(?p) and alive(?v)) :effects (eaten(?v) and not alive(?v)))
    (:action appear :parameters (character ?m) :preconditions (offstage(?m)) :effects (predator(?m) and alive(?m) and not offstage(?m)))
    (:action resurrect :parameters (character ?c) :preconditions (dead(?c)) :effects (alive(?c) and not dead(?c)))`;

  it("the wolf is dead: the goal is unreachable without repairs, and Grendel or the fairy's resurrection restore it", () => {
    const now = ["predator(wolf)", "dead(wolf)", "alive(red)", "alive(granny)", "offstage(grendel)"];
    const r = findStoryAlternatives(domain, now, ["eaten(granny)"], { k: 2, repairs: ["appear", "resurrect"] });
    expect(r.unreachable).toBe(true);
    expect(r.alternatives.map((a) => a.actions).sort()).toEqual([
      ["appear(grendel)", "eat(grendel, granny)"],
      ["resurrect(wolf)", "eat(wolf, granny)"],
    ]);
    // The simple objective picks among them: a Fighter gets Grendel (Eq. 42.2–42.3).
    const annotate = (a: { repairs: string[] }) => (a.repairs[0] === "appear(grendel)" ? [0.9, 0, 0, 0, 0] : [0, 0, 0.9, 0, 0]);
    const choice = selectByStyle(r.alternatives.map(annotate), [0.9, 0.2, 0.1, 0.4, 0.3]);
    expect(r.alternatives[choice.index]!.repairs).toEqual(["appear(grendel)"]);
    expect(choice.scores.map((s) => +s.toFixed(2)).sort()).toEqual([0.09, 0.81]);
  });

  it("the wolf alive: reachable without repairs", () => {
    const now = ["predator(wolf)", "alive(wolf)", "alive(granny)", "offstage(grendel)"];
    const r = findStoryAlternatives(domain, now, ["eaten(granny)"], { k: 1, repairs: ["appear", "resurrect"] });
    expect(r.unreachable).toBe(false);
    expect(r.alternatives[0]!.actions).toEqual(["eat(wolf, granny)"]);
    expect(code(() => findStoryAlternatives(domain, now, ["eaten(granny)"], { k: 0 }))).toBe("INVALID_ARGUMENT options.k");
  });
});
