import type {
  ClientSchema,
  PrecompiledValidator,
  SectionDefinition,
  SectionEntry,
  UiSchema,
} from '../../../src/shared/section-types';

/** A hand-made section with the shapes the engine handles: groups, a nested object, pairs, a table. */
export const schema: ClientSchema = {
  type: 'object',
  additionalProperties: false,
  'x-ui': {
    groups: [
      { key: 'main', title: 'Main', columns: 3 },
      {
        key: 'sports',
        title: 'Sports',
        layout: 'table',
        collapsible: true,
        visibleIf: { properties: { sportsOn: { const: true } } },
      },
    ],
  },
  properties: {
    id: { type: 'integer' },
    hotel: { type: 'integer' },
    version: { type: 'integer' },
    name: { type: ['string', 'null'], title: 'Name' },
    petsAllowed: { type: ['boolean', 'null'], title: 'Pets allowed' },
    petsCharges: {
      type: ['string', 'null'],
      title: 'Pets: charges',
      enum: ['Inclusive', 'Additional Charge', null],
      'x-ui': { visibleIf: { properties: { petsAllowed: { const: true } } } },
    },
    distance: { type: ['number', 'null'], title: 'Distance' },
    distanceUnit: { type: ['string', 'null'], title: 'Unit', enum: ['meters', 'kilometers', null] },
    opensFrom: { type: ['string', 'null'], format: 'time', title: 'From' },
    opensTo: { type: ['string', 'null'], format: 'time', title: 'To' },
    boards: { type: 'array', default: [], items: { type: 'string', enum: ['HB', 'FB'] }, title: 'Boards' },
    tax: {
      type: 'object',
      title: 'Tax',
      default: {},
      properties: {
        taxApplicable: { type: ['boolean', 'null'], title: 'Tax applicable' },
        taxCharges: { type: ['string', 'null'], title: 'Tax: charges', enum: ['Inclusive', 'Additional Charge', null] },
      },
    },
    sportsOn: { type: ['boolean', 'null'], title: 'Sports' },
    gymAvailable: { type: ['boolean', 'null'], title: 'Gym' },
    gymCharges: { type: ['string', 'null'], title: 'Gym: charges', enum: ['Inclusive', null] },
    gymSize: { type: ['number', 'null'], title: 'Gym: size (sqm)', default: 0 },
  },
};

export const uiSchema: UiSchema = {
  'ui:options': schema['x-ui'],
  'ui:order': Object.keys(schema.properties!),
  id: { 'ui:widget': 'hidden' },
  hotel: { 'ui:widget': 'hidden' },
  version: { 'ui:widget': 'hidden' },
  name: { 'ui:options': { group: 'main', columns: 12 } },
  petsAllowed: { 'ui:options': { group: 'main' } },
  petsCharges: {
    'ui:options': {
      group: 'main',
      optionsCategory: 'charges',
      visibleIf: { properties: { petsAllowed: { const: true } } },
    },
  },
  distance: { 'ui:options': { group: 'main' } },
  distanceUnit: { 'ui:options': { group: 'main', unitOf: 'distance', optionsCategory: 'distanceUnits' } },
  opensFrom: { 'ui:options': { group: 'main' } },
  opensTo: { 'ui:options': { group: 'main', rangeOf: 'opensFrom' } },
  boards: { 'ui:widget': 'chips', 'ui:options': { group: 'main', optionsCategory: 'boards' } },
  tax: {
    'ui:options': { group: 'main' },
    'ui:order': ['taxApplicable', 'taxCharges'],
    taxApplicable: { 'ui:widget': 'yesno' },
    taxCharges: {
      'ui:options': { optionsCategory: 'charges', visibleIf: { properties: { taxApplicable: { const: true } } } },
    },
  },
  sportsOn: { 'ui:options': { group: 'main' } },
  gymAvailable: { 'ui:options': { group: 'sports', row: 'gym', column: 'flag' } },
  gymCharges: {
    'ui:options': {
      group: 'sports',
      row: 'gym',
      column: 'charges',
      optionsCategory: 'sportsCharges',
      visibleIf: { properties: { gymAvailable: { const: true } } },
    },
  },
  gymSize: {
    'ui:options': {
      group: 'sports',
      row: 'gym',
      column: 'detail',
      visibleIf: { properties: { gymAvailable: { const: true } } },
    },
  },
};

/** A validator standing in for a precompiled one: `name` must not be "bad". */
export function fakeValidator(): PrecompiledValidator {
  const v = ((data: unknown) => {
    const d = data as Record<string, unknown>;
    v.errors =
      d.name === 'bad'
        ? [{ instancePath: '/name', keyword: 'minLength', params: { limit: 1 }, schemaPath: '', message: '' }]
        : null;
    return !v.errors;
  }) as PrecompiledValidator;
  return v;
}

export const def: SectionDefinition = {
  key: 'demo',
  tab: 'demo',
  title: 'Demo',
  kind: 'document',
  typeName: 'Demo',
  schema,
  uiSchema,
  names: { props: { pets_allowed: ['petsAllowed'], tax: ['tax', { props: { tax_charges: ['taxCharges'] } }] } },
  validateSave: fakeValidator(),
  validatePublish: fakeValidator(),
  api: { get: '/api/facts/demo/{id}/', create: '/api/facts/demo/create/', update: '/api/facts/demo/update/{id}/' },
};

export const entry: SectionEntry = { ...def, load: () => Promise.resolve(def) };
