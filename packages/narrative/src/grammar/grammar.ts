import { createRng, describeValue, rngInt, rngWeightedPick, TacticaError, type Rng } from "@tactica/core";
import { checkOptions, fail, isFiniteNumber, isRecord, jsonPathKey, MAX_JSON_LIST } from "../internal/fail.js";
import { compileGrammar, compileText, MODIFIERS, type ActionPart, type CompiledGrammar, type Part } from "./compile.js";
import { GrammarFlags, type ExpandGrammarOptions, type Grammar, type GrammarExpansion, type GrammarRule, type GrammarTraceNode } from "./types.js";

const compiled = new WeakMap<Grammar, CompiledGrammar>();

function compiledOf(grammar: Grammar, fn: string): CompiledGrammar {
  let c = compiled.get(grammar);
  if (c === undefined) {
    c = compileGrammar(grammar, fn);
    compiled.set(grammar, c);
  }
  return c;
}

/**
 * Validates a Tracery-style grammar: `{ symbol: "rule" | ["rule", { text: "rule", weight: 3 }, …] }`.
 * Throws `TacticaError` `NARRATIVE_GRAMMAR` naming the symbol for malformed rules (unclosed `#` or
 * `[`, unknown modifiers, bad weights) and for symbols that can never finish expanding.
 *
 * @param json - Parsed Tracery JSON: symbol → a rule string or an array of rules (strings or `{ text, weight > 0 }`). Validated in full,
 *   including termination.
 * @example
 * ```ts
 * try { grammarFromJson({ origin: "#loop#", loop: ["again #loop#"] }); }
 * catch (e) { isTacticaError(e, "NARRATIVE_GRAMMAR"); } // → true: "loop" (and "origin") never terminate
 * ```
 */
export function grammarFromJson(json: unknown): Grammar {
  const FN = "grammarFromJson";
  if (!isRecord(json)) fail("NARRATIVE_GRAMMAR", FN, "expected an object of symbol → rule or rules.", "$");
  const symbols: Record<string, GrammarRule[]> = {};
  for (const [symbol, value] of Object.entries(json)) {
    if (symbol === "" || symbol === "__proto__" || /[#[\].:\\]/.test(symbol))
      fail("NARRATIVE_GRAMMAR", FN, `symbol name ${describeValue(symbol)} may not be empty or contain # [ ] . : \\.`, jsonPathKey("$", symbol));
    if (Array.isArray(value) && value.length > MAX_JSON_LIST)
      fail("NARRATIVE_GRAMMAR", FN, `symbol ${describeValue(symbol)} has ${value.length} rules; at most ${MAX_JSON_LIST}.`, jsonPathKey("$", symbol));
    // Array.from visits holes (refused below as neither string nor rule), map would skip them.
    const list = Array.isArray(value) ? Array.from(value as unknown[]) : [value];
    if (list.length === 0) fail("NARRATIVE_GRAMMAR", FN, `symbol "${symbol}" has no rules; give it at least one.`, jsonPathKey("$", symbol));
    symbols[symbol] = list.map((r: unknown, i): GrammarRule => {
      if (typeof r === "string") return { text: r, weight: 1 };
      if (isRecord(r) && typeof r.text === "string" && (r.weight === undefined || (isFiniteNumber(r.weight) && r.weight > 0)))
        return { text: r.text, weight: r.weight ?? 1 };
      return fail("NARRATIVE_GRAMMAR", FN, `${symbol}[${i}] must be a string or { text, weight > 0 }.`, `${jsonPathKey("$", symbol)}[${i}]`);
    });
  }
  const grammar: Grammar = { symbols };
  compiled.set(grammar, compileGrammar(grammar, FN));
  return grammar;
}

/**
 * The grammar as Tracery JSON (a rule of weight 1 as a bare string) that {@link grammarFromJson} reads back.
 * @param grammar - The grammar to copy; read only.
 */
export function grammarToJson(grammar: Grammar): Record<string, (string | { text: string; weight: number })[]> {
  const out: Record<string, (string | { text: string; weight: number })[]> = {};
  for (const [s, rules] of Object.entries(grammar.symbols)) out[s] = rules.map((r) => (r.weight === 1 ? r.text : { text: r.text, weight: r.weight }));
  return out;
}

/**
 * Parses grammar JSON text; bad JSON throws `PARSE_ERROR`, a bad grammar `NARRATIVE_GRAMMAR`.
 * @param text - JSON text of a Tracery grammar (e.g. a file's contents); bad JSON reports its line.
 */
export function parseGrammar(text: string): Grammar {
  if (typeof text !== "string") fail("PARSE_ERROR", "parseGrammar", `expected the grammar's JSON text, got ${describeValue(text)}.`, "text");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    const message = (cause as Error).message;
    const at = /position (\d+)/.exec(message);
    const line = at ? text.slice(0, Number(at[1])).split("\n").length : text.split("\n").length;
    throw new TacticaError("PARSE_ERROR", `@tactica/narrative: parseGrammar: the text is not JSON (line ${line}: ${message}).`, { cause, line });
  }
  return grammarFromJson(json);
}

/**
 * Formats a grammar as indented JSON text for {@link parseGrammar}.
 * @param grammar - The grammar to format; read only.
 */
export function formatGrammar(grammar: Grammar): string {
  return JSON.stringify(grammarToJson(grammar), null, 2);
}

interface Run {
  g: CompiledGrammar;
  rng: Rng;
  stacks: Record<string, string[]>;
  flags: number;
  expansions: number;
  maxDepth: number;
  maxExpansions: number;
  trace: boolean;
}

function runAction(run: Run, a: ActionPart, depth: number, node: GrammarTraceNode | null): boolean {
  if (a.value === null) {
    run.stacks[a.key]?.pop();
    return false;
  }
  const text = expandParts(run, a.value, depth, node);
  (run.stacks[a.key] ??= []).push(text);
  return true;
}

function expandSymbol(run: Run, symbol: string, depth: number, parent: GrammarTraceNode | null): string {
  const node: GrammarTraceNode | null = run.trace ? { symbol, rule: -1, text: "", children: [] } : null;
  if (parent && node) parent.children.push(node);
  let text: string;
  const stack = run.stacks[symbol];
  const rules = run.g.rules[symbol];
  if (stack !== undefined && stack.length > 0) text = stack[stack.length - 1]!;
  else if (rules === undefined) {
    run.flags |= GrammarFlags.MissingSymbol;
    text = `((${symbol}))`;
  } else if (depth > run.maxDepth || run.expansions >= run.maxExpansions) {
    run.flags |= GrammarFlags.Truncated;
    text = "";
  } else {
    run.expansions++;
    const i = rules.length === 1 ? 0 : run.g.uniform[symbol] ? rngInt(run.rng, 0, rules.length - 1) : rngWeightedPick(run.rng, run.g.weights[symbol]!);
    if (node) node.rule = i;
    text = expandParts(run, rules[i]!.parts, depth, node);
  }
  if (node) node.text = text;
  return text;
}

function expandParts(run: Run, parts: readonly Part[], depth: number, node: GrammarTraceNode | null): string {
  let out = "";
  for (const p of parts) {
    if (typeof p === "string") out += p;
    else if (p.kind === "action") runAction(run, p, depth + 1, node);
    else {
      const pushed: string[] = [];
      for (const a of p.actions) if (runAction(run, a, depth + 1, node)) pushed.push(a.key);
      let s = p.symbol === "" ? "" : expandSymbol(run, p.symbol, depth + 1, node);
      for (const m of p.modifiers) s = MODIFIERS[m]!(s);
      for (let k = pushed.length - 1; k >= 0; k--) run.stacks[pushed[k]!]!.pop();
      out += s;
    }
  }
  return out;
}

/**
 * Level 1: expands `options.start` (default `"#origin#"`) with a seeded `rng`. Each tag picks one
 * of its symbol's rules by weight; `[key:#rule#]` pushes the expanded text as the value of `key`
 * (inside a tag, only for that tag; `[key:POP]` pops); modifiers `capitalize`, `capitalizeAll`,
 * `s`, `a`, `ed`, `inQuotes` apply in order. No state leaks between runs. The recursion cap sets
 * `GrammarFlags.Truncated` instead of throwing.
 *
 * @param grammar - The validated grammar from {@link grammarFromJson} or {@link parseGrammar}; read only.
 * @param rng - Generator; one weighted draw per symbol with several rules.
 * @param options - `start` (rule text to expand, default `"#origin#"`), `maxDepth` (nesting cap, default 64), `maxExpansions` (symbols per run,
 *   default 10,000) and `trace` (build the expansion tree, default false).
 * @example
 * ```ts
 * const grammar = grammarFromJson({
 *   origin: "#[hero:#name#]story#",
 *   story: "#hero# met #animal.a#. #hero.capitalize# ran.",
 *   name: ["ada", "bo"],
 *   animal: [{ text: "wolf", weight: 3 }, "owl"],
 * });
 * const result = expandGrammar(grammar, createRng(4), { trace: true });
 * result.text;                        // → "ada met a wolf. Ada ran."
 * result.flags === GrammarFlags.None;  // → true
 * result.trace?.children[0].children[0]; // → { symbol: "name", rule: 0, text: "ada", children: [] }
 * ```
 */
export function expandGrammar(grammar: Grammar, rng: Rng, options: ExpandGrammarOptions = {}): GrammarExpansion {
  checkOptions("expandGrammar", options);
  const FN = "expandGrammar";
  const g = compiledOf(grammar, FN);
  const maxDepth = options.maxDepth ?? 64;
  const maxExpansions = options.maxExpansions ?? 10_000;
  if (!Number.isInteger(maxDepth) || maxDepth < 0)
    fail("INVALID_ARGUMENT", FN, `options.maxDepth must be an integer ≥ 0, got ${maxDepth}.`, "options.maxDepth");
  if (!Number.isInteger(maxExpansions) || maxExpansions < 0)
    fail("INVALID_ARGUMENT", FN, `options.maxExpansions must be an integer ≥ 0, got ${maxExpansions}.`, "options.maxExpansions");
  const start = options.start ?? "#origin#";
  const parts = startParts(start);
  const run: Run = {
    g,
    rng,
    stacks: Object.create(null) as Record<string, string[]>,
    flags: 0,
    expansions: 0,
    maxDepth,
    maxExpansions,
    trace: options.trace === true,
  };
  const root: GrammarTraceNode | null = run.trace ? { symbol: "", rule: -1, text: "", children: [] } : null;
  const text = expandParts(run, parts, 0, root);
  if (root) root.text = text;
  return { text, flags: run.flags, expansions: run.expansions, trace: root };
}

const startCache = new Map<string, Part[]>();
function startParts(start: string): Part[] {
  let p = startCache.get(start);
  if (p === undefined) {
    p = compileText(start, { fn: "expandGrammar", path: "options.start" });
    if (startCache.size > 256) startCache.clear();
    startCache.set(start, p);
  }
  return p;
}

/** Result of {@link generateAccepted}. */
export interface GenerateAcceptedResult {
  /** The first accepted text, or the last one tried when none was accepted. */
  text: string;
  /** Whether `accept` returned true. */
  accepted: boolean;
  /** Expansions tried. */
  tries: number;
}

/**
 * Generate-and-test: expands until `accept(text)` holds or `maxTries` (default 100) runs were
 * made. `tries` over many calls estimates the acceptance rate (1 / mean tries).
 * @param grammar - The validated grammar; read only.
 * @param accept - Test of a generated text; generation stops at the first text it returns true for.
 * @param rng - Generator; advanced by every expansion tried.
 * @param options - `maxTries` (integer >= 1, default 100) plus the {@link expandGrammar} options (`start`, `maxDepth`, `maxExpansions`,
 *   `trace`).
 */
export function generateAccepted(
  grammar: Grammar,
  accept: (text: string) => boolean,
  rng: Rng,
  options: ExpandGrammarOptions & { maxTries?: number } = {},
): GenerateAcceptedResult {
  const maxTries = options.maxTries ?? 100;
  if (!Number.isInteger(maxTries) || maxTries < 1)
    fail("INVALID_ARGUMENT", "generateAccepted", `options.maxTries must be an integer ≥ 1, got ${maxTries}.`, "options.maxTries");
  let text = "";
  for (let tries = 1; tries <= maxTries; tries++) {
    text = expandGrammar(grammar, rng, options).text;
    if (accept(text)) return { text, accepted: true, tries };
  }
  return { text, accepted: false, tries: maxTries };
}

const jsonCache = new WeakMap<object, Grammar>();

/**
 * Level 2: one line of text from Tracery JSON and a seed. The validated grammar is cached per
 * JSON object (a WeakMap), so calling it again with the same object does not re-check it. In a
 * loop, use {@link grammarFromJson} once and {@link expandGrammar} with one `Rng`.
 * `options.start` is the start symbol (default `"#origin#"`).
 *
 * @param json - Tracery JSON object; validated on first use and cached per object, so later edits to it are not seen.
 * @param seed - Seed of a fresh `Rng` for this call; the same seed gives the same text.
 * @param options - `start`: rule text to expand. Left out: `"#origin#"`.
 * @example
 * ```ts
 * const tavern = { origin: "The #adj# #noun#", adj: ["Prancing", "Rusty"], noun: ["Pony", "Anchor"] };
 * generateText(tavern, 7); // → "The Rusty Pony" (the same for the same seed)
 * ```
 */
export function generateText(json: object, seed: number | string, options: { readonly start?: string } = {}): string {
  checkOptions("generateText", options);
  const start = options.start ?? "#origin#";
  let grammar = jsonCache.get(json);
  if (grammar === undefined) {
    grammar = grammarFromJson(json);
    jsonCache.set(json, grammar);
  }
  return expandGrammar(grammar, createRng(seed), { start }).text;
}
