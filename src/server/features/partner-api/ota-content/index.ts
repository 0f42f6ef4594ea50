import type { OptionList, OtaMapping } from '../../../../shared/bundle-types.js';
import { holds } from '../../../../shared/conditions.js';
import type { SchemaNode, SectionInput } from '../../../../shared/fact-sheet/index.js';
import type { Language } from '../../../../shared/i18n/languages.js';
import type { PhotoWire } from '../../../../shared/generated/wire-types.js';
import { codeLeftOut, fitText, OTA_NS, otaBuilder, usableCode } from '../ota-xml.js';
import { Collector, type Entry, type Instance } from './facts.js';
import { facilityInfo, multimedia } from './facility.js';
import { affiliationInfo, areaInfo, contactInfos, hotelInfo, policies, type Place } from './hotel.js';

export interface DescriptiveInput {
  mapping: OtaMapping;
  options: readonly OptionList[];
  language: Language;
  propertyId: number;
  /** The name the caller shows (an operator's approved override, else the hotel's). */
  hotelName: string;
  /** The operator's codes; null for a hotel's own key. */
  codes: { hotel: string | null; room(roomId: number): string | null } | null;
  place: Place;
  /** Whether the facts were ever published (sections carry the latest publication, or nothing). */
  published: boolean;
  /** Every fact section with its facts (list sections: their rows), as the fact sheet reads them. */
  sections: readonly SectionInput[];
  photoSchema: SchemaNode;
  /** The photos the caller may see, their image URLs (image, display, thumbnail) those a receiver may keep. */
  photos: readonly PhotoWire[];
  /** What the caller already left out of `sections`, and why (stored dates that name no day). */
  notes?: readonly string[];
}

export interface DescriptiveInfo {
  xml: string;
  /** What was left out and why (ASCII sentences, also in the message's Warnings). */
  warnings: string[];
}

/**
 * A hotel's published facts as OTA_HotelDescriptiveInfoRS (OpenTravel 2015A): every field goes
 * where schemas/ota-mapping.json sends it, with the OpenTravel codes its schema and option values
 * declare (src/shared/ota/) where OTA puts them, and printed as the fact sheet prints it in the
 * language asked beside them; photos as ImageItems (a room's in its GuestRoom). Valid against the official schema for
 * any facts: containers only when filled, texts fitted to their types, codes sent as saved or
 * left out with a warning. No TimeStamp: the document depends on the facts only (its ETag too).
 */
export function otaDescriptiveInfo(input: DescriptiveInput): DescriptiveInfo {
  const warnings: string[] = [];
  const collector = new Collector({ mapping: input.mapping, options: input.options, language: input.language });
  collector.addAll(entriesOf(input));

  const roomIds = new Set(collector.of('guestRoom').map((i) => i.rowId));
  const images = collector.of('image');
  const roomOf = (i: Instance): number | undefined => {
    const room = i.slots.get('room')?.[0]?.raw;
    return typeof room === 'number' && roomIds.has(room) ? room : undefined;
  };
  const rooms = {
    operatorCode: (roomId: number) => input.codes?.room(roomId) ?? null,
    photos: (roomId: number) => images.filter((i) => roomOf(i) === roomId),
    warn: (text: string) => warnings.push(text),
  };

  const operatorCode = input.codes?.hotel ?? null;
  if (operatorCode !== null && !usableCode(operatorCode)) warnings.push(codeLeftOut('HotelCode (your hotel code)'));
  const hotelCode =
    operatorCode === null ? String(input.propertyId) : usableCode(operatorCode) ? operatorCode : undefined;
  const content = {
    ...(hotelCode ? { '@_HotelCode': hotelCode } : {}),
    ...(fitText(input.hotelName, 128) ? { '@_HotelName': fitText(input.hotelName, 128) } : {}),
    '@_LanguageCode': input.language,
    HotelInfo: hotelInfo(collector, input.hotelName),
    FacilityInfo: facilityInfo(collector, rooms),
    Policies: policies(collector),
    AreaInfo: areaInfo(collector),
    AffiliationInfo: affiliationInfo(collector),
    MultimediaDescriptions: multimedia(images.filter((i) => roomOf(i) === undefined)),
    ContactInfos: contactInfos(collector, input.place, (text) => warnings.push(text)),
  };
  const notes = [
    ...(input.published ? [] : ['The hotel has not published its facts yet: only its name and codes are sent']),
    ...(input.notes ?? []),
    ...warnings,
  ];
  const xml = otaBuilder().build({
    OTA_HotelDescriptiveInfoRS: {
      '@_xmlns': OTA_NS,
      '@_Version': '1.000',
      '@_PrimaryLangID': input.language,
      Success: '',
      // OpenTravel Error Warning Type (EWT) 3: business rule.
      ...(notes.length ? { Warnings: { Warning: notes.map((text) => ({ '@_Type': '3', '#text': text })) } } : {}),
      HotelDescriptiveContents: { HotelDescriptiveContent: strip(content) },
    },
  }) as string;
  return { xml: `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`, warnings: notes };
}

/**
 * The documents the collector reads, in the sections' order: enabled section documents, each row of a
 * list section, then the photos (the featured one first, then the gallery's order).
 */
function entriesOf(input: DescriptiveInput): Entry[] {
  const data = new Map(input.sections.map((s) => [s.key, s.data]));
  const entries: Entry[] = [];
  for (const section of input.sections) {
    const mapping = input.mapping.sections[section.key];
    if (section.kind === 'list') {
      const rows = (Array.isArray(section.data) ? section.data : []) as Record<string, unknown>[];
      rows.forEach((row, n) => {
        const id = typeof row.id === 'number' ? row.id : undefined;
        entries.push({
          input: { ...section, data: row },
          mapping,
          row: { key: `${section.key}:${id ?? `#${n}`}`, id },
        });
      });
      continue;
    }
    const enabled =
      section.enabled ??
      (!section.enabledIf || holds(section.enabledIf.condition, data.get(section.enabledIf.section) ?? {}));
    if (enabled && section.data) entries.push({ input: section, mapping });
  }
  // The featured photo first, then the gallery's order.
  const photos = [...input.photos].sort(
    (a, b) => Number(b.featured) - Number(a.featured) || (a.sequence ?? 0) - (b.sequence ?? 0) || a.id - b.id,
  );
  for (const photo of photos)
    entries.push({
      input: { key: 'photo', kind: 'document', schema: input.photoSchema, data: { ...photo } },
      mapping: input.mapping.photo,
      row: { key: `photo:${photo.id}`, id: photo.id },
    });
  return entries;
}

/** Drops undefined members (the builder would write them as empty elements). */
function strip(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
