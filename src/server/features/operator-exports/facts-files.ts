import type { Services } from '../../services.js';
import { sectionsOf } from '../facts/index.js';
import type { OperatorCodes } from '../mapping/index.js';
import type { SectionDocuments } from '../publications/index.js';
import { stableFacts, type StableDocument, type StableFacts } from '../publications/index.js';

/** What an export says about a hotel besides its facts. */
export interface ExportedHotel {
  id: number;
  hotelName: string;
  country: string;
  state: string | null;
  city: string | null;
  partnerName: string;
  publication: { number: number; publishedAt: string } | null;
  codes: OperatorCodes;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** A document as `a.b.c` → value, nested objects opened up (their fields are stable, so the columns are too). */
export function flatten(doc: StableDocument, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, value] of Object.entries(doc)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value)) flatten(value, name, out);
    else out[name] = value;
  }
  return out;
}

/** The operator's codes in machine form. */
export function codesJson(codes: OperatorCodes) {
  return {
    hotel: codes.hotel
      ? {
          hotel_code: codes.hotel.overrideCode,
          local_id: codes.hotel.localId,
          external_id: codes.hotel.externalId,
          supplying_name: codes.hotel.supplyingName,
          event_codes: codes.hotel.eventCodes,
        }
      : null,
    rooms: [...codes.rooms.entries()].map(([room, c]) => ({
      room,
      room_code: c.overrideCode,
      room_name: c.newName,
      event_codes: c.eventCodes,
    })),
  };
}

/** One hotel's facts.json: the property, the operator's codes, and every section in the stable shape. */
export function hotelJson(services: Services, hotel: ExportedHotel, documents: SectionDocuments): string {
  return `${JSON.stringify(
    {
      property: {
        id: hotel.id,
        hotel_name: hotel.hotelName,
        country: hotel.country,
        state: hotel.state,
        city: hotel.city,
        partner_name: hotel.partnerName,
        publication: hotel.publication?.number ?? null,
        published_at: hotel.publication?.publishedAt ?? null,
      },
      codes: codesJson(hotel.codes),
      facts: stableFacts(services, documents),
    },
    null,
    2,
  )}\n`;
}

/** A cell: text as is, lists of plain values joined with "; ", anything else as JSON, null empty. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value))
    return value.every((v) => v === null || typeof v !== 'object')
      ? value.map((v) => String(v ?? '')).join('; ')
      : JSON.stringify(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A cell a spreadsheet could run (OWASP "CSV injection"): one starting with a tab or a line break,
 * or whose first character after any blanks (spaces, no-break and ideographic spaces) is = + - @
 * in their ASCII or full-width forms (＝ ＋ － ＠, which spreadsheets fold to ASCII) or | (DDE).
 */
const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@|\uff1d\uff0b\uff0d\uff20])/;

/**
 * RFC 4180 quoting; a hotel-entered text that starts like a formula gets a leading apostrophe so a
 * spreadsheet shows it instead of running it (a plain number such as -12.5 stays a number).
 */
export function csvCell(value: unknown): string {
  let text = cellText(value);
  if (FORMULA_START.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The CSV files of an export, filled hotel by hotel: hotels.csv (one row per hotel, a
 * `section.field` column for every field of every document section) and one file per list section
 * (one row per row, the operator's room code and name beside rooms: operator_room_code,
 * operator_room_name; the hotel's own name is room_name). The columns come from the schemas, so
 * every hotel's row has the same columns whatever it filled, and each header names a column once.
 * The headers are these machine keys in every language, never catalogue words: the files are read
 * back by the operator's own imports (like facts.json), which must not depend on who exported them.
 * The text is small (no photos, no PDFs), so it is kept until the zip's end.
 */
export class CsvFiles {
  readonly #documentColumns: string[];
  readonly #listColumns = new Map<string, string[]>();
  readonly #hotels: string[] = [];
  readonly #lists = new Map<string, string[]>();
  readonly #documentKeys: string[];
  /** Each file's header. */
  readonly #heads = new Map<string, string[]>();

  constructor(private readonly services: Services) {
    const sections = sectionsOf(services.schemas);
    const template: StableFacts = stableFacts(
      services,
      new Map(sections.filter((s) => s.kind === 'list').map((s) => [s.key, [{}]])),
    );
    this.#documentKeys = sections.filter((s) => s.kind !== 'list').map((s) => s.key);
    this.#documentColumns = this.#documentKeys.flatMap((key) =>
      Object.keys(flatten(template[key] as StableDocument, key)),
    );
    for (const s of sections.filter((x) => x.kind === 'list')) {
      this.#listColumns.set(s.key, Object.keys(flatten((template[s.key] as StableDocument[])[0] ?? {})));
      this.#lists.set(s.key, []);
    }
    this.#heads.set('hotels.csv', [
      'property_id',
      'hotel_name',
      'country',
      'city',
      'partner_name',
      'hotel_code',
      'local_id',
      'external_id',
      'published_at',
      ...this.#documentColumns,
    ]);
    for (const [key, columns] of this.#listColumns) {
      this.#heads.set(`${key}.csv`, [
        'property_id',
        'hotel_name',
        ...(key === 'room' ? ['operator_room_code', 'operator_room_name'] : []),
        ...columns,
      ]);
    }
    for (const [file, head] of this.#heads) {
      const twice = head.filter((c, i) => head.indexOf(c) !== i);
      // A schema field named like an export column is a mistake to see before the export, not to hide.
      if (twice.length) throw new Error(`${file} would have the column ${twice.join(', ')} twice`);
    }
  }

  add(hotel: ExportedHotel, documents: SectionDocuments): void {
    const facts = stableFacts(this.services, documents);
    const h = hotel.codes.hotel;
    const flat: Record<string, unknown> = {};
    for (const key of this.#documentKeys) flatten(facts[key] as StableDocument, key, flat);
    this.#hotels.push(
      csvLine([
        hotel.id,
        hotel.hotelName,
        hotel.country,
        hotel.city,
        hotel.partnerName,
        h?.overrideCode,
        h?.localId,
        h?.externalId,
        hotel.publication?.publishedAt,
        ...this.#documentColumns.map((c) => flat[c]),
      ]),
    );
    for (const [key, columns] of this.#listColumns) {
      for (const row of (facts[key] as StableDocument[] | undefined) ?? []) {
        const cells = flatten(row);
        const room = key === 'room' && typeof row.id === 'number' ? hotel.codes.rooms.get(row.id) : undefined;
        const extra = key === 'room' ? [room?.overrideCode, room?.newName] : [];
        this.#lists.get(key)!.push(csvLine([hotel.id, hotel.hotelName, ...extra, ...columns.map((c) => cells[c])]));
      }
    }
  }

  /** Every file: name → text (UTF-8 with a byte-order mark, so spreadsheets read any script). */
  files(): [string, string][] {
    const bom = '\ufeff';
    const out: [string, string][] = [
      ['hotels.csv', bom + csvLine(this.#heads.get('hotels.csv')!) + this.#hotels.join('')],
    ];
    for (const key of this.#listColumns.keys())
      out.push([`${key}.csv`, bom + csvLine(this.#heads.get(`${key}.csv`)!) + this.#lists.get(key)!.join('')]);
    return out;
  }
}
