import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_RENDER_DIR, SERVER_RENDER_ENTRY } from '../src/shared/server-render.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the server serves the client from: `CLIENT_DIR` (as the server's config reads it) or dist/client. */
export function clientDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(root, env.CLIENT_DIR ?? 'dist/client');
}

function newest(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const child of readdirSync(entry)) max = Math.max(max, newest(path.join(entry, child)));
  return max;
}

/** The build is stale when any client source, shared code or build setting is newer than it. */
export function clientBuildIsStale(dir = clientDir()): boolean {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = [
    'src/client',
    'src/shared',
    'vite.config.ts',
    'scripts/vite-precompress.ts',
    'package-lock.json',
  ].map((p) => path.join(root, p));
  return sources.some((s) => newest(s) > built);
}

/** A production build of the client into `outDir` (vite.config.ts). */
export type ClientBuilder = (outDir: string) => Promise<void>;

/**
 * The client as `npm run build` makes it: the browser's files into `outDir`, then the server's render
 * of signed-in first screens (src/client/ssr/) into its server-render/ folder.
 */
export async function buildClient(outDir: string, { sourcemap = false } = {}): Promise<void> {
  const { build } = await import('vite');
  const common = { root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', mode: 'production' } as const;
  await build({ ...common, build: { outDir, emptyOutDir: true, sourcemap } });
  await build({
    ...common,
    build: { ssr: SERVER_RENDER_ENTRY, outDir: path.join(outDir, SERVER_RENDER_DIR), emptyOutDir: true },
  });
}

export const viteBuild: ClientBuilder = (outDir) => buildClient(outDir);

/** Build the client (production mode) when it is missing or stale; answers whether it built. */
export async function ensureClientBuild(dir = clientDir(), build: ClientBuilder = viteBuild): Promise<boolean> {
  if (!clientBuildIsStale(dir)) return false;
  console.log('Building the client...');
  // A production build sets NODE_ENV=production in this process when it is unset; npm start
  // runs the server in the same process next, which would then take itself for a production
  // start and seed no demo accounts. The build must leave the environment as it found it.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build(dir);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return true;
}
