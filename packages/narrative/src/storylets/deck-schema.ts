const value = { oneOf: [{ type: "number" }, { type: "string" }, { type: "boolean" }] };

/**
 * JSON Schema (draft 2020-12) of a storylet deck file (`{ version: 2, storylets: [...] }`), also
 * shipped as `@tactica/narrative/schema/storylet-deck.schema.json` for editors. It checks shapes;
 * {@link storyletDeckFromJson} also checks meaning (unique ids, numeric values for `<`…`>=` and
 * `add`, finite numbers) and migrates version 1 decks (their `cooldown` is `cooldownPlays`).
 *
 * @example
 * ```ts
 * storyletDeckJsonSchema.properties.version.const;                                   // → 2
 * Object.keys(storyletDeckJsonSchema.$defs.storylet.properties).includes("salience"); // → true
 * ```
 */
export const storyletDeckJsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://tactica.dev/schema/storylet-deck.schema.json",
  title: "Tactica storylet deck",
  type: "object",
  required: ["version", "storylets"],
  properties: {
    version: { const: 2 },
    storylets: { type: "array", items: { $ref: "#/$defs/storylet" } },
  },
  $defs: {
    value,
    condition: {
      type: "object",
      required: ["key", "op", "value"],
      properties: {
        key: { type: "string", minLength: 1, description: 'Quality name; a missing quality reads as 0, "" or false.' },
        op: { enum: ["==", "!=", "<", "<=", ">", ">="] },
        value,
      },
    },
    effect: {
      type: "object",
      required: ["key", "op", "value"],
      properties: {
        key: { type: "string", minLength: 1 },
        op: { enum: ["set", "add"] },
        value,
      },
    },
    storylet: {
      type: "object",
      required: ["id"],
      properties: {
        id: { type: "string", minLength: 1, not: { const: "__proto__" }, description: "Unique within the deck." },
        conditions: { type: "array", items: { $ref: "#/$defs/condition" } },
        effects: { type: "array", items: { $ref: "#/$defs/effect" } },
        salience: { type: "number", default: 0 },
        weight: { type: "number", exclusiveMinimum: 0, default: 1 },
        cooldownPlays: {
          type: "integer",
          minimum: 0,
          default: 0,
          description: "Plays after a play during which the storylet is not eligible (counted in plays, not seconds; version 1 called it cooldown).",
        },
        once: { type: "boolean", default: false },
        tags: { type: "array", items: { type: "string" } },
        content: { type: "string", default: "" },
      },
    },
  },
} as const;
