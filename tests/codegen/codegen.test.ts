import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codegen } from '../../codegen/run.js';

const root = path.resolve(import.meta.dirname, '../..');

function copySchemas(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
  cpSync(path.join(root, 'schemas'), dir, { recursive: true });
  return dir;
}

function edit(dir: string, rel: string, change: (s: Record<string, unknown>) => void): void {
  const file = path.join(dir, rel);
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
}

type Props = Record<string, Record<string, unknown>>;

/** One codegen of the real schemas for the tests that read its output (a full run takes seconds). */
let real: ReturnType<typeof codegen> | undefined;
const codegenOfRealSchemas = () =>
  (real ??= codegen(path.join(root, 'schemas'), mkdtempSync(path.join(os.tmpdir(), 'gen-'))));

describe('codegen', () => {
  it('matches the committed output exactly (deterministic; CI fails on drift)', async () => {
    const { files } = await codegenOfRealSchemas();
    for (const [name, text] of files) {
      expect(readFileSync(path.join(root, 'src/shared/generated', name), 'utf8'), name).toBe(text);
    }
  }, 300_000);

  it('refuses a hidden dependent that cannot be null', async () => {
    const dir = copySchemas();
    edit(dir, 'auth/profile-update.schema.json', (s) => {
      (s.properties as Props).title!['x-ui'] = { visibleIf: { properties: { first_name: { const: 'x' } } } };
    });
    await expect(codegen(dir, mkdtempSync(path.join(os.tmpdir(), 'gen-')))).rejects.toThrow(
      /"title" can be hidden, so its type must allow null/,
    );
  }, 300_000);

  it('refuses unknown option lists, client-name collisions and misspelt x-ui keywords', async () => {
    const dir = copySchemas();
    edit(dir, 'auth/profile-update.schema.json', (s) => {
      const props = s.properties as Props;
      props.phone = { type: 'string', 'x-options': 'noSuchList' };
      props.first_name!['x-client-name'] = 'lastName';
      props.title!['x-ui'] = { widgit: 'textarea' };
    });
    const error = await codegen(dir, mkdtempSync(path.join(os.tmpdir(), 'gen-'))).catch((e: Error) => e.message);
    expect(error).toMatch(/noSuchList/);
    const dir2 = copySchemas();
    edit(dir2, 'auth/profile-update.schema.json', (s) => {
      const props = s.properties as Props;
      props.first_name!['x-client-name'] = 'lastName';
    });
    await expect(codegen(dir2, mkdtempSync(path.join(os.tmpdir(), 'gen-')))).rejects.toThrow(
      /both map to client name "lastName"/,
    );
    const dir3 = copySchemas();
    edit(dir3, 'auth/profile-update.schema.json', (s) => {
      (s.properties as Props).title!['x-ui'] = { widgit: 'textarea' };
    });
    await expect(codegen(dir3, mkdtempSync(path.join(os.tmpdir(), 'gen-')))).rejects.toThrow(/x-ui|widgit/);
  }, 300_000);

  it('refuses a stepUp rule naming no body field, and stepUp on a read or on the partner API', async () => {
    const dir = copySchemas();
    edit(dir, 'routes.json', (s) => {
      const routes = s.routes as { operationId: string; stepUp?: unknown }[];
      routes.find((r) => r.operationId === 'contractEdit')!.stepUp = { unless: { state: ['D'] } };
      routes.find((r) => r.operationId === 'whitelistsList')!.stepUp = true;
      routes.find((r) => r.operationId === 'partnerApiProperties')!.stepUp = true;
    });
    const error = await codegen(dir, mkdtempSync(path.join(os.tmpdir(), 'gen-'))).catch((e: Error) => e.message);
    expect(error).toMatch(/contractEdit: stepUp\.unless names state, not a field of its body/);
    expect(error).toMatch(/whitelistsList: stepUp on a GET/);
    expect(error).toMatch(/partnerApiProperties: the partner API has no session to prove/);
    const dir2 = copySchemas();
    edit(dir2, 'routes.json', (s) => {
      const routes = s.routes as { operationId: string; stepUp?: unknown }[];
      routes.find((r) => r.operationId === 'contractEdit')!.stepUp = false;
    });
    await expect(codegen(dir2, mkdtempSync(path.join(os.tmpdir(), 'gen-')))).rejects.toThrow(/stepUp/);
  }, 300_000);

  it('refuses an x-flat group whose fields could not be sent flat', async () => {
    const dir = copySchemas();
    edit(dir, 'facts/main-info.schema.json', (s) => {
      const tax = (s.properties as Props).tax as { properties: Props };
      tax.properties.rating = { type: ['number', 'null'] };
    });
    await expect(codegen(dir, mkdtempSync(path.join(os.tmpdir(), 'gen-')))).rejects.toThrow(
      /field "rating" of x-flat group "tax" has the name of a sibling field/,
    );
    const dir2 = copySchemas();
    edit(dir2, 'facts/main-info.schema.json', (s) => {
      ((s.properties as Props).resort_fee as Record<string, unknown>)['x-flat'] = { flag: 'tax_applicable' };
    });
    await expect(codegen(dir2, mkdtempSync(path.join(os.tmpdir(), 'gen-')))).rejects.toThrow(
      /x-flat flag "tax_applicable" of "resort_fee" is not one of its fields/,
    );
  }, 300_000);

  it('turns x-options into an enum and names types without numbered duplicates', async () => {
    const { files } = await codegenOfRealSchemas();
    const bundle = JSON.parse(files.get('schema-bundle.json')!) as { schemas: { $id: string; properties?: Props }[] };
    const perms = bundle.schemas.find((s) => s.$id.endsWith('auth/permissions.schema.json'))!;
    expect(perms.properties!.role!.enum).toEqual(['GM', 'Res', 'FO', 'PR', 'IT', null]);
    for (const name of ['wire-types.ts', 'client-types.ts'])
      expect(files.get(name)).not.toMatch(/export (interface|type) \w+\d+\b/);
  }, 300_000);
});
