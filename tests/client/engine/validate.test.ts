import { describe, expect, it } from 'vitest';
import { serverProblems } from '../../../src/client/engine/core/server-errors';
import {
  boundFields,
  fromWire,
  prepareForSave,
  toWire,
  validateForSave,
} from '../../../src/client/engine/core/validate';
import { rowWords } from '../../../src/client/engine/data/row-order';
import { currentTranslator } from '../../../src/client/i18n';
import { rowSummary } from '../../../src/shared/validation-messages';
import mainInfo from '../../../src/shared/generated/sections/main-info';
import maintenance from '../../../src/shared/generated/sections/maintenance';
import room from '../../../src/shared/generated/sections/room';
import type { SectionDefinition } from '../../../src/shared/section-types';
import { translateSection } from '../../../src/client/engine/texts/schema-texts';
import russian from '../../../locales/ru/schemas.json';

const rowLine = (def: SectionDefinition, doc: Record<string, unknown>, n: number) =>
  rowSummary(
    currentTranslator(),
    (def.schema['x-ui'] as { itemLabel: string }).itemLabel,
    n,
    rowWords(def.schema, validateForSave(def, doc).issues),
  );

describe('what is sent', () => {
  it('empties hidden dependents (lists to []) and drops client-only fields such as isSelected', () => {
    const doc = {
      petsAllowed: false,
      petsCharges: 'Additional Charge',
      petsPrice: 12,
      tax: { taxApplicable: false, taxCharges: 'Inclusive' },
      isSelected: true,
    };
    const sent = prepareForSave(mainInfo.schema, doc);
    expect(sent).toMatchObject({
      petsAllowed: false,
      petsCharges: null,
      petsPrice: null,
      tax: { taxApplicable: false, taxCharges: null },
    });
    expect(sent).not.toHaveProperty('isSelected');
  });

  it('maps client names to wire names and back', () => {
    const wire = toWire(mainInfo, { petsAllowed: true, checkInTime: '14:00', tax: { taxApplicable: true } });
    expect(wire).toEqual({ pets_allowed: true, check_in_time: '14:00', tax: { tax_applicable: true } });
    expect(fromWire(mainInfo, wire)).toEqual({ petsAllowed: true, checkInTime: '14:00', tax: { taxApplicable: true } });
  });
});

describe('list row messages (spec 001 §5)', () => {
  it('names a blank room exactly, in the spec’s order', () => {
    expect(rowLine(room as SectionDefinition, { id: 0, hotel: 1 }, 1)).toBe(
      'Room (2): room name required - room type required - room view required',
    );
  });

  it('keeps the order when the name is present but emptied (null)', () => {
    expect(rowLine(room as SectionDefinition, { id: 0, hotel: 1, roomName: null, roomView: 'Sea view' }, 0)).toBe(
      'Room (1): room name required - room type required',
    );
  });

  it('ignores isSelected and the infant fields stay as they are', () => {
    const doc = {
      id: 3,
      hotel: 1,
      roomName: 'A',
      roomNameType: 'double room',
      roomView: 'Sea view',
      isSelected: true,
      roomAllowedInfantCount: 2,
      roomInfantNotAllowed: false,
    };
    expect(validateForSave(room, doc).lines).toEqual([]);
    expect(toWire(room, prepareForSave(room.schema, doc))).toMatchObject({
      room_allowed_infant_count: 2,
      room_infant_not_allowed: false,
    });
  });

  it('names a blank maintenance row with the spec texts', () => {
    expect(rowLine(maintenance as SectionDefinition, { id: 0, hotel: 1 }, 0)).toBe(
      'Maintenance (1): Maintenance type is required. - Maintenance zone is required. - Maintenance disturbance level is required. - Maintenance starting time is required. - Maintenance ending time is required.',
    );
  });
});

describe('server errors', () => {
  it('flattens a 400 with field titles and puts each message at its client field', () => {
    const p = serverProblems(mainInfo, {
      email: ['Enter a valid email address.'],
      tax: { tax_charges: ['Not a valid choice.'] },
      non_field_errors: ['Check the form.'],
    });
    expect(p.lines).toEqual([
      'E-mail: Enter a valid email address.',
      'Tax: charges: Not a valid choice.',
      'Check the form.',
    ]);
    expect(p.fields.get('email')).toEqual(['Enter a valid email address.']);
    expect(p.fields.get('tax.taxCharges')).toEqual(['Not a valid choice.']);
  });

  it('keeps a list save’s summary lines and puts row details at the row’s fields', () => {
    const p = serverProblems(room, {
      non_field_errors: ['Room (2): room name required'],
      rows: {
        '1': { room_name: ['room name required'] },
        '2': { non_field_errors: ['no longer exists (id 9); reload the list'] },
      },
    });
    expect(p.lines).toEqual(['Room (2): room name required']);
    expect(p.rows.get(1)?.get('roomName')).toEqual(['room name required']);
    expect(p.rows.get(2)?.get('')).toEqual(['no longer exists (id 9); reload the list']);
  });
});

describe('rules between fields and blank names (issue 34)', () => {
  const ADULTS = 'Minimum adults must not be more than maximum adults.';
  const base = { id: 0, hotel: 1, roomName: 'Sea Suite', roomNameType: 'double room', roomView: 'Sea view' };

  it('marks both fields of a broken rule with its words, from the precompiled validator', () => {
    const problems = validateForSave(room, { ...base, roomMinAdults: 3, roomMaxAdults: 2 });
    expect(problems.fields.get('roomMinAdults')).toEqual([ADULTS]);
    expect(problems.fields.get('roomMaxAdults')).toEqual([ADULTS]);
    expect(problems.lines).toEqual([ADULTS]);
    expect(rowLine(room as SectionDefinition, { ...base, roomMinAdults: 3, roomMaxAdults: 2 }, 1)).toBe(
      `Room (2): ${ADULTS}`,
    );
    for (const ok of [
      { roomMinAdults: 2, roomMaxAdults: 2 },
      { roomMinAdults: 3, roomMaxAdults: null },
      { roomMinAdults: null, roomMaxAdults: 1 },
    ])
      expect(validateForSave(room, { ...base, ...ok }).lines).toEqual([]);
  });

  it('says a rule’s words in the language of the definition (locales/<lang>/schemas.json)', () => {
    const local = translateSection(room, 'facts/room.schema.json', russian);
    const problems = validateForSave(local, { ...base, roomMinAdults: 3, roomMaxAdults: 2 });
    expect(problems.fields.get('roomMaxAdults')).toEqual([
      'Минимум взрослых не должен быть больше максимума взрослых.',
    ]);
  });

  it('judges the fields a rule binds together on blur, in nested groups too', () => {
    expect(boundFields(room.schema, 'roomMaxAdults')).toEqual(['roomMaxAdults', 'roomMinAdults']);
    expect(boundFields(room.schema, 'roomMinChildren')).toEqual(['roomMinChildren', 'roomMaxChildren']);
    expect(boundFields(room.schema, 'roomName')).toEqual(['roomName']);
    expect(boundFields(mainInfo.schema, 'childTax.ageTo')).toEqual(['childTax.ageTo', 'childTax.ageFrom']);
    const problems = validateForSave(mainInfo, { childTax: { childTaxApplicable: true, ageFrom: 12, ageTo: 2 } });
    expect(problems.fields.get('childTax.ageFrom')).toEqual([
      'Children tax: the age from must not be more than the age to.',
    ]);
  });

  it('refuses a room name of blanks with the spec words, and an impossible maintenance day', () => {
    for (const blank of [' ', '\t\n', '\u00a0\u2003\u3000', '\u200b'])
      expect(validateForSave(room, { ...base, roomName: blank }).fields.get('roomName')).toEqual([
        'room name required',
      ]);
    const works = validateForSave(maintenance, {
      id: 0,
      hotel: 1,
      maintenanceTypeApply: 'Lobby renovation',
      maintenanceZone: 'Partially',
      maintenanceDisturbance: 'disturbing',
      maintenanceFrom: '2027-02-30',
      maintenanceTo: '2027-02-01',
    });
    expect(works.fields.get('maintenanceFrom')).toEqual([
      'Maintenance starting time: enter a day of the calendar (YYYY-MM-DD).',
    ]);
  });
});
