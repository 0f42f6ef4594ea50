import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildClient } from '../client-build.js';

export interface ProductionClient {
  dir: string;
  /** Removes the build if this bench made it; a build handed in stays. */
  dispose(): void;
}

/**
 * The production client, built as `npm run build` builds it, into a temporary folder of its own.
 * BENCH_CLIENT_DIR names a build already made (CI's dist/client): the bench smoke test hands it in
 * so that each Chromium section does not spend its seconds building the same files again.
 * `sourcemap`: the build made here has its maps beside its files.
 */
export async function productionClient({ sourcemap = false } = {}): Promise<ProductionClient> {
  const given = process.env.BENCH_CLIENT_DIR;
  // Resolved here: the portal serves it with @fastify/static, which takes absolute paths only.
  if (given) return { dir: path.resolve(given), dispose: () => {} };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ananas-bench-client-'));
  // Source maps beside the files when asked (the cold-load profile names functions by them).
  await buildClient(dir, { sourcemap });
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
