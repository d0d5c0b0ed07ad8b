import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { behaviorTreeJsonSchema, btNodeTypes, validateBehaviorTree } from "../src/index";

describe("published behaviour-tree JSON Schema", () => {
  it("ships as schema/behavior-tree.schema.json, identical to the exported const", () => {
    const file = JSON.parse(readFileSync(fileURLToPath(new URL("../schema/behavior-tree.schema.json", import.meta.url)), "utf8")) as unknown;
    expect(file).toEqual(JSON.parse(JSON.stringify(behaviorTreeJsonSchema)));
  });

  it("lists every node type the validator accepts, each with a definition", () => {
    expect([...behaviorTreeJsonSchema.$defs.node.properties.type.enum].sort()).toEqual([...btNodeTypes].sort());
    const covered = new Set<string>();
    for (const def of Object.values(behaviorTreeJsonSchema.$defs)) {
      const t = (def.properties as { type?: { enum?: readonly string[]; const?: string } }).type;
      if (t?.const) covered.add(t.const);
      for (const e of t?.enum ?? []) covered.add(e);
    }
    for (const t of btNodeTypes) expect(covered.has(t)).toBe(true);
  });

  it("each definition's allowed properties match the validator (unknown ones are rejected)", () => {
    for (const [name, def] of Object.entries(behaviorTreeJsonSchema.$defs)) {
      if (name === "node") continue;
      const t = (def.properties as { type: { enum?: readonly string[]; const?: string } }).type;
      const type = t.const ?? t.enum![0]!;
      const issues = validateBehaviorTree({ version: 1, root: { type, zzz: 1 } });
      expect(issues.some((i) => i.path === "$.root.zzz")).toBe(true);
      for (const prop of Object.keys(def.properties)) {
        const issues2 = validateBehaviorTree({ version: 1, root: { type, [prop]: null } });
        expect(issues2.some((i) => i.path === `$.root.${prop}` && /not a known property/.test(i.message))).toBe(false);
      }
    }
  });
});
