import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite-precompress.js';
import { routePreloadsPlugin } from './scripts/vite-route-preloads.js';
import { SERVER_RENDER_DIR, SERVER_RENDER_ENTRY } from './src/shared/server-render.js';

const projectRoot = path.dirname(fileURLToPath(import.meta.url));
const clientRoot = path.join(projectRoot, 'src/client');
const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? '8000'}`;

/**
 * Callers such as scripts/client-build.ts pass the project root inline, and inline options win
 * over this file; a plugin's config hook runs after that merge, so the client root always holds.
 */
function clientRootPlugin(): Plugin {
  return { name: 'ananas-client-root', config: () => ({ root: clientRoot }) };
}

/**
 * Chunk groups: React, MUI/emotion, and the router with the data layer each get a long-lived vendor chunk, so a
 * deploy that changes only app code does not invalidate them; everything page-specific stays in
 * the lazy page chunks. The sign-in page's first load is the entry plus these vendors.
 */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  {
    name: 'mui-core',
    // With MUI's own internals that nearly every component imports (utils, transitions): left
    // out, the build splits them into a handful of sub-kilobyte chunks, each one more request
    // before the first paint.
    test: /node_modules[\\/](@mui[\\/](system|styled-engine|utils|private-theming|material[\\/](esm[\\/])?(styles|utils|zero-styled|internal|transitions|DefaultPropsProvider))|@emotion|@babel[\\/]runtime|stylis|react-is|react-transition-group|hoist-non-react-statics|clsx|prop-types)[\\/]/,
    priority: 20,
  },
  // The router and the data layer in one chunk: both are on every page's first load, and one
  // request fewer keeps the sign-in page's first visit under its 250 KB on the wire.
  {
    name: 'router-data',
    test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser|@tanstack|openapi-fetch|js-cookie|notistack|goober)[\\/]/,
    priority: 20,
  },
  // The form engine's libraries (rjsf and what it brings) under a name of their own: only pages
  // that render schema forms load it, and tests/e2e/first-load.test.ts checks by this name that
  // the sign-in page, the dashboard and the portfolio do not.
  {
    name: 'form-engine',
    test: /node_modules[\\/](@rjsf|markdown-to-jsx|@x0k|fast-uri|fast-equals|jsonpointer)[\\/]/,
    priority: 20,
    // Not the MUI components @rjsf/mui uses: those are shared with the shell and the pages.
    includeDependenciesRecursively: false,
  },
];

/**
 * The app's chunk: main.tsx and every module it imports statically, bar the vendors' and the
 * entry's. The entry (start.ts) imports the app dynamically, and the build would otherwise cut
 * what the app shares with the pages into a dozen small chunks of their own, each one more request
 * before the first paint and more bytes (the sign-in page's first visit went over its 250 KB). The
 * app is always loaded before any page, so its modules are theirs to import from it, as when it
 * was the entry. What the entry itself imports (a few constants, Vite's preload helper) stays in
 * the entry's chunk: in the app's, the entry would import the app statically, and the browser
 * would fetch and compile it all as the document arrives, beside the server's page it is painting.
 */
function appChunk(): { plugin: Plugin; group: Rolldown.CodeSplittingGroup } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'ananas-app-chunk',
    apply: 'build',
    buildEnd() {
      const closure = (root: string) => {
        const found = new Set<string>();
        const todo = [root];
        for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
          if (found.has(id)) continue;
          found.add(id);
          todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return found;
      };
      const entry = closure(path.join(clientRoot, 'start.ts'));
      for (const id of closure(path.join(clientRoot, 'main.tsx'))) if (!entry.has(id)) modules.add(id);
      if (modules.size < 2) this.error('the app chunk: main.tsx is not in the build');
    },
  };
  // Only these modules: with their dependencies, the group would take the entry's too.
  return {
    plugin,
    group: { name: 'main', test: (id) => modules.has(id), priority: 10, includeDependenciesRecursively: false },
  };
}

/**
 * The English catalogue is fetched before the first render (main.tsx): a preload hint in
 * index.html starts it with the scripts instead of after they have run, one round trip sooner.
 */
function preloadEnglishPlugin(): Plugin {
  return {
    name: 'ananas-preload-english',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const english = Object.values(ctx.bundle ?? {}).find(
          (file) =>
            file.type === 'asset' &&
            file.originalFileNames.some((name) => name.replaceAll('\\', '/').endsWith('locales/en/messages.json')),
        );
        if (!english) throw new Error('the English catalogue is not in the build');
        // crossorigin: fetch() asks in CORS mode, and a preload is used only by a request of the same mode.
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${english.fileName}`, as: 'fetch', crossorigin: 'anonymous' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Vite warns of chunks over 500 kB (minified, before compression). The only ones over it are the
 * generated fact sections with their compiled validators (sports-wellness: 520 kB, 41 kB as
 * brotli), each loaded only with its own section's form, never on a first screen; first-load
 * weight is watched where it matters (the first-load browser test, npm run bench -- client).
 * The limit sits above those data chunks so that a new warning means a new kind of large chunk.
 */
const CHUNK_WARNING_KB = 600;

/**
 * A production-mode build is a production build, whatever NODE_ENV the caller runs under (the
 * test run's global setup builds inside vitest, where NODE_ENV is "test", which would otherwise
 * give React's development build). Vite reads NODE_ENV after loading this file, as its docs
 * advise; the caller's value comes back when the build ends.
 */
function productionBuildPlugin(command: string, mode: string): Plugin | undefined {
  if (command !== 'build' || mode !== 'production' || process.env.NODE_ENV === 'production') return undefined;
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const restore = () => {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  };
  return {
    name: 'ananas-production-build',
    buildEnd(error) {
      if (error) restore();
    },
    closeBundle: restore,
  };
}

/**
 * React Router's own production build for a production client. Its package exports name only its
 * development build, whatever the mode (remix-run/react-router#14102, open): that one keeps its
 * development checks and warnings, which a production page runs on every navigation and may print
 * to the console (the portal writes nothing there, spec 000 §8). The two builds differ in that
 * switch alone. The app reaches the router through these two entries only (react-router-dom).
 */
const routerDist = path.join(projectRoot, 'node_modules/react-router/dist/production');
const productionRouter = [
  { find: /^react-router$/, replacement: path.join(routerDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(routerDist, 'dom-export.mjs') },
];

/** A client page folder's deliberate export, src/client/pages/<name>/index.ts. */
const PAGE_INDEX = /[\\/]src[\\/]client[\\/]pages[\\/][^\\/]+[\\/]index\.ts$/;

/**
 * The server's render of signed-in first screens (src/client/ssr/, issue 39), built for Node next to
 * the client, in its folder's server-render/ (the server never serves that folder's files).
 */
function serverRenderBuild(command: string, mode: string): UserConfig {
  return {
    root: clientRoot,
    publicDir: false,
    plugins: [clientRootPlugin(), productionBuildPlugin(command, mode), react()],
    resolve: { alias: mode === 'production' ? productionRouter : [] },
    // Its libraries inside the bundle: it runs from wherever the build is (CLIENT_DIR), with no
    // node_modules beside it, and loads the very versions the browser's files were built with.
    ssr: { noExternal: true },
    // The libraries' build for the mode, fixed in the bundle: the server's NODE_ENV (unset in a
    // demo start, "test" in tests) must not pick React's development build at run time.
    define: { 'process.env.NODE_ENV': JSON.stringify(mode === 'production' ? 'production' : 'development') },
    build: {
      ssr: SERVER_RENDER_ENTRY,
      outDir: path.join(projectRoot, 'dist/client', SERVER_RENDER_DIR),
      emptyOutDir: true,
      sourcemap: false,
    },
  };
}

const clientBuild = (command: string, mode: string): UserConfig => {
  const app = appChunk();
  return {
    root: clientRoot,
    publicDir: false,
    plugins: [
      clientRootPlugin(),
      productionBuildPlugin(command, mode),
      react(),
      preloadEnglishPlugin(),
      routePreloadsPlugin(clientRoot),
      precompress(),
      app.plugin,
    ],
    resolve: { alias: command === 'build' && mode === 'production' ? productionRouter : [] },
    build: {
      outDir: path.join(projectRoot, 'dist/client'),
      emptyOutDir: true,
      sourcemap: false,
      chunkSizeWarningLimit: CHUNK_WARNING_KB,
      rolldownOptions: {
        output: { codeSplitting: { groups: [...vendorGroups, app.group] } },
        // A page folder's index.ts (issue 41 §1) only re-exports what other pages may use: marked free
        // of side effects, a page that takes one name from it loads that name's file alone, not every
        // file the index names (the dashboard would otherwise load the operator's contracted list and,
        // with it, the form engine). Every other module keeps the default.
        treeshake: { moduleSideEffects: (id: string) => (PAGE_INDEX.test(id) ? false : undefined) },
      },
    },
    server: {
      port: Number(process.env.WEB_PORT ?? 5173),
      proxy: { '/api': { target: apiTarget, changeOrigin: false } },
    },
    preview: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  };
};

export default defineConfig(({ command, mode, isSsrBuild }) =>
  isSsrBuild ? serverRenderBuild(command, mode) : clientBuild(command, mode),
);
