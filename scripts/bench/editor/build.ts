import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The bare bench page (scripts/bench/editor/bare: stock rjsf or the engine), a production build of its own, never shipped. */
export async function buildBare(): Promise<string> {
  const { build } = await import('vite');
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'ananas-bench-bare-'));
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: false,
      root: path.join(root, 'scripts/bench/editor/bare'),
      logLevel: 'warn',
      mode: 'production',
      plugins: [react()],
      build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
    });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
  return outDir;
}
