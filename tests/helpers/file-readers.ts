import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

/* What the tests read exported files with: PDFs (poppler-utils), zips (unzip) and CSV. */

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

/** A text as pdfText gives it back: bidi marks removed, whitespace folded (what to look for in a PDF). */
export const asPdfText = (text: string): string => text.replace(BIDI, '').replace(/\s+/g, ' ');

/** The text of a PDF as pdftotext reads it (poppler-utils), bidi marks removed, whitespace folded. */
export function pdfText(pdf: Buffer): string {
  return asPdfText(withFile(pdf, 'sheet.pdf', (file) => poppler('pdftotext', ['-enc', 'UTF-8', file, '-'])));
}

/** The text of a PDF laid out as on the page (pdftotext -layout): its lines, columns kept as spaces, bidi marks removed. */
export function pdfLayoutLines(pdf: Buffer): string[] {
  const text = withFile(pdf, 'sheet.pdf', (file) => poppler('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']));
  return text.replace(BIDI, '').split('\n');
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

/** One entry of a zip as `unzip -p` reads it. */
export function zipEntry(zip: Buffer, name: string): Buffer {
  return withFile(zip, 'export.zip', (file) =>
    // unzip takes the name as a pattern: brackets and wildcards are escaped.
    execFileSync('unzip', ['-p', file, name.replace(/([[\]*?])/g, '\\$1')], { maxBuffer: 256 * 1024 * 1024 }),
  );
}

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF) as lists of cells, a leading byte-order mark dropped. */
export function csvRows(text: string): string[][] {
  const src = text.replace(/^\ufeff/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && src[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** csvRows as objects by the header row. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows = csvRows(text);
  const [head, ...body] = rows;
  return body.map((r) => {
    if (r.length !== head!.length) throw new Error(`a CSV row has ${r.length} cells, the header ${head!.length}`);
    return Object.fromEntries(head!.map((h, i) => [h, r[i]!]));
  });
}
