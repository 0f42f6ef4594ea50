import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The production client, built as `npm run build` builds it, into a temporary folder of its own. */
export async function buildClient(): Promise<string> {
  const { build } = await import('vite');
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'ananas-bench-gallery-client-'));
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    mode: 'production',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}
