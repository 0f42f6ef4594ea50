import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { codegen } from '../../../codegen/run.js';
import type { SchemaBundle } from '../../../src/shared/bundle-types.js';

const root = path.resolve(import.meta.dirname, '../../..');

export interface ClientVariant {
  clientDir: string;
  bundle: SchemaBundle;
  remove(): void;
}

/**
 * The product's promise, end to end: a copy of schemas/ changed by `edit`, codegen into a copy
 * of src/shared, and the client built against that copy (every import of src/shared is sent to
 * it), next to the schema bundle the server then validates with. Nothing in the repository
 * changes; the copies live under .tmp/ (inside the project, so node_modules resolve).
 */
export async function clientWithSchemas(edit: (schemasDir: string) => void): Promise<ClientVariant> {
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const work = mkdtempSync(path.join(root, '.tmp', 'schema-promise-'));
  const schemas = path.join(work, 'schemas');
  cpSync(path.join(root, 'schemas'), schemas, { recursive: true });
  edit(schemas);
  // At src/shared beside schemas/, as in the project: shared code that reads a data file of schemas/
  // (the partners' photo rules) finds the copy's.
  const shared = path.join(work, 'src', 'shared');
  mkdirSync(path.join(work, 'src'), { recursive: true });
  cpSync(path.join(root, 'src/shared'), shared, { recursive: true });
  rmSync(path.join(shared, 'generated'), { recursive: true });
  await codegen(schemas, path.join(shared, 'generated'));
  const bundle = JSON.parse(readFileSync(path.join(shared, 'generated/schema-bundle.json'), 'utf8')) as SchemaBundle;
  const realShared = path.join(root, 'src/shared') + path.sep;
  const redirect: Plugin = {
    name: 'schema-promise-shared',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer.startsWith(work)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !resolved.id.startsWith(realShared)) return null;
      return path.join(shared, resolved.id.slice(realShared.length));
    },
  };
  const clientDir = path.join(work, 'client');
  const { build } = await import('vite');
  // No .br and .gz beside the files (scripts/vite-precompress.ts): the portal then sends them as they are.
  const precompress = process.env.ANANAS_PRECOMPRESS;
  process.env.ANANAS_PRECOMPRESS = '0';
  try {
    await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
      plugins: [redirect],
      build: { outDir: clientDir, emptyOutDir: true },
    });
  } finally {
    if (precompress === undefined) delete process.env.ANANAS_PRECOMPRESS;
    else process.env.ANANAS_PRECOMPRESS = precompress;
  }
  writeFileSync(
    path.join(work, 'README'),
    'A schema-promise test copy (tests/e2e/helpers/client-variant.ts); safe to delete.\n',
  );
  return { clientDir, bundle, remove: () => rmSync(work, { recursive: true, force: true }) };
}
