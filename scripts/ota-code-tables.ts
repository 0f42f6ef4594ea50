/**
 * npx tsx scripts/ota-code-tables.ts <OpenTravel_CodeList_2016_02_24.xlsm> [LIST ...]
 *
 * Writes the OpenTravel code tables the schemas use into schemas/ota-codes/<LIST>.json: each
 * table's list name, its codes with their English names, the release and where they come from.
 * The source is OpenTravel's own code list workbook (sheet "Codelists", titled "2015A
 * DESCRIPTIVE CODE TABLES"), published in the OpenTravel/OpenTravel-Specifications repository:
 * the release that goes with the 2015A schemas the documents are validated against. Only the
 * code and its name are taken (no definitions). Needs `unzip` (an .xlsm is a zip of XML parts).
 * Run it again with a newer workbook to update a table; codegen then names any code that went.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE =
  'https://github.com/OpenTravel/OpenTravel-Specifications/blob/28dcc880acf2d22a8a5e93d20174971080b6846c/CodeLists/OTA_CodeLists_2016_02_24/OpenTravel_CodeList_2016_02_24.xlsm';
const RELEASE = 'OpenTravel 2015A code tables (OpenTravel_CodeList_2016_02_24.xlsm, sheet Codelists)';
/** The tables the schemas use (schemas/README.md, "In OTA hotel content"). */
const DEFAULT_LISTS = [
  'HAC',
  'RMA',
  'RST',
  'REC',
  'PCT',
  'LOC',
  'SEG',
  'ARC',
  'GRI',
  'MPT',
  'CUI',
  'RES',
  'RSI',
  'PIC',
  'UOM',
  'FTT',
  'CHG',
  'BED',
  'RVT',
  'RLT',
  'REF',
  'OTC',
  'PRX',
  'TRP',
];

type Row = Record<string, string>;

const unzip = (file: string, part: string): string =>
  execFileSync('unzip', ['-p', file, part], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  textNodeName: '#text',
  isArray: (name) => ['si', 'r', 'row', 'c', 'sheet', 'Relationship'].includes(name),
});

function text(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node !== 'object') return String(node);
  const n = node as Record<string, unknown>;
  if ('#text' in n) return String(n['#text']);
  return Object.values(n).map(text).join('');
}

/** The rows of the named sheet, each as { column letter: cell text }. */
function sheetRows(file: string, sheet: string): Row[] {
  const strings = (parser.parse(unzip(file, 'xl/sharedStrings.xml')).sst.si as Record<string, unknown>[]).map((si) =>
    si.t !== undefined
      ? text(si.t)
      : ((si.r as Record<string, unknown>[] | undefined) ?? []).map((r) => text(r.t)).join(''),
  );
  const book = parser.parse(unzip(file, 'xl/workbook.xml')).workbook;
  const rid = (book.sheets.sheet as Record<string, string>[]).find((s) => s.name === sheet)?.['r:id'];
  const rels = parser.parse(unzip(file, 'xl/_rels/workbook.xml.rels')).Relationships.Relationship as Record<
    string,
    string
  >[];
  const target = rels.find((r) => r.Id === rid)?.Target;
  if (!target) throw new Error(`${file}: no sheet "${sheet}"`);
  const rows = parser.parse(unzip(file, `xl/${target}`)).worksheet.sheetData.row as { c?: Record<string, unknown>[] }[];
  return rows.map((row) => {
    const out: Row = {};
    for (const c of row.c ?? []) {
      const col = /^[A-Z]+/.exec(String(c.r))![0];
      const v = c.v === undefined ? '' : text(c.v);
      out[col] = c.t === 's' ? strings[Number(v)]! : c.t === 'inlineStr' ? text(c.is) : v;
    }
    return out;
  });
}

/** Code tables by abbreviation: a row with a list name in column A opens a table, its codes follow (B code, C name). */
function tables(rows: Row[]): Map<string, { name: string; codes: { code: number; name: string }[] }> {
  const out = new Map<string, { name: string; codes: { code: number; name: string }[] }>();
  let current: { name: string; codes: { code: number; name: string }[] } | undefined;
  for (const row of rows.slice(7)) {
    const name = row.A?.trim();
    if (name) {
      current = { name, codes: [] };
      out.set((row.B ?? '').trim(), current);
    } else if (current && row.B?.trim()) {
      const code = row.B.trim();
      if (!/^\d+$/.test(code)) throw new Error(`${current.name}: code "${code}" is not a number`);
      current.codes.push({ code: Number(code), name: (row.C ?? '').replace(/\s+/g, ' ').trim() });
    }
  }
  return out;
}

const [file, ...lists] = process.argv.slice(2);
if (!file) {
  console.error('usage: npx tsx scripts/ota-code-tables.ts <OpenTravel_CodeList_2016_02_24.xlsm> [LIST ...]');
  process.exit(1);
}
const all = tables(sheetRows(file, 'Codelists'));
const dir = path.join(root, 'schemas/ota-codes');
mkdirSync(dir, { recursive: true });
for (const list of lists.length ? lists : DEFAULT_LISTS) {
  const table = all.get(list);
  if (!table) throw new Error(`no code list ${list} in ${file}`);
  const head = { $schema: '../meta/ota-codes.schema.json', list, name: table.name, release: RELEASE, source: SOURCE };
  // One code a line, as the other hand-kept JSON of schemas/ reads.
  const lines = Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`);
  const codes = table.codes.map((c) => `    { "code": ${c.code}, "name": ${JSON.stringify(c.name)} }`).join(',\n');
  writeFileSync(path.join(dir, `${list}.json`), `{\n${lines.join('\n')}\n  "codes": [\n${codes}\n  ]\n}\n`);
  console.log(`${list}: ${table.name}, ${table.codes.length} codes`);
}
