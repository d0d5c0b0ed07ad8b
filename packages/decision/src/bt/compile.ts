import { describeValue } from "@tactica/core";
import { indexRecord, IssueList, ownValue, throwDefinitionIssues, type DefinitionIssue } from "../definition-error";
import type { BehaviorTreeDefinition, BtNode } from "./definition";
import { btNodeTypes } from "./definition";
import { CompareOp, NodeFlag, NodeKind, type BehaviorTree, type BtActionHandler, type BtBindings, type BtConditionFn } from "./types";

const OPS = ["<", "<=", "==", "!=", ">=", ">"] as const;
const OP_CODE: Readonly<Record<(typeof OPS)[number], number>> = {
  "<": CompareOp.Less,
  "<=": CompareOp.LessEqual,
  "==": CompareOp.Equal,
  "!=": CompareOp.NotEqual,
  ">=": CompareOp.GreaterEqual,
  ">": CompareOp.Greater,
};

const WHERE = "@tactica/decision: createBehaviorTree";

function fnv(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0") + ":" + text.length.toString(16);
}

const COMMON = ["type", "name"];
const ALLOWED: Record<string, readonly string[]> = {
  sequence: [...COMMON, "children", "memory"],
  selector: [...COMMON, "children", "memory"],
  shuffle: [...COMMON, "children", "memory"],
  randomSelector: [...COMMON, "children", "memory"],
  parallel: [...COMMON, "children", "success", "failure", "memory"],
  race: [...COMMON, "children"],
  inverter: [...COMMON, "child"],
  succeed: [...COMMON, "child"],
  fail: [...COMMON, "child"],
  repeat: [...COMMON, "child", "count"],
  retry: [...COMMON, "child", "attempts"],
  cooldown: [...COMMON, "child", "duration"],
  timeout: [...COMMON, "child", "duration"],
  guard: [...COMMON, "child", "condition", "args", "key", "op", "value", "abort", "watch"],
  action: [...COMMON, "action", "args"],
  condition: [...COMMON, "condition", "args", "watch"],
  compare: [...COMMON, "key", "op", "value"],
  set: [...COMMON, "key", "value"],
  wait: [...COMMON, "duration"],
  hinter: [...COMMON, "hint", "value"],
  hintCondition: [...COMMON, "hint", "is"],
};

/**
 * Validates a behaviour-tree definition against the schema ({@link behaviorTreeJsonSchema}) and,
 * when `bindings` are given, checks that every action, condition and blackboard key exists and
 * that compared values have the key's type. Returns every problem with its JSON path (empty when
 * valid). O(nodes).
 * @param definition - The candidate definition, typically parsed JSON of any shape; read only.
 * @param bindings - Actions, conditions and blackboard schema to check names and compared value types against. Left out: only the shape is checked.
 */
export function validateBehaviorTree<A>(definition: unknown, bindings?: BtBindings<A>): DefinitionIssue[] {
  const L = new IssueList();
  if (!L.object("$", definition)) return L.issues;
  L.known("$", definition, ["version", "root"]);
  if (definition["version"] !== 1) L.add("$.version", "must be 1");
  if (!("root" in definition)) L.add("$.root", "is required");
  else validateNode(L, "$.root", definition["root"], bindings, 0);
  return L.issues;
}

function validateNode<A>(L: IssueList, path: string, n: unknown, b: BtBindings<A> | undefined, depth: number): void {
  if (depth > 200) {
    L.add(path, "is nested deeper than 200 levels");
    return;
  }
  if (!L.object(path, n)) return;
  if (!L.oneOf(`${path}.type`, n["type"], btNodeTypes)) return;
  const type = n["type"];
  L.known(path, n, ALLOWED[type]!);
  if (n["name"] !== undefined) L.string(`${path}.name`, n["name"]);
  const key = (p: string, k: unknown): string | undefined => {
    if (!L.string(p, k)) return undefined;
    if (b !== undefined && b.blackboard === undefined)
      L.add(p, `names blackboard key ${describeValue(k)} but no blackboard schema was given; pass bindings.blackboard`);
    else if (b?.blackboard && ownValue(b.blackboard, k) === undefined) L.add(p, `names blackboard key ${describeValue(k)}, which the schema does not declare`);
    return ownValue(b?.blackboard, k);
  };
  const value = (p: string, v: unknown, t: string | undefined, op: unknown): void => {
    if (typeof v !== "number" && typeof v !== "boolean" && typeof v !== "string") {
      L.add(p, "must be a number, boolean or string");
      return;
    }
    if (typeof v === "number" && !Number.isFinite(v)) L.add(p, "must be finite");
    if (t !== undefined && typeof v !== t) L.add(p, `must be a ${t} (the key's type)`);
    if (op !== undefined && op !== "==" && op !== "!=" && typeof v !== "number") L.add(p, `ordering operator ${describeValue(op)} needs a number value`);
  };
  const watch = (p: string, w: unknown): void => {
    if (w === undefined) return;
    if (L.array(p, w)) w.forEach((k, i) => key(`${p}[${i}]`, k));
  };
  switch (type) {
    case "sequence":
    case "selector":
    case "shuffle":
    case "randomSelector":
    case "parallel":
    case "race": {
      if (L.array(`${path}.children`, n["children"], 1)) {
        n["children"].forEach((c, i) => validateNode(L, `${path}.children[${i}]`, c, b, depth + 1));
      }
      if (n["memory"] !== undefined) L.boolean(`${path}.memory`, n["memory"]);
      if (n["success"] !== undefined) L.oneOf(`${path}.success`, n["success"], ["all", "one"]);
      if (n["failure"] !== undefined) L.oneOf(`${path}.failure`, n["failure"], ["all", "one"]);
      return;
    }
    default:
      break;
  }
  if (ALLOWED[type]!.includes("child")) {
    if (!("child" in n)) L.add(`${path}.child`, "is required");
    else validateNode(L, `${path}.child`, n["child"], b, depth + 1);
  }
  switch (type) {
    case "repeat":
      if (n["count"] !== undefined) L.integer(`${path}.count`, n["count"], 1);
      break;
    case "retry":
      if (n["attempts"] !== undefined) L.integer(`${path}.attempts`, n["attempts"], 1);
      break;
    case "cooldown":
    case "timeout":
    case "wait":
      L.number(`${path}.duration`, n["duration"], 0);
      break;
    case "guard": {
      const hasCond = n["condition"] !== undefined;
      const hasKey = n["key"] !== undefined;
      if (hasCond === hasKey) L.add(path, 'needs exactly one of "condition" or "key"/"value"');
      if (hasCond && L.string(`${path}.condition`, n["condition"]) && b && !ownValue(b.conditions, n["condition"])) {
        L.add(`${path}.condition`, `names condition ${describeValue(n["condition"])}, which is not bound`);
      }
      if (hasKey) {
        const t = key(`${path}.key`, n["key"]);
        if (n["op"] !== undefined) L.oneOf(`${path}.op`, n["op"], OPS);
        if (!("value" in n)) L.add(`${path}.value`, "is required with key");
        else value(`${path}.value`, n["value"], t, n["op"]);
      }
      if (n["abort"] !== undefined) L.oneOf(`${path}.abort`, n["abort"], ["none", "self", "lowerPriority", "both"]);
      if (n["args"] !== undefined) L.object(`${path}.args`, n["args"]);
      watch(`${path}.watch`, n["watch"]);
      break;
    }
    case "action":
      if (L.string(`${path}.action`, n["action"]) && b && !ownValue(b.actions, n["action"])) {
        L.add(`${path}.action`, `names action ${describeValue(n["action"])}, which is not bound`);
      }
      if (n["args"] !== undefined) L.object(`${path}.args`, n["args"]);
      break;
    case "condition":
      if (L.string(`${path}.condition`, n["condition"]) && b && !ownValue(b.conditions, n["condition"])) {
        L.add(`${path}.condition`, `names condition ${describeValue(n["condition"])}, which is not bound`);
      }
      if (n["args"] !== undefined) L.object(`${path}.args`, n["args"]);
      watch(`${path}.watch`, n["watch"]);
      break;
    case "compare":
    case "set": {
      const t = key(`${path}.key`, n["key"]);
      if (n["op"] !== undefined) L.oneOf(`${path}.op`, n["op"], OPS);
      if (!("value" in n)) L.add(`${path}.value`, "is required");
      else value(`${path}.value`, n["value"], t, n["op"]);
      break;
    }
    case "hinter":
      L.string(`${path}.hint`, n["hint"]);
      L.oneOf(`${path}.value`, n["value"], ["positive", "negative", "neutral"]);
      break;
    case "hintCondition":
      L.string(`${path}.hint`, n["hint"]);
      L.oneOf(`${path}.is`, n["is"], ["positive", "negative", "neutral"]);
      break;
    default:
      break;
  }
}

const KIND: Record<string, number> = {
  sequence: NodeKind.Sequence,
  selector: NodeKind.Selector,
  shuffle: NodeKind.Shuffle,
  randomSelector: NodeKind.RandomSelector,
  parallel: NodeKind.Parallel,
  race: NodeKind.Parallel,
  inverter: NodeKind.Inverter,
  succeed: NodeKind.Succeed,
  fail: NodeKind.Fail,
  repeat: NodeKind.Repeat,
  retry: NodeKind.Retry,
  cooldown: NodeKind.Cooldown,
  timeout: NodeKind.Timeout,
  guard: NodeKind.Guard,
  action: NodeKind.Action,
  condition: NodeKind.Condition,
  compare: NodeKind.Compare,
  set: NodeKind.Set,
  wait: NodeKind.Wait,
  hinter: NodeKind.Hinter,
  hintCondition: NodeKind.HintCondition,
};

const HINT: Record<string, number> = { positive: 1, neutral: 0, negative: -1 };
const EMPTY_ARGS: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * Validates `definition` (see {@link validateBehaviorTree}) and compiles it into flat node tables
 * bound to `bindings`. Do this once per definition at load time and share the result between
 * agents. O(nodes).
 *
 * @param definition - The tree definition (`{ version: 1, root }`, see {@link behaviorTreeJsonSchema}); read only, not kept.
 * @param bindings - The `actions`, `conditions` and `blackboard` schema the definition's names refer to. Left out: no bindings, so a definition naming an
 *   action or condition fails validation.
 * @throws TacticaError `INVALID_DEFINITION` listing every problem by JSON path.
 */
export function createBehaviorTree<A>(definition: BehaviorTreeDefinition, bindings: BtBindings<A> = {}): BehaviorTree<A> {
  const issues = validateBehaviorTree(definition, bindings);
  if (issues.length > 0) throwDefinitionIssues(WHERE, issues);
  const flat: { node: BtNode; path: string; parent: number; parentKind: string }[] = [];
  const kids: number[][] = [];
  const visit = (node: BtNode, path: string, parent: number, parentKind: string): number => {
    const id = flat.length;
    flat.push({ node, path, parent, parentKind });
    kids.push([]);
    const list = "children" in node ? node.children : "child" in node ? [node.child] : [];
    list.forEach((c, i) => {
      const cp = "children" in node ? `${path}.children[${i}]` : `${path}.child`;
      kids[id]!.push(visit(c, cp, id, node.type));
    });
    return id;
  };
  visit(definition.root, "$.root", -1, "");
  const n = flat.length;
  const bbKeys = bindings.blackboard ? Object.keys(bindings.blackboard) : [];
  const keyIndex = new Map(bbKeys.map((k, i) => [k, i]));
  const kind = new Uint8Array(n);
  const flags = new Uint8Array(n);
  const childStart = new Int32Array(n);
  const childCount = new Int32Array(n);
  const parent = new Int32Array(n);
  const param = new Float64Array(n);
  const key = new Int32Array(n).fill(-1);
  const op = new Uint8Array(n);
  const hint = new Int32Array(n).fill(-1);
  const hintValue = new Int8Array(n);
  const strValue: string[] = [];
  const args: Readonly<Record<string, unknown>>[] = [];
  const types: string[] = [];
  const names: string[] = [];
  const paths: string[] = [];
  const handlers: (BtActionHandler<A> | null)[] = [];
  const conditions: (BtConditionFn<A> | null)[] = [];
  const hintNames: string[] = [];
  const hintIndex = new Map<string, number>();
  const hintId = (name: string): number => {
    let h = hintIndex.get(name);
    if (h === undefined) {
      h = hintNames.length;
      hintIndex.set(name, h);
      hintNames.push(name);
    }
    return h;
  };
  const watch = new Set<number>();
  const childrenFlat: number[] = [];
  let maxChildren = 0;
  for (let i = 0; i < n; i++) {
    const { node, path, parent: p, parentKind } = flat[i]!;
    const d = node as unknown as Record<string, unknown>;
    kind[i] = KIND[node.type]!;
    parent[i] = p;
    childStart[i] = childrenFlat.length;
    childCount[i] = kids[i]!.length;
    maxChildren = Math.max(maxChildren, kids[i]!.length);
    childrenFlat.push(...kids[i]!);
    types.push(node.type);
    names.push(node.name ?? "");
    paths.push(path);
    args.push(d["args"] ? Object.freeze({ ...(d["args"] as Record<string, unknown>) }) : EMPTY_ARGS);
    strValue.push(typeof d["value"] === "string" ? d["value"] : "");
    handlers.push(null);
    conditions.push(null);
    if (node.name !== undefined && (parentKind === "selector" || parentKind === "randomSelector")) hint[i] = hintId(node.name);
    if (d["memory"] !== false) flags[i]! |= NodeFlag.Memory;
    const setKey = (k: unknown): void => {
      if (typeof k === "string") {
        key[i] = keyIndex.get(k) ?? -1;
      }
    };
    const setValue = (): void => {
      const v = d["value"];
      param[i] = typeof v === "number" ? v : typeof v === "boolean" ? (v ? 1 : 0) : 0;
      op[i] = OP_CODE[(d["op"] as (typeof OPS)[number] | undefined) ?? "=="];
    };
    switch (node.type) {
      case "parallel":
        if (node.success === "one") flags[i]! |= NodeFlag.SuccessOne;
        if (node.failure === "all") flags[i]! |= NodeFlag.FailureAll;
        break;
      case "race":
        flags[i]! |= NodeFlag.SuccessOne | NodeFlag.FailureAll | NodeFlag.Memory;
        break;
      case "repeat":
        param[i] = node.count ?? -1;
        break;
      case "retry":
        param[i] = node.attempts ?? -1;
        break;
      case "cooldown":
      case "timeout":
      case "wait":
        param[i] = node.duration;
        break;
      case "guard": {
        const abort = node.abort ?? "none";
        if (abort === "self" || abort === "both") flags[i]! |= NodeFlag.AbortSelf;
        if (abort === "lowerPriority" || abort === "both") flags[i]! |= NodeFlag.AbortLower;
        if (node.condition !== undefined) conditions[i] = ownValue(bindings.conditions, node.condition) ?? null;
        else {
          flags[i]! |= NodeFlag.ByKey;
          setKey(node.key);
          setValue();
          if (key[i]! >= 0) watch.add(key[i]!);
        }
        for (const w of node.watch ?? []) watch.add(keyIndex.get(w) ?? -1);
        break;
      }
      case "action": {
        const h = ownValue(bindings.actions, node.action);
        handlers[i] = typeof h === "function" ? { tick: h } : (h ?? null);
        break;
      }
      case "condition":
        conditions[i] = ownValue(bindings.conditions, node.condition) ?? null;
        for (const w of node.watch ?? []) watch.add(keyIndex.get(w) ?? -1);
        break;
      case "compare":
        setKey(node.key);
        setValue();
        if (key[i]! >= 0) watch.add(key[i]!);
        break;
      case "set":
        setKey(node.key);
        setValue();
        break;
      case "hinter":
        hint[i] = hintId(node.hint);
        hintValue[i] = HINT[node.value]!;
        break;
      case "hintCondition":
        hint[i] = hintId(node.hint);
        hintValue[i] = HINT[node.is]!;
        break;
      default:
        break;
    }
  }
  // Selectors whose child order depends on each hint.
  const hintSelectors: number[][] = hintNames.map(() => []);
  for (let i = 0; i < n; i++) {
    if (kind[i] !== NodeKind.Selector) continue;
    for (const c of kids[i]!) {
      const h = hint[c]!;
      if (h >= 0 && !hintSelectors[h]!.includes(i)) hintSelectors[h]!.push(i);
    }
  }
  watch.delete(-1);
  return {
    definition,
    fingerprint: fnv(JSON.stringify(definition)),
    nodeCount: n,
    kind,
    flags,
    childStart,
    childCount,
    children: Int32Array.from(childrenFlat),
    parent,
    param,
    key,
    op,
    hint,
    hintValue,
    strValue,
    args,
    types,
    names,
    paths,
    hintNames,
    hintIndex: indexRecord(hintNames),
    hintSelectors,
    handlers,
    conditions,
    watchKeys: Int32Array.from([...watch].sort((a, b) => a - b)),
    blackboardSchema: bindings.blackboard ?? {},
    blackboardKeys: bbKeys,
    maxChildren,
  };
}
