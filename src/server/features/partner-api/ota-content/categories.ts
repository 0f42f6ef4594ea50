import type { OtaCode } from '../../../../shared/ota/codes.js';
import { fitText } from '../ota-xml.js';
import type { Collector, Fact } from './facts.js';
import { node, some, whole, type Node } from './parts.js';

/**
 * HotelInfo/CategoryCodes: one element per coded value or yes/no fact, the element its code's
 * list names (LOC LocationCategory, SEG SegmentCategory, PCT HotelCategory, ARC
 * ArchitecturalStyle, GRI GuestRoomInfo with a count as its Quantity), the value in the language
 * asked as its CodeDetail. What has no code is not dressed up as a category: it goes to the
 * hotel's description as text ("Hotel characteristics: cosy, elegant").
 */

/** CategoryCodes' children in their schema order, by the list that names each. */
const ELEMENTS: readonly [string, string][] = [
  ['LOC', 'LocationCategory'],
  ['SEG', 'SegmentCategory'],
  ['PCT', 'HotelCategory'],
  ['ARC', 'ArchitecturalStyle'],
  ['GRI', 'GuestRoomInfo'],
];
const LISTS = new Set(ELEMENTS.map(([list]) => list));

interface Coded {
  code: OtaCode;
  detail: string;
  exists?: string;
  quantity?: string;
}

export interface Categories {
  codes: Node | undefined;
  /** Lines for the hotel's description: what has no category code. */
  uncoded: string[];
}

export function categoryCodes(c: Collector): Categories {
  const coded: Coded[] = [];
  const uncoded: string[] = [];
  const place = (codes: readonly OtaCode[], detail: string, extra: Partial<Coded> = {}): boolean => {
    const mine = codes.filter((k) => LISTS.has(k.list));
    for (const code of mine) coded.push({ code, detail, ...extra });
    return mine.length > 0;
  };
  const facts = (['locationCategory', 'category'] as const).flatMap((to) =>
    c.of(to).flatMap((i) => [...i.text, ...(i.slots.get('quantity') ?? [])]),
  );
  for (const f of facts) categorize(f, place, uncoded);
  const byList = (list: string) =>
    some(
      coded
        .filter((k) => k.code.list === list)
        .map((k) =>
          node({
            '@_Code': String(k.code.code),
            '@_CodeDetail': fitText(k.detail, 128),
            '@_Quantity': k.quantity,
            '@_ExistsCode': k.exists,
          }),
        ),
    );
  return { codes: node(Object.fromEntries(ELEMENTS.map(([list, name]) => [name, byList(list)]))), uncoded };
}

function categorize(
  f: Fact,
  place: (codes: readonly OtaCode[], detail: string, extra?: Partial<Coded>) => boolean,
  uncoded: string[],
): void {
  if (f.items) {
    const rest = f.items.filter((item, n) => item && !place(f.itemCodes?.[n] ?? [], item));
    if (rest.length) uncoded.push(`${f.label}: ${rest.join(', ')}`);
  } else if (f.kind === 'flag') {
    // OpenTravel Option Type Code (OTC): 1 yes, 2 no; something uncoded that is not there is not said.
    if (!place(f.codes, f.label, { exists: f.on ? '1' : '2' }) && f.on) uncoded.push(f.label);
  } else if (f.slot === 'quantity') {
    if (!place(f.codes, f.label, { quantity: whole(f.raw) })) uncoded.push(`${f.label}: ${f.value}`);
  } else if (!place(f.codes, f.value)) uncoded.push(`${f.label}: ${f.value}`);
}
