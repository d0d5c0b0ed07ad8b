import { fail, jsonPathKey } from "../internal/fail.js";
import type { Grammar } from "./types.js";

/** @internal */
export interface ActionPart {
  kind: "action";
  key: string;
  /** null = POP */
  value: Part[] | null;
}

/** @internal */
export interface TagPart {
  kind: "tag";
  symbol: string;
  modifiers: string[];
  actions: ActionPart[];
}

/** @internal */
export type Part = string | ActionPart | TagPart;

/** @internal */
export interface CompiledGrammar {
  rules: Record<string, { parts: Part[]; weight: number }[]>;
  /** Per symbol: true when all weights are equal. */
  uniform: Record<string, boolean>;
  weights: Record<string, number[]>;
}

/** Built-in modifiers, as in Tracery's base English set. @internal */
export const MODIFIERS: Record<string, (s: string) => string> = {
  capitalize: (s) => s.charAt(0).toUpperCase() + s.slice(1),
  capitalizeAll: (s) => s.replace(/(^|[^\p{L}\p{N}'])(\p{L})/gu, (_m, a: string, b: string) => a + b.toUpperCase()),
  s: (s) => {
    if (/(s|x|z|ch|sh)$/i.test(s)) return `${s}es`;
    if (/[^aeiou]y$/i.test(s)) return `${s.slice(0, -1)}ies`;
    return `${s}s`;
  },
  a: (s) => (/^[aeiou]/i.test(s) ? `an ${s}` : `a ${s}`),
  ed: (s) => {
    if (/e$/i.test(s)) return `${s}d`;
    if (/[^aeiou]y$/i.test(s)) return `${s.slice(0, -1)}ied`;
    return `${s}ed`;
  },
  inQuotes: (s) => `"${s}"`,
};

interface Where {
  fn: string;
  path: string;
}

function bad(w: Where, msg: string): never {
  return fail("NARRATIVE_GRAMMAR", w.fn, `${w.path}: ${msg}`, w.path);
}

/** Index of the `]` closing the `[` at `i`. */
function closeBracket(text: string, i: number, w: Where): number {
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const c = text[j];
    if (c === "\\") j++;
    else if (c === "[") depth++;
    else if (c === "]" && --depth === 0) return j;
  }
  return bad(w, `unclosed "[" at column ${i + 1} of ${JSON.stringify(text)}.`);
}

/** Index of the `#` closing the tag opened at `i` (brackets inside are skipped). */
function closeTag(text: string, i: number, w: Where): number {
  let depth = 0;
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === "\\") j++;
    else if (c === "[") depth++;
    else if (c === "]") depth--;
    else if (c === "#" && depth === 0) return j;
  }
  return bad(w, `unclosed "#" at column ${i + 1} of ${JSON.stringify(text)}; write \\\\# for a literal #.`);
}

function parseAction(inner: string, w: Where): ActionPart {
  const colon = inner.indexOf(":");
  if (colon <= 0) bad(w, `action [${inner}] must be [key:rule] or [key:POP].`);
  const key = inner.slice(0, colon);
  const rest = inner.slice(colon + 1);
  return { kind: "action", key, value: rest === "POP" ? null : compileText(rest, w) };
}

function parseTag(inner: string, w: Where): TagPart {
  const actions: ActionPart[] = [];
  let k = 0;
  while (inner[k] === "[") {
    const j = closeBracket(inner, k, w);
    actions.push(parseAction(inner.slice(k + 1, j), w));
    k = j + 1;
  }
  const [symbol = "", ...modifiers] = inner.slice(k).split(".");
  for (const m of modifiers) if (MODIFIERS[m] === undefined) bad(w, `unknown modifier ".${m}" in #${inner}#; known: ${Object.keys(MODIFIERS).join(", ")}.`);
  return { kind: "tag", symbol, modifiers, actions };
}

/** Deepest `[` nesting a rule may use (deeper text is rejected at load, before any recursion). @internal */
export const MAX_GRAMMAR_NESTING = 32;

/** Compiles one rule text. @internal */
export function compileText(text: string, w: Where): Part[] {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "[" && ++depth > MAX_GRAMMAR_NESTING) bad(w, `actions nest deeper than ${MAX_GRAMMAR_NESTING} levels of "[".`);
    else if (c === "]") depth--;
  }
  const parts: Part[] = [];
  let lit = "";
  const flush = (): void => {
    if (lit !== "") parts.push(lit);
    lit = "";
  };
  for (let i = 0; i < text.length;) {
    const c = text[i]!;
    if (c === "\\" && i + 1 < text.length) {
      lit += text[i + 1];
      i += 2;
    } else if (c === "[") {
      const j = closeBracket(text, i, w);
      flush();
      parts.push(parseAction(text.slice(i + 1, j), w));
      i = j + 1;
    } else if (c === "#") {
      const j = closeTag(text, i, w);
      flush();
      parts.push(parseTag(text.slice(i + 1, j), w));
      i = j + 1;
    } else {
      lit += c;
      i++;
    }
  }
  flush();
  return parts;
}

function collect(parts: readonly Part[], refs: Set<string>, keys: Set<string>): void {
  for (const p of parts) {
    if (typeof p === "string") continue;
    if (p.kind === "action") {
      keys.add(p.key);
      if (p.value) collect(p.value, refs, keys);
    } else {
      if (p.symbol !== "") refs.add(p.symbol);
      collect(p.actions, refs, keys);
    }
  }
}

/**
 * Compiles a grammar and checks that every symbol can terminate: a symbol whose every rule needs
 * a symbol that can never finish throws `NARRATIVE_GRAMMAR` naming it. Keys set by actions and
 * undefined symbols count as terminating (they are filled at run time or written as `((name))`).
 * @internal
 */
export function compileGrammar(grammar: Grammar, fn: string): CompiledGrammar {
  // Null-prototype records: a tag such as #constructor# or #toString# is an ordinary (missing) symbol.
  const rules = Object.create(null) as CompiledGrammar["rules"];
  const uniform = Object.create(null) as Record<string, boolean>;
  const weights = Object.create(null) as Record<string, number[]>;
  const refsOf = Object.create(null) as Record<string, Set<string>[]>;
  const actionKeys = new Set<string>();
  for (const [symbol, list] of Object.entries(grammar.symbols)) {
    rules[symbol] = list.map((r, i) => ({ parts: compileText(r.text, { fn, path: `${jsonPathKey("$", symbol)}[${i}]` }), weight: r.weight }));
    weights[symbol] = list.map((r) => r.weight);
    uniform[symbol] = list.every((r) => r.weight === list[0]!.weight);
    refsOf[symbol] = rules[symbol].map((r) => {
      const refs = new Set<string>();
      collect(r.parts, refs, actionKeys);
      return refs;
    });
  }
  // Worklist: a rule is ready when every symbol it references can finish; a symbol can finish
  // when one of its rules is ready. O(references), whatever the order of the symbols.
  const done = new Set<string>();
  const waiting = new Map<string, { symbol: string; rule: number }[]>();
  const missing = Object.create(null) as Record<string, number[]>;
  const queue: string[] = [];
  const finish = (symbol: string): void => {
    if (done.has(symbol)) return;
    done.add(symbol);
    queue.push(symbol);
  };
  for (const symbol of Object.keys(rules)) {
    missing[symbol] = refsOf[symbol]!.map((refs, rule) => {
      let n = 0;
      for (const r of refs) {
        if (actionKeys.has(r) || rules[r] === undefined) continue;
        n++;
        let list = waiting.get(r);
        if (list === undefined) waiting.set(r, (list = []));
        list.push({ symbol, rule });
      }
      return n;
    });
    if (missing[symbol].some((n) => n === 0)) finish(symbol);
  }
  while (queue.length > 0) {
    const s = queue.pop()!;
    for (const w of waiting.get(s) ?? []) if (--missing[w.symbol]![w.rule]! === 0) finish(w.symbol);
  }
  const never = Object.keys(rules).filter((s) => !done.has(s));
  if (never.length > 0) {
    fail(
      "NARRATIVE_GRAMMAR",
      fn,
      `symbol${never.length > 1 ? "s" : ""} ${never.map((s) => `"${s}"`).join(", ")} can never finish expanding (every rule recurses without end); give each a rule that terminates.`,
      jsonPathKey("$", never[0]!),
    );
  }
  return { rules, uniform, weights };
}
