import { describe, expect, it } from 'vitest';
import {
  formatCurrency,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatList,
  formatMonth,
  formatNumber,
  formatPercent,
  formatRelative,
  formatTime,
  formatTimeLeft,
  formatUnit,
  formatWeekday,
  localDigits,
  newestFirst,
} from '../../../src/shared/i18n/format';
import {
  directionOf,
  isLanguage,
  languageFromAcceptLanguage,
  languageInfo,
  toLanguage,
} from '../../../src/shared/i18n/languages';

const PERSIAN_DIGITS = /^[^0-9]*$/;
const instant = '2026-03-05T14:07:59.000Z';

describe('dates and times: one format per kind, in UTC, Gregorian', () => {
  it('writes a date as day, month name and year in each language', () => {
    expect(formatDate('en', '2026-11-20')).toBe('20 November 2026');
    expect(formatDate('es', '2026-11-20')).toBe('20 de noviembre de 2026');
    expect(formatDate('de', '2026-11-20')).toBe('20. November 2026');
    expect(formatDate('ru', '2026-11-20')).toBe('20 ноября 2026 г.');
    // Gregorian in Persian too (the Persian calendar would say 1405), in Persian digits.
    expect(formatDate('fa', '2026-11-20')).toBe('۲۰ نوامبر ۲۰۲۶');
  });

  it('writes a date-time as the locale writes day.month.year hour:minute, in UTC', () => {
    expect(formatDateTime('en', instant)).toBe('05/03/2026, 14:07');
    expect(formatDateTime('de', instant)).toBe('05.03.2026, 14:07');
    expect(formatDateTime('es', instant)).toBe('05/03/2026, 14:07');
    expect(formatDateTime('ru', '2026-12-31T23:30:00-02:00')).toBe('01.01.2027, 01:30');
    expect(formatDateTime('fa', instant)).toBe('۲۰۲۶/۰۳/۰۵, ۱۴:۰۷');
  });

  it('writes times on a 24-hour clock', () => {
    expect(formatTime('en', '2026-03-05T21:05:00Z')).toBe('21:05');
    expect(formatTime('fa', '2026-03-05T21:05:00Z')).toBe('۲۱:۰۵');
  });

  it('writes a month with its year, long for a title and short for a report series', () => {
    expect(formatMonth('en', '2026-03-01')).toBe('March 2026');
    expect(formatMonth('es', '2026-03-01')).toBe('marzo de 2026');
    expect(formatMonth('ru', '2026-03-01')).toMatch(/^март 2026\sг\.$/);
    expect(formatMonth('fa', '2026-03-01')).toBe('مارس ۲۰۲۶');
    // The last day of a month is still that month: UTC, whatever the machine's zone.
    expect(formatMonth('en', '2026-11-30T23:59:59Z')).toBe('November 2026');
    expect(formatMonth('en', Date.UTC(2026, 10, 1), 'short')).toBe('Nov 26');
    expect(formatMonth('de', Date.UTC(2026, 10, 1), 'short')).toBe('Nov. 26');
    expect(formatMonth('fa', Date.UTC(2026, 10, 1), 'short')).toMatch(PERSIAN_DIGITS);
  });

  it("writes a weekday short enough for a day's column: two letters, one in Persian", () => {
    const week = (lang: 'en' | 'ru' | 'es' | 'de' | 'fa') => [0, 1, 2, 3, 4, 5, 6].map((d) => formatWeekday(lang, d));
    expect(week('en')).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
    expect(week('de')).toEqual(['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa']);
    expect(week('ru')).toEqual(['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб']);
    expect(week('es')).toEqual(['do', 'lu', 'ma', 'mi', 'ju', 'vi', 'sá']);
    expect(week('fa')).toEqual(['ی', 'د', 'س', 'چ', 'پ', 'ج', 'ش']);
  });

  it('names a range of days as people read it', () => {
    // Intl spaces ranges with thin and no-break spaces; the words are what is tested.
    const en = (from: string, to: string) => formatDateRange('en', from, to).replace(/\s/g, ' ');
    expect(en('2026-03-12', '2026-03-12')).toBe('12 March 2026');
    expect(en('2026-03-12', '2026-03-14')).toBe('12 – 14 March 2026');
    expect(formatDateRange('ru', '2026-03-12', '2026-03-14')).toMatch(/^12–14 марта 2026\sг\.$/);
    expect(formatDateRange('fa', '2026-03-12', '2026-03-14')).toBe('۱۲ تا ۱۴ مارس ۲۰۲۶');
    expect(en('2026-03-30', '2026-04-02')).toBe('30 March – 2 April 2026');
    expect(en('2026-12-30', '2027-01-02')).toBe('30 December 2026 – 2 January 2027');
  });

  it('shows a text that is not a date as it came', () => {
    expect(formatDate('de', 'soon')).toBe('soon');
    expect(formatDateTime('ru', '')).toBe('');
    expect(formatMonth('es', '')).toBe('');
    expect(formatDateRange('en', '2026-03-12', 'later')).toBe('2026-03-12 – later');
  });

  it('says how long ago in words', () => {
    const now = '2026-03-05T12:00:00Z';
    expect(formatRelative('en', '2026-03-02T12:00:00Z', now)).toBe('3 days ago');
    expect(formatRelative('ru', '2026-03-05T14:00:00Z', now)).toBe('через 2 часа');
    expect(formatRelative('es', '2026-03-04T12:00:00Z', now)).toBe('ayer');
    expect(formatRelative('fa', '2026-03-02T12:00:00Z', now)).toMatch(PERSIAN_DIGITS);
  });
});

describe('numbers', () => {
  it('use Persian digits in Persian, the locale separators elsewhere', () => {
    expect(formatNumber('fa', 1234.5)).toBe('۱٬۲۳۴٫۵');
    expect(formatNumber('de', 1234.5)).toBe('1.234,5');
    expect(formatNumber('es', 12345.5)).toBe('12.345,5');
    expect(formatNumber('ru', 1234.5)).toBe('1\u00a0234,5');
    expect(formatNumber('en', 1234.5)).toBe('1,234.5');
    expect(formatPercent('fa', 0.25)).toBe('۲۵٪');
  });

  it('write currencies as the locale does; an unknown code after the number', () => {
    expect(formatCurrency('de', 1234.5, 'EUR')).toBe('1.234,50\u00a0€');
    expect(formatCurrency('es', 99, 'EUR')).toBe('99,00\u00a0€');
    expect(formatCurrency('en', 99, 'GBP')).toBe('£99.00');
    expect(formatCurrency('fa', 99, 'EUR')).toMatch(PERSIAN_DIGITS);
    expect(formatCurrency('en', 5, 'XX1')).toBe('5 XX1');
  });

  it('write units: km, m, m², minutes', () => {
    expect(formatUnit('en', 1.5, 'km')).toBe('1.5 km');
    expect(formatUnit('ru', 1.5, 'km')).toBe('1,5 км');
    expect(formatUnit('de', 200, 'm')).toBe('200 m');
    expect(formatUnit('en', 35, 'm2')).toBe('35 m²');
    expect(formatUnit('ru', 35, 'm2')).toBe('35 м²');
    expect(formatUnit('fa', 35, 'm2')).toBe('۳۵ m²');
    expect(formatUnit('es', 5, 'minutes')).toBe('5 minutos');
    expect(formatUnit('ru', 5, 'minutes')).toBe('5 минут');
    expect(formatUnit('ru', 2, 'minutes')).toBe('2 минуты');
  });

  it('put Persian digits into a text written with ASCII ones', () => {
    expect(localDigits('fa', '4 stars, 10:05')).toBe('۴ stars, ۱۰:۰۵');
    expect(localDigits('ru', '4')).toBe('4');
    expect(formatTimeLeft('fa', 65_000)).toBe('۱:۰۵');
    expect(formatTimeLeft('en', 3_725_000)).toBe('1:02:05');
    expect(formatTimeLeft('en', -5)).toBe('0:00');
  });

  it('list items as the language does', () => {
    expect(formatList('en', ['a', 'b', 'c'])).toBe('a, b and c');
    expect(formatList('ru', ['a', 'b'])).toBe('a и b');
    expect(formatList('de', ['a', 'b'])).toBe('a und b');
  });
});

describe('languages', () => {
  it('know their direction, locale and name', () => {
    expect(directionOf('fa')).toBe('rtl');
    expect(directionOf('ru')).toBe('ltr');
    expect(languageInfo('de')).toEqual({ code: 'de', name: 'Deutsch', locale: 'de-DE', dir: 'ltr' });
    expect(isLanguage('es')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
    expect(toLanguage('RU')).toBe('ru');
    expect(toLanguage('es-ES')).toBe('es');
    expect(toLanguage('fr')).toBeUndefined();
  });

  it('read Accept-Language: by weight, subtags, else English', () => {
    expect(languageFromAcceptLanguage('fr-FR, ru;q=0.8, es;q=0.9')).toBe('es');
    expect(languageFromAcceptLanguage('fa-IR')).toBe('fa');
    expect(languageFromAcceptLanguage('de-AT,de;q=0.9')).toBe('de');
    expect(languageFromAcceptLanguage('ja, fr')).toBe('en');
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
    expect(languageFromAcceptLanguage('ru;q=0')).toBe('en');
  });

  it('sort newest first', () => {
    const items = [{ d: '2026-01-01' }, { d: '2026-03-01' }, { d: '2026-02-01' }];
    expect(newestFirst(items, (i) => i.d).map((i) => i.d)).toEqual(['2026-03-01', '2026-02-01', '2026-01-01']);
  });
});
