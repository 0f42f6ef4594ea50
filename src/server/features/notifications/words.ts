import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { DEFAULT_LANGUAGE, toLanguage, type Language } from '../../../shared/i18n/languages.js';

/**
 * What a notification or its mail says: words made in the language of whoever reads them (the
 * recipient's profile `language`), from message keys (`t(lang, 'notification.…')`, names of
 * hotels, companies and people as values). A plain string is refused by the type check, so no
 * event can tell a Russian reader in English.
 */
export type Words = (lang: Language) => string;

/** Each user's language (their profile's `language`; English for one the portal does not speak). */
export async function languagesOf(db: Kysely<Database>, userIds: readonly number[]): Promise<Map<number, Language>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'language']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, toLanguage(r.language) ?? DEFAULT_LANGUAGE]));
}
