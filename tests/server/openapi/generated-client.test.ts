/**
 * Issue 28 §3: a client generated from the document the app serves, by openapi-typescript with
 * its default options, is used as a third party would: tests/fixtures/generated-client/program.ts
 * typechecks under strict TypeScript against it without a cast, then runs against the app
 * listening on 127.0.0.1 (a real HTTP client, openapi-fetch over fetch) on both databases.
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { PASSWORD, signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const program = path.join(root, 'tests/fixtures/generated-client/program.ts');

/** Errors of a strict typecheck of `file` (and what it imports), as tsc prints them. */
function typeErrors(file: string): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
    skipLibCheck: true,
  };
  const built = ts.createProgram([file], options);
  return ts.getPreEmitDiagnostics(built).map((d) => {
    const where =
      d.file && d.start !== undefined
        ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1} `
        : '';
    return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
  });
}

/** What the program answers (its own type lives beside the generated one, outside this project's typecheck). */
type Outcome = Record<string, unknown> & { keyPrefix: string };

describe('a client generated from the served OpenAPI document', () => {
  // Inside the project, so the program resolves openapi-fetch from its node_modules.
  const dir = path.join(root, '.tmp', `generated-client-${process.pid}`);
  let typecheck: string[] = [];
  let run: (baseUrl: string, email: string, password: string, property: number, month: string) => Promise<Outcome>;

  beforeAll(async () => {
    const t = await startTestApp('sqlite');
    let served: unknown;
    try {
      served = (await t.api('GET', '/api/openapi.json')).json();
    } finally {
      await t.stop();
    }
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
    // As a third party runs it: `npx openapi-typescript <url> -o schema.ts`, default options.
    writeFileSync(path.join(dir, 'schema.ts'), astToString(await openapiTS(served as never)));
    copyFileSync(program, path.join(dir, 'program.ts'));
    typecheck = typeErrors(path.join(dir, 'program.ts'));
    const js = ts.transpileModule(await import('node:fs').then((fs) => fs.readFileSync(program, 'utf8')), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    writeFileSync(path.join(dir, 'program.mjs'), js);
    run = ((await import(/* @vite-ignore */ pathToFileURL(path.join(dir, 'program.mjs')).href)) as { run: typeof run })
      .run;
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('typechecks under strict TypeScript with no cast and no hand edit', () => {
    expect(typecheck).toEqual([]);
  });

  it('a strict typecheck fails when the program misuses the generated types, so the check is real', () => {
    const broken = path.join(dir, 'broken.ts');
    writeFileSync(
      broken,
      `import createClient from 'openapi-fetch';\nimport type { paths } from './schema.js';\nconst api = createClient<paths>({ baseUrl: '' });\nvoid api.POST('/api/settings/whitelist/create/', { body: { name: 'x' } });\n`,
    );
    expect(typeErrors(broken).join('\n')).toMatch(/domain/);
  });

  for (const dialect of ALL_DIALECTS) {
    describeOn(dialect)(dialect, () => {
      let t: TestApp;
      let baseUrl: string;
      beforeAll(async () => {
        t = await startTestApp(dialect);
        await t.app.listen({ host: '127.0.0.1', port: 0 });
        const address = t.app.server.address();
        baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      });
      afterAll(() => t.stop());

      it('signs in, reads and saves a section, reads a stop-sale month, creates a key and calls the partner API', async () => {
        const hotel = await signUp(t);
        const property = await createProperty(t, hotel.token, { hotel_name: 'Generated Client Hotel' });
        const month = t.clock.now().toISOString().slice(0, 7);
        const outcome = await run(baseUrl, hotel.email, PASSWORD, property.id, month);
        expect(outcome).toMatchObject({
          signedIn: true,
          address: 'Passeig Marítim 1, Palma',
          checkInTime: '15:00',
          savedVersion: 1,
          month,
          whitelistEntries: ['127.0.0.1', '::1'],
          keySecretShown: true,
          partnerProperties: [property.id],
        });
        expect(outcome.keyPrefix).toMatch(/^ak_/);
      });
    });
  }
});
