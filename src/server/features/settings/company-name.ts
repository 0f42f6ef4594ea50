import { sql } from 'kysely';
import { companySearchKey, foldText, searchTerms } from '../../db/fold.js';
import type { Services } from '../../services.js';

/**
 * Name checks per address and minute: enough for a person typing a sign-up form several times
 * over, too few to read the list of companies out by guessing (the directory is for signed-in users).
 */
export const NAME_CHECKS_PER_MINUTE = 20;

/** A name as two look-alike companies would share it: folded (case, accents), its words joined by one space. */
export function companyNameKey(name: string): string {
  return foldText(name.split('\u0000').join(''))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Is the name used by the company of another (not deactivated) account? The words narrow the
 * candidates as the directory search does (the trigram index on PostgreSQL, migration 0029);
 * the exact comparison of the whole name happens here, on the few candidates left.
 */
export async function companyNameTaken(services: Services, name: string): Promise<boolean> {
  const wanted = companyNameKey(name);
  const words = searchTerms(name);
  if (!wanted || !words.length) return false;
  const key = companySearchKey(services.db.dialect);
  const startsWord = (w: string) =>
    sql<boolean>`(${key} like ${`${likeEscaped(w)}%`} escape '\\' or ${key} like ${`% ${likeEscaped(w)}%`} escape '\\')`;
  const rows = await services.db.kysely
    .selectFrom('companies')
    .innerJoin('users', 'users.id', 'companies.account_id')
    .select('companies.data')
    .where('users.deactivated_at', 'is', null)
    .where(
      sql<boolean>`${sql.join(
        words.map((forms) => sql`(${sql.join(forms.map(startsWord), sql` or `)})`),
        sql` and `,
      )}`,
    )
    .execute();
  return rows.some((r) => companyNameKey((JSON.parse(r.data) as { company?: string }).company ?? '') === wanted);
}
