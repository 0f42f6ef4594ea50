import { ofList, type OtaCode } from '../../../../shared/ota/codes.js';
import { blockText, codeLeftOut, fitText, ownCodeLeftOut, usableCode } from '../ota-xml.js';
import type { Collector, Fact, Instance } from './facts.js';
import { amenities, codeAttr, offers } from './offers.js';
import { described, factOf, line, node, otaValue, rawOf, some, time, whole, type Node, type Values } from './parts.js';

/**
 * FacilityInfo (meeting rooms, guest rooms with their photos, restaurants and bars) and MultimediaDescriptions of photos.
 * Every element in its schema's sequence order, a container only when it has a child, every text
 * fitted to its type (ota-xml.ts).
 */

/** MultimediaDescriptions of photos (ImageItems, one per photo, each in its three sizes). */
export function multimedia(images: readonly Instance[]): Node | undefined {
  const items = images.map((i, n) => {
    const caption = fitText((rawOf(i, 'caption') as string | null) ?? (rawOf(i, 'title') as string | null), 128);
    const text = blockText(
      [factOf(i, 'category')?.value, rawOf(i, 'description') as string | undefined].filter(Boolean).join(': '),
    );
    const format = (slot: 'original' | 'display' | 'thumbnail', dimension: string) => {
      const url = rawOf(i, slot);
      if (typeof url !== 'string' || !url) return undefined;
      const original = slot === 'original';
      return node({
        '@_ContentID': whole(rawOf(i, 'id'), 1),
        '@_Title': fitText(rawOf(i, 'title') as string | null, 64),
        // The photo's rights (issue 40 §3): its author, the credit its licence requires, its end.
        '@_Author': fitText(rawOf(i, 'author') as string | null, 64),
        '@_CopyrightNotice': fitText(rawOf(i, 'copyright') as string | null, 64),
        '@_CopyrightEnd':
          typeof rawOf(i, 'copyrightEnd') === 'string' ? (rawOf(i, 'copyrightEnd') as string) : undefined,
        '@_Width': original ? whole(rawOf(i, 'width'), 1) : undefined,
        '@_Height': original ? whole(rawOf(i, 'height'), 1) : undefined,
        '@_FileSize': original ? whole(rawOf(i, 'bytes'), 1) : undefined,
        '@_Sort': String(n + 1),
        '@_DimensionCategory': dimension,
        '@_IsOriginalIndicator': original ? 'true' : undefined,
        URL: url,
      });
    };
    return node({
      '@_ID': whole(rawOf(i, 'id'), 1),
      // OpenTravel Picture Category Code (PIC), declared on the photo categories.
      '@_Category': codeAttr(factOf(i, 'category')?.codes ?? [], 'PIC'),
      ImageFormat: some([
        format('original', 'Original'),
        format('display', 'Display'),
        format('thumbnail', 'Thumbnail'),
      ]),
      Description: caption || text ? node({ '@_Caption': caption, '#text': text }) : undefined,
    });
  });
  const list = some(items);
  return list ? { MultimediaDescription: { ImageItems: { ImageItem: list } } } : undefined;
}

export interface RoomContext {
  /** The operator's code for a room (null: none), by room id. */
  operatorCode(roomId: number): string | null;
  /** The room's photos. */
  photos(roomId: number): Instance[];
  warn(text: string): void;
}

/** Lists TypeRoom carries (view, location, bed types, kind of room), not Amenity. */
const TYPE_LISTS: ReadonlySet<string> = new Set(['RVT', 'RLT', 'BED', 'GRI']);

/** Every fact of an instance: its text and its slots. */
const allFacts = (i: Instance): Fact[] => [...i.text, ...[...i.slots.values()].flat()];

/** Whether a fact says the thing is there: a flag that is on, a count above 0, any other value. */
const present = (f: Fact): boolean =>
  f.kind === 'flag' ? !!f.on : typeof f.raw === 'number' ? f.raw > 0 : f.raw !== null && f.raw !== undefined;

/** A fact whose codes all go to TypeRoom (a view, a kind of room): said there and in the room's text, not as an Amenity. */
const typeOnly = (f: Fact): boolean => !f.items && f.codes.length > 0 && f.codes.every((c) => TYPE_LISTS.has(c.list));

/** The room's TypeRoom codes: RVT view, RLT location, GRI kind of room (the first of each), BED every bed type there. */
function typeCodes(i: Instance): { view?: string; location?: string; kind?: string; beds?: string } {
  const codes: OtaCode[] = allFacts(i)
    .filter(present)
    .flatMap((f) => [...f.codes, ...(f.itemCodes ?? []).flat()]);
  const beds = [...new Set(ofList(codes, 'BED').map((c) => c.code))];
  return {
    view: codeAttr(codes, 'RVT'),
    location: codeAttr(codes, 'RLT'),
    kind: codeAttr(codes, 'GRI'),
    ...(beds.length ? { beds: beds.join(' ') } : {}),
  };
}

/**
 * A guest room: names and occupancy; TypeRoom with its size, the hotel's and the operator's codes
 * and its OpenTravel codes (view, location, bed types, kind of room, floor); the number of rooms
 * of the type as GuestRoom@Quantity (TypeRoom@Count is the rooms of one composite unit); its
 * amenities, each with its RMA code; its photos; the rest as text. A code OTA cannot carry whole
 * (the operator's, or the hotel's own override code) is left out and named through `warn`.
 */
export function guestRoom(i: Instance, ctx: RoomContext): Node | undefined {
  const name = rawOf(i, 'name') as string | undefined;
  const shortName = fitText(name, 32);
  const adults = whole(rawOf(i, 'maxAdults'));
  const children = whole(rawOf(i, 'maxChildren'));
  const occupancy =
    adults !== undefined || children !== undefined ? whole(Number(adults ?? 0) + Number(children ?? 0), 1) : undefined;
  const hotelCode = rawOf(i, 'hotelCode') as string | undefined;
  if (hotelCode && !usableCode(hotelCode)) ctx.warn(ownCodeLeftOut(`RoomType of room ${i.rowId ?? ''}`.trim()));
  const operatorCode = i.rowId !== undefined ? ctx.operatorCode(i.rowId) : null;
  if (operatorCode !== null && !usableCode(operatorCode)) ctx.warn(codeLeftOut(`RoomTypeCode of room ${i.rowId}`));
  const size = typeof rawOf(i, 'size') === 'number' ? (rawOf(i, 'size') as number) : undefined;
  const floor = whole(rawOf(i, 'floor'), 1);
  const amenityFacts = i.slots.get('amenity') ?? [];
  const codes = typeCodes(i);
  const lines = [
    shortName !== fitText(name, 100_000) ? fitText(name, 100_000) : undefined,
    hotelCode && !usableCode(hotelCode) ? line(factOf(i, 'hotelCode')!) : undefined,
    ...(i.slots.get('minChildren') ?? []).map(line),
    ...i.text.map(line),
    ...amenityFacts.filter(typeOnly).map(line),
  ].filter((x): x is string => !!x);
  return node({
    '@_RoomTypeName': shortName,
    '@_ID': i.rowId !== undefined ? String(i.rowId) : undefined,
    '@_Quantity': whole(rawOf(i, 'count')),
    '@_MaxOccupancy': occupancy,
    '@_MinOccupancy': whole(rawOf(i, 'minAdults'), 1),
    '@_MaxAdultOccupancy': adults,
    '@_MaxChildOccupancy': children,
    TypeRoom: node({
      '@_Size': size !== undefined ? whole(size) : undefined,
      '@_Name': fitText(factOf(i, 'type')?.value, 32),
      '@_RoomType': usableCode(hotelCode) ? hotelCode : undefined,
      '@_RoomTypeCode': usableCode(operatorCode) ? operatorCode : undefined,
      '@_Floor': floor !== undefined && Number(floor) <= 999 ? floor : undefined,
      '@_RoomLocationCode': codes.location,
      '@_RoomViewCode': codes.view,
      '@_BedTypeCode': codes.beds,
      '@_SizeMeasurement':
        size !== undefined && whole(size) !== undefined ? `${Number(size.toFixed(2))} sqm` : undefined,
      '@_RoomClassificationCode': codes.kind,
    }),
    Amenities: node({ Amenity: some(amenities(offers(amenityFacts.filter((f) => !typeOnly(f))))) }),
    MultimediaDescriptions: i.rowId !== undefined ? multimedia(ctx.photos(i.rowId)) : undefined,
    DescriptiveText: described(lines),
  });
}

export function restaurant(i: Instance, values: Values): Node | undefined {
  const days = factOf(i, 'days');
  const open = Array.isArray(days?.raw)
    ? Object.fromEntries(
        days.raw
          .map((d) => otaValue(values, days, d))
          .filter((a): a is string => !!a)
          .map((a) => [`@_${a}`, 'true']),
      )
    : {};
  const times = node({ ...open, '@_Start': time(rawOf(i, 'from')), '@_End': time(rawOf(i, 'to')) });
  const type = factOf(i, 'type');
  const cuisine = factOf(i, 'cuisine');
  // Cuisine codes: the cuisine's (main), and the one a kind of restaurant says (a steakhouse, a pizzeria).
  const cuisines = [
    cuisine ? { code: codeAttr(cuisine.codes, 'CUI'), detail: cuisine.value, main: 'true' } : undefined,
    type && codeAttr(type.codes, 'CUI')
      ? { code: codeAttr(type.codes, 'CUI'), detail: type.value, main: 'false' }
      : undefined,
  ].filter((c) => c !== undefined);
  // Restaurant service info (RSI): a buffet, a non-smoking area... from what is said of it and is there.
  const services = [
    ...new Set(
      i.text
        .filter((f) => f.kind !== 'flag' || f.on)
        .flatMap((f) => [...ofList(f.codes, 'RSI'), ...(f.itemCodes ?? []).flatMap((c) => ofList(c, 'RSI'))])
        .map((c) => c.code),
    ),
  ];
  return node({
    '@_RestaurantName': fitText(rawOf(i, 'name') as string | undefined, 1000),
    OperationSchedules: times ? { OperationSchedule: { OperationTimes: { OperationTime: times } } } : undefined,
    InfoCodes: type
      ? {
          InfoCode: node({
            '@_Name': 'RestaurantCategory',
            '@_Code': codeAttr(type.codes, 'RES'),
            '@_CodeDetail': fitText(type.value, 128),
          }),
        }
      : undefined,
    CuisineCodes: cuisines.length
      ? {
          CuisineCode: cuisines.map((c) =>
            node({ '@_Code': c.code, '@_CodeDetail': fitText(c.detail, 128), '@_IsMain': c.main }),
          ),
        }
      : undefined,
    DescriptiveText: fitText(
      i.text.flatMap((f) => (f.kind === 'flag' && !f.on ? [] : [f.kind === 'flag' ? f.label : line(f)])).join('; '),
      500,
    ),
    SrvcInfoCodes: services.length ? { SrvcInfoCode: services.map((code) => ({ '@_Code': String(code) })) } : undefined,
  });
}

export function facilityInfo(c: Collector, rooms: RoomContext): Node | undefined {
  const meeting = c.of('meetingRoom').flatMap((i) => i.text.map((f) => node({ '@_RoomName': fitText(f.label, 1000) })));
  return node({
    MeetingRooms: node({ MeetingRoom: some(meeting) }),
    GuestRooms: node({ GuestRoom: some(c.of('guestRoom').map((i) => guestRoom(i, rooms))) }),
    Restaurants: node({ Restaurant: some(c.of('restaurant').map((i) => restaurant(i, c.source.mapping.values))) }),
  });
}
