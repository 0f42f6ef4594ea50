import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslator } from '../../../src/shared/i18n/translator';
import type { Messages } from '../../../src/shared/i18n/messages';
import english from '../../../locales/en/messages.json' with { type: 'json' };

const ENGLISH = english as Messages;

describe('translator (intl-messageformat with the portal locales)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('formats numbers and plurals in the language, falling back to English for a missing key', () => {
    const russian = createTranslator(
      'ru',
      {
        'many.to_confirm':
          '{count, plural, one {# к подтверждению} few {# к подтверждению} many {# к подтверждению} other {# к подтверждению}}',
      },
      ENGLISH,
    );
    expect(russian.text('many.to_confirm', { count: 1234 })).toMatch(/^1\s234 к подтверждению$/u);
    expect(russian.text('many.count', { shown: 1500, total: 2 })).toBe('1,500 of 2 properties');
    const persian = createTranslator('fa', { 'many.count': '{shown, number} از {total, number}' }, ENGLISH);
    expect(persian.text('many.count', { shown: 12, total: 200 })).toBe('۱۲ از ۲۰۰');
  });

  it('messages share their Intl formatters: the same locale and options build one NumberFormat and one PluralRules', () => {
    // Built as before, counted.
    const { NumberFormat, PluralRules } = Intl;
    const numberFormats = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof NumberFormat>
    ) {
      return new NumberFormat(...args);
    });
    const pluralRules = vi.spyOn(Intl, 'PluralRules').mockImplementation(function (
      ...args: ConstructorParameters<typeof PluralRules>
    ) {
      return new PluralRules(...args);
    });
    const words = {
      'many.count': '{shown, number} von {total, plural, one {# Unterkunft} other {# Unterkünften}}',
      'many.to_confirm': '{count, plural, one {# zu bestätigen} other {# zu bestätigen}}',
    };
    const german = createTranslator('de', words, ENGLISH);
    // Two messages, each with a number or a plural, in the same locale, and a second translator.
    expect(german.text('many.count', { shown: 3000, total: 1 })).toBe('3.000 von 1 Unterkunft');
    expect(german.text('many.to_confirm', { count: 2 })).toBe('2 zu bestätigen');
    expect(german.text('many.count', { shown: 4, total: 5 })).toBe('4 von 5 Unterkünften');
    const another = createTranslator('de', words, ENGLISH);
    expect(another.text('many.to_confirm', { count: 7 })).toBe('7 zu bestätigen');
    expect(numberFormats).toHaveBeenCalled();
    expect(pluralRules).toHaveBeenCalled();
    // Once per distinct locale and options (the plain number, and the plural's #), not per message or translator.
    const distinct = (calls: unknown[][]) => new Set(calls.map((args) => JSON.stringify(args))).size;
    expect(numberFormats.mock.calls.length).toBe(distinct(numberFormats.mock.calls));
    expect(pluralRules.mock.calls.length).toBe(distinct(pluralRules.mock.calls));
  });
});
