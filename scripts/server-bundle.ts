import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
/** Inside the project, so the bundle's imports of packages resolve to its node_modules. */
export const SERVER_BUNDLE = path.join(root, 'node_modules/.cache/ananas-server/main.mjs');
const OUT = SERVER_BUNDLE;

/**
 * Each module's `import.meta.url` stays its source file's address (the PDF templates, the Typst
 * worker and the widget script are found beside their modules, wherever the bundle is).
 */
const ownUrls: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const source = await readFile(args.path, 'utf8');
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: 'ts',
      };
    });
  },
};

function newest(dir: string): number {
  let at = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    at = Math.max(at, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return at;
}

const builds = new Map<string, Promise<string>>();

/**
 * A TypeScript entry as one JavaScript file `out`, packages left as imports, rebuilt when a file
 * under `watched` is newer. Written under another name and renamed, so two test workers building
 * at once never run half a file; the map first, since the script names it.
 *
 * The source map is a file beside it (`--enable-source-maps` reads it), without the sources' text:
 * V8 keeps a script's whole text for as long as it runs, and an inline map made that text three
 * times as long (about 60 MB of the heap at rest, issue 39).
 */
export function bundleScript(entry: string, out: string, watched: string[]): Promise<string> {
  let built = builds.get(out);
  if (built) return built;
  built = (async () => {
    const sources = Math.max(...watched.map(newest));
    try {
      if (statSync(out).mtimeMs > sources && statSync(`${out}.map`).mtimeMs > sources) return out;
    } catch {
      // Not built yet.
    }
    mkdirSync(path.dirname(out), { recursive: true });
    const result = await build({
      entryPoints: [entry],
      outfile: out,
      write: false,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: 'linked',
      sourcesContent: false,
      legalComments: 'none',
      logLevel: 'error',
      plugins: [ownUrls],
    });
    const isMap = (file: { path: string }) => file.path.endsWith('.map');
    for (const file of [...result.outputFiles.filter(isMap), ...result.outputFiles.filter((f) => !isMap(f))]) {
      const temporary = `${file.path}.${process.pid}.tmp`;
      writeFileSync(temporary, file.contents);
      renameSync(temporary, file.path);
    }
    return out;
  })();
  builds.set(out, built);
  return built;
}

/**
 * src/server/main.ts bundled: what `npm start` and the tests' real server processes run, so a
 * process starts without transpiling the server's few hundred modules and without the tsx loader
 * in memory.
 */
export function serverBundle(): Promise<string> {
  return bundleScript(path.join(root, 'src/server/main.ts'), OUT, [
    path.join(root, 'src/server'),
    path.join(root, 'src/shared'),
  ]);
}
