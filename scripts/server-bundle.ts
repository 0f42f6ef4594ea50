import { mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
/** Inside the project, so the bundle's imports of packages resolve to its node_modules. */
const OUT = path.join(root, 'node_modules/.cache/ananas-server/main.mjs');

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

let built: Promise<string> | undefined;

/**
 * src/server/main.ts as one JavaScript file, packages left as imports: what the tests' real
 * server processes run, so a process starts without transpiling the server's few hundred modules
 * (tsx, as `npm start` runs it, does that at each start). Built once, again when a source is newer.
 * Written under another name and renamed, so two test workers building at once never run half a file.
 */
export function serverBundle(): Promise<string> {
  built ??= (async () => {
    const sources = Math.max(newest(path.join(root, 'src/server')), newest(path.join(root, 'src/shared')));
    try {
      if (statSync(OUT).mtimeMs > sources) return OUT;
    } catch {
      // Not built yet.
    }
    mkdirSync(path.dirname(OUT), { recursive: true });
    const temporary = `${OUT}.${process.pid}.tmp.mjs`;
    await build({
      entryPoints: [path.join(root, 'src/server/main.ts')],
      outfile: temporary,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: 'inline',
      logLevel: 'error',
      plugins: [ownUrls],
    });
    renameSync(temporary, OUT);
    return OUT;
  })();
  return built;
}
