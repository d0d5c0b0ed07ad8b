/** Comparison operators in rule conditions. */
export type RuleOp = "<" | "<=" | "==" | "!=" | ">=" | ">";

/**
 * One condition (LHS element): a fact compared with a constant (`value`) or with another fact
 * (`otherFact`), or a bound test function (`test`) that declares the facts it `reads` (without
 * `reads` it is re-evaluated every cycle).
 */
export type RuleCondition =
  | {
      /** Fact name. */
      fact: string;
      /** Operator (default `"=="`). */
      op?: RuleOp;
      /**
       * Constant to compare with (booleans count as 1/0). A string compares a symbolic fact (one
       * declared with a string initial value) with `==` or `!=` only.
       */
      value: number | boolean | string;
    }
  | {
      /** Fact name. */
      fact: string;
      /** Operator (default `"=="`). */
      op?: RuleOp;
      /** Other fact to compare with. */
      otherFact: string;
    }
  | {
      /** Name of a bound test. */
      test: string;
      /** Facts the test reads; it is re-evaluated only when one of them changes. */
      reads?: string[];
      /** Arguments for the test. */
      args?: Record<string, unknown>;
    };

/** One RHS step: set a fact, add to a fact, or call a bound action. */
export type RuleAction =
  | {
      /** Fact to set. */
      set: string;
      /** New value (a string for a symbolic fact). */
      value: number | boolean | string;
    }
  | {
      /** Fact to increment. */
      add: string;
      /** Amount (may be negative). */
      value: number;
    }
  | {
      /** Name of a bound action. */
      call: string;
      /** Arguments for it. */
      args?: Record<string, unknown>;
    };

/** A production rule. */
export interface RuleDefinition {
  /** Unique rule name. */
  name: string;
  /** Conditions, all of which must hold (an empty list always matches). */
  when: RuleCondition[];
  /** Actions run when the rule fires. */
  then: RuleAction[];
  /** Salience: higher fires first under the `"salience"` strategy (default 0). */
  salience?: number;
  /** Selection weight for the `"weighted"` strategy and weight training (default 1, ≥ 0). */
  weight?: number;
  /** When a unique rule matches, only unique rules may be selected (chapter 9). */
  unique?: boolean;
}

/**
 * Conflict-resolution strategy: `"salience"` (highest salience, then database order),
 * `"order"` (first matching rule in database order: greedy), `"random"` (seeded uniform among
 * matches), `"weighted"` (seeded, proportional to rule weight), `"recency"` (the rule whose
 * conditions saw the most recent fact change, then salience), `"specificity"` (the rule with
 * the most conditions, all holding; ties by a seeded pick proportional to rule weight: Valve's
 * dynamic dialog rule query, see `queryRules`).
 */
export type ConflictStrategy = "salience" | "order" | "random" | "weighted" | "recency" | "specificity";

/** A rule base: facts (working-memory slots), rules and policies. Plain JSON. */
export interface RuleBaseDefinition {
  /** Schema version; must be 1. */
  version: 1;
  /**
   * Fact names with their initial values. A string initial value makes the fact symbolic: it
   * holds strings (interned to numbers by the compiled engine), and conditions compare it with
   * `==` / `!=` only.
   */
  facts: Record<string, number | boolean | string>;
  /** Rules in database order. */
  rules: RuleDefinition[];
  /** Conflict-resolution strategy (default `"salience"`). */
  strategy?: ConflictStrategy;
  /** Refraction: a rule fires once per match and not again until its match breaks (default true). */
  refraction?: boolean;
  /** Name of the default rule to run when nothing matches (its conditions are ignored). */
  fallback?: string;
  /**
   * Symbolic fact that indexes rules for `queryRules` (e.g. `"concept"`): rules whose first
   * `==` condition on it names a constant are bucketed by that value, so a query only tests the
   * rules of the current value plus the rules that do not constrain it.
   */
  keyFact?: string;
}
