import { ofList, type OtaCode } from '../../../../shared/ota/codes.js';
import { ELEMENT_LISTS } from '../../../../shared/ota/places.js';
import { blockText, fitText } from '../ota-xml.js';
import type { Fact } from './facts.js';
import { date, money, node, otaValue, split, time, whole, type Node, type Values } from './parts.js';

/**
 * Things a hotel offers (services, recreations, room amenities, transfers), each one OTA element:
 * a fact and the facts said of it. Facts are grouped as the schemas' titles write them
 * ("Sun loungers at the beach", "...: quantity", "...: charges") and, for a fact whose title
 * names no subject ("Number of swimming pools", "Adults-only pool"), by the yes/no fact its
 * visibility depends on, unless facts depend on it in turn (then it is a thing of its own).
 * A fact with a code that names an element (HAC, RST, RMA...) is always a thing of its own.
 * The element takes its codes from the fact that names it (or a list's value), yes or no
 * (ExistsCode) from a coded yes/no fact, and from the facts said of it what OTA has attributes
 * for: included in the rate, a quantity, opening times, a season, a charge.
 */
export interface Offer {
  /** What it is: "Sun loungers at the beach". */
  subject: string;
  /** What is said of it, each as printed ("quantity: 2"). */
  details: string[];
  /** The fact that names it. */
  head: Fact;
  /** The codes that name it: the head's, or its list value's. */
  codes: OtaCode[];
  /** The facts said of it. */
  facts: Fact[];
  /** A yes/no fact answered no: kept only when coded (an element saying it is not there). */
  off: boolean;
}

const namesElement = (codes: readonly OtaCode[]): boolean => codes.some((c) => ELEMENT_LISTS.has(c.list));
const hasElementCodes = (f: Fact): boolean => namesElement(f.codes) || (f.itemCodes?.some(namesElement) ?? false);

/** Facts (in schema order) as the things they offer. */
export function offers(facts: readonly Fact[]): Offer[] {
  const groups: (Offer & { closed?: boolean })[] = [];
  for (const f of facts) {
    const [subject, detail] = split(f.label);
    const last = groups.at(-1);
    const byTitle = last && !last.closed && detail !== undefined && subject === last.subject ? last : undefined;
    // A fact depending on a yes/no fact met before belongs to it, even past a coded thing of its own
    // in between ("Heated swimming pool" between the pool and "Swimming pool: seasonal").
    const byDependence =
      !f.leads && f.dependsOn
        ? groups.findLast((g) => !g.closed && g.head.section === f.section && f.dependsOn!.includes(g.head.path))
        : undefined;
    const current = hasElementCodes(f) ? undefined : (byTitle ?? byDependence);
    if (current) {
      if (current.off) continue;
      current.facts.push(f);
      // "Late check-out price" said of "Late check-out" is its "price".
      const said =
        detail ?? (f.label.startsWith(`${current.subject} `) ? f.label.slice(current.subject.length + 1) : f.label);
      if (f.items) current.details.push(`${said}: ${f.items.join(', ')}`);
      else if (f.kind === 'flag') {
        if (f.on) current.details.push(said);
      } else current.details.push(`${said}: ${f.value}`);
      continue;
    }
    if (f.items)
      f.items.forEach((item, n) => {
        if (item)
          groups.push({
            subject: f.label,
            details: [item],
            head: f,
            codes: f.itemCodes?.[n] ?? [],
            facts: [],
            off: false,
            closed: true,
          });
      });
    else if (f.kind === 'flag')
      groups.push({ subject: f.label, details: f.on ? [] : [f.value], head: f, codes: f.codes, facts: [], off: !f.on });
    else
      groups.push({
        subject: detail === undefined ? f.label : subject,
        details: [detail === undefined ? f.value : `${detail}: ${f.value}`],
        head: f,
        codes: f.codes,
        facts: [],
        off: false,
      });
  }
  // Something answered no is an element only when a code says what is missing.
  return groups.filter((g) => !g.off || namesElement(g.codes)).map(({ closed: _c, ...o }) => o);
}

/** An offer as one text: "Sun loungers at the beach: quantity: 2; type: Balinese loungers; seasonal". */
export const offerText = (o: Offer): string => (o.details.length ? `${o.subject}: ${o.details.join('; ')}` : o.subject);

/** Offers as texts, one per thing offered. */
export const offered = (facts: readonly Fact[]): string[] => offers(facts).map(offerText);

/** The first code of a list, as an attribute. */
export const codeAttr = (codes: readonly OtaCode[], list: string): string | undefined => {
  const c = ofList(codes, list)[0];
  return c ? String(c.code) : undefined;
};

/** OpenTravel Option Type Code (OTC) of a coded yes/no or count: 1 yes, 2 no. */
export function existsCode(o: Offer): string | undefined {
  if (!namesElement(o.codes)) return undefined;
  if (o.head.kind === 'flag') return o.off ? '2' : '1';
  if (typeof o.head.raw === 'number') return o.head.raw > 0 ? '1' : '2';
  return undefined;
}

/** Whether it is included in the room rate: its route says so, else a charges value said of it. */
export function included(o: Offer): string | undefined {
  if (o.off) return undefined;
  if (o.head.includedByRoute) return 'true';
  const said = [o.head, ...o.facts].find((f) => f.included !== undefined)?.included;
  return said === undefined ? undefined : String(said);
}

const slotFact = (o: Offer, slot: string): Fact | undefined => o.facts.find((f) => f.slot === slot);

/** How many: a quantity said of it, or the count that names it (a coded number: "Total number of restaurants"). */
export function quantity(o: Offer): string | undefined {
  const said = slotFact(o, 'quantity');
  if (said) return whole(said.raw);
  return namesElement(o.codes) && typeof o.head.raw === 'number' ? whole(o.head.raw) : undefined;
}

/** Opening times and days (OperationTime) and a season (the schedule's Start and End), as OTA's schedule. */
function schedule(o: Offer, values: Values, charge?: Node): Node | undefined {
  const from = slotFact(o, 'from');
  const days = slotFact(o, 'days');
  const open = Array.isArray(days?.raw)
    ? Object.fromEntries(
        days.raw
          .map((d) => otaValue(values, days, d))
          .filter((a): a is string => !!a)
          .map((a) => [`@_${a}`, 'true']),
      )
    : {};
  const times = node({ ...open, '@_Start': time(from?.raw), '@_End': time(from?.end) });
  const season = slotFact(o, 'start');
  return node({
    '@_Start': date(season?.raw),
    '@_End': date(season?.end),
    OperationTimes: times ? { OperationTime: times } : undefined,
    Charge: charge,
  });
}

/** A charge said of it: its amount with its currency, how it is counted (CHG ChargeUnit, ChargeFrequency). */
function charge(o: Offer): Node | undefined {
  const amount = slotFact(o, 'amount');
  const currency = slotFact(o, 'currency')?.raw;
  const code = typeof currency === 'string' && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : undefined;
  const unit = slotFact(o, 'chargeUnit');
  const frequency = slotFact(o, 'chargeFrequency') ?? amount;
  // An amount without its currency says nothing a receiver can use: the text keeps it.
  const value = code ? money(amount?.raw) : undefined;
  return node({
    '@_Amount': value,
    '@_CurrencyCode': value ? code : undefined,
    '@_ChargeUnit': unit ? codeAttr(unit.codes, 'CHG') : undefined,
    '@_ChargeFrequency': frequency ? codeAttr(frequency.codes, 'CHG') : undefined,
  });
}

/** The codes said of it by facts of lists that qualify rather than name (PRX, REC). */
const detailCodes = (o: Offer, list: string): OtaCode[] => [
  ...ofList(o.codes, list),
  ...o.facts.flatMap((f) => [...ofList(f.codes, list), ...(f.itemCodes ?? []).flatMap((c) => ofList(c, list))]),
];

/** An offer's text; a thing away from the hotel (PRX offsite) says where, by its group ("Partner hotel's facilities..."). */
function describedText(o: Offer): string | undefined {
  const text = offerText(o);
  return blockText(detailCodes(o, 'PRX').length && o.head.groupTitle ? `${o.head.groupTitle}: ${text}` : text);
}

/** One element per code of its naming list (a value that is a bank and a currency exchange is both), or one without. */
const perCode = (o: Offer, list: string): (OtaCode | undefined)[] => {
  const codes = ofList(o.codes, list);
  return codes.length ? codes : [undefined];
};

/** HotelInfo/Services/Service: HAC Code, MPT MealPlanCode, PRX ProximityCode, yes/no, included, quantity, schedule and charge. */
export function services(list: readonly Offer[], values: Values): Node[] {
  return list.flatMap((o) =>
    perCode(o, 'HAC').map((hac) => {
      const operation = schedule(o, values, charge(o));
      return node({
        '@_Code': hac ? String(hac.code) : undefined,
        '@_MealPlanCode': codeAttr(o.codes, 'MPT'),
        '@_ProximityCode': codeAttr(detailCodes(o, 'PRX'), 'PRX'),
        '@_ExistsCode': existsCode(o),
        '@_Included': included(o),
        '@_Quantity': quantity(o),
        OperationSchedules: operation ? { OperationSchedule: operation } : undefined,
        DescriptiveText: describedText(o),
      })!;
    }),
  );
}

/** AreaInfo/Recreations/Recreation: RST Code, named by its subject, REC details, yes/no, included, schedule. */
export function recreations(list: readonly Offer[], values: Values): Node[] {
  return list.flatMap((o) =>
    perCode(o, 'RST').map((rst) => {
      const name = fitText(o.subject, 64);
      const text = o.details.join('; ');
      const details = detailCodes(o, 'REC');
      const operation = schedule(o, values);
      return node({
        '@_Code': rst ? String(rst.code) : undefined,
        '@_Name': name ?? '',
        '@_ProximityCode': codeAttr(detailCodes(o, 'PRX'), 'PRX'),
        '@_Included': included(o),
        '@_ExistsCode': existsCode(o),
        OperationSchedules: operation ? { OperationSchedule: operation } : undefined,
        RecreationDetails: details.length
          ? { RecreationDetail: [...new Set(details.map((c) => c.code))].map((code) => ({ '@_Code': String(code) })) }
          : undefined,
        DescriptiveText: blockText(name === o.subject || !name ? text : offerText(o)),
      })!;
    }),
  );
}

/** GuestRoom/Amenities/Amenity: RMA RoomAmenityCode, yes/no, included in the rate, quantity, the text. */
export function amenities(list: readonly Offer[]): Node[] {
  return list.flatMap((o) =>
    perCode(o, 'RMA').map((rma) =>
      node({
        '@_RoomAmenityCode': rma ? String(rma.code) : undefined,
        '@_IncludedInRateIndicator': included(o),
        '@_ExistsCode': existsCode(o),
        '@_Quantity': quantity(o),
        DescriptiveText: blockText(offerText(o)),
      })!,
    ),
  );
}

/** RefPoint/Transportations/Transportation: a way to get there (TRP code), its travel time in minutes, the text (500 characters). */
export function transportations(list: readonly Offer[]): Node[] {
  return list.map((o) =>
    node({
      '@_TransportationCode': codeAttr(o.codes, 'TRP'),
      '@_TypicalTravelTime': whole(slotFact(o, 'travelTime')?.raw),
      DescriptiveText: fitText(offerText(o), 500),
    })!,
  );
}
