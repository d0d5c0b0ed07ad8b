const name = { type: "string", minLength: 1, description: "Optional node name (traces; hint name for selector children)." } as const;
const scalar = { type: ["number", "boolean", "string"] } as const;
const ops = { enum: ["<", "<=", "==", "!=", ">=", ">"] } as const;
const hintValue = { enum: ["positive", "negative", "neutral"] } as const;
const node = { $ref: "#/$defs/node" } as const;
const children = { type: "array", minItems: 1, items: node } as const;
const args = { type: "object", description: "Arguments passed to the bound function." } as const;
const watch = { type: "array", items: { type: "string", minLength: 1 } } as const;
const duration = { type: "number", minimum: 0, description: "Seconds of tree time." } as const;

/**
 * The JSON Schema (draft 2020-12) of {@link BehaviorTreeDefinition}, version 1, as a plain
 * object: hand it to any JSON Schema validator or editor. {@link validateBehaviorTree} checks the
 * same rules (plus that bound names and blackboard keys exist) and reports errors by JSON path.
 * The same document ships in the package as `schema/behavior-tree.schema.json`.
 */
export const behaviorTreeJsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://tactica.dev/schema/behavior-tree-1.json",
  title: "Tactica behaviour tree",
  type: "object",
  required: ["version", "root"],
  additionalProperties: false,
  properties: { version: { const: 1 }, root: node },
  $defs: {
    node: {
      type: "object",
      required: ["type"],
      properties: {
        type: {
          enum: [
            "sequence",
            "selector",
            "shuffle",
            "randomSelector",
            "parallel",
            "race",
            "inverter",
            "succeed",
            "fail",
            "repeat",
            "retry",
            "cooldown",
            "timeout",
            "guard",
            "action",
            "condition",
            "compare",
            "set",
            "wait",
            "hinter",
            "hintCondition",
          ],
        },
      },
      oneOf: [
        { $ref: "#/$defs/composite" },
        { $ref: "#/$defs/parallel" },
        { $ref: "#/$defs/race" },
        { $ref: "#/$defs/simpleDecorator" },
        { $ref: "#/$defs/repeat" },
        { $ref: "#/$defs/retry" },
        { $ref: "#/$defs/timedDecorator" },
        { $ref: "#/$defs/guard" },
        { $ref: "#/$defs/action" },
        { $ref: "#/$defs/condition" },
        { $ref: "#/$defs/compare" },
        { $ref: "#/$defs/set" },
        { $ref: "#/$defs/wait" },
        { $ref: "#/$defs/hinter" },
        { $ref: "#/$defs/hintCondition" },
      ],
    },
    composite: {
      type: "object",
      required: ["type", "children"],
      additionalProperties: false,
      properties: { type: { enum: ["sequence", "selector", "shuffle", "randomSelector"] }, name, children, memory: { type: "boolean" } },
    },
    parallel: {
      type: "object",
      required: ["type", "children"],
      additionalProperties: false,
      properties: {
        type: { const: "parallel" },
        name,
        children,
        success: { enum: ["all", "one"] },
        failure: { enum: ["all", "one"] },
        memory: { type: "boolean" },
      },
    },
    race: { type: "object", required: ["type", "children"], additionalProperties: false, properties: { type: { const: "race" }, name, children } },
    simpleDecorator: {
      type: "object",
      required: ["type", "child"],
      additionalProperties: false,
      properties: { type: { enum: ["inverter", "succeed", "fail"] }, name, child: node },
    },
    repeat: {
      type: "object",
      required: ["type", "child"],
      additionalProperties: false,
      properties: { type: { const: "repeat" }, name, child: node, count: { type: "integer", minimum: 1 } },
    },
    retry: {
      type: "object",
      required: ["type", "child"],
      additionalProperties: false,
      properties: { type: { const: "retry" }, name, child: node, attempts: { type: "integer", minimum: 1 } },
    },
    timedDecorator: {
      type: "object",
      required: ["type", "child", "duration"],
      additionalProperties: false,
      properties: { type: { enum: ["cooldown", "timeout"] }, name, child: node, duration },
    },
    guard: {
      type: "object",
      required: ["type", "child"],
      additionalProperties: false,
      properties: {
        type: { const: "guard" },
        name,
        child: node,
        condition: { type: "string", minLength: 1 },
        args,
        key: { type: "string", minLength: 1 },
        op: ops,
        value: scalar,
        abort: { enum: ["none", "self", "lowerPriority", "both"] },
        watch,
      },
      oneOf: [{ required: ["condition"] }, { required: ["key", "value"] }],
    },
    action: {
      type: "object",
      required: ["type", "action"],
      additionalProperties: false,
      properties: { type: { const: "action" }, name, action: { type: "string", minLength: 1 }, args },
    },
    condition: {
      type: "object",
      required: ["type", "condition"],
      additionalProperties: false,
      properties: { type: { const: "condition" }, name, condition: { type: "string", minLength: 1 }, args, watch },
    },
    compare: {
      type: "object",
      required: ["type", "key", "value"],
      additionalProperties: false,
      properties: { type: { const: "compare" }, name, key: { type: "string", minLength: 1 }, op: ops, value: scalar },
    },
    set: {
      type: "object",
      required: ["type", "key", "value"],
      additionalProperties: false,
      properties: { type: { const: "set" }, name, key: { type: "string", minLength: 1 }, value: scalar },
    },
    wait: { type: "object", required: ["type", "duration"], additionalProperties: false, properties: { type: { const: "wait" }, name, duration } },
    hinter: {
      type: "object",
      required: ["type", "hint", "value"],
      additionalProperties: false,
      properties: { type: { const: "hinter" }, name, hint: { type: "string", minLength: 1 }, value: hintValue },
    },
    hintCondition: {
      type: "object",
      required: ["type", "hint", "is"],
      additionalProperties: false,
      properties: { type: { const: "hintCondition" }, name, hint: { type: "string", minLength: 1 }, is: hintValue },
    },
  },
} as const;
