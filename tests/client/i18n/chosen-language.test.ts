import { describe, expect, it } from 'vitest';
import {
  LANGUAGE_KEY,
  browserLanguage,
  chooseLanguage,
  storedLanguage,
  storeLanguage,
} from '../../../src/client/i18n/chosen-language';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
};

describe('the chosen language', () => {
  it("is the profile's when the portal speaks it", () => {
    expect(chooseLanguage('fa', 'ru', ['de-DE'])).toBe('fa');
    expect(chooseLanguage('RU', undefined, undefined)).toBe('ru');
  });

  it('else the stored choice, else the browser, else English', () => {
    expect(chooseLanguage('fr', 'ru', ['de-DE'])).toBe('ru');
    expect(chooseLanguage(null, undefined, ['fr-FR', 'de-DE', 'en'])).toBe('de');
    expect(chooseLanguage(undefined, undefined, ['ja'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('is kept in storage, and a stored value the portal does not speak is ignored', () => {
    const storage = memory();
    expect(storedLanguage(storage)).toBeUndefined();
    storeLanguage(storage, 'es');
    expect(storedLanguage(storage)).toBe('es');
    storage.setItem(LANGUAGE_KEY, 'klingon');
    expect(storedLanguage(storage)).toBeUndefined();
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
    };
    expect(storedLanguage(blocked)).toBeUndefined();
  });
});
