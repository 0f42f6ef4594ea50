/**
 * Per route, the chunks its first screen needs (route-preloads.json in the build): the entry's,
 * then the page's and those it imports, then for signed-in pages the shell's. The server names
 * them in a `Link: rel=modulepreload` header on the page's HTML (src/server/plugins/route-preloads.ts),
 * or, on a page it renders itself, in a template the entry fetches them from after the first frame
 * (server-render.ts), so a cold load at a deep link fetches the page's chunks beside the entry's scripts, instead of
 * once those have run and the router has matched (issue 39: on the portfolio, some 30 small chunks
 * asked for 250 ms into the load, on six connections).
 *
 * Which page a path shows is read from the route table's source (src/client/app/routes.tsx and
 * pages.ts) with TypeScript's parser; tests/component/app/route-preloads.test.tsx checks the reading
 * against the table the app runs, so a route written in a shape this does not read fails there.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

export interface RouteModule {
  /** The route's path as the router has it (`:name` segments). */
  path: string;
  access: string;
  /** The page's key in pages.ts. */
  page: string;
  /** The page module's file, absolute. */
  module: string;
}

export interface RoutePreload {
  path: string;
  /** Who the route is for (routes.tsx): 'user' pages send a signed-out visitor to sign in. */
  access: string;
  /** Chunk files to preload, as URLs (`/assets/…`): the entry's, then the page's, then the shell's. */
  files: string[];
}

/** The file as the build's module ids name it: the specifier resolved with its extension. */
function resolveModule(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const found = ['', '.tsx', '.ts'].map((ext) => base + ext).find((f) => existsSync(f) && statSync(f).isFile());
  if (!found) throw new Error(`route preloads: ${specifier} (from ${from}) is not a file`);
  return found;
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** pages.ts: each page's key and the module its lazyPage(...) imports. */
function pageModules(pagesFile: string): Map<string, string> {
  const pages = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && ts.isCallExpression(node.initializer)) {
      const call = node.initializer;
      if (ts.isIdentifier(call.expression) && call.expression.text === 'lazyPage') {
        let specifier: string | undefined;
        const find = (n: ts.Node) => {
          if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
            const arg = n.arguments[0];
            if (arg && ts.isStringLiteral(arg)) specifier = arg.text;
          }
          ts.forEachChild(n, find);
        };
        find(call);
        if (specifier && ts.isIdentifier(node.name)) pages.set(node.name.text, resolveModule(pagesFile, specifier));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(pagesFile));
  return pages;
}

/** `pages.key` → key. */
const pageKey = (node: ts.Node | undefined): string | undefined =>
  node && ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'pages'
    ? node.name.text
    : undefined;

/**
 * routes.tsx: every route with a page. Three shapes: `user('/path', pages.key, …)` (access
 * 'user'), `{ path: '/path', access: '…', page: pages.key }`, and `LIST.map((p) => user(p,
 * pages.key, …))` over a const array of paths.
 */
export function routeModules(clientRoot: string): RouteModule[] {
  const routesFile = path.join(clientRoot, 'app/routes.tsx');
  const pages = pageModules(path.join(clientRoot, 'app/pages.ts'));
  const source = parse(routesFile);
  const lists = new Map<string, string[]>();
  const routes: RouteModule[] = [];
  const add = (routePath: string, access: string, key: string | undefined) => {
    const module = key === undefined ? undefined : pages.get(key);
    if (!module || key === undefined)
      throw new Error(`route preloads: ${routePath} names page ${key ?? '(none)'}, not in pages.ts`);
    routes.push({ path: routePath, access, page: key, module });
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isArrayLiteralExpression(node.initializer) &&
      node.initializer.elements.every(ts.isStringLiteral)
    ) {
      lists.set(
        node.name.text,
        node.initializer.elements.map((e) => (e as ts.StringLiteral).text),
      );
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'user') {
      const [first, page] = node.arguments;
      if (first && ts.isStringLiteral(first)) add(first.text, 'user', pageKey(page));
    }
    // LIST.map((p) => user(p, pages.key, …))
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'map' &&
      ts.isIdentifier(node.expression.expression) &&
      lists.has(node.expression.expression.text)
    ) {
      const fn = node.arguments[0];
      const body = fn && ts.isArrowFunction(fn) ? fn.body : undefined;
      if (body && ts.isCallExpression(body) && ts.isIdentifier(body.expression) && body.expression.text === 'user') {
        for (const p of lists.get(node.expression.expression.text)!) add(p, 'user', pageKey(body.arguments[1]));
        return;
      }
    }
    if (ts.isObjectLiteralExpression(node)) {
      const prop = (name: string) =>
        node.properties.find(
          (p): p is ts.PropertyAssignment =>
            ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
        )?.initializer;
      const routePath = prop('path');
      const access = prop('access');
      if (routePath && ts.isStringLiteral(routePath) && access && ts.isStringLiteral(access) && prop('page'))
        add(routePath.text, access.text, pageKey(prop('page')));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return routes;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
}

/** The chunk and every chunk it imports statically, in the order a browser would ask for them. */
function closure(chunk: ChunkLike, byFile: Map<string, ChunkLike>, into: string[] = []): string[] {
  if (into.includes(chunk.fileName)) return into;
  into.push(chunk.fileName);
  for (const f of chunk.imports) {
    const dep = byFile.get(f);
    if (dep) closure(dep, byFile, into);
  }
  return into;
}

/** route-preloads.json for the bundle: per route, the entry's chunks, then its page's (and for signed-in routes the shell's). */
export function routePreloads(clientRoot: string, chunks: ChunkLike[]): RoutePreload[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('route preloads: the build has no entry chunk');
  // The entry's own chunks lead: the browser asks in the header's order, six at a time, and the
  // entry's scripts are what the first render waits on (after the page's chunks they cost a
  // cold load of the portfolio 40 ms at p50; listed first, the page's chunks save 90).
  // The entry runs the app through a dynamic import (start.ts): its chunks are the entry's too.
  // (The app's chunk is a group's, vite.config.ts's appChunk: no facade module.)
  const main = resolveModule(path.join(clientRoot, 'start.ts'), './main');
  const app = chunks.find((c) => c.moduleIds.includes(main));
  if (!app) throw new Error('route preloads: the app (main.tsx) is not a chunk of its own');
  const entryFiles = closure(app, byFile, closure(entry, byFile));
  const shell = byModule.get(resolveModule(path.join(clientRoot, 'app/shell/signed-in-parts.ts'), './signed-in-shell'));
  if (!shell) throw new Error('route preloads: the signed-in shell is not a chunk of its own');
  return routeModules(clientRoot).map((route) => {
    const page = byModule.get(route.module);
    if (!page) throw new Error(`route preloads: ${route.module} is not a chunk of its own`);
    const files = closure(page, byFile, [...entryFiles]);
    if (route.access === 'user') closure(shell, byFile, files);
    return { path: route.path, access: route.access, files: files.map((f) => `/${f}`) };
  });
}

export function routePreloadsPlugin(clientRoot: string): Plugin {
  return {
    name: 'ananas-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is typeof c & ChunkLike => c.type === 'chunk');
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: JSON.stringify(routePreloads(clientRoot, chunks)),
      });
    },
  };
}
