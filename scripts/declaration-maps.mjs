#!/usr/bin/env node
// Declaration maps for the bundled declarations of a package, so go-to-definition in a user's
// editor opens the package's `src/` (shipped in the tarball) instead of `dist/index.d.cts`.
//
//   node ../../scripts/declaration-maps.mjs        (in a package folder, after `tsup`; the build script runs it)
//
// tsup bundles each entry's declarations into one `dist/<entry>.d.cts` (rollup-plugin-dts) and
// writes no map, and per-file `tsc --declarationMap` output would not resolve under node16 ESM
// (the sources import without extensions). So this maps the bundle itself: every declaration
// name in `dist/<entry>.d.cts` (top level and members of interfaces, classes, type literals and
// namespaces) points at the declaration of that name in `src/` (exported declarations first, and
// within a container its member of that name), written as a standard source map
// `dist/<entry>.d.cts.map` with `sources` relative to it (`../src/…`), and the `.d.cts` gets a
// `//# sourceMappingURL=` line. TypeScript's language service follows it for go-to-definition.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Base-64 VLQ of one signed integer (the source map v3 encoding). */
export function vlq(value) {
  let v = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = "";
  do {
    let digit = v & 31;
    v >>>= 5;
    if (v > 0) digit |= 32;
    out += B64[digit];
  } while (v > 0);
  return out;
}

function walk(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? walk(p) : /\.tsx?$/.test(p) && !p.endsWith(".d.ts") ? [p] : [];
    });
}

const isExported = (node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The named declarations directly inside `node` (statements of a file or namespace, members of a type). */
function declarationsIn(node) {
  const out = [];
  const add = (name, decl) => {
    if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name))) out.push({ name: name.text, nameNode: name, decl });
  };
  const visit = (child) => {
    if (ts.isVariableStatement(child)) {
      for (const d of child.declarationList.declarations) add(d.name, child);
    } else if (
      ts.isFunctionDeclaration(child) ||
      ts.isClassDeclaration(child) ||
      ts.isInterfaceDeclaration(child) ||
      ts.isTypeAliasDeclaration(child) ||
      ts.isEnumDeclaration(child) ||
      ts.isModuleDeclaration(child) ||
      ts.isPropertySignature(child) ||
      ts.isMethodSignature(child) ||
      ts.isPropertyDeclaration(child) ||
      ts.isMethodDeclaration(child) ||
      ts.isGetAccessorDeclaration(child) ||
      ts.isSetAccessorDeclaration(child) ||
      ts.isEnumMember(child)
    ) {
      add(child.name, child);
    }
  };
  if (ts.isSourceFile(node)) node.statements.forEach(visit);
  else if (ts.isModuleDeclaration(node) && node.body && ts.isModuleBlock(node.body)) node.body.statements.forEach(visit);
  else if (ts.isInterfaceDeclaration(node) || ts.isClassDeclaration(node)) node.members.forEach(visit);
  else if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type)) node.type.members.forEach(visit);
  else if (ts.isEnumDeclaration(node)) node.members.forEach(visit);
  else if (ts.isVariableStatement(node)) {
    for (const d of node.declarationList.declarations) {
      if (d.type && ts.isTypeLiteralNode(d.type)) d.type.members.forEach(visit);
      else if (d.initializer) {
        let init = d.initializer;
        while (ts.isCallExpression(init) && init.arguments[0]) init = init.arguments[0]; // Object.freeze({ … })
        if (ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) init = init.expression;
        if (ts.isObjectLiteralExpression(init)) for (const p of init.properties) if (p.name) out.push({ name: p.name.getText(), nameNode: p.name, decl: p });
      }
    }
  }
  return out;
}

/** Top-level declarations of every source file by name (exported first). */
function sourceIndex(srcDir) {
  const byName = new Map();
  for (const file of walk(srcDir)) {
    const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    for (const d of declarationsIn(sf)) {
      const list = byName.get(d.name) ?? [];
      list.push({ ...d, file, sf, exported: isExported(d.decl) });
      byName.set(d.name, list);
    }
  }
  for (const list of byName.values()) list.sort((a, b) => Number(b.exported) - Number(a.exported));
  return byName;
}

/**
 * The source map of a bundled declaration file: each declaration name mapped to its source.
 * @param {string} dtsFile - the bundled declaration file (e.g. `dist/index.d.cts`)
 * @param {string} srcDir - the package's `src/` folder
 * @returns {{ map: object, mapped: number, names: number }} the map (sources relative to the map file) and how many names were mapped of how many seen
 */
export function declarationMap(dtsFile, srcDir) {
  const text = readFileSync(dtsFile, "utf8");
  const dts = ts.createSourceFile(dtsFile, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const index = sourceIndex(srcDir);
  const sources = [];
  const sourceId = new Map();
  const segments = []; // [genLine, genCol, src, srcLine, srcCol]
  let names = 0;
  const pos = (sf, node) => sf.getLineAndCharacterOfPosition(node.getStart(sf));
  const record = (genNode, target) => {
    const rel = relative(join(dtsFile, ".."), target.file).split("\\").join("/");
    if (!sourceId.has(rel)) {
      sourceId.set(rel, sources.length);
      sources.push(rel);
    }
    const g = pos(dts, genNode);
    const s = pos(target.sf, target.nameNode);
    segments.push([g.line, g.character, sourceId.get(rel), s.line, s.character]);
  };
  const visit = (genContainer, srcContainer) => {
    for (const d of declarationsIn(genContainer)) {
      names++;
      const base = d.name.replace(/\$\d+$/, ""); // rollup-plugin-dts renames colliding names `Name$1`
      let target;
      if (srcContainer) {
        const members = declarationsIn(srcContainer.decl).filter((m) => m.name === base);
        if (members[0]) target = { ...members[0], file: srcContainer.file, sf: srcContainer.sf };
      } else {
        target = index.get(base)?.[0];
      }
      if (!target) continue;
      record(d.nameNode, target);
      visit(d.decl, target);
    }
  };
  visit(dts, undefined);
  segments.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const lines = [];
  let prev = [0, 0, 0, 0];
  for (const [line, col, src, srcLine, srcCol] of segments) {
    while (lines.length <= line) lines.push([]);
    const row = lines[line];
    const genColDelta = col - (row.length ? row.lastCol : 0);
    row.push(vlq(genColDelta) + vlq(src - prev[1]) + vlq(srcLine - prev[2]) + vlq(srcCol - prev[3]));
    row.lastCol = col;
    prev = [0, src, srcLine, srcCol];
  }
  const file = dtsFile.split(/[\\/]/).pop();
  return { map: { version: 3, file, sourceRoot: "", sources, names: [], mappings: lines.map((r) => r.join(",")).join(";") }, mapped: segments.length, names };
}

/** Writes `dist/<entry>.d.cts.map` for every bundled `.d.cts` of the package in `pkgDir` and links it. */
export function writeDeclarationMaps(pkgDir) {
  const dist = join(pkgDir, "dist");
  const written = [];
  for (const f of readdirSync(dist).filter((n) => n.endsWith(".d.cts"))) {
    const file = join(dist, f);
    const { map, mapped, names } = declarationMap(file, join(pkgDir, "src"));
    writeFileSync(`${file}.map`, `${JSON.stringify(map)}\n`);
    const text = readFileSync(file, "utf8").replace(/\n\/\/# sourceMappingURL=.*\n?$/, "\n");
    writeFileSync(file, `${text.trimEnd()}\n//# sourceMappingURL=${f}.map\n`);
    written.push(`${f}.map: ${mapped} of ${names} declarations mapped to ${map.sources.length} source files`);
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? process.cwd();
  if (!existsSync(join(dir, "dist"))) {
    console.error(`${join(dir, "dist")} not found: build first (tsup).`);
    process.exitCode = 1;
  } else {
    for (const line of writeDeclarationMaps(dir)) console.log(line);
  }
}
