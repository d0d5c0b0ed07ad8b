/** One alternative of a grammar symbol: Tracery rule text and its relative weight. */
export interface GrammarRule {
  /** Rule text: literals, `#symbol.modifier#` tags, `[key:#rule#]` / `[key:POP]` actions, `\\` escapes. */
  text: string;
  /** Relative weight of the seeded pick (> 0). Default 1. */
  weight: number;
}

/** A validated grammar ({@link grammarFromJson}): symbol → its rules. Plain data; the interpreter keeps no state in it. */
export interface Grammar {
  /** Symbol name → alternatives. */
  symbols: Record<string, GrammarRule[]>;
}

/** Flags of a {@link GrammarExpansion}; every member is a distinct bit. */
export const GrammarFlags = {
  /** Expanded completely. */
  None: 0,
  /** The recursion cap (`maxDepth`) or expansion budget (`maxExpansions`) cut expansion short. */
  Truncated: 1,
  /** A tag named a symbol the grammar does not define (written as `((name))`). */
  MissingSymbol: 2,
} as const;

/** One expanded symbol in an expansion trace. */
export interface GrammarTraceNode {
  /** The symbol expanded. */
  symbol: string;
  /** Index of the rule picked, or -1 for a value pushed by an action (or a missing / cut symbol). */
  rule: number;
  /** The text it produced (before the tag's modifiers). */
  text: string;
  /** Symbols expanded inside it, in order. */
  children: GrammarTraceNode[];
}

/** Result of {@link expandGrammar}. */
export interface GrammarExpansion {
  /** The generated text. */
  text: string;
  /** {@link GrammarFlags} bits. */
  flags: number;
  /** Symbols expanded in total. */
  expansions: number;
  /** Root of the expansion trace (its `symbol` is `""`), when `options.trace` is true. */
  trace: GrammarTraceNode | null;
}

/** Options of {@link expandGrammar}. */
export interface ExpandGrammarOptions {
  /** Rule text to expand. Default `"#origin#"`. */
  start?: string;
  /** Nesting cap; deeper tags expand to `""` and set `Truncated`. Default 64. */
  maxDepth?: number;
  /** Cap on symbols expanded in one run; past it tags expand to `""` and set `Truncated`. Default 10,000. */
  maxExpansions?: number;
  /** Build the expansion trace. Default false. */
  trace?: boolean;
}
