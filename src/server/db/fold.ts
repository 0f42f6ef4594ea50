import { sql, type RawBuilder } from 'kysely';
import anyAscii from 'any-ascii';
import type { DialectName } from './dialect-name.js';
import { jsonText } from './json-text.js';

/**
 * Text folded for search: lower case, accents off, punctuation a space ("Hôtel Sól-Mar" -> "hotel sol mar"), so a search matches
 * however a name was typed. The same folding runs in JavaScript (the search words) and in SQL (the
 * names searched), where PostgreSQL indexes it.
 *
 * In SQL the folding is the function ananas_fold(text) on both databases:
 * - PostgreSQL: a PL/pgSQL function declared immutable (so indexable; unaccent() is not) whose body
 *   is `foldedInline`: lower(translate(text, FROM, TO)), translated only when it may change.
 *   Migration 0029's `createSearchIndexes` (re)creates it and the trigram indexes on it, so changing
 *   the folding (or FROM/TO) needs a new migration that calls it again.
 * - SQLite: a JavaScript function registered on every connection (see connect.ts).
 */
function table(): { from: string; to: string } {
  let from = '';
  let to = '';
  // Latin-1 Supplement and Latin Extended-A/B: each letter whose decomposition starts with an ASCII letter.
  for (let code = 0xc0; code <= 0x24f; code++) {
    const ch = String.fromCharCode(code);
    const base = ch.normalize('NFD')[0]!;
    if (base !== ch && /[A-Za-z]/.test(base)) {
      from += ch;
      to += base.toLowerCase();
    }
  }
  // Letters that do not decompose but read as one Latin letter.
  const extra: Record<string, string> = {
    Æ: 'a',
    æ: 'a',
    Ø: 'o',
    ø: 'o',
    Đ: 'd',
    đ: 'd',
    Ł: 'l',
    ł: 'l',
    ı: 'i',
    ß: 's',
    Œ: 'o',
    œ: 'o',
    Þ: 't',
    þ: 't',
    Ð: 'd',
    ð: 'd',
  };
  for (const [k, v] of Object.entries(extra)) {
    if (!from.includes(k)) {
      from += k;
      to += v;
    }
  }
  // Punctuation between words reads as a space, so a word after it starts a word ("Sol-de-Prova");
  // so do markup's brackets, so a name typed as "<b>Limonaia</b>" is found by "Limonaia".
  for (const c of `-.,;:/&()'"\u2019\u2018\u00b7<>`) {
    from += c;
    to += ' ';
  }
  return { from, to };
}

const { from: FROM, to: TO } = table();
const MAP = new Map([...FROM].map((c, i) => [c, TO[i]!]));

/** The JavaScript side of the folding: what `folded` computes in SQL. */
export function foldText(text: string): string {
  let out = '';
  for (const c of text) out += MAP.get(c) ?? c;
  return out.toLowerCase();
}

/**
 * A PostgreSQL regular expression matching any text that holds a character of FROM: any non-ASCII
 * character, or one of FROM's ASCII characters (the punctuation). Text it does not match has none
 * of FROM's characters, so translate() would leave it as it is.
 */
const MAY_FOLD = `[^[:ascii:]]|[${[...FROM]
  .filter((c) => c.charCodeAt(0) < 0x80)
  .map((c) => (/[\]\\^-]/.test(c) ? `\\${c}` : c))
  .join('')}]`;

/**
 * PostgreSQL's folding written out: the body of its ananas_fold function. translate() looks each
 * character up in FROM (some 400 characters) one by one: about 0.1 ms per name, which a search
 * that finds a thousand candidates in its trigram index pays again for each (the index's recheck),
 * hundreds of ms per search at 10,000 hotels (issue 39). Most names are plain ASCII words: a
 * regular expression (compiled once per connection) tells those apart, and only the others are
 * translated; the result is the same text either way.
 */
export function foldedInline(expression: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`lower(case when ${expression} ~ ${sql.lit(MAY_FOLD)} then translate(${expression}, ${sql.lit(FROM)}, ${sql.lit(TO)}) else ${expression} end)`;
}

/**
 * folded(expression) in SQL, the same wherever it is written (queries and index definitions). A
 * function call rather than the folding written out: PostgreSQL parsed and planned the directory
 * search's two statements with their eight 12 KB copies of it on every search.
 */
export function folded(expression: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`ananas_fold(${expression})`;
}

/**
 * The search words of a query, folded, at most eight (each must start a word of the text; order
 * does not matter). A word in another script also stands for its Latin transliteration, so
 * "Χανιά" finds "Chania" and "Сочи" finds "Sochi" (names are mostly stored in Latin letters).
 */
export function searchTerms(text: string): string[][] {
  const words = [
    ...new Set(
      foldText(text.split('\u0000').join(''))
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    ),
  ].slice(0, 8);
  return words.map((w) => {
    const latin = foldText(anyAscii(w)).replace(/[^a-z0-9]+/g, '');
    return latin && latin !== w ? [w, latin] : [w];
  });
}

/** Does the folded text have a word starting with each term (any of its forms)? (The directory's SQL match, in JavaScript.) */
export function startsWords(text: string, terms: readonly (readonly string[])[]): boolean {
  const padded = ` ${foldText(text)}`;
  return terms.length > 0 && terms.every((forms) => forms.some((w) => padded.includes(` ${w}`)));
}

/**
 * What the partner directory searches, folded: a property's name and city, and a company's name and
 * city (companies.data is JSON text). Migration 0029 indexes these very expressions on PostgreSQL.
 */
export function propertySearchKey(): RawBuilder<string> {
  return folded(sql`${sql.ref('properties.hotel_name')} || ' ' || ${sql.ref('properties.city')}`);
}

export function companySearchKey(dialect: DialectName): RawBuilder<string> {
  const field = (key: string) => sql`coalesce(${jsonText(dialect, 'companies.data', key)}, '')`;
  return folded(sql`${field('company')} || ' ' || ${field('city')}`);
}
