/**
 * A fuzzy set. Points are in the variable's units:
 * `triangle` [left, peak, right]; `trapezoid` [left, top-left, top-right, right];
 * `leftShoulder` [left, peak, right] — 1 from left to peak, falling to 0 at right;
 * `rightShoulder` [left, peak, right] — 0 at left, rising to 1 at peak, 1 up to right;
 * `singleton` [x] or [left, x, right] — 1 on [left, right] (just x for one point), 0 elsewhere.
 * The representative value (max-average defuzzification) is the peak, the middle of the
 * plateau, or x.
 */
export interface FuzzySetDefinition {
  /** Shape. */
  type: "triangle" | "trapezoid" | "leftShoulder" | "rightShoulder" | "singleton";
  /** Defining points, non-decreasing. */
  points: number[];
}

/** A linguistic variable: named fuzzy sets over a range. */
export interface FuzzyVariableDefinition {
  /** Sets by name, in order (a FAM's rows/columns follow this order). */
  sets: Record<string, FuzzySetDefinition>;
  /** Range `[min, max]` (default: the sets' extreme points). Inputs are clamped into it. */
  range?: [number, number];
}

/** A rule antecedent: an atom (`var` is `is`), a combination, or a hedge. */
export type FuzzyExpression =
  | {
      /** Variable name. */
      var: string;
      /** Set name of that variable. */
      is: string;
    }
  | {
      /** All must hold: minimum. */
      and: FuzzyExpression[];
    }
  | {
      /** Any may hold: maximum. */
      or: FuzzyExpression[];
    }
  | {
      /** Complement: 1 − x. */
      not: FuzzyExpression;
    }
  | {
      /** Hedge "very": x². */
      very: FuzzyExpression;
    }
  | {
      /** Hedge "fairly" (somewhat): √x. */
      fairly: FuzzyExpression;
    };

/** A fuzzy rule: IF antecedent THEN output variable is set (its strength scaled by `weight`). */
export interface FuzzyRuleDefinition {
  /** Antecedent. */
  if: FuzzyExpression;
  /** Consequent. */
  then: {
    /** Output variable. */
    var: string;
    /** Set of the output variable. */
    is: string;
  };
  /** Weight in [0, 1] multiplying the firing strength (default 1). */
  weight?: number;
}

/**
 * A fuzzy associative memory: a table over two input variables whose cell `[i][j]` names the
 * output set for "input0 is set i AND input1 is set j" (null = no rule).
 */
export interface FuzzyFamDefinition {
  /** The two input variables (rows, columns). */
  inputs: [string, string];
  /** The output variable. */
  output: string;
  /** Output set names, rows × columns in the variables' set order. */
  table: (string | null)[][];
}

/** A fuzzy-logic system: variables, rules and FAMs. Plain JSON. */
export interface FuzzySystemDefinition {
  /** Schema version; must be 1. */
  version: 1;
  /** Variables by name. */
  variables: Record<string, FuzzyVariableDefinition>;
  /** Rules. */
  rules?: FuzzyRuleDefinition[];
  /** Fuzzy associative memories (compiled to AND rules). */
  fams?: FuzzyFamDefinition[];
}

/** Defuzzification methods: centroid (sampled), mean of maximum (sampled), max-average (representative values). */
export type DefuzzifyMethod = "centroid" | "meanOfMaximum" | "maxAverage";
