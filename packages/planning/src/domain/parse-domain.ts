import { describeValue } from "@tactica/core";
import { checkOptions, planningError, PlanningErrorCodes, type ErrorWhere } from "../internal/errors";
import { ANY_TYPE, checkDomain } from "./validate-domain";
import type { PlanningAction, PlanningDomain, PlanningFact, PlanningLiteral, PlanningObject, PlanningParameter, PlanningPredicate } from "./types";

interface Token {
  text: string;
  line: number;
  column: number;
}

const FN = "parseDomain";

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let line = 1;
  let col = 1;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === "\n") {
      line++;
      col = 1;
      i++;
    } else if (ch === " " || ch === "\t" || ch === "\r") {
      i++;
      col++;
    } else if (ch === ";") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (ch === "(" || ch === ")" || ch === ",") {
      out.push({ text: ch, line, column: col });
      i++;
      col++;
    } else if (/[A-Za-z0-9_\-?:.'+]/.test(ch)) {
      const start = i;
      while (i < text.length && /[A-Za-z0-9_\-?:.'+]/.test(text[i]!)) i++;
      out.push({ text: text.slice(start, i), line, column: col });
      col += i - start;
    } else {
      throw planningError(PlanningErrorCodes.Parse, FN, `unexpected character "${ch}". Names use letters, digits, "_", "-", "?".`, { line, column: col });
    }
  }
  return out;
}

/** Default of {@link ParseDomainOptions.maxLength}. */
const PARSE_DOMAIN_MAX_LENGTH = 1_000_000;

/** Options of {@link parseDomain}. */
export interface ParseDomainOptions {
  /** Longest text accepted, in characters (default 1,000,000), checked before tokenizing. */
  readonly maxLength?: number;
}

/**
 * Parses the chapter-13 action-file syntax into a {@link PlanningDomain}:
 *
 * ```text
 * ; comments start with a semicolon
 * (:predicates at-c(creature, location), at-o(object, location), holding(creature, object))
 * (:objects (location loc1, loc2) (creature c1) (object o1))
 * (:action Take
 *   :parameters (location ?l, creature ?c, object ?o)
 *   :preconditions (at-c(?c, ?l) and at-o(?o, ?l) and not holding(?c, ?o))
 *   :effects (not at-o(?o, ?l) and holding(?c, ?o)))
 * (:initial (at-c(c1, loc1) and at-o(o1, loc1)))
 * (:goal (holding(c1, o1)))
 * ```
 *
 * Sections may come in any order and repeat (they append). `:cost n` (default 1) sets an action's
 * cost; a parameter without a type (`?x`) accepts any object; a predicate without arguments is
 * written `alarm` or `alarm()`. When `:predicates` is absent, predicates are declared by first use.
 *
 * @throws TacticaError `PLANNING_PARSE` on bad syntax, `PLANNING_DOMAIN` on unknown predicates,
 * parameters or objects and arity mismatches, both naming line and column.
 *
 * @param text - The domain in the text syntax above (untrusted: a file, a mod); at most `options.maxLength` characters.
 * @param options - `maxLength`: the longest text accepted, in characters (default 1,000,000), checked before tokenizing.
 * @example
 * ```ts
 * const d = parseDomain("(:objects (room a, b)) (:action go :parameters (room ?x, room ?y) :preconditions (at(?x)) :effects (not at(?x) and at(?y))) (:initial (at(a))) (:goal (at(b)))");
 * d.actions[0]!.name; // → "go"
 * ```
 */
export function parseDomain(text: string, options: ParseDomainOptions = {}): PlanningDomain {
  checkOptions(options, FN);
  if (typeof text !== "string") throw planningError(PlanningErrorCodes.Argument, FN, `expected a string, got ${describeValue(text)}.`, { path: "text" });
  const maxLength = options.maxLength ?? PARSE_DOMAIN_MAX_LENGTH;
  if (text.length > maxLength)
    throw planningError(
      PlanningErrorCodes.Parse,
      FN,
      `the text has ${text.length} characters, more than options.maxLength (${maxLength}); raise it for a domain this big.`,
      { path: "text", line: 1 },
    );
  const toks = tokenize(text);
  const pos = new WeakMap<object, ErrorWhere>();
  let i = 0;
  const end = (): ErrorWhere => {
    const last = toks[toks.length - 1];
    return last ? { line: last.line, column: last.column + last.text.length } : { line: 1, column: 1 };
  };
  const peek = (): Token | undefined => toks[i];
  const fail = (t: Token | undefined, msg: string) => planningError(PlanningErrorCodes.Parse, FN, msg, t ? { line: t.line, column: t.column } : end());
  const next = (what: string): Token => {
    const t = toks[i++];
    if (!t) throw fail(undefined, `unexpected end of input, expected ${what}.`);
    return t;
  };
  const expect = (s: string): Token => {
    const t = next(`"${s}"`);
    if (t.text !== s) throw fail(t, `expected "${s}", got "${t.text}".`);
    return t;
  };
  const name = (what: string): Token => {
    const t = next(what);
    if (t.text === "(" || t.text === ")" || t.text === "," || t.text.startsWith(":")) throw fail(t, `expected ${what}, got "${t.text}".`);
    return t;
  };
  const where = (t: Token): ErrorWhere => ({ line: t.line, column: t.column });

  const atom = (negated: boolean): PlanningLiteral => {
    const head = name("a predicate name");
    if (head.text === "and" || head.text === "not") throw fail(head, `"${head.text}" is a keyword, expected a predicate name.`);
    const args: string[] = [];
    if (peek()?.text === "(") {
      i++;
      if (peek()?.text !== ")") {
        for (;;) {
          args.push(name("an argument").text);
          const sep = next(`"," or ")"`);
          if (sep.text === ")") break;
          if (sep.text !== ",") throw fail(sep, `expected "," or ")" in the arguments of "${head.text}", got "${sep.text}".`);
        }
      } else i++;
    }
    const lit: PlanningLiteral = { predicate: head.text, args, negated };
    pos.set(lit, where(head));
    return lit;
  };
  const literalList = (): PlanningLiteral[] => {
    expect("(");
    const out: PlanningLiteral[] = [];
    if (peek()?.text === ")") {
      i++;
      return out;
    }
    for (;;) {
      let neg = false;
      if (peek()?.text === "not") {
        i++;
        neg = true;
      }
      out.push(atom(neg));
      const t = next(`"and" or ")"`);
      if (t.text === ")") return out;
      if (t.text !== "and") throw fail(t, `expected "and" or ")" between literals, got "${t.text}".`);
    }
  };

  const predicates: PlanningPredicate[] = [];
  const objects: PlanningObject[] = [];
  const actions: PlanningAction[] = [];
  const initial: PlanningFact[] = [];
  const goal: PlanningLiteral[] = [];

  while (i < toks.length) {
    expect("(");
    const kw = next("a section keyword");
    switch (kw.text) {
      case ":predicates": {
        for (;;) {
          const head = name("a predicate name");
          const types: string[] = [];
          if (peek()?.text === "(") {
            i++;
            if (peek()?.text === ")") i++;
            else
              for (;;) {
                types.push(name("an argument type").text);
                const sep = next(`"," or ")"`);
                if (sep.text === ")") break;
                if (sep.text !== ",") throw fail(sep, `expected "," or ")", got "${sep.text}".`);
              }
          }
          const p: PlanningPredicate = { name: head.text, types };
          pos.set(p, where(head));
          predicates.push(p);
          const sep = next(`"," or ")"`);
          if (sep.text === ")") break;
          if (sep.text !== "," && sep.text !== "and") throw fail(sep, `expected "," or ")" between predicates, got "${sep.text}".`);
        }
        break;
      }
      case ":objects": {
        while (peek()?.text === "(") {
          i++;
          const type = name("an object type");
          for (;;) {
            const o = name("an object name");
            const obj: PlanningObject = { name: o.text, type: type.text };
            pos.set(obj, where(o));
            objects.push(obj);
            const sep = next(`"," or ")"`);
            if (sep.text === ")") break;
            if (sep.text !== ",") throw fail(sep, `expected "," or ")" between objects, got "${sep.text}".`);
          }
        }
        expect(")");
        break;
      }
      case ":action": {
        const head = name("an action name");
        const parameters: PlanningParameter[] = [];
        let preconditions: PlanningLiteral[] = [];
        let effects: PlanningLiteral[] = [];
        let cost = 1;
        while (peek()?.text !== ")") {
          const key = next("an action keyword");
          if (key.text === ":parameters") {
            expect("(");
            if (peek()?.text === ")") i++;
            else
              for (;;) {
                const a = name("a parameter");
                let p: PlanningParameter;
                if (a.text.startsWith("?")) p = { name: a.text, type: ANY_TYPE };
                else {
                  const v = name("a parameter name");
                  if (!v.text.startsWith("?")) throw fail(v, `parameter "${v.text}" must start with "?".`);
                  p = { name: v.text, type: a.text };
                }
                parameters.push(p);
                const sep = next(`"," or ")"`);
                if (sep.text === ")") break;
                if (sep.text !== ",") throw fail(sep, `expected "," or ")" between parameters, got "${sep.text}".`);
              }
          } else if (key.text === ":preconditions" || key.text === ":precondition") preconditions = literalList();
          else if (key.text === ":effects" || key.text === ":effect") effects = literalList();
          else if (key.text === ":cost") {
            const c = next("a number");
            const v = Number(c.text);
            if (!/^[0-9.]+$/.test(c.text) || !Number.isFinite(v)) throw fail(c, `":cost" needs a number >= 0, got "${c.text}".`);
            cost = v;
          } else throw fail(key, `unknown action keyword "${key.text}"; use :parameters, :cost, :preconditions or :effects.`);
        }
        const act: PlanningAction = { name: head.text, parameters, preconditions, effects, cost };
        pos.set(act, where(head));
        actions.push(act);
        expect(")");
        break;
      }
      case ":initial": {
        for (const l of literalList()) {
          if (l.negated) throw fail(undefined, 'the initial state lists the facts that hold; remove "not".');
          const f: PlanningFact = { predicate: l.predicate, args: l.args };
          pos.set(f, pos.get(l)!);
          initial.push(f);
        }
        expect(")");
        break;
      }
      case ":goal":
        goal.push(...literalList());
        expect(")");
        break;
      default:
        throw fail(kw, `unknown section "${kw.text}"; use :predicates, :objects, :action, :initial or :goal.`);
    }
  }
  const domain: PlanningDomain = { predicates, actions, objects, initial, goal };
  checkDomain(domain, FN, (node, path) => pos.get(node) ?? { path });
  return domain;
}

const lit = (l: PlanningLiteral | PlanningFact, negated = false) => `${negated ? "not " : ""}${l.predicate}(${l.args.join(", ")})`;
const conj = (ls: readonly (PlanningLiteral | PlanningFact)[]) => `(${ls.map((l) => lit(l, "negated" in l && l.negated)).join(" and ")})`;

/**
 * Writes a domain in the text syntax of {@link parseDomain}, in a canonical layout:
 * `formatDomain(parseDomain(formatDomain(d)))` equals `formatDomain(d)`.
 * @param domain - The domain to print; read only.
 * @returns The domain's text, one section per line.
 * @example
 * ```ts
 * const text = formatDomain(parseDomain("(:action wait) (:goal ())"));
 * ```
 */
export function formatDomain(domain: PlanningDomain): string {
  const lines: string[] = [];
  if (domain.predicates.length) lines.push(`(:predicates ${domain.predicates.map((p) => `${p.name}(${p.types.join(", ")})`).join(", ")})`);
  if (domain.objects.length) {
    const groups: string[] = [];
    let k = 0;
    while (k < domain.objects.length) {
      const type = domain.objects[k]!.type;
      const names: string[] = [];
      while (k < domain.objects.length && domain.objects[k]!.type === type) names.push(domain.objects[k++]!.name);
      groups.push(`(${type} ${names.join(", ")})`);
    }
    lines.push(`(:objects ${groups.join(" ")})`);
  }
  for (const a of domain.actions) {
    const parts = [`(:action ${a.name}`];
    if (a.parameters.length) parts.push(`  :parameters (${a.parameters.map((p) => (p.type === ANY_TYPE ? p.name : `${p.type} ${p.name}`)).join(", ")})`);
    if (a.cost !== 1) parts.push(`  :cost ${a.cost}`);
    parts.push(`  :preconditions ${conj(a.preconditions)}`);
    parts.push(`  :effects ${conj(a.effects)})`);
    lines.push(parts.join("\n"));
  }
  lines.push(`(:initial ${conj(domain.initial)})`);
  lines.push(`(:goal ${conj(domain.goal)})`);
  return `${lines.join("\n")}\n`;
}
