/**
 * Issue 37, the server's words in every language: account mails received through a real SMTP
 * server in the recipient's profile language (Russian, Persian), a notification in German, the
 * availability-chart PDF read back with pdftotext in each language, and the options call in each
 * language with at most 3 % of its labels left in English (the options report's logic: words a
 * language writes like English count only when no reader checked them; names, codes and numbers
 * are no English).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { tell } from '../../../src/server/features/notifications/index.js';
import { t as words } from '../../../src/server/i18n/index.js';
import { LANGUAGE_CODES } from '../../../src/shared/i18n/languages.js';
import { optionsReport } from '../../../scripts/i18n/options-report.js';
import { pdfText } from '../../helpers/file-readers.js';
import { startSmtpInbox, type SmtpInbox } from '../../helpers/smtp-inbox.js';

const root = path.resolve(import.meta.dirname, '../../..');

describe('account mails in the recipient’s language, through SMTP', () => {
  let inbox: SmtpInbox;
  let t: TestApp;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await startTestApp('sqlite', { mailer: inbox.mailer });
  }, 60_000);
  afterAll(async () => {
    await t.stop();
    await inbox.close();
  });

  it.each([
    ['ru', 'Активируйте учётную запись Ananas', /Здравствуйте, Ольга!/, /Ссылка действует 3 дня/],
    ['fa', 'حساب Ananas خود را فعال کنید', /Ольга عزیز، سلام،/, /۳ روز معتبر است/],
  ])('mails the activation in %s when the profile says so', async (language, subject, greeting, validity) => {
    const email = `mail-${language}@example.com`;
    const res = await t.api('POST', '/api/auth/users/', {
      body: {
        email,
        password: 'Correct-Horse-42',
        re_password: 'Correct-Horse-42',
        account_type: 'accommodation',
        first_name: 'Ольга',
        last_name: 'P',
        language,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    await expect.poll(() => inbox.received.some((m) => m.to === email)).toBe(true);
    const [mail] = await inbox.parsed(email);
    expect(mail!.subject).toBe(subject);
    expect(mail!.text).toMatch(greeting);
    expect(mail!.text).toMatch(validity);
    expect(mail!.text).toMatch(/\/auth\/activate\/[^/\s]+\/[^/\s]+/);
    expect(mail!.text).not.toMatch(/Hello|Open this link|The link works/);
  });
});

for (const dialect of dialects()) {
  describe(`the server's words in each language (${dialect})`, () => {
    let t: TestApp;
    let owner: Account;
    let hotel: number;
    const setLanguage = (id: number, language: string) =>
      t.services.db.kysely.updateTable('users').set({ language }).where('id', '=', id).execute();

    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await signUp(t);
      hotel = (await createProperty(t, owner.token, { hotel_name: 'Hotel Calendario' })).id;
      const rooms = await t.api('POST', `/api/facts/rooms/update/${hotel}/`, {
        token: owner.token,
        body: [{ id: 0, room_name: 'Suite Mar', room_name_type: 'double room', room_view: 'Sea view' }],
      });
      expect(rooms.statusCode, rooms.body).toBe(200);
      const room = rooms.json<{ id: number }[]>()[0]!.id;
      const events = [0, 1, 2, 3, 4].map((color) => ({ date: `2026-12-0${color + 1}`, color, state: 'create' }));
      const saved = await t.api('POST', '/api/stop-sale/save/', {
        token: owner.token,
        body: { data: { date: '2026-12-01', rooms: [{ id: room, events }] } },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }, 120_000);
    afterAll(() => t.stop());

    it('tells a German reader in German', async () => {
      await setLanguage(owner.id, 'de');
      await t.services.db.kysely.transaction().execute((trx) =>
        tell(t.services, trx, {
          type: 'fact_sheet_sent',
          accountId: owner.id,
          propertyId: hotel,
          message: (lang) =>
            words(lang, 'notification.sent.fact_sheet', {
              hotel: 'Hotel Calendario',
              sent: 2,
              total: 3,
              group: 'Agenten',
            }),
          link: '/exportcentre',
        }),
      );
      const list = await t.api('GET', '/api/notification/', { token: owner.token });
      expect(list.statusCode, list.body).toBe(200);
      const messages = list.json<{ message: string }[]>().map((n) => n.message);
      expect(messages).toContain('Das Datenblatt von Hotel Calendario hat 2 von 3 Kontakten aus „Agenten“ erreicht');
      await setLanguage(owner.id, 'en');
    });

    it('prints the availability chart in each language, no English label left', async () => {
      const expected: Record<string, string[]> = {
        en: ['Availability', 'December 2026', 'Room', 'Stop Sale'],
        es: ['Disponibilidad', 'diciembre de 2026', 'Habitación'],
        ru: ['Наличие мест', 'декабрь 2026', 'Номер'],
        fa: ['وضعیت موجودی', 'اتاق'],
        de: ['Verfügbarkeit', 'Dezember 2026', 'Zimmer', 'Verkaufsstopp'],
      };
      expect(Object.keys(expected).sort()).toEqual([...LANGUAGE_CODES].sort());
      for (const language of LANGUAGE_CODES) {
        await setLanguage(owner.id, language);
        const res = await t.api('GET', `/api/stop-sale/pdf/${hotel}/?date=2026-12-01`, { token: owner.token });
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
        const text = pdfText(res.rawPayload);
        for (const word of expected[language]!) expect(text, language).toContain(word);
        expect(text, language).toContain('Hotel Calendario');
        if (language !== 'en') expect(text, language).not.toMatch(/Availability|December|\bRoom\b|Stop Sale|Free Sale/);
      }
      await setLanguage(owner.id, 'en');
    });

    it('answers the option lists in each language with at most 3 % left in English', async () => {
      const report = new Map(optionsReport(root).map((r) => [r.language, r]));
      type Lists = { category: string; options: { value: string; text: string }[] }[];
      const ask = async (language: string): Promise<Lists> => {
        const all: Lists = [];
        for (const head of ['Facts', 'Account', 'Contracts']) {
          const res = await t.api('POST', '/api/external/ops/options/', { body: { head, language } });
          expect(res.statusCode, res.body).toBe(200);
          all.push(...res.json<Lists>());
        }
        return all;
      };
      const english = new Map(
        (await ask('EN')).flatMap((l) => l.options.map((o) => [`${l.category}/${o.value}`, o.text])),
      );
      for (const language of LANGUAGE_CODES.filter((l) => l !== 'en')) {
        // The report's verdict on each label identical to English: no words, a name or code, or a reviewed word.
        const notEnglish = new Set(
          report
            .get(language)!
            .identical.filter((i) => i.kind !== 'same as English here' || i.reviewed)
            .map((i) => `${i.category}/${i.value}`),
        );
        const lists = await ask(language.toUpperCase());
        let total = 0;
        const left: string[] = [];
        for (const l of lists)
          for (const o of l.options) {
            total++;
            const key = `${l.category}/${o.value}`;
            const same = o.text.trim().toLowerCase() === english.get(key)?.trim().toLowerCase();
            if (same && !notEnglish.has(key)) left.push(key);
          }
        expect(total, language).toBeGreaterThan(1000);
        expect(left.length / total, `${language}: ${left.slice(0, 20).join(', ')}`).toBeLessThanOrEqual(0.03);
      }
    });
  });
}
