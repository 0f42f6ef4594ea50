/**
 * Documents in every language (issue 25 §5), read back with pdftotext from the demo hotel's sheet
 * (phone +34 971 000 100, 4 stars, restaurants open Tuesday to Saturday): in Persian the phone
 * number, the e-mail and the rating read in reading order, never reversed ("100 000 971 34+",
 * "stars 4"); option values and weekdays, and the country, are in the sheet's language. (Empty
 * columns left out, and the isolates on screen: tests/shared/fact-sheet.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { seedDemo } from '../../../src/server/demo/seed.js';
import { DEMO_ACCOUNTS } from '../../../src/server/demo/accounts.js';
import { DEMO_PROPERTY, DEMO_SECTIONS } from '../../../src/server/demo/hotel.js';
import { issueToken } from '../../../src/server/features/auth/sessions.js';
import { pdfText } from '../../helpers/file-readers.js';

for (const dialect of dialects()) {
  describe(`the demo hotel's sheet in every language (${dialect})`, () => {
    let t: TestApp;
    let token: string;
    let hotel: number;
    const sheet = async (query: string) => {
      const res = await t.api('GET', `/api/facts/download-facts/${hotel}/${query}`, { token });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(201);
      return pdfText(res.rawPayload);
    };

    beforeAll(async () => {
      t = await startTestApp(dialect);
      await seedDemo(t.services);
      const db = t.services.db.kysely;
      const owner = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_ACCOUNTS.hotel.email)
        .executeTakeFirstOrThrow();
      hotel = (
        await db
          .selectFrom('properties')
          .select('id')
          .where('account_id', '=', owner.id)
          .where('hotel_name', '=', DEMO_PROPERTY.hotel_name)
          .executeTakeFirstOrThrow()
      ).id;
      token = (await issueToken(t.services, owner.id, {})).token;
    }, 120_000);
    afterAll(() => t.stop());

    it('prints the phone number, e-mail and rating of a Persian sheet in reading order', async () => {
      const main = DEMO_SECTIONS['main-info']!;
      expect(main.phone).toBe('+34 971 000 100');
      expect(main.rating).toBe(4);
      for (const layout of ['', 'F', 'G', 'S']) {
        const fa = await sheet(`?language=fa&layout=${layout}`);
        expect(fa, layout).toContain('+34 971 000 100');
        expect(fa, layout).not.toContain('100 000 971');
        // An e-mail has a line of its own where a half line is too short for it (a narrow card may still wrap it).
        if (layout !== 'G') expect(fa, layout).toContain(main.email as string);
        // The rating in Persian, its number before its word (pdftotext may move the space, or the
        // label's colon, between them: it places neutral characters beside right-to-left runs loosely).
        expect(fa, layout).toMatch(/۴\s*:?ستاره/);
        expect(fa, layout).not.toMatch(/ستاره\s*۴/);
        expect(fa, layout).toContain('درجه'); // "Rating" (درجه هتل)
      }
    });

    it('shows option values, weekdays and the country in the sheet’s language', async () => {
      const fa = await sheet('?language=fa');
      expect(fa).toContain('جمعه'); // Friday: the restaurants' opening days
      expect(fa).not.toContain('Friday');
      expect(fa).toContain('اسپانیا'); // Spain
      const es = await sheet('?language=es');
      expect(es).toContain('4 estrellas');
      expect(es).toContain('viernes');
      expect(es).toContain('Palma, España');
      expect(es).not.toContain('Friday');
      const ru = await sheet('?language=ru');
      expect(ru).toContain('4 звезды');
      expect(ru).toContain('пятница');
      expect(ru).toContain('Испания');
      // German, the fifth language, in each layout: its words, never the English ones.
      for (const layout of ['', 'F', 'R', 'G', 'S']) {
        const de = await sheet(`?language=de&layout=${layout}`);
        expect(de, layout).toContain('4 Sterne');
        expect(de, layout).toContain('Spanien');
        expect(de, layout).not.toMatch(/Friday|Fact sheet|4 stars|Spain\b|Yes\b/i);
      }
      expect(await sheet('?language=de')).toContain('Freitag');
      const en = await sheet('?language=en');
      expect(en).toContain('4 stars');
      expect(en).toContain('Friday');
      expect(en).toContain('Palma, Spain');
    });
  });
}
