import { useEffect, useState } from 'react';
import type { SectionDefinition, SectionEntry } from '../../../shared/section-types';
import { currentLanguage, useLanguage } from '../../i18n';
import { loadedSchemaTexts, loadSchemaTexts } from './catalogue';
import { sectionTitle, translateSection, type SchemaCatalogue } from './schema-texts';

/**
 * The schema texts of the interface's language, or undefined while its chunk loads (the engine
 * shows its progress bar meanwhile rather than a flash of English).
 */
export function useSchemaTexts(): SchemaCatalogue | undefined {
  const { language } = useLanguage();
  const [shown, setShown] = useState(() => ({ language, texts: loadedSchemaTexts(language) }));
  useEffect(() => {
    let live = true;
    loadSchemaTexts(language).then(
      (texts) => live && setShown({ language, texts }),
      // The chunk did not load (offline, a new deployment): the schemas' English keeps the form usable.
      () => live && setShown({ language, texts: {} }),
    );
    return () => {
      live = false;
    };
  }, [language]);
  return shown.language === language ? shown.texts : loadedSchemaTexts(language);
}

/**
 * Forms whose schema file is not named after their key (x-form key -> file under schemas/), or
 * whose fields are $refs into another file (then that file follows: the contract form's terms).
 */
const FORM_FILES: Readonly<Record<string, string | readonly string[]>> = {
  profile: 'auth/profile-update.schema.json',
  company: 'settings/company-form.schema.json',
  'hotel-mapping': 'mapping/hotel-mapping-request.schema.json',
  'partner-search': 'partners/directory-query.schema.json',
  'contracted-search': 'partners/properties-query.schema.json',
  contract: ['partners/contract-form.schema.json', 'partners/contract-terms.schema.json'],
};

/** The schema file(s) a definition comes from: a fact section's, else the settings form's. */
function fileOf(def: SectionDefinition, texts: SchemaCatalogue): string | readonly string[] | undefined {
  if (def.kind) return `facts/${def.key}.schema.json`;
  return FORM_FILES[def.key] ?? Object.keys(texts).find((f) => f.endsWith(`/${def.key}.schema.json`));
}

const translated = new WeakMap<SchemaCatalogue, WeakMap<SectionDefinition, SectionDefinition>>();
/** Definitions already in a language (a list hands its rows the one it translated). */
const local = new WeakSet<SectionDefinition>();

/** The definition in the given texts, made once per definition and language (rjsf's props stay stable). */
export function localDefinition(def: SectionDefinition, texts: SchemaCatalogue): SectionDefinition {
  if (local.has(def)) return def;
  let byDef = translated.get(texts);
  if (!byDef) translated.set(texts, (byDef = new WeakMap()));
  let done = byDef.get(def);
  if (!done) {
    const file = fileOf(def, texts);
    done = file ? translateSection(def, file, texts) : def;
    byDef.set(def, done);
    if (done !== def) local.add(done);
  }
  return done;
}

/**
 * The definition in the language on screen now, for code outside React: the engine's checks and
 * the server's refusals name fields by the titles the form shows, and say the schema's own
 * messages (x-messages) in that language.
 */
export function definitionNow(def: SectionDefinition): SectionDefinition {
  const texts = loadedSchemaTexts(currentLanguage());
  return texts ? localDefinition(def, texts) : def;
}

/** The definition in the interface's language (the English one until the texts arrive). */
export function useLocalDefinition(def: SectionDefinition): SectionDefinition;
export function useLocalDefinition(def: SectionDefinition | undefined): SectionDefinition | undefined;
export function useLocalDefinition(def: SectionDefinition | undefined): SectionDefinition | undefined {
  const texts = useSchemaTexts();
  return def && texts ? localDefinition(def, texts) : def;
}

/** A section's tab title in the interface's language. */
export function useSectionTitle(entry: Pick<SectionEntry, 'key' | 'title'>): string {
  const texts = useSchemaTexts();
  return texts ? sectionTitle(texts, entry.key, entry.title) : entry.title;
}
