/**
 * JSON Schema (draft 2020-12) of {@link PlanningDomainJson}, also shipped as
 * `@tactica/planning/schema/planning-domain.schema.json` for editors. Literals are strings in the
 * text syntax; `domainFromJson` checks their meaning (known predicates, parameters, arities).
 */
export const planningDomainJsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://tactica.dev/schema/planning-domain.schema.json",
  title: "Tactica planning domain",
  type: "object",
  required: ["version", "actions"],
  additionalProperties: false,
  properties: {
    version: { const: 1 },
    predicates: { type: "array", items: { $ref: "#/$defs/literal" }, description: 'Declarations "name(type, …)"; empty: declared by first use.' },
    objects: {
      type: "array",
      items: {
        type: "object",
        required: ["name"],
        additionalProperties: false,
        properties: { name: { type: "string", minLength: 1 }, type: { type: "string", minLength: 1 } },
      },
    },
    actions: {
      type: "array",
      items: {
        type: "object",
        required: ["name"],
        additionalProperties: false,
        properties: {
          name: { type: "string", minLength: 1 },
          parameters: { type: "array", items: { type: "string", pattern: "^\\s*([^\\s?]+\\s+)?\\?\\S+\\s*$" } },
          cost: { type: "number", minimum: 0 },
          preconditions: { type: "array", items: { $ref: "#/$defs/literal" } },
          effects: { type: "array", items: { $ref: "#/$defs/literal" } },
        },
      },
    },
    initial: { type: "array", items: { $ref: "#/$defs/literal" } },
    goal: { type: "array", items: { $ref: "#/$defs/literal" } },
  },
  $defs: {
    literal: { type: "string", pattern: "^\\s*(not\\s+)?[A-Za-z0-9_\\-?:.'+]+\\s*(\\([^()]*\\))?\\s*$", description: '"pred(a, ?b)" or "not pred(a)"' },
  },
} as const;
