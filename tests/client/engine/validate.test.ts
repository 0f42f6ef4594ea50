import { describe, expect, it } from 'vitest';
import { serverProblems } from '../../../src/client/engine/core/server-errors';
import { fromWire, prepareForSave, toWire, validateForSave } from '../../../src/client/engine/core/validate';
import { rowIssueOrder } from '../../../src/client/engine/data/row-order';
import { rowSummary } from '../../../src/shared/errors';
import { summaryWords } from '../../../src/shared/validation-messages';
import mainInfo from '../../../src/shared/generated/sections/main-info';
import maintenance from '../../../src/shared/generated/sections/maintenance';
import room from '../../../src/shared/generated/sections/room';
import type { SectionDefinition } from '../../../src/shared/section-types';

const rowLine = (def: SectionDefinition, doc: Record<string, unknown>, n: number) =>
  rowSummary(
    (def.schema['x-ui'] as { itemLabel: string }).itemLabel,
    n,
    rowIssueOrder(def.schema, validateForSave(def, doc).issues).map(summaryWords),
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
