import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLIENT_DIR = path.join(root, 'dist/client');

function newest(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const child of readdirSync(entry)) max = Math.max(max, newest(path.join(entry, child)));
  return max;
}

/** The build is stale when any client source, shared code or build setting is newer than it. */
export function clientBuildIsStale(): boolean {
  const index = path.join(CLIENT_DIR, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p));
  return sources.some((s) => newest(s) > built);
}

/** Build the client (production mode) when it is missing or stale. */
export async function ensureClientBuild(): Promise<boolean> {
  if (!clientBuildIsStale()) return false;
  const { build } = await import('vite');
  console.log('Building the client...');
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  return true;
}
