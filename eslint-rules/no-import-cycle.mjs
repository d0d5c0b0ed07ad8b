// @ts-check
// ESLint rule: a source file must not import itself back through a chain of relative imports
// (ADR 0002, "No import cycles"). Every relative import (`import`, `import type`, `export … from`,
// `import()`) is an edge; the rule follows the edges from each import of the linted file through the
// files on disk and reports the import that closes a cycle, with the whole chain.
//
// Fix a cycle by moving what both files need (usually types or constants) into a third module that
// imports neither, such as a `types.ts` in the folder.
//
// Options: `{ ignoreTypeImports: boolean }` (default false): when true, `import type` and
// `export type … from` edges do not count.
import { readFileSync, statSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import ts from "typescript";

const EXTENSIONS = [".ts", ".tsx", ".mts", ".cts"];

/** @param {string} file */
function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Resolves a relative specifier to a source file, or undefined.
 * @param {string} from @param {string} spec
 */
export function resolveImport(from, spec) {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(c|m)?js$/, "");
  const candidates = [base, ...EXTENSIONS.map((e) => stem + e), ...EXTENSIONS.map((e) => resolve(base, "index" + e))];
  return candidates.find((c) => EXTENSIONS.some((e) => c.endsWith(e)) && isFile(c));
}

/**
 * The relative imports of a file's text: specifier and whether it is type-only.
 * @param {string} fileName @param {string} text
 * @returns {{ spec: string, typeOnly: boolean }[]}
 */
export function importsOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  /** @type {{ spec: string, typeOnly: boolean }[]} */
  const out = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const c = node.importClause;
      const typeOnly =
        c !== undefined &&
        (c.isTypeOnly ||
          (c.name === undefined &&
            c.namedBindings !== undefined &&
            ts.isNamedImports(c.namedBindings) &&
            c.namedBindings.elements.length > 0 &&
            c.namedBindings.elements.every((e) => e.isTypeOnly)));
      out.push({ spec: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const cl = node.exportClause;
      const typeOnly = node.isTypeOnly || (cl !== undefined && ts.isNamedExports(cl) && cl.elements.length > 0 && cl.elements.every((e) => e.isTypeOnly));
      out.push({ spec: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      out.push({ spec: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out.filter((i) => i.spec.startsWith("."));
}

/** @type {Map<string, { mtime: number, deps: { spec: string, typeOnly: boolean }[] }>} */
const cache = new Map();

/** @param {string} file */
function depsOnDisk(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const hit = cache.get(file);
  if (hit && hit.mtime === mtime) return hit.deps;
  const deps = importsOf(file, readFileSync(file, "utf8"));
  cache.set(file, { mtime, deps });
  return deps;
}

/**
 * A path of files from `start` back to `target` following imports, or undefined.
 * @param {string} start @param {string} target @param {boolean} ignoreTypeImports
 */
function findPathBack(start, target, ignoreTypeImports) {
  /** @type {Map<string, string | null>} */
  const parent = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    for (const d of depsOnDisk(file)) {
      if (ignoreTypeImports && d.typeOnly) continue;
      const next = resolveImport(file, d.spec);
      if (next === undefined) continue;
      if (next === target) {
        const path = [file];
        let p = parent.get(file);
        while (p) {
          path.unshift(p);
          p = parent.get(p);
        }
        return path;
      }
      if (!parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/** @type {import("eslint").Rule.RuleModule} */
const rule = {
  meta: {
    type: "problem",
    docs: { description: "Disallow import cycles between source files (ADR 0002)." },
    schema: [{ type: "object", properties: { ignoreTypeImports: { type: "boolean" } }, additionalProperties: false }],
    messages: {
      cycle: "Import cycle: {{chain}}. Move what these files share (types, constants) into a module that imports neither, e.g. a types.ts in the folder.",
    },
  },
  create(context) {
    const filename = context.filename;
    const ignoreTypeImports = Boolean(context.options[0]?.ignoreTypeImports);
    const cwd = context.cwd;
    /** @param {import("eslint").Rule.Node} n */
    const check = (n) => {
      const node =
        /** @type {{ source?: { type: string, value?: unknown } | null, importKind?: string, exportKind?: string, specifiers?: { importKind?: string, exportKind?: string }[] }} */ (
          /** @type {unknown} */ (n)
        );
      const src = node.source;
      if (!src || src.type !== "Literal" || typeof src.value !== "string" || !src.value.startsWith(".")) return;
      const specs = node.specifiers ?? [];
      const typeOnly =
        node.importKind === "type" ||
        node.exportKind === "type" ||
        (specs.length > 0 && specs.every((s) => s.importKind === "type" || s.exportKind === "type"));
      if (ignoreTypeImports && typeOnly) return;
      const target = resolveImport(filename, src.value);
      if (target === undefined) return;
      const path = target === filename ? [] : findPathBack(target, filename, ignoreTypeImports);
      if (path === undefined) return;
      const chain = [filename, ...(target === filename ? [] : path), filename].map((f) => relative(cwd, f).replaceAll("\\", "/")).join(" → ");
      context.report({ node: /** @type {import("eslint").Rule.Node} */ (/** @type {unknown} */ (src)), messageId: "cycle", data: { chain } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default rule;
