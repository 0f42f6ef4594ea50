import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { buildApp, type App } from '../../../src/server/app.js';
import type { SchemaBundle } from '../../../src/shared/bundle-types.js';
import { loadConfig } from '../../../src/server/config.js';
import { Outbox } from './outbox.js';
import { TEST_PASSWORD_COST } from '../../helpers/app.js';
import { copyMigratedSqlite } from '../../helpers/db.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CLIENT_DIR = path.join(root, 'dist/client');

export interface Portal extends App {
  /** http://127.0.0.1:<port>: what the browser opens and what mailed links point at. */
  url: string;
  dataDir: string;
  outbox: Outbox;
  stop(): Promise<void>;
}

/**
 * The real server, in-process, on a random port, with a fresh SQLite database (a copy of the
 * run's migrated template), the built client and the default mailer (mail lands as .eml files in DATA_DIR/outbox). The schema
 * promise test hands in its own client build and schema bundle.
 */
export async function startPortal(options: { clientDir?: string; bundle?: SchemaBundle } = {}): Promise<Portal> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ananas-e2e-'));
  copyMigratedSqlite(dataDir);
  const config = {
    ...loadConfig(
      { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ANANAS_DEMO: '0', WEBHOOK_ALLOW_PRIVATE: '1', ...TEST_PASSWORD_COST },
      root,
    ),
    clientDir: options.clientDir ?? CLIENT_DIR,
  };
  const built = await buildApp({ config, logger: false, bundle: options.bundle });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  // The port is known only now; links are built per request from this same config object, so
  // mailed links point at the real listening address.
  config.publicUrl = url;
  return {
    ...built,
    url,
    dataDir,
    outbox: new Outbox(path.join(dataDir, 'outbox')),
    async stop() {
      await built.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
