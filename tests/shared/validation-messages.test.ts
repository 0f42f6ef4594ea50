/**
 * Issue 37: the validation messages come from the catalogues (`validation.*`) in the language of
 * the translator they are given, the schema's own words (x-messages) and the fields' titles from
 * locales/<lang>/schemas.json (the bundle's x-texts); English stays DRF's wording, word for word.
 */
import { describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv';
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../../src/shared/bundle-types.js';
import type { Language } from '../../src/shared/i18n/languages.js';
import { rowSummary, schemaNodeAt, summaryWords, toIssues } from '../../src/shared/validation-messages.js';
import { translatorOf } from '../../src/server/i18n/index.js';
import { SchemaRegistry } from '../../src/server/routing/schema-registry.js';

// The server's validators (ajv, verbose) over the bundle, whose nodes carry their translations (x-texts).
const registry = new SchemaRegistry(bundle as unknown as SchemaBundle);
const CONTACT = 'settings/mailing-contact.schema.json';
const contact = registry.validator(CONTACT);
const locate = (path: string[]) => schemaNodeAt(registry.resolved(CONTACT), path);

/** The messages of a mailing contact by field, and its summary lines, in a language. */
function refusal(lang: Language, doc: unknown) {
  expect(contact(doc)).toBe(false);
  const issues = toIssues(contact.errors, translatorOf(lang), locate);
  return {
    fields: Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message])),
    lines: issues.map(summaryWords),
  };
}

const missing = { mailing_list: 3 };
const wrong = { mailing_list: 0, name: 'Olga', email_address: 'olga-at-example', title: 'x'.repeat(151) };

describe('validation messages in the catalogues’ languages', () => {
  it('English: DRF’s words, exactly as the API has always answered', () => {
    expect(refusal('en', missing).fields).toEqual({
      name: "Enter the contact's name.",
      email_address: "Enter the contact's e-mail address.",
    });
    expect(refusal('en', wrong)).toEqual({
      fields: {
        mailing_list: 'Ensure this value is greater than or equal to 1.',
        title: 'Ensure this field has no more than 150 characters.',
        email_address: 'Enter a valid email address.',
      },
      lines: [
        'Mailing group: Ensure this value is greater than or equal to 1.',
        'Job title: Ensure this field has no more than 150 characters.',
        'E-mail address: Enter a valid email address.',
      ],
    });
  });

  it('Russian: the limit, the format and the schema’s own words; fields named by their Russian titles', () => {
    expect(refusal('ru', missing).fields).toEqual({
      name: 'Введите имя контакта.',
      email_address: 'Введите адрес эл. почты контакта.',
    });
    expect(refusal('ru', wrong)).toEqual({
      fields: {
        mailing_list: 'Значение должно быть не меньше 1.',
        title: 'Не больше 150 символов.',
        email_address: 'Введите корректный адрес эл. почты.',
      },
      lines: [
        'Группа рассылки: Значение должно быть не меньше 1.',
        'Должность: Не больше 150 символов.',
        'Адрес эл. почты: Введите корректный адрес эл. почты.',
      ],
    });
  });

  it('Persian: Persian digits in the limits', () => {
    expect(refusal('fa', missing).fields).toEqual({
      name: 'نام مخاطب را وارد کنید.',
      email_address: 'نشانی ایمیل مخاطب را وارد کنید.',
    });
    expect(refusal('fa', wrong).fields).toEqual({
      mailing_list: 'مقدار باید بیشتر یا مساوی ۱ باشد.',
      title: 'این فیلد نباید بیش از ۱۵۰ نویسه داشته باشد.',
      email_address: 'یک نشانی ایمیل معتبر وارد کنید.',
    });
  });

  it('German', () => {
    expect(refusal('de', missing).fields).toEqual({
      name: 'Geben Sie den Namen des Kontakts ein.',
      email_address: 'Geben Sie die E-Mail-Adresse des Kontakts ein.',
    });
    expect(refusal('de', wrong).fields).toEqual({
      mailing_list: 'Der Wert muss mindestens 1 sein.',
      title: 'Höchstens 150 Zeichen.',
      email_address: 'Geben Sie eine gültige E-Mail-Adresse ein.',
    });
  });

  it('names the field before the schema’s words about a value’s form, not before words saying what to enter', () => {
    // "Enter a valid phone number." is said of every phone field (common/defs.schema.json): alone
    // in a summary it does not say which one; "Enter the contact's name." does.
    const doc = { mailing_list: 1, email_address: 'olga@example.com', phone: 'call me' };
    expect(refusal('en', doc)).toEqual({
      fields: { name: "Enter the contact's name.", phone: 'Enter a valid phone number.' },
      lines: ["Enter the contact's name.", 'Phone: Enter a valid phone number.'],
    });
    expect(refusal('ru', doc).lines).toEqual(['Введите имя контакта.', 'Телефон: Введите правильный номер телефона.']);
  });

  it('says a rule’s own words (x-rules) in the language, at both fields', () => {
    const room = registry.validator('facts/room.schema.json');
    const doc = { id: 0, room_name: 'A', room_name_type: 'double room', room_view: 'Sea view' };
    expect(room({ ...doc, room_min_adults: 3, room_max_adults: 2 })).toBe(false);
    const words = 'Die Mindestanzahl Erwachsene darf nicht größer sein als die Höchstanzahl Erwachsene.';
    expect(toIssues(room.errors, translatorOf('de')).map((i) => [i.path.join('.'), i.message])).toEqual([
      ['room_min_adults', words],
      ['room_max_adults', words],
    ]);
  });

  it('names several allowed types the language’s way, and counts with its plural forms', () => {
    const error = (keyword: string, params: Record<string, unknown>): ErrorObject =>
      ({ keyword, params, instancePath: '/x', schemaPath: '', message: '' }) as ErrorObject;
    const words = (lang: Language, e: ErrorObject) => toIssues([e], translatorOf(lang))[0]?.message;
    expect(words('en', error('type', { type: 'string,number,boolean' }))).toBe(
      'Must be text or a number or true or false.',
    );
    expect(words('ru', error('type', { type: 'string,number' }))).toBe('Ожидается текст или число.');
    expect(words('en', error('minItems', { limit: 2 }))).toBe('Ensure this list has at least 2 items.');
    expect(words('ru', error('minItems', { limit: 2 }))).toBe('В списке должно быть не меньше 2 элементов.');
    expect(words('en', error('maxLength', { limit: 2000 }))).toBe(
      'Ensure this field has no more than 2000 characters.',
    );
    expect(words('en', error('minProperties', { limit: 1 }))).toBe('Send at least one field.');
    expect(words('ru', error('minProperties', { limit: 1 }))).toBe('Отправьте хотя бы одно поле.');
    expect(words('en', error('maximum', { limit: 2147483647 }))).toBe(
      'Ensure this value is less than or equal to 2147483647.',
    );
  });

  it('writes a list row’s summary with its 1-based position in the language’s digits', () => {
    const problems = ['Maintenance type is required.', 'Maintenance zone is required.'];
    expect(rowSummary(translatorOf('en'), 'Maintenance', 0, problems)).toBe(
      'Maintenance (1): Maintenance type is required. - Maintenance zone is required.',
    );
    expect(rowSummary(translatorOf('fa'), 'تعمیرات', 11, ['الزامی'])).toBe('تعمیرات (۱۲): الزامی');
  });
});
