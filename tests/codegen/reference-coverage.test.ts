/**
 * The fact schemas are complete against the earlier product's field inventory
 * (tests/fixtures/reference-fields.json, a copy of the shared reference/fields.json so that CI
 * runs on a clean clone): every wire name it sent exists in the matching schema, and every option
 * value it offered is a value of the matching option list, so its data maps one to one.
 * Deliberate departures are listed below, each with its reason; anything else fails.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formats } from '../../src/shared/formats.js';

type Json = Record<string, unknown>;

interface RefField {
  field: string;
  type: string;
  /** null = free input, "inline" = values given, "generated" = values described, else a category of _optionCategories */
  options: string | null;
  values?: unknown;
  group?: string | null;
  label?: string | null;
}

type RefOption = string | number | { value: string | number; text: string };

const root = path.resolve(import.meta.dirname, '../..');
const reference = JSON.parse(readFileSync(path.join(root, 'tests/fixtures/reference-fields.json'), 'utf8')) as Record<
  string,
  unknown
>;
const categories = reference._optionCategories as Record<string, RefOption[]>;

const readJson = (rel: string): Json => JSON.parse(readFileSync(path.join(root, rel), 'utf8')) as Json;
const shared: Record<string, Record<string, Json>> = {
  '../common/defs.schema.json': (readJson('schemas/common/defs.schema.json').$defs ?? {}) as Record<string, Json>,
  '../common/section.schema.json': (readJson('schemas/common/section.schema.json').$defs ?? {}) as Record<string, Json>,
};
const optionLists = new Map(
  readdirSync(path.join(root, 'schemas/options'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const list = readJson(`schemas/options/${f}`) as { category: string; options: { value: string | number }[] };
      return [list.category, list.options.map((o) => o.value)] as const;
    }),
);

/** Reference section -> schemas/facts/<file>.schema.json */
const SECTIONS: Record<string, string> = {
  mainInfo: 'main-info',
  locationEnvironment: 'location',
  facilities: 'facility',
  restaurants: 'restaurant',
  bars: 'bar',
  rooms: 'room',
  food: 'food',
  allInclusive: 'all-inclusive',
  children: 'children',
  sportsWellness: 'sports-wellness',
  entertainment: 'entertainment',
  additional: 'additional',
  maintenance: 'maintenance',
  neighbouringPartnerHotel: 'partner',
  photos: 'photo',
};

/**
 * Deliberate renames: reference wire name -> dotted path of the property that holds its value now.
 * Fields that only moved into a nested object keep their names and are found by searching.
 */
const RENAMED: Record<string, Record<string, string>> = {
  mainInfo: {
    // Spec 001 §3 nests tax, tourist_tax, child_tax and resort_fee as objects; the earlier
    // product's flat boolean of the same name became the group's first property, its on/off flag.
    tax: 'tax.tax_applicable',
    tourist_tax: 'tourist_tax.tourist_tax_applicable',
    child_tax: 'child_tax.child_tax_applicable',
    resort_fee: 'resort_fee.resort_fee_applicable',
  },
  // allInclusive.restriction_arr_dep: the earlier store read it into a misspelt key (behaviour.md,
  // known defects). The inventory gives the correct wire name, which the schema keeps: no rename.
};

/** Reference fields that are not properties of a schema on purpose. */
const NOT_PROPERTIES: Record<string, Record<string, string>> = {
  photos: {
    // The multipart file field of the upload call (several files at once), not photo metadata.
    imagesArray: 'multipart upload field of POST api/facts/property/{propertyId}/gallery/create/',
  },
};

/**
 * A reference multi-select whose choices are separate yes/no fields in the schema: the earlier
 * store held four booleans (room_additional_bed_linen default false, the other three "mapped but
 * not bound to any input"), while its form bound one multi-select to the first of them. The spec
 * lists bed linen, towels, tea towels and cleaning tools as items: each choice is its flag.
 */
const CHOICES_AS_FLAGS: Record<string, Record<string, Record<string, string>>> = {
  rooms: {
    room_additional_bed_linen: {
      'bed linen': 'room_additional_bed_linen',
      towels: 'room_additional_towels',
      'tea towel': 'room_additional_tea_towels',
      'cleaning tools': 'room_additional_cleaning_tools',
    },
  },
};

/** Types changed on purpose: section -> field -> the type the schema has instead. */
const RETYPED: Record<string, Record<string, string>> = {
  entertainment: {
    // Spec 001 §3: "each has a flag, frequency, count, and seasonal from/to dates" (the earlier form used times).
    evening_entertainment_from: 'date',
    evening_entertainment_to: 'date',
    sports_animation_from: 'date',
    sports_animation_to: 'date',
    day_time_animation_from: 'date',
    day_time_animation_to: 'date',
    changing_entertainment_from: 'date',
    changing_entertainment_to: 'date',
  },
  rooms: { room_additional_bed_linen: 'boolean' },
};

/** Fields the spec names that the earlier product lacked (spec 001 §3 wins where it names a field). */
const SPEC_ADDITIONS: Record<string, string[]> = {
  'main-info': ['partner_hotel_facilities_available'],
  facility: [
    'parasols_at_pool_local_supplier',
    'parasols_at_garden_local_supplier',
    'parasols_sun_terrace_local_supplier',
    'car_parking_side_road_slots_count',
  ],
  room: ['room_min_adults', 'room_max_adults', 'room_min_children', 'room_max_children'],
  photo: ['room'],
};

/**
 * The earlier product's own option categories -> our option lists (fact sections only; the
 * contract categories belong to the contracts forms).
 */
const CATEGORY_LISTS: Record<string, string> = {
  locationEnvironment: 'locationEnvironments',
  aroundHotel: 'aroundHotel',
  beachCharacteristics: 'beachCharacteristics',
  moreBeachInfo: 'moreBeachInfo',
  beachInformation: 'beachInformation',
  beachPathType: 'beachPathTypes',
  distanceTypes: 'distanceUnits',
  boardsAvailableOptions: 'boards',
  hotelCharacteristics: 'hotelCharacteristics',
  outdoorCharacteristics: 'outdoorCharacteristics',
  outdoorEquipment: 'outdoorEquipment',
  hotelFacilityServices: 'facilityServices',
  hotelCreditCards: 'creditCards',
  foodSpecialsTypes: 'foodSpecials',
  hotelBreakfastTypes: 'breakfastTypes',
  hotelLunchTypes: 'lunchTypes',
  hotelDinnerTypes: 'dinnerTypes',
  allInclusiveDrinkTypes: 'allInclusiveDrinkTypes',
  aISnacksTypes: 'snackTypes',
  aISpecialServices: 'allInclusiveServices',
  hotelChildrenEntertainment: 'childrenEntertainment',
  hotelChildrenOtherServices: 'childrenServices',
  daysOfTheWeek: 'daysOfTheWeek',
  viewsOptions: 'roomViews',
  saunasOptions: 'saunaTypes',
  massagesOptions: 'massageTypes',
  medicalTreatmentOptions: 'medicalTreatments',
  medicalTreatmentPathOptions: 'medicalBaths',
  wellnessBeautyTreatmentOptions: 'beautyTreatments',
  maintenanceTypes: 'maintenanceTypes',
  roomTypes: 'roomTypes',
};
const CONTRACT_CATEGORIES = [
  'contractTerms',
  'contractPhotoOptions',
  'contractSpecialAllotment',
  'contractStatus',
  'contractBoolean',
];

/**
 * The values a reference category really offers. daysOfTheWeek is the one defect: the earlier
 * product built it by appending the room-type list to the seven days (155 entries); the days are Mon..Sun.
 */
function categoryValues(category: string): (string | number)[] {
  const values = (categories[category] ?? []).map((o) => imported(typeof o === 'object' ? o.value : o));
  if (category === 'daysOfTheWeek') {
    expect(values.slice(7), 'daysOfTheWeek = 7 days + the room types').toEqual(categoryValues('roomTypes'));
    return values.slice(0, 7);
  }
  return values;
}

/** room_occupancies: "generated" strings "<adults>+<children>" for adults 1-10 and children 0-5. */
const OCCUPANCIES = Array.from({ length: 10 }, (_, a) => Array.from({ length: 6 }, (_, c) => `${a + 1}+${c}`)).flat();

/**
 * How an earlier value is imported: its non-breaking spaces (an artefact of the old client's
 * HTML) become ordinary spaces, so API clients can type the values. Nothing else changes.
 */
function imported(v: string | number): string | number {
  return typeof v === 'string'
    ? v
        .replace(/\u00a0/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : v;
}

function referenceValues(f: RefField): (string | number)[] | undefined {
  if (Array.isArray(f.values)) return (f.values as (string | number)[]).map(imported);
  if (f.options === 'generated') return OCCUPANCIES;
  if (f.options && f.options !== 'inline') return categoryValues(f.options);
  return undefined;
}

const schemas = new Map(Object.values(SECTIONS).map((key) => [key, readJson(`schemas/facts/${key}.schema.json`)]));

/** A $ref into common/ is resolved (its siblings win); other nodes are returned as they are. */
function resolve(node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const [file, pointer = ''] = ref.split('#');
  const target = shared[file!]?.[pointer.replace('/$defs/', '')];
  expect(target, `$ref ${ref}`).toBeDefined();
  const { $ref: _r, ...siblings } = node;
  return { ...target, ...siblings };
}

function propertiesOf(node: Json): Record<string, Json> {
  return (node.properties ?? {}) as Record<string, Json>;
}

/** The property at a dotted path, or the first property of that name at any depth. */
function findProperty(schema: Json, name: string): Json | undefined {
  if (name.includes('.')) {
    let node: Json | undefined = schema;
    for (const part of name.split('.')) node = node ? propertiesOf(node)[part] : undefined;
    return node;
  }
  const own = propertiesOf(schema)[name];
  if (own) return own;
  for (const child of Object.values(propertiesOf(schema))) {
    const found = findProperty(child, name);
    if (found) return found;
  }
  return undefined;
}

/** What the schema stores for a field: boolean, number, string, date, time, array. */
function kindOf(node: Json): string {
  const n = resolve(node);
  const types = (Array.isArray(n.type) ? n.type : [n.type]).filter((t) => t !== 'null');
  if (types.includes('array')) return 'array';
  if (types.includes('boolean')) return 'boolean';
  if (types.includes('number') || types.includes('integer')) return 'number';
  if (n.format === 'date' || n.format === 'time') return n.format;
  return 'string';
}

const EXPECTED_KIND: Record<string, string> = {
  boolean: 'boolean',
  number: 'number',
  'number (0 for new)': 'number',
  'number (property id, FK)': 'number',
  'enum (number)': 'number',
  string: 'string',
  'string (read-only)': 'string',
  'string (URL of stored file)': 'string',
  enum: 'string',
  date: 'date',
  time: 'time',
  'list of strings': 'array',
};

/** The option list a field's values come from, or "currency" for ISO 4217 codes. */
function optionSource(node: Json): string | undefined {
  if (typeof node.$ref === 'string') {
    if (node.$ref.endsWith('/currency')) return 'currency';
    const def = resolve(node);
    if (typeof def['x-options'] === 'string') return def['x-options'];
  }
  if (typeof node['x-options'] === 'string') return node['x-options'];
  const items = node.items as Json | undefined;
  if (items && typeof items['x-options'] === 'string') return items['x-options'];
  return undefined;
}

const sectionFields = (section: string): RefField[] => reference[section] as RefField[];

describe('fact schemas cover the earlier product (reference/fields.json)', () => {
  it('has a schema for every fact section of the reference', () => {
    for (const [section, key] of Object.entries(SECTIONS)) {
      expect(Array.isArray(reference[section]), section).toBe(true);
      expect(schemas.get(key), key).toBeDefined();
    }
  });

  describe.each(Object.entries(SECTIONS))('%s -> facts/%s', (section, key) => {
    const schema = schemas.get(key)!;
    const fields = sectionFields(section);

    it('has every wire name as a property (or its deliberate rename)', () => {
      const missing: string[] = [];
      for (const f of fields) {
        if (NOT_PROPERTIES[section]?.[f.field]) continue;
        const target = RENAMED[section]?.[f.field] ?? f.field;
        if (!findProperty(schema, target)) missing.push(target === f.field ? f.field : `${f.field} (as ${target})`);
      }
      expect(missing).toEqual([]);
    });

    it('keeps the kind of value of every field (booleans, numbers, texts, dates, times, lists)', () => {
      const wrong: string[] = [];
      for (const f of fields) {
        if (NOT_PROPERTIES[section]?.[f.field]) continue;
        const node = findProperty(schema, RENAMED[section]?.[f.field] ?? f.field);
        if (!node) continue;
        const expected = RETYPED[section]?.[f.field] ?? EXPECTED_KIND[f.type];
        expect(expected, `${f.field}: reference type "${f.type}"`).toBeDefined();
        if (kindOf(node) !== expected) wrong.push(`${f.field}: ${kindOf(node)}, expected ${expected}`);
      }
      expect(wrong).toEqual([]);
    });

    it('offers every option value of the reference', () => {
      const problems: string[] = [];
      for (const f of fields) {
        const values = referenceValues(f);
        if (!values) continue;
        const asFlags = CHOICES_AS_FLAGS[section]?.[f.field];
        if (asFlags) {
          for (const v of values) {
            const flag = asFlags[String(v)];
            if (!flag || kindOf(findProperty(schema, flag) ?? {}) !== 'boolean')
              problems.push(`${f.field}: "${v}" has no flag`);
          }
          continue;
        }
        const node = findProperty(schema, RENAMED[section]?.[f.field] ?? f.field);
        const source = node && optionSource(node);
        if (!source) {
          problems.push(`${f.field}: no option list`);
          continue;
        }
        if (source === 'currency') {
          for (const v of values)
            if (!formats.currency.test(String(v))) problems.push(`${f.field}: "${v}" is not an ISO 4217 code`);
          continue;
        }
        const offered = optionLists.get(source);
        if (!offered) {
          problems.push(`${f.field}: option list "${source}" does not exist`);
          continue;
        }
        for (const v of values) if (!offered.includes(v)) problems.push(`${f.field}: "${v}" is not in ${source}`);
      }
      expect(problems).toEqual([]);
    });
  });

  it('maps every option category of the fact sections to an option list holding all its values', () => {
    const unmapped = Object.keys(categories).filter((c) => !CATEGORY_LISTS[c] && !CONTRACT_CATEGORIES.includes(c));
    expect(unmapped).toEqual([]);
    for (const [category, list] of Object.entries(CATEGORY_LISTS)) {
      const offered = optionLists.get(list);
      expect(offered, list).toBeDefined();
      expect(
        categoryValues(category).filter((v) => !offered!.includes(v)),
        `${category} -> ${list}`,
      ).toEqual([]);
    }
  });

  it('keeps the boards of the spec in order, translated', () => {
    const boards = readJson('schemas/options/boards.json') as {
      options: { value: string; label: Record<string, string> }[];
    };
    expect(boards.options.map((o) => o.value)).toEqual([
      'Room only',
      'Bed and Breakfast',
      'Half Board',
      'Full Board',
      'Full Board Plus',
      'All Inclusive Light',
      'All Inclusive Plus',
      'All Inclusive Ultra',
    ]);
    expect(boards.options[0]!.label.en).toBe('without board');
    // Translations live in the language catalogues (locales/<lang>/options.json), one per language.
    for (const lang of ['es', 'ru', 'fa', 'de']) {
      const labels = (readJson(`locales/${lang}/options.json`) as Record<string, Record<string, string>>).boards!;
      for (const o of boards.options) expect(labels[o.value], `${lang} ${o.value}`).toMatch(/\S/);
    }
  });

  it('has the fields the spec names beyond the reference', () => {
    for (const [key, names] of Object.entries(SPEC_ADDITIONS)) {
      for (const name of names) expect(findProperty(schemas.get(key)!, name), `${key}.${name}`).toBeDefined();
    }
  });
});
