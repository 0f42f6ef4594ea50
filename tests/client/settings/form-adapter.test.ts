import { describe, expect, it } from 'vitest';
import { asSection, choiceCategory, choiceLabels, groupFields } from '../../../src/client/engine/core/form-adapter';
import { buildLayout } from '../../../src/client/engine/core/layout';
import { toWire } from '../../../src/client/engine/core/validate';
import permissionsForm from '../../../src/shared/generated/forms/permissions';
import preferencesForm from '../../../src/shared/generated/forms/preferences';
import companyForm from '../../../src/shared/generated/forms/company';
import { companyFormNames, permissionsNames, preferencesNames } from '../../../src/shared/generated/name-maps';
import type { SectionDefinition } from '../../../src/shared/section-types';

const layoutOf = (def: SectionDefinition) => buildLayout(def.schema, def.uiSchema, def.title);
const fieldsOf = (def: SectionDefinition) => layoutOf(def).groups.flatMap((g) => g.fields.map((f) => f.name));

describe('a settings form (x-form) as an engine section', () => {
  it('keeps the generated schema, uiSchema and validator, with the wire names given', () => {
    const def = asSection(preferencesForm, preferencesNames);
    expect(def.validateSave).toBe(preferencesForm.validateSave);
    expect(def.schema.properties).toEqual(preferencesForm.schema.properties);
    expect(toWire(def, { sidebarColor: 'red', auditTrail: true })).toEqual({ sidebar_color: 'red', audit_trail: true });
    expect(layoutOf(def).groups.map((g) => g.key)).toEqual([
      'preferences',
      'appearance',
      'layout',
      'notifications',
      'mailing',
      'plan',
    ]);
  });

  it('shows only the groups a page is about, and names the fields it sends', () => {
    const def = asSection(preferencesForm, preferencesNames, { groups: ['appearance'] });
    expect(layoutOf(def).groups.map((g) => g.key)).toEqual(['appearance']);
    expect(fieldsOf(def)).toEqual(['theme', 'layout', 'sidebarColor']);
    expect(groupFields(preferencesForm, ['notifications'])).toEqual([
      'notifyPartnershipRequest',
      'notifyPartnershipChanges',
      'notifyFactSheetChanges',
      'notifyFactSheetDownload',
      'notifyFactReview',
    ]);
  });

  it('draws the sidebar colour as swatches and the passwords as passwords', () => {
    const colour = layoutOf(asSection(preferencesForm, preferencesNames)).fields.get('sidebarColor');
    expect(colour?.widget).toBe('color');
    expect(colour?.schema.enum).toEqual(['ananas', 'purple', 'blue', 'green', 'orange', 'red']);
    const country = layoutOf(asSection(companyForm, companyFormNames)).fields.get('country');
    expect(country?.widget).toBe('country');
  });

  it('hides fields a page sets another way, and makes fields read-only', () => {
    const def = asSection(companyForm, companyFormNames, { hide: ['logo', 'removeLogo'], readOnly: ['company'] });
    expect(fieldsOf(def)).not.toContain('removeLogo');
    expect(layoutOf(def).fields.get('company')?.readOnly).toBe(true);
    // The generated definition itself is left as it was.
    expect(buildLayout(companyForm.schema, companyForm.uiSchema).fields.has('removeLogo')).toBe(true);
  });

  it('gives run-time choices (the allowed properties) as chips with their names', () => {
    const choices = {
      propertiesAllowed: [
        { value: 4, label: 'Hotel Sol' },
        { value: 9, label: 'Hotel Mar' },
      ],
    };
    const def = asSection(permissionsForm, permissionsNames, { choices });
    const node = layoutOf(def).fields.get('propertiesAllowed');
    expect(node?.widget).toBe('chips');
    expect(node?.category).toBe(choiceCategory('propertiesAllowed'));
    expect(node?.schema.items?.enum).toEqual([4, 9]);
    expect(choiceLabels(choices).get(choiceCategory('propertiesAllowed'))?.get('9')).toBe('Hotel Mar');
    expect(def.validateSave({ user: 3, propertiesAllowed: [4] })).toBe(true);
  });

  it('keeps null a choice where the field allows it (role in hotel)', () => {
    const def = asSection(permissionsForm, permissionsNames, {
      choices: { role: [{ value: 'GM', label: 'General Manager' }] },
    });
    expect(def.schema.properties?.role?.enum).toEqual(['GM', null]);
  });
});
