import type { FuzzySystemDefinition } from "../src/index";

/** Buckland's rocket-launcher desirability (Programming Game AI by Example), as a FAM. */
export const weaponDesirability: FuzzySystemDefinition = {
  version: 1,
  variables: {
    distance: {
      sets: {
        close: { type: "leftShoulder", points: [0, 25, 150] },
        medium: { type: "triangle", points: [25, 150, 300] },
        far: { type: "rightShoulder", points: [150, 300, 1000] },
      },
    },
    ammo: {
      sets: {
        low: { type: "triangle", points: [0, 0, 10] },
        okay: { type: "triangle", points: [0, 10, 30] },
        loads: { type: "rightShoulder", points: [10, 30, 100] },
      },
    },
    desirability: {
      sets: {
        undesirable: { type: "leftShoulder", points: [0, 25, 50] },
        desirable: { type: "triangle", points: [25, 50, 75] },
        veryDesirable: { type: "rightShoulder", points: [50, 75, 100] },
      },
    },
  },
  fams: [
    {
      inputs: ["distance", "ammo"],
      output: "desirability",
      table: [
        ["undesirable", "undesirable", "undesirable"],
        ["desirable", "veryDesirable", "veryDesirable"],
        ["undesirable", "undesirable", "desirable"],
      ],
    },
  ],
};
