import { describeValue } from "@tactica/core";
import { planningError, PlanningErrorCodes } from "../internal/errors";
import type { PlanningLiteral } from "./types";

const LIT = /^\s*(not\s+)?([A-Za-z0-9_\-?:.'+]+)\s*(?:\(\s*([^()]*?)\s*\))?\s*$/;

/**
 * Parses one literal written `pred(a, b)`, `not pred(a)` or `alarm`, as used by the JSON format,
 * HTN methods and the level-2 entry points.
 * @internal
 */
export function parseLiteral(text: unknown, fn: string, path: string): PlanningLiteral {
  if (typeof text !== "string")
    throw planningError(PlanningErrorCodes.Domain, fn, `expected a literal string like "at(?x, room)", got ${describeValue(text)}.`, { path });
  const m = LIT.exec(text);
  if (!m) throw planningError(PlanningErrorCodes.Domain, fn, `"${text}" is not a literal; write "pred(a, b)" or "not pred(a)".`, { path });
  const args = m[3] === undefined || m[3] === "" ? [] : m[3].split(",").map((s) => s.trim());
  if (args.some((a) => !/^[A-Za-z0-9_\-?:.'+]+$/.test(a)))
    throw planningError(PlanningErrorCodes.Domain, fn, `"${text}" has an empty or malformed argument.`, { path });
  return { predicate: m[2]!, args, negated: m[1] !== undefined };
}

/** Writes a literal as {@link parseLiteral} reads it. @internal */
export function formatLiteral(l: { predicate: string; args: readonly string[]; negated?: boolean }): string {
  return `${l.negated ? "not " : ""}${l.predicate}(${l.args.join(", ")})`;
}
