const factName = { type: "string", minLength: 1 } as const;
const ops = { enum: ["<", "<=", "==", "!=", ">=", ">"] } as const;
const args = { type: "object", description: "Arguments passed to the bound function." } as const;

/**
 * The JSON Schema (draft 2020-12) of {@link RuleBaseDefinition}, version 1, as a plain object:
 * hand it to any JSON Schema validator or editor. {@link validateRuleBase} checks the same shape
 * plus what a schema cannot say (declared facts, bound names, symbolic facts compared with
 * strings and `==`/`!=` only, a symbolic `keyFact`) and reports errors by JSON path. The same
 * document ships in the package as `schema/rule-base.schema.json`.
 */
export const ruleBaseJsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://tactica.dev/schema/rule-base-1.json",
  title: "Tactica production-rule base",
  type: "object",
  required: ["version", "facts", "rules"],
  additionalProperties: false,
  properties: {
    version: { const: 1 },
    facts: {
      type: "object",
      description: "Fact names with initial values; a string makes the fact symbolic (compared with == and != only).",
      additionalProperties: { type: ["number", "boolean", "string"] },
    },
    rules: { type: "array", items: { $ref: "#/$defs/rule" } },
    strategy: { enum: ["salience", "order", "random", "weighted", "recency", "specificity"] },
    refraction: { type: "boolean" },
    fallback: { type: "string", minLength: 1, description: "Name of the rule to run when nothing matches." },
    keyFact: { type: "string", minLength: 1, description: "Symbolic fact whose == conditions bucket rules for queryRules." },
  },
  $defs: {
    rule: {
      type: "object",
      required: ["name", "when", "then"],
      additionalProperties: false,
      properties: {
        name: { type: "string", minLength: 1 },
        when: { type: "array", items: { $ref: "#/$defs/condition" } },
        then: { type: "array", items: { $ref: "#/$defs/action" } },
        salience: { type: "number" },
        weight: { type: "number", minimum: 0 },
        unique: { type: "boolean" },
      },
    },
    condition: {
      oneOf: [
        {
          type: "object",
          required: ["fact", "value"],
          additionalProperties: false,
          properties: { fact: factName, op: ops, value: { type: ["number", "boolean", "string"] } },
        },
        { type: "object", required: ["fact", "otherFact"], additionalProperties: false, properties: { fact: factName, op: ops, otherFact: factName } },
        {
          type: "object",
          required: ["test"],
          additionalProperties: false,
          properties: { test: { type: "string", minLength: 1 }, reads: { type: "array", items: factName }, args },
        },
      ],
    },
    action: {
      oneOf: [
        {
          type: "object",
          required: ["set", "value"],
          additionalProperties: false,
          properties: { set: factName, value: { type: ["number", "boolean", "string"] } },
        },
        { type: "object", required: ["add", "value"], additionalProperties: false, properties: { add: factName, value: { type: "number" } } },
        { type: "object", required: ["call"], additionalProperties: false, properties: { call: { type: "string", minLength: 1 }, args } },
      ],
    },
  },
} as const;
