import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { folded, foldText } from '../../../src/server/db/fold.js';
import { ALL_DIALECTS, createTestDb, describeOn, type TestDb } from '../../helpers/db.js';

/**
 * The directory's folded search text is the same in the database as in JavaScript (foldText), for
 * every character the folding changes and for text it leaves alone. PostgreSQL translates only
 * the text that may change (issue 39: translate() was most of a short-word search's time); a
 * character the fast path failed to recognise would be left unfolded, and this fails.
 */
const texts = (): string[] => {
  const out = ['Hotel Sol de Prova', 'plain ascii 123', "O'Hara\u2019s <b>Limonaia</b>", 'Dvořák & Sons (Łódź)'];
  out.push('ÆØÅ Straße', 'a]b\\c^d-e[f', 'tab\tand\nline', '中文 hotel', 'Χανιά', 'Mixed CASE Only', '');
  // Every character from space to the end of Latin Extended-B, and the ones folded beyond it, alone and in a word.
  const chars = Array.from({ length: 0x250 - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
  for (const c of [...chars, '\u2019', '\u2018', '\u00b7']) out.push(c, `Ab${c}cd`);
  return out;
};

for (const dialect of ALL_DIALECTS)
  describeOn(dialect)(`search folding (${dialect})`, () => {
    let t: TestDb;
    beforeAll(async () => {
      t = await createTestDb(dialect);
    });
    afterAll(() => t.drop());

    it('folds every text in SQL exactly as foldText does', async () => {
      const all = texts();
      const rows: { i: number; f: string }[] = [];
      // In chunks: SQLite takes at most 500 terms in a compound SELECT.
      for (let from = 0; from < all.length; from += 400) {
        const chunk = all
          .slice(from, from + 400)
          .map((text, j) => sql`select ${from + j} as i, cast(${text} as text) as t`);
        const r = await sql<{
          i: number;
          f: string;
        }>`select v.i, ${folded(sql`v.t`)} as f from (${sql.join(chunk, sql` union all `)}) v`.execute(t.db.kysely);
        rows.push(...r.rows);
      }
      const mismatches = rows
        .map((r) => ({ text: all[Number(r.i)]!, sql: r.f, js: foldText(all[Number(r.i)]!) }))
        .filter((m) => m.sql !== m.js);
      expect(rows).toHaveLength(all.length);
      expect(mismatches).toEqual([]);
    });
  });
