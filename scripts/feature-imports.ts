/**
 * npx tsx scripts/feature-imports.ts [--check]
 *
 * Issue 26 §2 and issue 41 §1: a server feature imports another only through its public
 * `index.ts`, and a client page folder another page folder only through its `index.ts` (what that
 * page exports on purpose). This codemod makes it so: every import from one feature folder
 * (src/server/features/<a>/ or src/client/pages/<a>/) into another's inner file (../<b>/y.js) is
 * pointed at ../<b>/index.js instead, and <b>/index.ts gets the `export { name } from './y.js';`
 * (or `export type { ... }`) lines it needs, created when missing, existing content kept. --check
 * changes nothing and exits 1 when something would change (CI). (--client, once needed to include
 * the page folders, is still accepted and changes nothing.)
 *
 * Running it twice changes nothing the second time. What it cannot rewrite (a default or
 * namespace import, a name two inner files export) it names and leaves alone; the lint rule
 * (eslint.config.js, feature and page zones) then points at it. Dynamic import() is left alone:
 * a lazy chunk imports the file it loads (client-layers.json names each such import).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const areas = [path.join(root, 'src/server/features'), path.join(root, 'src/client/pages')];
const check = args.has('--check');
const readJson = <T>(name: string) => JSON.parse(readFileSync(path.join(root, name), 'utf8')) as T;
/**
 * Imports of another feature's inner file that stay direct: a higher server feature's that
 * feature-layers.json allows, and another page's that client-layers.json names.
 */
const allowedUpward = new Set(
  [
    ...readJson<{ allowedUpward: { from: string; to: string }[] }>('feature-layers.json').allowedUpward,
    ...readJson<{ pageInternals: { from: string; to: string }[] }>('client-layers.json').pageInternals,
  ].map((u) => `${u.from} ${u.to}`),
);

/** One name another feature uses from an inner file of this feature. */
interface Needed {
  name: string;
  /** The inner file the name comes from, relative to the feature folder, as an import path ('./y.js'). */
  from: string;
  typeOnly: boolean;
}

const posix = (p: string) => p.split(path.sep).join('/');

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out.sort();
}

/** A relative import to the file it names (.js written for .ts, no extension, or a folder's index). */
function resolveSpec(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  for (const candidate of [
    `${stem}.ts`,
    `${stem}.tsx`,
    base,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The feature folder (absolute) a file belongs to, or null outside the feature areas. */
function featureOf(file: string): string | null {
  for (const area of areas) {
    const rel = path.relative(area, file).split(path.sep);
    if (rel.length >= 2 && rel[0] !== '..') return path.join(area, rel[0]);
  }
  return null;
}

const indexOf = (feature: string) => path.join(feature, 'index.ts');

/** How a file in `fromDir` names `target`, in the extension style the original import used. */
function specTo(fromDir: string, target: string, withJs: boolean): string {
  let rel = posix(path.relative(fromDir, target)).replace(/\.tsx?$/, withJs ? '.js' : '');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel;
}

function program(files: string[]): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  return ts.createProgram(files, { ...(config?.options ?? {}), noEmit: true });
}

/** The names a module exports (through any `export *` or re-export), with whether each is a value. */
function exportsOf(checker: ts.TypeChecker, sf: ts.SourceFile | undefined): Map<string, ts.Symbol> {
  const out = new Map<string, ts.Symbol>();
  const moduleSymbol = sf && checker.getSymbolAtLocation(sf);
  if (!moduleSymbol) return out;
  for (const s of checker.getExportsOfModule(moduleSymbol)) out.set(s.getName(), s);
  return out;
}

function original(checker: ts.TypeChecker, s: ts.Symbol): ts.Symbol {
  return s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

function applyEdits(text: string, edits: Edit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

interface Rewrite {
  stmt: ts.ImportDeclaration | ts.ExportDeclaration;
  spec: string;
}

/**
 * The edits that point a file's imports at the index files: one import line per index and kind
 * (value or `import type`), the names of several former lines joined in the first one's place.
 */
function rewriteEdits(sf: ts.SourceFile, rewrites: Rewrite[]): Edit[] {
  const edits: Edit[] = [];
  const groups = new Map<string, { stmt: ts.ImportDeclaration; spec: string }[]>();
  for (const r of rewrites) {
    if (ts.isImportDeclaration(r.stmt)) {
      const key = `${r.stmt.importClause?.isTypeOnly ? 'type ' : ''}${r.spec}`;
      groups.set(key, [...(groups.get(key) ?? []), { stmt: r.stmt, spec: r.spec }]);
    } else {
      const lit = r.stmt.moduleSpecifier!;
      edits.push({ start: lit.getStart(sf) + 1, end: lit.getEnd() - 1, text: r.spec });
    }
  }
  for (const [key, members] of groups) {
    const [first, ...rest] = members;
    if (!rest.length) {
      const lit = first.stmt.moduleSpecifier;
      edits.push({ start: lit.getStart(sf) + 1, end: lit.getEnd() - 1, text: first.spec });
      continue;
    }
    const names = [
      ...new Set(
        members.flatMap((m) =>
          (m.stmt.importClause!.namedBindings as ts.NamedImports).elements.map((e) => e.getText(sf)),
        ),
      ),
    ];
    const typeOnly = key.startsWith('type ');
    edits.push({
      start: first.stmt.getStart(sf),
      end: first.stmt.getEnd(),
      text: `import ${typeOnly ? 'type ' : ''}{ ${names.join(', ')} } from '${first.spec}';`,
    });
    for (const m of rest) edits.push({ start: m.stmt.getFullStart(), end: m.stmt.getEnd(), text: '' });
  }
  return edits;
}

function main(): number {
  const features = areas.flatMap((area) =>
    readdirSync(area)
      .map((n) => path.join(area, n))
      .filter((p) => statSync(p).isDirectory()),
  );
  const files = features.flatMap(filesUnder);
  const prog = program(files);
  const checker = prog.getTypeChecker();
  const needed = new Map<string, Needed[]>(); // feature folder -> names its index must export
  const fileEdits = new Map<string, Edit[]>();
  const rewrites = new Map<string, Rewrite[]>();
  const problems: string[] = [];

  for (const file of files) {
    const sf = prog.getSourceFile(file);
    if (!sf) continue;
    const own = featureOf(file)!;
    for (const stmt of sf.statements) {
      const isImport = ts.isImportDeclaration(stmt);
      if (!isImport && !(ts.isExportDeclaration(stmt) && stmt.moduleSpecifier)) continue;
      const specNode = stmt.moduleSpecifier as ts.StringLiteral;
      const target = resolveSpec(file, specNode.text);
      const other = target && featureOf(target);
      if (!target || !other || other === own || target === indexOf(other)) continue;
      if (allowedUpward.has(`${path.basename(own)} ${posix(path.relative(path.dirname(other), target))}`)) continue;
      const where = `${posix(path.relative(root, file))}: '${specNode.text}'`;
      const names: { name: string; typeOnly: boolean }[] = [];
      if (isImport) {
        const clause = stmt.importClause;
        if (!clause || clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) {
          problems.push(`${where}: only named imports can go through index.ts; left as it is`);
          continue;
        }
        for (const el of clause.namedBindings.elements)
          names.push({ name: (el.propertyName ?? el.name).text, typeOnly: clause.isTypeOnly || el.isTypeOnly });
      } else {
        const clause = stmt.exportClause;
        if (!clause || !ts.isNamedExports(clause)) {
          problems.push(`${where}: 'export *' from another feature; left as it is`);
          continue;
        }
        for (const el of clause.elements)
          names.push({ name: (el.propertyName ?? el.name).text, typeOnly: stmt.isTypeOnly || el.isTypeOnly });
      }
      const innerExports = exportsOf(checker, prog.getSourceFile(target));
      const indexExports = exportsOf(checker, prog.getSourceFile(indexOf(other)));
      const list = needed.get(other) ?? [];
      let clash = false;
      const wanted: Needed[] = [];
      for (const { name, typeOnly } of names) {
        const inner = innerExports.get(name);
        if (!inner) {
          problems.push(`${where}: '${name}' is not exported there; left as it is`);
          clash = true;
          continue;
        }
        const atIndex = indexExports.get(name);
        if (atIndex && original(checker, atIndex) !== original(checker, inner)) {
          problems.push(`${where}: index.ts already exports another '${name}'; left as it is`);
          clash = true;
          continue;
        }
        const from = specTo(other, target, true);
        const queued = list.find((n) => n.name === name);
        if (queued && queued.from !== from) {
          problems.push(`${where}: '${name}' is exported by two files of ${path.basename(other)}; left as it is`);
          clash = true;
          continue;
        }
        if (atIndex || queued) continue;
        const isValue = (original(checker, inner).flags & ts.SymbolFlags.Value) !== 0;
        wanted.push({ name, from, typeOnly: typeOnly || !isValue });
      }
      if (clash) continue;
      list.push(...wanted);
      needed.set(other, list);
      const withJs = /\.(js|mjs|jsx)$/.test(specNode.text);
      const list2 = rewrites.get(file) ?? [];
      list2.push({ stmt, spec: specTo(path.dirname(file), indexOf(other), withJs) });
      rewrites.set(file, list2);
    }
    const mine = rewrites.get(file);
    if (mine) fileEdits.set(file, rewriteEdits(sf, mine));
  }

  const changed: string[] = [];
  for (const [file, edits] of fileEdits) {
    const before = readFileSync(file, 'utf8');
    const after = applyEdits(before, edits);
    if (after !== before) {
      changed.push(file);
      if (!check) writeFileSync(file, after);
    }
  }
  for (const [feature, list] of needed) {
    if (!list.length) continue;
    const file = indexOf(feature);
    const before = existsSync(file) ? readFileSync(file, 'utf8') : newIndex(feature);
    const after = addReExports(file, before, list);
    if (after !== before || !existsSync(file)) {
      changed.push(file);
      if (!check) writeFileSync(file, after);
    }
  }

  for (const p of problems) console.warn(`feature-imports: ${p}`);
  for (const f of [...new Set(changed)].sort())
    console.log(`${check ? 'would change' : 'changed'} ${posix(path.relative(root, f))}`);
  if (!changed.length) console.log('feature-imports: every cross-feature import already goes through index.ts');
  return check && changed.length ? 1 : 0;
}

function newIndex(feature: string): string {
  if (feature.startsWith(areas[1]!))
    return `/** The ${path.basename(feature)} page folder as other pages see it: the only file they may import (issue 41 §1). */\n`;
  return `/** The ${path.basename(feature)} feature as other features see it: the only file they may import (issue 26 §2). */\n`;
}

/**
 * Add the re-exports to an index.ts: into an existing `export { ... } from './y.js';` line of the
 * same kind when there is one (so a re-run after a merge grows the line), else as new lines after
 * the last import or re-export at the top of the file.
 */
function addReExports(file: string, text: string, list: Needed[]): string {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const groups = new Map<string, { from: string; typeOnly: boolean; names: Set<string> }>();
  for (const n of list) {
    const key = `${n.typeOnly ? 'type ' : ''}${n.from}`;
    const g = groups.get(key) ?? { from: n.from, typeOnly: n.typeOnly, names: new Set<string>() };
    g.names.add(n.name);
    groups.set(key, g);
  }
  const edits: Edit[] = [];
  const fresh: string[] = [];
  const line = (typeOnly: boolean, names: Iterable<string>, from: string) =>
    `export ${typeOnly ? 'type ' : ''}{ ${[...names].sort().join(', ')} } from '${from}';`;
  for (const g of groups.values()) {
    const existing = sf.statements.find(
      (s): s is ts.ExportDeclaration =>
        ts.isExportDeclaration(s) &&
        !!s.moduleSpecifier &&
        ts.isStringLiteral(s.moduleSpecifier) &&
        s.moduleSpecifier.text === g.from &&
        s.isTypeOnly === g.typeOnly &&
        !!s.exportClause &&
        ts.isNamedExports(s.exportClause) &&
        s.exportClause.elements.every((e) => !e.propertyName && !e.isTypeOnly),
    );
    if (existing) {
      const have = (existing.exportClause as ts.NamedExports).elements.map((e) => e.name.text);
      edits.push({
        start: existing.getStart(sf),
        end: existing.getEnd(),
        text: line(g.typeOnly, new Set([...have, ...g.names]), g.from),
      });
    } else fresh.push(line(g.typeOnly, g.names, g.from));
  }
  if (fresh.length) {
    fresh.sort(
      (a, b) => a.slice(a.indexOf(' from ')).localeCompare(b.slice(b.indexOf(' from '))) || a.localeCompare(b),
    );
    let last: ts.Statement | undefined;
    for (const s of sf.statements) {
      if (!ts.isImportDeclaration(s) && !(ts.isExportDeclaration(s) && s.moduleSpecifier)) break;
      last = s;
    }
    const gap = last && ts.isImportDeclaration(last) ? '\n' : '';
    if (last) edits.push({ start: last.getEnd(), end: last.getEnd(), text: `\n${gap}${fresh.join('\n')}` });
    else
      edits.push({
        start: text.length,
        end: text.length,
        text: `${text.length && !text.endsWith('\n') ? '\n' : ''}${fresh.join('\n')}\n`,
      });
  }
  return applyEdits(text, edits);
}

process.exitCode = main();
