import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { createProperty, sendForm } from '../../helpers/properties.js';
import { filledDocument } from '../../helpers/schema-samples.js';
import { testSections, url } from '../../helpers/sections.js';

/** Bidi marks: pdftotext wraps right-to-left runs in them, and the print view isolates values with them. */
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f]/g;

/**
 * A poppler tool's output. Poppler 22 calls the tagged PDF's `/MarkInfo << /Suspects false >>`
 * "wrong type" (it accepts only true); that one line is left out of the test output, anything
 * else it says is shown, and a failure throws.
 */
function poppler(tool: string, args: string[]): string {
  const run = spawnSync(tool, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${tool} failed: ${run.stderr}`);
  const noise = run.stderr.split('\n').filter((l) => l && !l.includes('Suspects object is wrong type'));
  if (noise.length) console.warn(noise.join('\n'));
  return run.stdout;
}

function withFile<T>(data: Buffer, name: string, fn: (file: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'export-check-'));
  const file = path.join(dir, name);
  writeFileSync(file, data);
  try {
    return fn(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF as pdftotext reads it (poppler-utils), bidi marks removed, whitespace folded. */
export function pdfText(pdf: Buffer): string {
  return withFile(pdf, 'sheet.pdf', (file) => poppler('pdftotext', ['-enc', 'UTF-8', file, '-']))
    .replace(BIDI, '')
    .replace(/\s+/g, ' ');
}

export function pdfPages(pdf: Buffer): number {
  const info = withFile(pdf, 'sheet.pdf', (file) => poppler('pdfinfo', [file]));
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
}

/** The names of the fonts embedded in a PDF (pdffonts), subset prefixes removed. */
export function pdfFonts(pdf: Buffer): string[] {
  const out = withFile(pdf, 'sheet.pdf', (file) => poppler('pdffonts', [file]));
  return out
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((l) => l.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''));
}

/** How many images a PDF shows (pdfimages -list). */
export function pdfImageCount(pdf: Buffer): number {
  const out = withFile(pdf, 'sheet.pdf', (file) => poppler('pdfimages', ['-list', file]));
  return out.split('\n').slice(2).filter(Boolean).length;
}

/** The entry names of a zip as `unzip -Z1` lists them (and `unzip -t` finds every entry intact). */
export function zipNames(zip: Buffer): string[] {
  return withFile(zip, 'photos.zip', (file) => {
    const test = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
    expect(test).toMatch(/No errors detected/);
    return execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
  });
}

export const ROWS: Record<string, number> = { room: 2, restaurant: 1, bar: 1, maintenance: 1 };

/**
 * A property with every section filled (as the schema samples fill them), a few list rows, and
 * published; answers its id.
 */
export async function publishedHotel(t: TestApp, token: string, name = 'Hotel Ananas Playa'): Promise<number> {
  const property = (await createProperty(t, token, { hotel_name: name })).id;
  await fillFacts(t, token, property);
  const res = await t.api('POST', `/api/facts/property/${property}/publish/create/`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return property;
}

export async function fillFacts(t: TestApp, token: string, property: number): Promise<void> {
  for (const s of testSections()) {
    const schema = t.services.schemas.resolved(s.ref);
    if (s.kind === 'document') {
      const res = await t.api('POST', url(s.routes.create!, property), {
        token,
        body: { ...filledDocument(schema), hotel: property },
      });
      expect(res.statusCode, `${s.key}: ${res.body}`).toBe(201);
    } else if (s.routes.save) {
      const rows = Array.from({ length: ROWS[s.key] ?? 1 }, (_, i) => {
        const { hotel: _h, ...facts } = filledDocument(schema, i);
        return { ...facts, id: 0 };
      });
      const res = await t.api('POST', url(s.routes.save, property), { token, body: rows });
      expect(res.statusCode, `${s.key}: ${res.body}`).toBe(200);
    }
  }
}

/** Upload photos and give them these names (any script, unsafe ones included). */
export async function photosNamed(t: TestApp, token: string, property: number, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, name] of names.entries()) {
    const image = await sharp({ create: { width: 64 + i, height: 48, channels: 3, background: '#3a7bd5' } })
      .jpeg()
      .toBuffer();
    const res = await sendForm(t, 'POST', `/api/facts/property/${property}/gallery/create/`, token, [
      { name: 'imagesArray', value: image, filename: `p${i}.jpg`, contentType: 'image/jpeg' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }[]>()[0]!.id;
    const named = await t.api('PATCH', `/api/facts/property/gallery/${property}/${id}/update/`, {
      token,
      body: { name },
    });
    expect(named.statusCode, named.body).toBe(200);
    ids.push(id);
  }
  return ids;
}

/** A mailing group of the account with these contacts; answers its id. */
export async function groupWith(
  t: TestApp,
  token: string,
  emails: string[],
  name = `Partners ${Math.random().toString(36).slice(2, 7)}`,
): Promise<number> {
  const group = await t.api('POST', '/api/settings/mailing-list/create/', { token, body: { name } });
  expect(group.statusCode, group.body).toBe(201);
  const id = group.json<{ id: number }>().id;
  for (const [i, email] of emails.entries()) {
    const c = await t.api('POST', '/api/settings/contact-list/create/', {
      token,
      body: { mailing_list: id, name: `Contact ${i + 1}`, email_address: email },
    });
    expect(c.statusCode, c.body).toBe(201);
  }
  return id;
}
