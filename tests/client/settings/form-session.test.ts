import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../src/client/api/errors';
import { asSection } from '../../../src/client/engine/core/form-adapter';
import { FormSession, settleEmpty } from '../../../src/client/engine/views/form-session';
import contactForm from '../../../src/shared/generated/forms/mailing-contact';
import mappingForm from '../../../src/shared/generated/forms/hotel-mapping';
import preferencesForm from '../../../src/shared/generated/forms/preferences';
import updateForm from '../../../src/shared/generated/forms/authorized-user-update';
import {
  authorizedUserUpdateNames,
  hotelMappingRequestNames,
  mailingContactNames,
  preferencesNames,
} from '../../../src/shared/generated/name-maps';

const contact = () => new FormSession(asSection(contactForm, mailingContactNames), { mailing_list: 7 });

describe('a settings form session', () => {
  it('starts from the server document with the schema defaults, in client names', () => {
    const s = new FormSession(asSection(preferencesForm, preferencesNames), { user: 0, sidebar_color: 'blue' });
    expect(s.store.get()).toMatchObject({
      user: 0,
      sidebarColor: 'blue',
      theme: 'light',
      plan: 'F',
      notifyFactReview: true,
    });
  });

  it('refuses a bad e-mail address at its field, before anything is sent', () => {
    const s = contact();
    s.store.set(['name'], 'Ana');
    s.store.set(['emailAddress'], 'not-an-address');
    expect(s.body()).toBeUndefined();
    expect(s.store.errorsAt('emailAddress')).toEqual(['Enter a valid email address.']);
    expect(s.store.top()[0]).toBe('Some fields need your attention:');
    s.store.set(['emailAddress'], 'ana@example.com');
    expect(s.store.errorsAt('emailAddress')).toEqual([]);
    expect(s.body()).toEqual({
      mailing_list: 7,
      name: 'Ana',
      title: '',
      email_address: 'ana@example.com',
      location: '',
    });
  });

  it('checks one field on blur', () => {
    const s = contact();
    s.store.set(['emailAddress'], 'x@');
    s.validateField('emailAddress');
    expect(s.store.errorsAt('emailAddress')).toEqual(['Enter a valid email address.']);
    expect(s.store.errorsAt('name')).toEqual([]);
  });

  it('sends only the fields of its page, and ignores problems elsewhere', () => {
    const s = new FormSession(asSection(preferencesForm, preferencesNames), { email_addresses: 'not valid' });
    s.store.set(['sidebarColor'], 'purple');
    expect(s.body(['theme', 'layout', 'sidebarColor'])).toEqual({
      theme: 'light',
      layout: 'comfortable',
      sidebar_color: 'purple',
    });
    expect(s.body(['emailAddresses'])).toBeUndefined();
  });

  it("puts the server's 400 at the fields (wire names to client names) and above the form", () => {
    const s = contact();
    s.failed(new ApiFailure(400, { email_address: ['Enter a valid email address.'], colour: ['Unknown field.'] }));
    expect(s.store.errorsAt('emailAddress')).toEqual(['Enter a valid email address.']);
    expect(s.store.top()).toEqual(['E-mail address: Enter a valid email address.', 'Colour: Unknown field.']);
    s.failed(new ApiFailure(403, { detail: 'You do not have permission to perform this action.' }));
    expect(s.store.top()).toEqual(['You do not have permission to perform this action.']);
    expect(s.store.errorsAt('emailAddress')).toEqual([]);
  });

  it('takes the saved answer as its values and drops the errors', () => {
    const s = contact();
    s.failed(new ApiFailure(400, { name: ['Enter the contact\u2019s name.'] }));
    s.saved({
      id: 3,
      mailing_list: 7,
      name: 'Ana',
      email_address: 'ana@example.com',
      title: '',
      location: '',
      phone: '',
    });
    expect(s.store.get()).toMatchObject({ id: 3, name: 'Ana', emailAddress: 'ana@example.com' });
    expect(s.store.errorTotal()).toBe(0);
    expect(s.store.isDirty()).toBe(false);
  });
});

describe('emptied inputs', () => {
  const schema = asSection(updateForm, authorizedUserUpdateNames).schema;
  it('an emptied text is empty text; an emptied country, or empty text where a format is expected, is no value', () => {
    expect(settleEmpty(schema, { id: 1, title: null, country: null, firstName: 'A' })).toEqual({
      id: 1,
      title: '',
      firstName: 'A',
    });
    expect(settleEmpty(schema, { country: '', phone: '' })).toEqual({ phone: '' });
    expect(settleEmpty(schema, { isActive: null, unknown: null })).toEqual({ unknown: null });
  });

  it('marks the field a conflict names, and says the conflict in its own words above the form', () => {
    // The mapping's hotel code taken by another hotel: a 409 with the field at fault beside its detail.
    const s = new FormSession(asSection(mappingForm, hotelMappingRequestNames, { hide: ['hotel', 'rooms'] }), {
      override_code: 'PMI-SOL',
    });
    s.failed(
      new ApiFailure(409, {
        detail: 'The hotel code PMI-SOL is already used for Sol Playa.',
        override_code: ['Already used for Sol Playa.'],
      }),
    );
    expect(s.store.errorsAt('overrideCode')).toEqual(['Already used for Sol Playa.']);
    expect(s.store.top()).toEqual(['The hotel code PMI-SOL is already used for Sol Playa.']);
  });

  it('lets an owner save a member who never gave a country', () => {
    const s = new FormSession(asSection(updateForm, authorizedUserUpdateNames), {
      id: 5,
      first_name: 'Mia',
      last_name: 'M',
      country: '',
      title: '',
      phone: '',
      language: 'en',
      is_active: true,
      email: 'm@example.com',
    });
    expect(s.body()).toEqual({
      id: 5,
      first_name: 'Mia',
      last_name: 'M',
      title: '',
      phone: '',
      language: 'en',
      is_active: true,
    });
  });
});
