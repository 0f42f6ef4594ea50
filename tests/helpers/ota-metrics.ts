/**
 * What an OTA hotel content document says in codes (issue 36's numbers): of its elements that
 * state a fact (a category, a service, a recreation, a room amenity, a room type, a restaurant, a
 * reference point, a transfer, a photo, a tax or fee), how many carry an OpenTravel code; which
 * code attributes are in use; and every code sent, with the list it comes from, to check against
 * the vendored tables. Read from the XML alone, as a receiver reads it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';

/** Elements that state a fact about the hotel (what the issue counted: 32 in the demo hotel). */
export const FACT_ELEMENTS = new Set([
  'LocationCategory',
  'SegmentCategory',
  'HotelCategory',
  'ArchitecturalStyle',
  'GuestRoomInfo',
  'Service',
  'Recreation',
  'Amenity',
  'TypeRoom',
  'Restaurant',
  'RefPoint',
  'Transportation',
  'ImageItem',
  'TaxPolicy',
  'FeePolicy',
]);

/** The code attributes of OTA_HotelDescriptiveInfoRS (2015A) and the OpenTravel list each takes. */
export const CODE_ATTRIBUTES: Record<string, Record<string, string>> = {
  LocationCategory: { Code: 'LOC', ExistsCode: 'OTC' },
  SegmentCategory: { Code: 'SEG', ExistsCode: 'OTC' },
  HotelCategory: { Code: 'PCT', ExistsCode: 'OTC' },
  ArchitecturalStyle: { Code: 'ARC', ExistsCode: 'OTC' },
  GuestRoomInfo: { Code: 'GRI', ExistsCode: 'OTC' },
  Service: { Code: 'HAC', MealPlanCode: 'MPT', ProximityCode: 'PRX', ExistsCode: 'OTC' },
  Charge: { ChargeUnit: 'CHG', ChargeFrequency: 'CHG' },
  Recreation: { Code: 'RST', ProximityCode: 'PRX', ExistsCode: 'OTC' },
  RecreationDetail: { Code: 'REC' },
  Amenity: { RoomAmenityCode: 'RMA', ExistsCode: 'OTC' },
  TypeRoom: { RoomViewCode: 'RVT', RoomLocationCode: 'RLT', BedTypeCode: 'BED', RoomClassificationCode: 'GRI' },
  InfoCode: { Code: 'RES' },
  CuisineCode: { Code: 'CUI' },
  SrvcInfoCode: { Code: 'RSI' },
  RefPoint: { RefPointCategoryCode: 'REF', UnitOfMeasureCode: 'UOM', ExistsCode: 'OTC' },
  Transportation: { TransportationCode: 'TRP' },
  ImageItem: { Category: 'PIC' },
  TaxPolicy: { Code: 'FTT', ChargeFrequency: 'CHG' },
  FeePolicy: { Code: 'FTT', ChargeFrequency: 'CHG' },
  PetsPolicy: { ChargeCode: 'CHG' },
};

export interface SentCode {
  element: string;
  attribute: string;
  list: string;
  code: number;
}

export interface OtaMetrics {
  /** Elements that state a fact. */
  elements: number;
  /** Of those, the ones carrying a code (on themselves or on a part of theirs: a restaurant's cuisine). */
  coded: number;
  /** Element@attribute of every code attribute in use. */
  kinds: string[];
  /** The OpenTravel lists in use (ExistsCode's OTC left out: it says yes or no, not what). */
  lists: string[];
  codes: SentCode[];
}

type XmlNode = Record<string, unknown>;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: () => true });

/** Codes an element carries on itself, not counting its parts that are facts of their own. */
function codesOf(name: string, el: XmlNode, out: SentCode[]): SentCode[] {
  const mine: SentCode[] = [];
  const attrs = CODE_ATTRIBUTES[name] ?? {};
  for (const [attribute, list] of Object.entries(attrs)) {
    const v = el[`@_${attribute}`];
    if (v === undefined) continue;
    // A list attribute (BedTypeCode) holds several codes.
    for (const code of String(v).split(/\s+/).filter(Boolean))
      mine.push({ element: name, attribute, list, code: Number(code) });
  }
  out.push(...mine);
  for (const [child, value] of Object.entries(el)) {
    if (child.startsWith('@_') || child === '#text') continue;
    for (const c of value as XmlNode[]) {
      if (typeof c !== 'object') continue;
      if (FACT_ELEMENTS.has(child)) codesOf(child, c, out);
      else mine.push(...codesOf(child, c, out));
    }
  }
  return mine;
}

export function otaMetrics(xml: string): OtaMetrics {
  const codes: SentCode[] = [];
  let elements = 0;
  let coded = 0;
  const walk = (name: string, el: XmlNode) => {
    if (FACT_ELEMENTS.has(name)) {
      elements++;
      if (codesOf(name, el, []).some((c) => c.attribute !== 'ExistsCode')) coded++;
    }
    for (const [child, value] of Object.entries(el)) {
      if (child.startsWith('@_') || child === '#text') continue;
      for (const c of value as XmlNode[]) if (typeof c === 'object') walk(child, c);
    }
  };
  const root = parser.parse(xml) as XmlNode;
  for (const [name, value] of Object.entries(root))
    for (const el of value as XmlNode[]) if (typeof el === 'object') walk(name, el);
  for (const [name, value] of Object.entries(root))
    for (const el of value as XmlNode[]) if (typeof el === 'object') codesOf(name, el, codes);
  return {
    elements,
    coded,
    kinds: [...new Set(codes.map((c) => `${c.element}@${c.attribute}`))].sort(),
    lists: [...new Set(codes.filter((c) => c.list !== 'OTC').map((c) => c.list))].sort(),
    codes,
  };
}

/** The vendored tables: list -> the codes it has. */
export function codeTables(): Map<string, Set<number>> {
  const dir = path.resolve(import.meta.dirname, '../../schemas/ota-codes');
  return new Map(
    readdirSync(dir).map((f) => {
      const t = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { list: string; codes: { code: number }[] };
      return [t.list, new Set(t.codes.map((c) => c.code))];
    }),
  );
}

/** Codes sent that the tables do not have ([] when every one is OpenTravel's). */
export function unknownCodes(codes: readonly SentCode[]): string[] {
  const tables = codeTables();
  return codes
    .filter((c) => !tables.get(c.list)?.has(c.code))
    .map((c) => `${c.element}@${c.attribute}="${c.code}" (${c.list})`);
}
