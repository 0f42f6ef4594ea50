import type { Language } from '../../../shared/i18n/languages';
import type { SchemaCatalogue } from './schema-texts';

/** English is the schemas themselves: nothing to load. */
export const ENGLISH_TEXTS: SchemaCatalogue = {};

// Each language's schema texts are their own chunk, fetched when the language is chosen.
const loaders = import.meta.glob<SchemaCatalogue>('../../../../locales/*/schemas.json', { import: 'default' });

const loaded = new Map<Language, SchemaCatalogue>([['en', ENGLISH_TEXTS]]);

/** The language's schema texts (a language without the file reads the schemas' English). */
export async function loadSchemaTexts(language: Language): Promise<SchemaCatalogue> {
  const known = loaded.get(language);
  if (known) return known;
  const load = loaders[`../../../../locales/${language}/schemas.json`];
  const catalogue = load ? await load() : ENGLISH_TEXTS;
  loaded.set(language, catalogue);
  return catalogue;
}

/** The texts if already loaded (a tab opened after the first shows at once). */
export const loadedSchemaTexts = (language: Language): SchemaCatalogue | undefined => loaded.get(language);
