import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codegen } from '../../../codegen/run.js';
import type { SchemaBundle } from '../../../src/shared/bundle-types.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { pdfText } from '../../helpers/file-readers.js';
import { fillFacts } from '../../helpers/fixtures/published-hotel.js';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The product's promise: a field added to one schema file is accepted, validated, stored and
 * returned by the API after codegen, with no other change anywhere.
 */
describe('a field added to a section schema', () => {
  let t: TestApp;
  let owner: Account;
  let out: string;
  beforeAll(async () => {
    const schemas = mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
    cpSync(path.join(root, 'schemas'), schemas, { recursive: true });
    const file = path.join(schemas, 'facts/main-info.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    schema.properties.airport_shuttle_minutes = {
      title: 'Airport shuttle (minutes)',
      $ref: '../common/defs.schema.json#/$defs/count',
    };
    writeFileSync(file, JSON.stringify(schema, null, 2));
    out = mkdtempSync(path.join(os.tmpdir(), 'generated-'));
    await codegen(schemas, out);
    const bundle = JSON.parse(readFileSync(path.join(out, 'schema-bundle.json'), 'utf8')) as SchemaBundle;
    t = await startTestApp('sqlite', { bundle });
    owner = await signUp(t);
  }, 300_000);
  afterAll(() => t.stop());

  it('reaches the generated types, client schema and OpenAPI document', () => {
    expect(readFileSync(path.join(out, 'wire-types.ts'), 'utf8')).toContain('airport_shuttle_minutes?: number | null');
    expect(readFileSync(path.join(out, 'client-types.ts'), 'utf8')).toContain('airportShuttleMinutes?: number | null');
    expect(readFileSync(path.join(out, 'sections/main-info.ts'), 'utf8')).toContain('airportShuttleMinutes');
    expect(readFileSync(path.join(out, 'openapi.json'), 'utf8')).toContain('airport_shuttle_minutes');
  });

  it('is accepted, validated, stored and returned by the API', async () => {
    const property = (await createProperty(t, owner.token)).id;
    const bad = await t.api('POST', '/api/facts/main-info/create/', {
      token: owner.token,
      body: { hotel: property, airport_shuttle_minutes: -5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ airport_shuttle_minutes: ['Ensure this value is greater than or equal to 0.'] });
    const created = await t.api('POST', '/api/facts/main-info/create/', {
      token: owner.token,
      body: { hotel: property, airport_shuttle_minutes: 25 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const read = await t.api('GET', `/api/facts/main-info/${property}/`, { token: owner.token });
    expect(read.json().airport_shuttle_minutes).toBe(25);
    const init = await t.api('GET', `/api/facts/init-facts-info/${property}/`, { token: owner.token });
    expect(init.json().mainInfo.airport_shuttle_minutes).toBe(25);
  });

  it('is printed in the fact-sheet PDF, under its title, in every language (English until translated)', async () => {
    const property = (await createProperty(t, owner.token, { hotel_name: 'Promise Hotel' })).id;
    await fillFacts(t, owner.token, property);
    const main = (await t.api('GET', `/api/facts/main-info/${property}/`, { token: owner.token })).json<
      Record<string, unknown>
    >();
    const saved = await t.api('PUT', `/api/facts/main-info/update/${property}/`, {
      token: owner.token,
      body: { ...main, airport_shuttle_minutes: 25 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await t.api('POST', `/api/facts/property/${property}/publish/create/`, { token: owner.token })).statusCode,
    ).toBe(200);
    const pdf = await t.api('GET', `/api/facts/download-facts/${property}/?language=en`, { token: owner.token });
    expect(pdf.statusCode).toBe(201);
    expect(pdfText(pdf.rawPayload)).toContain('Airport shuttle (minutes) 25');
    const fa = await t.api('GET', `/api/facts/download-facts/${property}/?language=fa&layout=G`, {
      token: owner.token,
    });
    // Right to left, pdftotext mirrors the brackets; the label (English: no translation yet) and its value are there.
    expect(pdfText(fa.rawPayload)).toMatch(/Airport shuttle[^0-9]{0,40}25/);

    // A contracted tour operator reads it in its fact sheet, and sees it marked when it changes.
    const operator = await signUp(t, { account_type: 'to' });
    const proposal = await t.api('POST', '/api/partners/contract/create/', {
      token: owner.token,
      body: { partner: operator.id },
    });
    expect(
      (
        await t.api('PUT', `/api/partners/contract/edit/${proposal.json<{ id: number }>().id}/`, {
          token: operator.token,
          body: { status: 'A' },
        })
      ).statusCode,
    ).toBe(200);
    const field = async () => {
      const sheet = (await t.api('GET', `/api/partners/fact-sheet/${property}/`, { token: operator.token })).json<{
        sheet: {
          sections: {
            key: string;
            groups: { fields: { key: string; label: string; value: string; changed_from: string | null }[] }[];
          }[];
        };
      }>();
      return sheet.sheet.sections
        .find((x) => x.key === 'main-info')
        ?.groups.flatMap((g) => g.fields)
        .find((f) => f.key === 'airport_shuttle_minutes');
    };
    expect(await field()).toMatchObject({ label: 'Airport shuttle (minutes)', value: '25', changed_from: null });
    const now = (await t.api('GET', `/api/facts/main-info/${property}/`, { token: owner.token })).json<
      Record<string, unknown>
    >();
    expect(
      (
        await t.api('PUT', `/api/facts/main-info/update/${property}/`, {
          token: owner.token,
          body: { ...now, airport_shuttle_minutes: 40 },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.api('POST', `/api/facts/property/${property}/publish/create/`, { token: owner.token })).statusCode,
    ).toBe(200);
    expect(await field()).toMatchObject({ value: '40', changed_from: '25' });
  }, 120_000);

  it('is not known to the unchanged committed schemas: ignored and named, never stored (the test is not vacuous)', async () => {
    const plain = await startTestApp('sqlite');
    try {
      const a = await signUp(plain);
      const property = (await createProperty(plain, a.token)).id;
      const res = await plain.api('POST', '/api/facts/main-info/create/', {
        token: a.token,
        body: { hotel: property, airport_shuttle_minutes: 25 },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['x-ignored-fields']).toBe('airport_shuttle_minutes');
      expect(res.json()).not.toHaveProperty('airport_shuttle_minutes');
      expect(
        (await plain.api('GET', `/api/facts/main-info/${property}/`, { token: a.token })).json(),
      ).not.toHaveProperty('airport_shuttle_minutes');
    } finally {
      await plain.stop();
    }
  });
});
