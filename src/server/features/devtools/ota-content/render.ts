import { Country } from 'country-state-city';
import { blockText, codeLeftOut, fitText, usableCode } from '../ota-xml.js';
import type { Collector, Fact, Instance } from './facts.js';

/**
 * The OTA elements of OTA_HotelDescriptiveInfoRS (OpenTravel 2015A, HotelDescriptiveContentType),
 * written from the instances the mapping gathered. Every element goes in its schema's sequence
 * order, a container only when it has a child (most need one), and every text fits its type
 * (ota-xml.ts). Objects are fast-xml-parser XMLBuilder input: `@_Name` attributes, `#text` text.
 */

type Node = Record<string, unknown>;

/** An object without its undefined members, or undefined when nothing is left (so no empty container). */
function node(fields: Record<string, unknown>): Node | undefined {
  const out: Node = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && !(Array.isArray(v) && v.length === 0)) out[k] = v;
  return Object.keys(out).length ? out : undefined;
}

/** A list, or undefined when empty. */
const some = <T>(list: (T | undefined)[]): T[] | undefined => {
  const out = list.filter((x): x is T => x !== undefined);
  return out.length ? out : undefined;
};

/** A fact as one labelled line ("Pets: cost per day: 12"). */
export const line = (f: Fact): string => (f.value ? `${f.label}: ${f.value}` : f.label);

/** A choice's or a list's values without the label (a category is its value). */
const bare = (f: Fact): string[] => (f.items ? f.items.filter(Boolean) : f.kind === 'flag' ? (f.on ? [f.label] : []) : f.kind === 'choice' ? [f.value] : [line(f)]);

/** "Subject: detail" (the schemas' titles of a field about something named before). */
function split(label: string): [string, string | undefined] {
  const at = label.indexOf(': ');
  return at < 0 ? [label, undefined] : [label.slice(0, at), label.slice(at + 2)];
}

/** One thing a hotel offers: its subject ("Sun loungers at the beach") and what is said of it. */
export interface Offer {
  subject: string;
  details: string[];
}

/**
 * Facts as what a hotel offers, one per thing: a list's values one by one (labelled); facts about
 * one subject ("Sun loungers at the beach", "...: quantity", "...: type") together; nothing for
 * what is off (a flag, and a subject whose flag is off with its details).
 */
export function offers(facts: readonly Fact[]): Offer[] {
  const groups: (Offer & { off: boolean; closed?: boolean })[] = [];
  for (const f of facts) {
    const [subject, detail] = split(f.label);
    const current = groups.at(-1);
    if (current && !current.closed && detail !== undefined && subject === current.subject) {
      if (current.off) continue;
      if (f.items) current.details.push(`${detail}: ${f.items.join(', ')}`);
      else if (f.kind === 'flag') {
        if (f.on) current.details.push(detail);
      } else current.details.push(`${detail}: ${f.value}`);
      continue;
    }
    if (f.items) for (const item of f.items.filter(Boolean)) groups.push({ subject: f.label, details: [item], off: false, closed: true });
    else if (f.kind === 'flag') groups.push({ subject: f.label, off: !f.on, details: [] });
    else groups.push({ subject: detail === undefined ? f.label : subject, off: false, details: [detail === undefined ? f.value : `${detail}: ${f.value}`] });
  }
  return groups.filter((g) => !g.off).map(({ subject, details }) => ({ subject, details }));
}

/** An offer as one text: "Sun loungers at the beach: quantity: 2; type: Balinese loungers; seasonal". */
const offerText = (o: Offer): string => (o.details.length ? `${o.subject}: ${o.details.join('; ')}` : o.subject);

/** Facts as texts, one per thing offered. */
export const offered = (facts: readonly Fact[]): string[] => offers(facts).map(offerText);

const rawOf = (i: Instance, slot: string): unknown => i.slots.get(slot)?.[0]?.raw;
const factOf = (i: Instance, slot: string): Fact | undefined => i.slots.get(slot)?.[0];

/** A whole number ≥ min, or undefined. */
function whole(v: unknown, min = 0): string | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  if (!Number.isFinite(n)) return undefined;
  const r = Math.round(n);
  return r >= min && r <= 2_147_483_647 ? String(r) : undefined;
}

/** OTA Money (xs:decimal, at most 3 decimals), or undefined. */
function money(v: unknown): string | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v >= 1e15) return undefined;
  return String(Number(v.toFixed(3)));
}

/** A coordinate as Position takes it (StringLength1to16). */
function coordinate(v: unknown, limit: number): string | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > limit) return undefined;
  return String(Number(v.toFixed(7)));
}

/** HH:MM (seconds optional) as xs:time. */
function time(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(v);
  return m ? `${m[1]}:${m[2]}:${m[3] ?? '00'}` : undefined;
}

const date = (v: unknown): string | undefined => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined);

/** A ParagraphType of numbered list items. */
function paragraph(name: string | undefined, lines: string[]): Node | undefined {
  const items = lines.map((l) => blockText(l)).filter((l): l is string => !!l);
  if (!items.length) return undefined;
  return { ...(fitText(name, 64) ? { '@_Name': fitText(name, 64) } : {}), ListItem: items.map((text, i) => ({ '@_ListItem': i + 1, '#text': text })) };
}

/** The elements' texts joined into one DescriptiveText (unbounded xs:string). */
const described = (lines: string[]): string | undefined => blockText(lines.filter(Boolean).join('\n'));

/** MultimediaDescriptions of photos (ImageItems, one per photo, each in its three sizes). */
export function multimedia(images: readonly Instance[]): Node | undefined {
  const items = images.map((i, n) => {
    const caption = fitText((rawOf(i, 'caption') as string | null) ?? (rawOf(i, 'title') as string | null), 128);
    const text = blockText([factOf(i, 'category')?.value, rawOf(i, 'description') as string | undefined].filter(Boolean).join(': '));
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
      ImageFormat: some([format('original', 'Original'), format('display', 'Display'), format('thumbnail', 'Thumbnail')]),
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
  const occupancy = adults !== undefined || children !== undefined ? whole(Number(adults ?? 0) + Number(children ?? 0), 1) : undefined;
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
      '@_SizeMeasurement': size !== undefined && whole(size) !== undefined ? `${Number(size.toFixed(2))} sqm` : undefined,
    }),
    Amenities: node({ Amenity: some(offered(i.slots.get('amenity') ?? []).map((t) => node({ DescriptiveText: blockText(t) }))) }),
    MultimediaDescriptions: i.rowId !== undefined ? multimedia(ctx.photos(i.rowId)) : undefined,
    DescriptiveText: described(lines),
  });
}

/** The OTA value of a fact's option value (ota-mapping.json `values`), if the mapping gives one. */
type Values = Record<string, Record<string, string>>;
const otaValue = (values: Values, f: Fact | undefined, value: unknown): string | undefined => (f?.options ? values[f.options]?.[String(value)] : undefined);

export function restaurant(i: Instance, values: Values): Node | undefined {
  const days = factOf(i, 'days');
  const open = Array.isArray(days?.raw) ? Object.fromEntries(days.raw.map((d) => otaValue(values, days, d)).filter((a): a is string => !!a).map((a) => [`@_${a}`, 'true'])) : {};
  const times = node({ ...open, '@_Start': time(rawOf(i, 'from')), '@_End': time(rawOf(i, 'to')) });
  const type = factOf(i, 'type');
  const cuisine = factOf(i, 'cuisine');
  return node({
    '@_RestaurantName': fitText(rawOf(i, 'name') as string | undefined, 1000),
    OperationSchedules: times ? { OperationSchedule: { OperationTimes: { OperationTime: times } } } : undefined,
    InfoCodes: type ? { InfoCode: { '@_Name': 'RestaurantCategory', '@_CodeDetail': fitText(type.value, 128) } } : undefined,
    CuisineCodes: cuisine ? { CuisineCode: { '@_CodeDetail': fitText(cuisine.value, 128), '@_IsMain': 'true' } } : undefined,
    DescriptiveText: fitText(i.text.flatMap((f) => (f.kind === 'flag' && !f.on ? [] : [f.kind === 'flag' ? f.label : line(f)])).join('; '), 500),
  });
}

export function renovation(i: Instance): Node | undefined {
  return node({
    '@_Start': date(rawOf(i, 'from')),
    '@_End': date(rawOf(i, 'to')),
    '@_AreaText': fitText(factOf(i, 'area')?.value, 64),
    DescriptiveText: described(i.text.map(line)),
  });
}

const title = (i: Instance): string | undefined => i.text[0]?.groupTitle || [...i.slots.values()][0]?.[0]?.groupTitle || undefined;

function taxPolicy(i: Instance, values: Values): Node | undefined {
  if (rawOf(i, 'applicable') === false) return undefined;
  const charges = factOf(i, 'charges');
  const currency = rawOf(i, 'currency');
  return node({
    '@_Type': otaValue(values, charges, charges?.raw),
    '@_Amount': money(rawOf(i, 'amount')),
    '@_CurrencyCode': typeof currency === 'string' && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : undefined,
    TaxDescription: paragraph(title(i), i.text.map(line)),
  });
}

/** Policies: the hotel's policy (check-in and out, minimum age, its rules, taxes, pets), then one Policy per other key (children, partner hotel, health). */
export function policies(c: Collector): Node | undefined {
  const general = c.of('policy').find((i) => i.key === 'general');
  const pets = c.of('pets')[0];
  const allowed = pets ? rawOf(pets, 'allowed') : undefined;
  const first = node({
    PolicyInfo: general
      ? node({
          '@_CheckInTime': time(rawOf(general, 'checkIn')),
          '@_CheckOutTime': time(rawOf(general, 'checkOut')),
          '@_MinGuestAge': whole(rawOf(general, 'minGuestAge')),
          Description: paragraph(title(general), general.text.map(line)),
        })
      : undefined,
    TaxPolicies: node({ TaxPolicy: some(c.of('tax').map((i) => taxPolicy(i, c.source.mapping.values))) }),
    PetsPolicies: pets
      ? node({
          '@_PetsAllowedCode': allowed === true ? 'Pets Allowed' : allowed === false ? 'Pets Not Allowed' : undefined,
          PetsPolicy: allowed === false ? undefined : node({ Description: paragraph(title(pets), pets.text.map(line)) }),
        })
      : undefined,
  });
  const others = c
    .of('policy')
    .filter((i) => i.key !== 'general')
    .map((i) => node({ PolicyInfo: node({ Description: paragraph(title(i), i.text.map(line)) }) }));
  const list = some([first, ...others]);
  return list ? { Policy: list } : undefined;
}

function refPoint(i: Instance): Node | undefined {
  if (rawOf(i, 'applicable') === false) return undefined;
  const named = rawOf(i, 'name');
  const first = i.text[0] ?? [...i.slots.values()][0]?.[0];
  const name = typeof named === 'string' && named.trim() ? named : first && i.key === first.path ? first.label : title(i);
  const distance = rawOf(i, 'distance');
  return node({
    '@_Distance': typeof distance === 'number' && Number.isFinite(distance) && distance >= 0 ? String(distance) : undefined,
    '@_Name': fitText(name, 64),
    '@_RefPointName': fitText(name, 32),
    DescriptiveText: described(i.text.map(line)),
  });
}

/** A recreation: named by its subject (64 characters), what is said of it as its text. */
function recreation(o: Offer): Node | undefined {
  const name = fitText(o.subject, 64);
  const text = o.details.join('; ');
  return node({ '@_Name': name ?? '', DescriptiveText: blockText(name === o.subject || !name ? text : offerText(o)) });
}

export function areaInfo(c: Collector): Node | undefined {
  return node({
    RefPoints: node({ RefPoint: some(c.of('refPoint').map(refPoint)) }),
    Recreations: node({ Recreation: some(offers(c.of('recreation').flatMap((i) => i.text)).map(recreation)) }),
  });
}

export interface Place {
  city: string;
  state: string;
  country: string;
}

export function contactInfos(c: Collector, place: Place): Node | undefined {
  const contact = c.of('contact')[0];
  const raw = (slot: string): string | undefined => {
    const v = contact ? rawOf(contact, slot) : undefined;
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };
  const postal = raw('postalCode');
  const postalFits = postal !== undefined && fitText(postal, 16) === postal;
  const lines = (raw('address') ?? '')
    .split(/\r?\n/)
    .map((l) => fitText(l, 255))
    .filter((l): l is string => !!l)
    .slice(0, postalFits || !postal ? 5 : 4);
  if (postal && !postalFits) lines.push(fitText(postal, 255)!);
  const country = /^[A-Za-z]{2}$/.test(place.country) ? place.country.toUpperCase() : undefined;
  const address = node({
    AddressLine: some(lines),
    CityName: fitText(place.city, 64),
    PostalCode: postalFits ? postal : undefined,
    StateProv: /^[^\s]{2,8}$/.test(place.state) && fitText(place.state, 8) === place.state ? { '@_StateCode': place.state } : undefined,
    CountryName: country ? { '@_Code': country, '#text': fitText(Country.getCountryByCode(country)?.name, 64) } : undefined,
  });
  const phone = (slot: string, tech: string) => {
    const number = fitText(raw(slot), 32);
    return number === raw(slot) && number ? { '@_PhoneTechType': tech, '@_PhoneNumber': number } : undefined;
  };
  const email = raw('email');
  const info = node({
    Addresses: address ? { Address: address } : undefined,
    // OpenTravel Phone Technology Type (PTT): 1 voice, 3 fax.
    Phones: node({ Phone: some([phone('phone', '1'), phone('fax', '3')]) }),
    Emails: email && fitText(email, 128) === email ? { Email: email } : undefined,
  });
  return info ? { ContactInfo: info } : undefined;
}

export function hotelInfo(c: Collector, hotelName: string): Node | undefined {
  const position = c.of('position')[0];
  const categories = (to: 'category' | 'locationCategory') => c.of(to).flatMap((i) => i.text.flatMap(bare));
  const services = offered(c.of('service').flatMap((i) => i.text));
  const description = c.of('description').flatMap((i) => i.text.map((f) => f.value));
  return node({
    HotelName: blockText(hotelName),
    CategoryCodes: node({
      LocationCategory: some(categories('locationCategory').map((t) => node({ '@_CodeDetail': fitText(t, 128) }))),
      HotelCategory: some(categories('category').map((t) => node({ '@_CodeDetail': fitText(t, 128) }))),
    }),
    Descriptions: node({
      Renovation: some(c.of('renovation').map(renovation)),
      DescriptiveText: blockText(description.join('\n\n')),
    }),
    Position: position ? node({ '@_Latitude': coordinate(rawOf(position, 'latitude'), 90), '@_Longitude': coordinate(rawOf(position, 'longitude'), 180) }) : undefined,
    Services: node({ Service: some(services.map((t) => node({ DescriptiveText: blockText(t) }))) }),
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

export function affiliationInfo(c: Collector): Node | undefined {
  const award = c.of('award')[0];
  const rating = award ? rawOf(award, 'rating') : undefined;
  return rating !== undefined && rating !== null && String(rating).trim() ? { Awards: { Award: { '@_Rating': String(rating), '@_RatingSymbol': 'Star' } } } : undefined;
}
