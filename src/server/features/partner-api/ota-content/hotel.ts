import { Country } from '../../../../shared/places.js';
import { blockText, fitText } from '../ota-xml.js';
import { categoryCodes } from './categories.js';
import type { Collector, Fact, Instance } from './facts.js';
import { codeAttr, offers, recreations, services, transportations } from './offers.js';
import {
  coordinate,
  date,
  described,
  factOf,
  line,
  money,
  node,
  otaValue,
  paragraph,
  rawOf,
  some,
  time,
  title,
  whole,
  type Node,
  type Values,
} from './parts.js';

/**
 * HotelInfo, Policies, AreaInfo, AffiliationInfo and ContactInfos of the hotel content.
 * Every element in its schema's sequence order, a container only when it has a child, every text
 * fitted to its type (ota-xml.ts).
 */

export function renovation(i: Instance): Node | undefined {
  return node({
    '@_Start': date(rawOf(i, 'from')),
    '@_End': date(rawOf(i, 'to')),
    '@_AreaText': fitText(factOf(i, 'area')?.value, 64),
    DescriptiveText: described(i.text.map(line)),
  });
}

/** Every fact of an instance: its text and its slots. */
const allFacts = (i: Instance): Fact[] => [...i.text, ...[...i.slots.values()].flat()];

/** An ISO 4217 code as OTA takes it, or undefined. */
const currencyOf = (v: unknown): string | undefined =>
  typeof v === 'string' && /^[A-Za-z]{3}$/.test(v) ? v.toUpperCase() : undefined;

/**
 * A tax (TaxPolicy) or a fee (FeePolicy): its kind (FTT Code, declared on its fields), whether
 * included (Type), its amount and currency, and what the amount is counted per (ChargeFrequency,
 * the CHG code on the amount field: 21 per person per night, as Booking.com reads it).
 */
function feeOrTax(i: Instance, values: Values, description: 'TaxDescription' | 'Description'): Node | undefined {
  if (rawOf(i, 'applicable') === false) return undefined;
  const charges = factOf(i, 'charges');
  const amountFact = factOf(i, 'amount');
  const amount = money(amountFact?.raw);
  return node({
    '@_Type': otaValue(values, charges, charges?.raw),
    '@_Code': codeAttr(
      allFacts(i).flatMap((f) => f.codes),
      'FTT',
    ),
    '@_Amount': amount,
    '@_CurrencyCode': currencyOf(rawOf(i, 'currency')),
    '@_ChargeFrequency': amount ? codeAttr(amountFact?.codes ?? [], 'CHG') : undefined,
    [description]: paragraph(title(i), i.text.map(line)),
  });
}

/** PetsPolicies: allowed or not (PetsAllowedCode), the fee per its basis (ChargeCode, CHG) in its currency, the text. */
function petsPolicies(pets: Instance): Node | undefined {
  const allowed = rawOf(pets, 'allowed');
  const fee = factOf(pets, 'amount');
  const currency = currencyOf(rawOf(pets, 'currency'));
  const amount = currency ? money(fee?.raw) : undefined;
  return node({
    '@_PetsAllowedCode': allowed === true ? 'Pets Allowed' : allowed === false ? 'Pets Not Allowed' : undefined,
    PetsPolicy:
      allowed === false
        ? undefined
        : node({
            '@_NonRefundableFee': amount,
            '@_CurrencyCode': amount ? currency : undefined,
            '@_ChargeCode': amount ? codeAttr(fee?.codes ?? [], 'CHG') : undefined,
            Description: paragraph(title(pets), pets.text.map(line)),
          }),
  });
}

/** Policies: the hotel's policy (check-in and out, minimum age, its rules, taxes, pets), then one Policy per other key (children, partner hotel, health). */
export function policies(c: Collector): Node | undefined {
  const general = c.of('policy').find((i) => i.key === 'general');
  const pets = c.of('pets')[0];
  const first = node({
    PolicyInfo: general
      ? node({
          '@_CheckInTime': time(rawOf(general, 'checkIn')),
          '@_CheckOutTime': time(rawOf(general, 'checkOut')),
          '@_MinGuestAge': whole(rawOf(general, 'minGuestAge')),
          Description: paragraph(title(general), general.text.map(line)),
        })
      : undefined,
    TaxPolicies: node({
      TaxPolicy: some(c.of('tax').map((i) => feeOrTax(i, c.source.mapping.values, 'TaxDescription'))),
    }),
    PetsPolicies: pets ? petsPolicies(pets) : undefined,
    FeePolicies: node({
      FeePolicy: some(c.of('fee').map((i) => feeOrTax(i, c.source.mapping.values, 'Description'))),
    }),
  });
  const others = c
    .of('policy')
    .filter((i) => i.key !== 'general')
    .map((i) => node({ PolicyInfo: node({ Description: paragraph(title(i), i.text.map(line)) }) }));
  const list = some([first, ...others]);
  return list ? { Policy: list } : undefined;
}

/**
 * A reference point: its category (REF, declared on its fields), whether it applies (a coded
 * yes/no: ExistsCode), its distance with the unit it is in (UOM, from the unit field's value or
 * the field's own declaration; a distance in minutes or of no known unit is left to the text),
 * the ways to get there (Transportations) and its text.
 */
function refPoint(i: Instance): Node | undefined {
  const facts = allFacts(i);
  const category = codeAttr(
    facts.flatMap((f) => f.codes),
    'REF',
  );
  const applicable = rawOf(i, 'applicable');
  if (applicable === false && !category) return undefined;
  const named = rawOf(i, 'name');
  const first = i.text[0] ?? facts[0];
  const single = new Set(facts.map((f) => f.path)).size === 1;
  const name =
    typeof named === 'string' && named.trim()
      ? named
      : first && (i.key === first.path || single)
        ? first.label
        : title(i);
  const distanceFact = factOf(i, 'distance');
  const distance = distanceFact?.raw;
  const unit = codeAttr([...(distanceFact?.unitCodes ?? []), ...(distanceFact?.codes ?? [])], 'UOM');
  const measured = typeof distance === 'number' && Number.isFinite(distance) && distance >= 0 && unit !== undefined;
  const transports = applicable === false ? [] : transportations(offers(i.slots.get('transport') ?? []));
  return node({
    '@_Distance': measured ? String(distance) : undefined,
    '@_UnitOfMeasureCode': measured ? unit : undefined,
    '@_Name': fitText(name, 64),
    '@_RefPointCategoryCode': category,
    '@_RefPointName': fitText(name, 32),
    '@_ExistsCode': category && typeof applicable === 'boolean' ? (applicable ? '1' : '2') : undefined,
    Transportations: transports.length ? { Transportation: transports } : undefined,
    DescriptiveText: applicable === false ? undefined : described(i.text.map(line)),
  });
}

export function areaInfo(c: Collector): Node | undefined {
  return node({
    RefPoints: node({ RefPoint: some(c.of('refPoint').map(refPoint)) }),
    Recreations: node({
      Recreation: some(recreations(offers(c.of('recreation').flatMap((i) => i.text)), c.source.mapping.values)),
    }),
  });
}

export interface Place {
  city: string;
  state: string;
  country: string;
}

/**
 * ContactInfos: the address, phones and e-mail. What OTA cannot carry whole (an e-mail over the
 * 128 characters of its type, a number over 32) is left out, never cut, and an e-mail left out is
 * named through `warn`, as is a number (a receiver mailing a cut address would mail someone else).
 */
export function contactInfos(c: Collector, place: Place, warn: (text: string) => void): Node | undefined {
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
    StateProv:
      /^[^\s]{2,8}$/.test(place.state) && fitText(place.state, 8) === place.state
        ? { '@_StateCode': place.state }
        : undefined,
    CountryName: country
      ? { '@_Code': country, '#text': fitText(Country.getCountryByCode(country)?.name, 64) }
      : undefined,
  });
  const phone = (slot: 'phone' | 'fax', tech: string) => {
    const number = fitText(raw(slot), 32);
    if (raw(slot) !== undefined && number !== raw(slot))
      warn(`${slot === 'phone' ? 'Phone' : 'Fax'} is left out: it is longer than the 32 characters OTA allows`);
    return number === raw(slot) && number ? { '@_PhoneTechType': tech, '@_PhoneNumber': number } : undefined;
  };
  const email = raw('email');
  const emailFits = email !== undefined && fitText(email, 128) === email;
  if (email !== undefined && !emailFits)
    warn(`Email is left out: it is longer than the 128 characters OTA allows (or holds characters XML cannot carry)`);
  const info = node({
    Addresses: address ? { Address: address } : undefined,
    // OpenTravel Phone Technology Type (PTT): 1 voice, 3 fax.
    Phones: node({ Phone: some([phone('phone', '1'), phone('fax', '3')]) }),
    Emails: emailFits ? { Email: email } : undefined,
  });
  return info ? { ContactInfo: info } : undefined;
}

export function hotelInfo(c: Collector, hotelName: string): Node | undefined {
  const position = c.of('position')[0];
  const categories = categoryCodes(c);
  const description = [
    ...c.of('description').flatMap((i) => i.text.map((f) => f.value)),
    // What has no category code is said in words, after the hotel's own text.
    categories.uncoded.join('\n'),
  ].filter(Boolean);
  return node({
    HotelName: blockText(hotelName),
    CategoryCodes: categories.codes,
    Descriptions: node({
      Renovation: some(c.of('renovation').map(renovation)),
      DescriptiveText: blockText(description.join('\n\n')),
    }),
    Position: position
      ? node({
          '@_Latitude': coordinate(rawOf(position, 'latitude'), 90),
          '@_Longitude': coordinate(rawOf(position, 'longitude'), 180),
        })
      : undefined,
    Services: node({
      Service: some(services(offers(c.of('service').flatMap((i) => i.text)), c.source.mapping.values)),
    }),
  });
}

export function affiliationInfo(c: Collector): Node | undefined {
  const award = c.of('award')[0];
  const rating = award ? rawOf(award, 'rating') : undefined;
  return rating !== undefined && rating !== null && String(rating).trim()
    ? { Awards: { Award: { '@_Rating': String(rating), '@_RatingSymbol': 'Star' } } }
    : undefined;
}
