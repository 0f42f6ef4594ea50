import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { OptionList, SchemaBundle } from '../../src/shared/bundle-types.js';
import {
  buildFactSheet,
  FactSheetView,
  isolated,
  textDirection,
  withFilledColumns,
  type DocumentSection,
  type ListSection,
  type SchemaNode,
} from '../../src/shared/fact-sheet/index.js';
import mainInfoClient from '../../src/shared/generated/sections/main-info.js';
import { translatorOf } from '../../src/server/i18n/index.js';

const options = (bundle as unknown as SchemaBundle).options;

const schema: SchemaNode = {
  title: 'Pool',
  'x-section': { key: 'pool', title: 'Pool', 'x-texts': { fa: { title: 'استخر' } } },
  type: 'object',
  properties: {
    id: { type: 'integer', 'x-ui': { widget: 'hidden' } },
    pool: {
      title: 'Pool available',
      'x-texts': { es: { title: 'Piscina disponible' } },
      type: ['boolean', 'null'],
      'x-ui': { group: 'pool' },
    },
    pool_charges: {
      title: 'Pool: charges',
      type: ['string', 'null'],
      'x-options': 'charges',
      'x-ui': { group: 'pool', visibleIf: { properties: { pool: { const: true } } } },
    },
    distance: { title: 'Distance to the pool', type: ['number', 'null'], 'x-ui': { group: 'pool' } },
    distance_unit: {
      title: 'Unit',
      type: ['string', 'null'],
      'x-options': 'distanceUnits',
      'x-ui': { group: 'pool', unitOf: 'distance' },
    },
    open_from: { title: 'Open', type: ['string', 'null'], 'x-ui': { group: 'hours' } },
    open_to: { title: 'Open to', type: ['string', 'null'], 'x-ui': { group: 'hours', rangeOf: 'open_from' } },
    note: { title: 'Note', type: ['string', 'null'], 'x-ui': { widget: 'textarea', group: 'hours' } },
    tennis: { title: 'Tennis', type: ['boolean', 'null'], 'x-ui': { group: 'sports', row: 'tennis', column: 'flag' } },
    tennis_supplier: {
      title: 'Tennis: local supplier',
      type: ['boolean', 'null'],
      'x-ui': { group: 'sports', row: 'tennis', column: 'supplier' },
    },
    tennis_charges: {
      title: 'Tennis: charges',
      type: ['string', 'null'],
      'x-options': 'charges',
      'x-ui': { group: 'sports', row: 'tennis', column: 'charges' },
    },
    tax: {
      title: 'Tax',
      type: 'object',
      properties: { tax_applicable: { title: 'Tax applicable', type: ['boolean', 'null'] } },
      'x-ui': { group: 'hours' },
    },
  },
  'x-ui': {
    groups: [
      { key: 'pool', title: 'Swimming', order: 1, 'x-texts': { ru: { title: 'Плавание' } } },
      { key: 'hours', title: 'Hours', order: 2 },
      { key: 'sports', title: 'Sports', order: 3 },
      { key: 'empty', title: 'Nothing here', order: 4 },
    ],
  },
};

const doc = {
  id: 7,
  pool: true,
  pool_charges: 'Additional Charge',
  distance: 80,
  distance_unit: 'meters',
  open_from: '08:00',
  open_to: '20:00',
  note: '<script>alert(1)</script> & more',
  tennis: true,
  tennis_supplier: true,
  tennis_charges: 'Inclusive',
  tax: { tax_applicable: false },
};

const base = {
  layout: '' as const,
  property: { id: 7, name: 'Hotel <b>Bold</b>', place: 'Palma, Spain' },
  options: options as OptionList[],
  createdOn: '2026-11-21',
};

describe('the fact-sheet model', () => {
  it('turns a schema and a document into groups of labelled display values', () => {
    const sheet = buildFactSheet({
      ...base,
      words: translatorOf('en'),
      sections: [{ key: 'pool', kind: 'document', schema, data: doc }],
    });
    const section = sheet.sections[0] as DocumentSection;
    expect(section.title).toBe('Pool');
    expect(section.groups.map((g) => g.title)).toEqual(['Swimming', 'Hours', 'Sports']);
    expect(section.groups.map((g) => g.fields.map((f) => `${f.label}=${f.value}`))).toEqual([
      ['Pool available=Yes', 'Pool: charges=Additional Charge', 'Distance to the pool=80 meters'],
      ['Open=08:00 – 20:00', 'Note=<script>alert(1)</script> & more', 'Tax applicable=No'],
      ['Tennis=Yes · local supplier · Inclusive'],
    ]);
    expect(section.groups[1]!.fields[1]!.kind).toBe('longtext');
    expect(sheet.dir).toBe('ltr');
  });

  it('translates titles and option labels, falling back to English', () => {
    const fa = buildFactSheet({
      ...base,
      words: translatorOf('fa'),
      sections: [{ key: 'pool', kind: 'document', schema, data: doc }],
    });
    const s = fa.sections[0] as DocumentSection;
    expect(fa.dir).toBe('rtl');
    expect(s.title).toBe('استخر');
    expect(s.groups[0]!.title).toBe('Swimming');
    expect(s.groups[0]!.fields.map((f) => f.value)).toEqual(['بله', 'با هزینه اضافی', '80 متر']);
    const es = buildFactSheet({
      ...base,
      words: translatorOf('es'),
      sections: [{ key: 'pool', kind: 'document', schema, data: doc }],
    });
    expect((es.sections[0] as DocumentSection).groups[0]!.fields[0]!.label).toBe('Piscina disponible');
    const ru = buildFactSheet({
      ...base,
      words: translatorOf('ru'),
      sections: [{ key: 'pool', kind: 'document', schema, data: doc }],
    });
    expect((ru.sections[0] as DocumentSection).groups[0]!.title).toBe('Плавание');
  });

  it('leaves out empty and hidden values, empty sections and sections that do not apply', () => {
    const sheet = buildFactSheet({
      ...base,
      words: translatorOf('en'),
      sections: [
        { key: 'pool', kind: 'document', schema, data: { pool: false, pool_charges: 'Inclusive', distance: null } },
        {
          key: 'other',
          kind: 'document',
          schema: { ...schema, 'x-section': { key: 'other', title: 'Other' } },
          data: {},
        },
        {
          key: 'gated',
          kind: 'document',
          schema: { ...schema, 'x-section': { key: 'gated', title: 'Gated' } },
          data: doc,
          enabledIf: { section: 'pool', condition: { properties: { pool: { const: true } } } },
        },
      ],
    });
    expect(sheet.sections.map((s) => s.key)).toEqual(['pool']);
    expect((sheet.sections[0] as DocumentSection).groups.flatMap((g) => g.fields.map((f) => f.value))).toEqual(['No']);
  });

  it("takes the caller's word on whether a section applies, and option labels from the caller", () => {
    const sheet = buildFactSheet({
      ...base,
      words: translatorOf('en'),
      label: (category, value) =>
        category === 'charges' && value === 'Additional Charge' ? 'extra (client list)' : undefined,
      sections: [
        {
          key: 'pool',
          kind: 'document',
          schema,
          data: doc,
          enabledIf: { section: 'x', condition: false },
          enabled: true,
        },
        {
          key: 'off',
          kind: 'document',
          schema: { ...schema, 'x-section': { key: 'off', title: 'Off' } },
          data: doc,
          enabled: false,
        },
      ],
    });
    expect(sheet.sections.map((s) => s.key)).toEqual(['pool']);
    expect((sheet.sections[0] as DocumentSection).groups[0]!.fields.map((f) => f.value)).toEqual([
      'Yes',
      'extra (client list)',
      '80 meters',
    ]);
  });

  it('shows list sections as tables: summary columns for long items, the rest as details', () => {
    const room = {
      title: 'Room',
      'x-section': { key: 'room', title: 'Rooms' },
      properties: Object.fromEntries([
        ['id', { type: 'integer', 'x-ui': { widget: 'hidden' } }],
        ['room_name', { title: 'Room name', type: 'string', 'x-ui': { group: 'g' } }],
        ...Array.from({ length: 9 }, (_, i) => [
          `f${i}`,
          { title: `Fact ${i}`, type: ['integer', 'null'], 'x-ui': { group: 'g' } },
        ]),
      ]),
      'x-ui': { itemLabel: 'Room', summary: ['room_name', 'f0'], groups: [{ key: 'g', title: 'General' }] },
    } as SchemaNode;
    const sheet = buildFactSheet({
      ...base,
      words: translatorOf('en'),
      sections: [
        {
          key: 'room',
          kind: 'list',
          schema: room,
          data: [
            { id: 1, room_name: 'Double', f0: 2, f5: 9 },
            { id: 2, f0: 1 },
          ],
        },
      ],
    });
    const list = sheet.sections[0] as ListSection;
    expect(list.columns.map((c) => c.label)).toEqual(['Room name', 'Fact 0']);
    expect(list.rows.map((r) => [r.title, r.cells])).toEqual([
      ['Double', ['Double', '2']],
      ['Room 2', ['', '1']],
    ]);
    expect(list.rows[0]!.details).toEqual([
      { key: 'g', title: 'General', fields: [{ key: 'f5', label: 'Fact 5', value: '9', kind: 'number' }] },
    ]);
  });

  it("works on the client's own section schemas and documents (camelCase names)", () => {
    const sheet = buildFactSheet({
      ...base,
      words: translatorOf('en'),
      sections: [
        {
          key: 'main-info',
          kind: 'document',
          schema: mainInfoClient.schema as SchemaNode,
          data: { zipCode: '07014', petsAllowed: true, petsCharges: 'Additional Charge' },
        },
      ],
    });
    const fields = (sheet.sections[0] as DocumentSection).groups.flatMap((g) =>
      g.fields.map((f) => `${f.label}=${f.value}`),
    );
    expect(fields).toEqual(['Zip code=07014', 'Pets allowed=Yes', 'Pets: charges=Additional Charge']);
  });
});

describe('the dates of a sheet (issue 38)', () => {
  it('read published, then printed, and an earlier publication says what superseded it', () => {
    const sections = [{ key: 'pool', kind: 'document' as const, schema, data: doc }];
    const latest = buildFactSheet({ ...base, words: translatorOf('en'), sections, publishedOn: '2026-11-20' });
    expect(latest.notes).toEqual(['Published on 2026-11-20', 'Printed on 2026-11-21']);
    expect(latest.superseded).toBeUndefined();
    const earlier = buildFactSheet({
      ...base,
      words: translatorOf('es'),
      sections,
      publishedOn: '2026-11-18',
      supersededBy: { number: 4, on: '2026-11-20' },
    });
    expect(earlier.superseded).toBe('Sustituida por la publicación 4 del 2026-11-20');
    expect(earlier.notes).toEqual(['Publicado el 2026-11-18', 'Impreso el 2026-11-21', earlier.superseded]);
  });
});

describe('the fact-sheet view', () => {
  it('escapes hotel text and renders every layout, right to left in Persian', () => {
    for (const layout of ['', 'F', 'R', 'G', 'S'] as const) {
      const sheet = buildFactSheet({
        ...base,
        layout,
        words: translatorOf(layout === 'G' ? 'fa' : 'en'),
        sections: [{ key: 'pool', kind: 'document', schema, data: doc }],
      });
      const html = renderToStaticMarkup(createElement(FactSheetView, { sheet, words: translatorOf(sheet.language) }));
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<b>Bold');
      expect(html).toContain('Hotel &lt;b&gt;Bold&lt;/b&gt;');
      if (layout !== 'S') expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
      if (layout === 'G') expect(html).toMatch(/^<article class="fs fs-layout-grouped" dir="rtl" lang="fa">/);
    }
  });
});

describe('headings', () => {
  it("says the section's title once when its fields have no group of their own, in every layout with group headings", () => {
    const loose: SchemaNode = {
      title: 'Main info',
      'x-section': { key: 'main-info', title: 'Main info' },
      type: 'object',
      properties: {
        hotel_name: { title: 'Hotel name', type: 'string' },
        pool: { title: 'Pool available', type: ['boolean', 'null'], 'x-ui': { group: 'pool' } },
      },
      'x-ui': { groups: [{ key: 'pool', title: 'Swimming', order: 1 }] },
    };
    for (const layout of ['', 'F', 'R'] as const) {
      const sheet = buildFactSheet({
        ...base,
        layout,
        words: translatorOf('en'),
        sections: [{ key: 'main-info', kind: 'document', schema: loose, data: { hotel_name: 'Sol', pool: true } }],
      });
      const html = renderToStaticMarkup(createElement(FactSheetView, { sheet, words: translatorOf('en') }));
      expect(html.match(/>Main info</g), layout).toHaveLength(1);
      expect(html, layout).toContain('Swimming');
      expect(html, layout).toContain('Hotel name');
    }
  });
});

describe('the views of a sheet, on screen and in print', () => {
  const room = {
    title: 'Room',
    'x-section': { key: 'room', title: 'Rooms' },
    properties: {
      id: { type: 'integer', 'x-ui': { widget: 'hidden' } },
      room_name: { title: 'Room name', type: 'string' },
      room_view: { title: 'View', type: ['string', 'null'] },
      room_size: { title: 'Size', type: ['integer', 'null'] },
    },
    'x-ui': { itemLabel: 'Room' },
  } as SchemaNode;

  it('leave out a table column that no row fills (the name column always stays)', () => {
    const sheet = buildFactSheet({
      ...base,
      words: translatorOf('en'),
      sections: [
        {
          key: 'room',
          kind: 'list',
          schema: room,
          data: [
            { id: 1, room_name: 'Double', room_size: 20 },
            { id: 2, room_size: 30 },
          ],
        },
      ],
    });
    expect((sheet.sections[0] as ListSection).columns.map((c) => c.label)).toEqual(['Room name', 'View', 'Size']);
    const html = renderToStaticMarkup(createElement(FactSheetView, { sheet, words: translatorOf(sheet.language) }));
    expect(html).toContain('Room name');
    expect(html).toContain('Size');
    expect(html).not.toContain('View');
    const shown = withFilledColumns(sheet.sections[0] as ListSection);
    expect(shown.columns.map((c) => c.key)).toEqual(['room_name', 'room_size']);
    expect(shown.rows.map((r) => r.cells)).toEqual([
      ['Double', '20'],
      ['', '30'],
    ]);
  });

  it('isolate every text in its own direction, so numbers and Latin read as typed in Persian', () => {
    expect(textDirection('+34 971 000 100')).toBe('ltr');
    expect(textDirection('4 stars')).toBe('ltr');
    expect(textDirection('۴ ستاره')).toBe('rtl');
    expect(textDirection('Hotel Sol')).toBe('ltr');
    expect(textDirection('هتل Sol')).toBe('rtl');
    expect(isolated('+34 971 000 100')).toBe('\u2066+34 971 000 100\u2069');
    expect(isolated('هتل')).toBe('\u2067هتل\u2069');
    const sheet = buildFactSheet({
      ...base,
      words: translatorOf('fa'),
      sections: [{ key: 'pool', kind: 'document', schema, data: { ...doc, open_from: '+34 971 000 100' } }],
    });
    const html = renderToStaticMarkup(createElement(FactSheetView, { sheet, words: translatorOf(sheet.language) }));
    expect(html).toContain('<bdi dir="ltr">+34 971 000 100');
    expect(html).toContain('<bdi dir="rtl">استخر</bdi>');
    // Catalog texts isolate the values they carry in a right-to-left language ("Created on {date}").
    expect(sheet.notes[0]).toContain('\u20662026-11-21\u2069');
  });
});
