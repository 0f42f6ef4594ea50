import { blockText, codeLeftOut, fitText, usableCode } from '../ota-xml.js';
import type { Collector, Instance } from './facts.js';
import {
  described,
  factOf,
  line,
  node,
  offered,
  otaValue,
  rawOf,
  some,
  time,
  whole,
  type Node,
  type Values,
} from './parts.js';

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

export function guestRoom(i: Instance, ctx: RoomContext): Node | undefined {
  const name = rawOf(i, 'name') as string | undefined;
  const shortName = fitText(name, 32);
  const adults = whole(rawOf(i, 'maxAdults'));
  const children = whole(rawOf(i, 'maxChildren'));
  const occupancy =
    adults !== undefined || children !== undefined ? whole(Number(adults ?? 0) + Number(children ?? 0), 1) : undefined;
  const hotelCode = rawOf(i, 'hotelCode') as string | undefined;
  const operatorCode = i.rowId !== undefined ? ctx.operatorCode(i.rowId) : null;
  if (operatorCode !== null && !usableCode(operatorCode)) ctx.warn(codeLeftOut(`RoomTypeCode of room ${i.rowId}`));
  const size = typeof rawOf(i, 'size') === 'number' ? (rawOf(i, 'size') as number) : undefined;
  const lines = [
    shortName !== fitText(name, 100_000) ? fitText(name, 100_000) : undefined,
    hotelCode && !usableCode(hotelCode) ? line(factOf(i, 'hotelCode')!) : undefined,
    ...(i.slots.get('minChildren') ?? []).map(line),
    ...i.text.map(line),
  ].filter((x): x is string => !!x);
  return node({
    '@_RoomTypeName': shortName,
    '@_ID': i.rowId !== undefined ? String(i.rowId) : undefined,
    '@_MaxOccupancy': occupancy,
    '@_MinOccupancy': whole(rawOf(i, 'minAdults'), 1),
    '@_MaxAdultOccupancy': adults,
    '@_MaxChildOccupancy': children,
    TypeRoom: node({
      '@_Size': size !== undefined ? whole(size) : undefined,
      '@_Count': whole(rawOf(i, 'count')),
      '@_Name': fitText(factOf(i, 'type')?.value, 32),
      '@_RoomType': usableCode(hotelCode) ? hotelCode : undefined,
      '@_RoomTypeCode': usableCode(operatorCode) ? operatorCode : undefined,
      '@_SizeMeasurement':
        size !== undefined && whole(size) !== undefined ? `${Number(size.toFixed(2))} sqm` : undefined,
    }),
    Amenities: node({
      Amenity: some(offered(i.slots.get('amenity') ?? []).map((t) => node({ DescriptiveText: blockText(t) }))),
    }),
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
  return node({
    '@_RestaurantName': fitText(rawOf(i, 'name') as string | undefined, 1000),
    OperationSchedules: times ? { OperationSchedule: { OperationTimes: { OperationTime: times } } } : undefined,
    InfoCodes: type
      ? { InfoCode: { '@_Name': 'RestaurantCategory', '@_CodeDetail': fitText(type.value, 128) } }
      : undefined,
    CuisineCodes: cuisine
      ? { CuisineCode: { '@_CodeDetail': fitText(cuisine.value, 128), '@_IsMain': 'true' } }
      : undefined,
    DescriptiveText: fitText(
      i.text.flatMap((f) => (f.kind === 'flag' && !f.on ? [] : [f.kind === 'flag' ? f.label : line(f)])).join('; '),
      500,
    ),
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
