import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One entry of a zip as `unzip -p` reads it. */
export function zipEntry(zip: Buffer, name: string): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'op-export-'));
  const file = path.join(dir, 'export.zip');
  writeFileSync(file, zip);
  try {
    // unzip takes the name as a pattern: brackets and wildcards are escaped.
    return execFileSync('unzip', ['-p', file, name.replace(/([[\]*?])/g, '\\$1')], { maxBuffer: 256 * 1024 * 1024 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF), a leading byte-order mark dropped; rows as objects by header. */
export function parseCsv(text: string): Record<string, string>[] {
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
  const [head, ...body] = rows;
  return body.map((r) => {
    if (r.length !== head!.length) throw new Error(`a CSV row has ${r.length} cells, the header ${head!.length}`);
    return Object.fromEntries(head!.map((h, i) => [h, r[i]!]));
  });
}
