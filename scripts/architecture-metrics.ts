/**
 * npx tsx scripts/architecture-metrics.ts [--list]
 *
 * The figures issue 26 tracks, measured over src/ (generated code left out): imports that cross
 * from one server feature (src/server/features/<name>/) to another, and from one client page
 * folder (src/client/pages/<name>/) to another; the feature pairs that import each other; file
 * import cycles (strongly connected files, counting type-only imports, and counting value imports
 * only, which is what eslint's import-x/no-cycle checks); files over 300 lines; functions over 80
 * lines. For the client (issue 41 §1, client-layers.json): imports into another page folder's inner
 * file (past its index.ts), and imports that point up between the layers of src/client/, each split
 * into those client-layers.json names as exceptions and the rest (which lint refuses). The
 * conventions of issue 41 §3: server handlers over 12 lines, handler files that query tables
 * themselves, and client page views that call the API client or run queries instead of a page hook.
 * Migrations are left out of the long files and functions (history, not the product's code).
 * --list names each item, not only the counts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'src');
const LONG_FILE = 300;
const LONG_FUNCTION = 80;
/** A handler reads the request, calls the feature's work and answers (issue 41 §3). */
const LONG_HANDLER = 12;
const migrationsDir = path.join(src, 'server', 'db', 'migrations');
const clientDir = path.join(src, 'client');

interface ClientLayers {
  client: string[];
  allowedUpward: { from: string; to: string }[];
  pageInternals: { from: string; to: string }[];
}
const clientLayers = JSON.parse(readFileSync(path.join(root, 'client-layers.json'), 'utf8')) as ClientLayers;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (full !== path.join(src, 'shared', 'generated')) out.push(...sourceFiles(full));
    } else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out.sort();
}

/** A relative import to the file it names (.js written for .ts, or no extension, or a folder's index). */
function resolve(from: string, spec: string): string | null {
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

interface Edge {
  to: string;
  typeOnly: boolean;
}

function importsOf(file: string, sf: ts.SourceFile): Edge[] {
  const edges: Edge[] = [];
  const add = (spec: ts.Expression | undefined, typeOnly: boolean) => {
    if (!spec || !ts.isStringLiteral(spec)) return;
    const to = resolve(file, spec.text);
    if (to) edges.push({ to, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier, typeOnly);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return edges;
}

/** The strongly connected groups of more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const strong = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return out;
}

const QUERY_CALL = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(/;
const VIEW_CALL = /from '(\.\.\/)+api\/client'|\buse(Query|Mutation|QueryClient|InfiniteQuery)\(/;

/** Member functions of an object literal inside a function named …Handlers, over LONG_HANDLER lines. */
function longHandlers(file: string, sf: ts.SourceFile): string[] {
  const out: string[] = [];
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node, inMap: boolean): void => {
    const named = (ts.isFunctionDeclaration(node) && node.name?.text) || '';
    const mapHere = inMap || /Handlers$/.test(named);
    if (mapHere && ts.isObjectLiteralExpression(node)) {
      for (const member of node.properties) {
        const fn = ts.isMethodDeclaration(member)
          ? member
          : ts.isPropertyAssignment(member) &&
              (ts.isArrowFunction(member.initializer) || ts.isFunctionExpression(member.initializer))
            ? member.initializer
            : null;
        if (!fn?.body || !member.name || !ts.isIdentifier(member.name)) continue;
        const lines = lineOf(fn.body.getEnd()) - lineOf(fn.body.getStart(sf)) + 1;
        if (lines > LONG_HANDLER)
          out.push(`${rel(file)}:${lineOf(member.getStart(sf)) + 1} ${member.name.text} (${lines} lines)`);
      }
      return;
    }
    ts.forEachChild(node, (child) => visit(child, mapHere));
  };
  visit(sf, false);
  return out;
}

function longFunctions(file: string, sf: ts.SourceFile): string[] {
  const out: string[] = [];
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node): void => {
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isConstructorDeclaration(node) ||
        ts.isGetAccessor(node) ||
        ts.isSetAccessor(node)) &&
      node.body
    ) {
      // Counted as eslint's max-lines-per-function counts: the whole function, its signature included.
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(sf)) + 1;
      if (lines > LONG_FUNCTION) {
        const name =
          node.name && ts.isIdentifier(node.name)
            ? node.name.text
            : ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)
              ? node.parent.name.text
              : ts.isPropertyAssignment(node.parent) && ts.isIdentifier(node.parent.name)
                ? node.parent.name.text
                : '(anonymous)';
        out.push(`${rel(file)}:${lineOf(node.getStart(sf)) + 1} ${name} (${lines} lines)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const rel = (file: string) => path.relative(root, file);
/** The feature (server) or page folder (client) a file belongs to, or null. */
function areaOf(file: string): string | null {
  const r = path.relative(src, file).split(path.sep);
  if (r[0] === 'server' && r[1] === 'features' && r.length > 3) return `server:${r[2]}`;
  if (r[0] === 'client' && r[1] === 'pages' && r.length > 3) return `client:${r[2]}`;
  return null;
}

/** Where a client file sits: its layer (first folder under src/client/), and its page folder if any. */
function clientPlace(file: string): { layer: string; page: string | null; inner: string } | null {
  const r = path.relative(clientDir, file).split(path.sep);
  if (r[0] === '..' || r.length < 2) return null;
  return { layer: r[0]!, page: r[0] === 'pages' && r.length > 2 ? r[1]! : null, inner: r.join('/') };
}

/** An import between client files that breaks client-layers.json, or null; `allowed` when named there. */
function clientArrow(file: string, target: string): { kind: 'upward' | 'page'; allowed: boolean } | null {
  const from = clientPlace(file);
  const to = clientPlace(target);
  if (!from || !to) return null;
  const order = clientLayers.client;
  if (order.indexOf(to.layer) > order.indexOf(from.layer)) {
    const allowed = clientLayers.allowedUpward.some((u) => u.from === from.layer && u.to === to.inner);
    return { kind: 'upward', allowed };
  }
  if (from.page && to.page && from.page !== to.page && to.inner !== `pages/${to.page}/index.ts`) {
    const inner = to.inner.slice('pages/'.length);
    const allowed = clientLayers.pageInternals.some((u) => u.from === from.page && u.to === inner);
    return { kind: 'page', allowed };
  }
  return null;
}

export interface Metrics {
  crossFeatureImports: { server: string[]; client: string[] };
  /** Imports of another page folder's inner file (not its index.ts): refused, and named exceptions. */
  pageInternals: { refused: string[]; named: string[] };
  /** Imports from a lower client layer into a higher one: refused, and named exceptions. */
  upward: { refused: string[]; named: string[] };
  mutualPairs: string[];
  cyclesAll: string[][];
  cyclesValue: string[][];
  longFiles: string[];
  longFunctions: string[];
  /** Handlers (members of a `…Handlers` map) longer than LONG_HANDLER lines. */
  longHandlers: string[];
  /** Server handler files that query tables themselves instead of through a store. */
  handlerQueries: string[];
  /** Client page views (.tsx) that call the API client or run TanStack queries instead of a page hook. */
  viewCalls: string[];
}

export function measure(): Metrics {
  const files = sourceFiles(src);
  const all = new Map<string, string[]>();
  const value = new Map<string, string[]>();
  const cross = { server: [] as string[], client: [] as string[] };
  const areaEdges = new Set<string>();
  const pageInternals = { refused: [] as string[], named: [] as string[] };
  const upward = { refused: [] as string[], named: [] as string[] };
  const longFiles: string[] = [];
  const longFns: string[] = [];
  const handlers: string[] = [];
  const handlerQueries: string[] = [];
  const viewCalls: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const sf = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    // Migrations are history, written once and never read as the product's code (issue 41 §2).
    const migration = file.startsWith(migrationsDir + path.sep);
    if (lines > LONG_FILE && !migration) longFiles.push(`${rel(file)} (${lines} lines)`);
    if (!migration) longFns.push(...longFunctions(file, sf));
    if (file.startsWith(path.join(src, 'server', 'features') + path.sep)) {
      handlers.push(...longHandlers(file, sf));
      if (/function \w+Handlers\(/.test(text) && QUERY_CALL.test(text)) handlerQueries.push(rel(file));
    }
    if (file.startsWith(path.join(clientDir, 'pages') + path.sep) && file.endsWith('.tsx') && VIEW_CALL.test(text))
      viewCalls.push(rel(file));
    const edges = importsOf(file, sf);
    all.set(file, [...new Set(edges.map((e) => e.to))]);
    value.set(file, [...new Set(edges.filter((e) => !e.typeOnly).map((e) => e.to))]);
    const from = areaOf(file);
    for (const e of new Set(edges.map((x) => x.to))) {
      const to = areaOf(e);
      if (from && to && from !== to && from.split(':')[0] === to.split(':')[0]) {
        cross[from.startsWith('server') ? 'server' : 'client'].push(`${rel(file)} -> ${rel(e)}`);
        areaEdges.add(`${from}|${to}`);
      }
      const arrow = clientArrow(file, e);
      if (arrow)
        (arrow.kind === 'page' ? pageInternals : upward)[arrow.allowed ? 'named' : 'refused'].push(
          `${rel(file)} -> ${rel(e)}`,
        );
    }
  }
  const mutual = [...areaEdges]
    .filter((e) => {
      const [a, b] = e.split('|');
      return a! < b! && areaEdges.has(`${b}|${a}`);
    })
    .map((e) => e.replace('|', ' <-> '));
  const named = (groups: string[][]) => groups.map((g) => g.map(rel));
  return {
    crossFeatureImports: cross,
    pageInternals,
    upward,
    mutualPairs: mutual.sort(),
    cyclesAll: named(cycles(all)),
    cyclesValue: named(cycles(value)),
    longFiles,
    longFunctions: longFns,
    longHandlers: handlers,
    handlerQueries,
    viewCalls,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const m = measure();
  const list = process.argv.includes('--list');
  const show = (title: string, items: string[]) => {
    console.log(`${title}: ${items.length}`);
    if (list) for (const i of items) console.log(`  ${i}`);
  };
  show('cross-feature imports (server features; file -> file)', m.crossFeatureImports.server);
  const perFeature = new Set(
    m.crossFeatureImports.server.map((e) => e.replace(/(src\/server\/features\/[^/]+)\/[^ ]+$/, '$1')),
  );
  show('cross-feature imports (server features; file -> feature)', [...perFeature]);
  show('cross-page imports (client pages, index.ts included)', m.crossFeatureImports.client);
  show("cross-page imports past a page's index.ts (client-layers.json refuses)", m.pageInternals.refused);
  show("cross-page imports past a page's index.ts (named in client-layers.json)", m.pageInternals.named);
  show('upward imports between client layers (client-layers.json refuses)', m.upward.refused);
  show('upward imports between client layers (named in client-layers.json)', m.upward.named);
  show('mutual feature pairs', m.mutualPairs);
  show(
    'file cycles (type imports counted)',
    m.cyclesAll.map((g) => g.join(' <-> ')),
  );
  show(
    'file cycles (value imports only, as import-x/no-cycle)',
    m.cyclesValue.map((g) => g.join(' <-> ')),
  );
  show(`files over ${LONG_FILE} lines`, m.longFiles);
  show(`functions over ${LONG_FUNCTION} lines`, m.longFunctions);
  show(`server handlers over ${LONG_HANDLER} lines`, m.longHandlers);
  show('server handler files that query tables (not through a store)', m.handlerQueries);
  show('client page views that call the API client or run queries (not through a page hook)', m.viewCalls);
}
