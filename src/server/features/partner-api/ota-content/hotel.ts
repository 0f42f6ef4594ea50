import { Country } from 'country-state-city';
import { blockText, fitText } from '../ota-xml.js';
import type { Collector, Instance } from './facts.js';
import {
  bare,
  coordinate,
  date,
  described,
  factOf,
  line,
  money,
  node,
  offered,
  offers,
  offerText,
  otaValue,
  paragraph,
  rawOf,
  some,
  time,
  title,
  whole,
  type Node,
  type Offer,
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

function taxPolicy(i: Instance, values: Values): Node | undefined {
  if (rawOf(i, 'applicable') === false) return undefined;
  const charges = factOf(i, 'charges');
  const currency = rawOf(i, 'currency');
  return node({
    '@_Type': otaValue(values, charges, charges?.raw),
    '@_Amount': money(rawOf(i, 'amount')),
    '@_CurrencyCode':
      typeof currency === 'string' && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : undefined,
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
          PetsPolicy:
            allowed === false ? undefined : node({ Description: paragraph(title(pets), pets.text.map(line)) }),
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
  const name =
    typeof named === 'string' && named.trim() ? named : first && i.key === first.path ? first.label : title(i);
  const distance = rawOf(i, 'distance');
  return node({
    '@_Distance':
      typeof distance === 'number' && Number.isFinite(distance) && distance >= 0 ? String(distance) : undefined,
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
    StateProv:
      /^[^\s]{2,8}$/.test(place.state) && fitText(place.state, 8) === place.state
        ? { '@_StateCode': place.state }
        : undefined,
    CountryName: country
      ? { '@_Code': country, '#text': fitText(Country.getCountryByCode(country)?.name, 64) }
      : undefined,
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
    Position: position
      ? node({
          '@_Latitude': coordinate(rawOf(position, 'latitude'), 90),
          '@_Longitude': coordinate(rawOf(position, 'longitude'), 180),
        })
      : undefined,
    Services: node({ Service: some(services.map((t) => node({ DescriptiveText: blockText(t) }))) }),
  });
}

export function affiliationInfo(c: Collector): Node | undefined {
  const award = c.of('award')[0];
  const rating = award ? rawOf(award, 'rating') : undefined;
  return rating !== undefined && rating !== null && String(rating).trim()
    ? { Awards: { Award: { '@_Rating': String(rating), '@_RatingSymbol': 'Star' } } }
    : undefined;
}
