/** One fact or quality value: a number, a string or a flag. */
export type QualityValue = number | string | boolean;

/**
 * World state as plain data: quality or fact name → value. A missing name reads as `0`, `""` or
 * `false`, whichever matches the type of the value it is compared with.
 */
export type Qualities = Record<string, QualityValue>;

/** Comparison operators of a {@link Condition}. `<`, `<=`, `>`, `>=` compare numbers only. */
export type ConditionOp = "==" | "!=" | "<" | "<=" | ">" | ">=";

/** One precondition or rule criterion: `facts[key] op value`. */
export interface Condition {
  /** The quality or fact name. */
  key: string;
  /** The comparison. */
  op: ConditionOp;
  /** The value compared with. */
  value: QualityValue;
}

/** One effect of a storylet: `set` replaces the value, `add` adds a number to it (missing reads as 0). */
export interface Effect {
  /** The quality name. */
  key: string;
  /** `set` or `add`. */
  op: "set" | "add";
  /** The new value (`set`) or the amount (`add`, a number). */
  value: QualityValue;
}
