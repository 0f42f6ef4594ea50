/**
 * Issue 37 §4: every notification and its mail in the recipient's language. Each type is driven
 * through the API (the webhook pause through its listener) for a hotel and an operator whose owners
 * read Russian, an operator member who reads German and a hotel member who reads Persian; the bell
 * line and the mail, received through SMTP, say the Russian (German, Persian) message of the type's
 * key and none of the English message's own words. Names stay as written; section titles, field
 * labels and stop-sale states come in the reader's language too.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { startSmtpInbox, type SmtpInbox } from '../../helpers/smtp-inbox.js';
import { edit, hotelWithProperties, party, propose, type Party } from '../../helpers/fixtures/contract-parties.js';
import { call, change, expectStatus, publish, type Json } from '../../helpers/fixtures/contracted-operator.js';
import { fillFacts, groupWith } from '../../helpers/fixtures/published-hotel.js';
import { file, heldPhotos, png, upload } from '../../helpers/fixtures/uploaded-photos.js';
import { sendForm } from '../../helpers/properties.js';
import { messageWords, readMessages, wordsIn } from '../../../scripts/i18n/messages-catalogue.js';
import { languageInfo, type Language } from '../../../src/shared/i18n/languages.js';
import { STOP_SALE_STATES } from '../../../src/shared/generated/value-lists.js';
import type { MessageKey } from '../../../src/shared/i18n/messages.js';
import { sectionsOf } from '../../../src/server/features/facts/index.js';
import { tellWebhookPaused } from '../../../src/server/features/notifications/webhook-paused.js';
import { scheduleFreshnessReminders } from '../../../src/server/features/next-steps/reminders.js';

const locales = path.resolve(import.meta.dirname, '../../../locales');
const english = readMessages(locales, 'en')!;

/**
 * `text` says `key` in `lang`: the fixed words of its message in that language (and the words of
 * one form of each plural or select), and none of the English message's own words.
 */
function expectSaid(text: string | undefined, lang: Language, key: MessageKey): void {
  const why = `${key} in ${lang}: ${text}`;
  expect(text, why).toBeTruthy();
  const mine = messageWords(readMessages(locales, lang)![key]!, languageInfo(lang).locale);
  const theirs = messageWords(english[key]!, 'en');
  const said = new Set(wordsIn(text!));
  expect(
    [...mine.always].filter((w) => !said.has(w)),
    why,
  ).toEqual([]);
  for (const forms of mine.choices)
    expect(
      forms.some((f) => [...f].every((w) => said.has(w))),
      why,
    ).toBe(true);
  const englishOnly = [...theirs.all].filter((w) => !mine.all.has(w));
  expect(
    englishOnly.filter((w) => said.has(w)),
    why,
  ).toEqual([]);
}

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`notifications and their mails in the reader's language (${dialect})`, () => {
    let t: TestApp;
    let inbox: SmtpInbox;
    let hotel: Party & { properties: number[] };
    let operator: Party;
    let property: number;
    let contract: number;
    let rooms: Json[];

    const setLanguage = (who: Account, language: Language) =>
      t.services.db.kysely.updateTable('users').set({ language }).where('id', '=', who.id).execute();
    /** The latest bell line of a type. */
    const bell = async (who: Account, type: string): Promise<string | undefined> =>
      ((await call(t, who, 'GET', '/api/notification/')).body as unknown as Json[]).find(
        (n) => n.notification_type === type,
      )?.message as string | undefined;
    /** The mails queued so far, sent; the latest to `who`. */
    const lastMail = async (who: Account) => {
      await t.services.jobs.runDue();
      return (await inbox.parsed(who.email)).at(-1);
    };
    /** The mail to `who` says the type's subject and body in `lang`, in the notification mail's own words. */
    const expectMail = async (who: Account, lang: Language, subject: MessageKey, body: MessageKey) => {
      const mail = await lastMail(who);
      expectSaid(mail?.subject, lang, subject);
      expectSaid(mail?.text, lang, body);
      expectSaid(mail?.text, lang, 'mail.notification.body');
    };
    const sectionTitles = (keys: string[]) =>
      sectionsOf(t.services.schemas)
        .filter((s) => keys.includes(s.key))
        .map((s) => s.title);

    beforeAll(async () => {
      inbox = await startSmtpInbox();
      // Sign-up reads its activation link from the test mailbox: every mail goes there and through SMTP.
      t = await startTestApp(dialect, {
        mailer: {
          async send(message) {
            await t.mail.send(message);
            await inbox.mailer.send(message);
          },
        },
      });
      hotel = await hotelWithProperties(t, 1, { name: 'Villa Serena' });
      operator = await party(t, 'to', { name: 'Sirocco Viajes' });
      property = hotel.properties[0]!;
      await fillFacts(t, hotel.owner.token, property);
      // Rooms with names no catalogue holds, so no English word can come from a name.
      const listed = (await call(t, hotel.owner, 'GET', `/api/facts/rooms/${property}/`)).body as unknown as Json[];
      rooms = (await expectStatus(
        await call(
          t,
          hotel.owner,
          'POST',
          `/api/facts/rooms/update/${property}/`,
          listed.map((r, i) => ({ ...r, room_name: `Suite Mar ${i + 1}` })),
        ),
        200,
      )) as unknown as Json[];
      for (const [who, language] of [
        [hotel.owner, 'ru'],
        [hotel.withFlag, 'fa'],
        [operator.owner, 'ru'],
        [operator.withFlag, 'de'],
      ] as const)
        await setLanguage(who, language);
    }, 120_000);
    afterAll(async () => {
      await t.stop();
      await inbox.close();
    });

    it('a contract proposed, countered and accepted: bell and mail of each move', async () => {
      contract = (
        await propose(t, hotel.owner, operator.owner.id, {
          to_edit_facts: 'Y',
          override_moderation: 'M',
          hotel_allows_overrides: true,
          to_sync_ss: 'Y',
          to_add_own_photos: 'O',
        })
      ).id as number;
      expectSaid(await bell(operator.owner, 'partnership_request'), 'ru', 'notification.partnership_request.message');
      expectSaid(
        await bell(operator.withFlag, 'partnership_request'),
        'de',
        'notification.partnership_request.message',
      );
      await expectMail(
        operator.owner,
        'ru',
        'notification.partnership_request.subject',
        'notification.partnership_request.body',
      );

      await expectStatus(await edit(t, operator.owner, contract, { comment: 'Una cosa más' }), 200);
      expectSaid(
        await bell(hotel.owner, 'partnership_change'),
        'ru',
        'notification.partnership_change.countered.message',
      );
      expectSaid(
        await bell(hotel.withFlag, 'partnership_change'),
        'fa',
        'notification.partnership_change.countered.message',
      );
      await expectMail(
        hotel.owner,
        'ru',
        'notification.partnership_change.countered.subject',
        'notification.partnership_change.countered.body',
      );

      await expectStatus(await edit(t, hotel.owner, contract, { status: 'A' }), 200);
      expectSaid(
        await bell(operator.owner, 'partnership_change'),
        'ru',
        'notification.partnership_change.accepted.message',
      );
      expectSaid(
        await bell(operator.withFlag, 'partnership_change'),
        'de',
        'notification.partnership_change.accepted.message',
      );
      await expectMail(
        operator.owner,
        'ru',
        'notification.partnership_change.accepted.subject',
        'notification.partnership_change.accepted.body',
      );
    });

    it('publishing, overrides reviewed, drift, rooms renamed for a mapping operator', async () => {
      await publish(t, hotel.owner.token, property);
      expectSaid(await bell(operator.owner, 'facts_published'), 'ru', 'notification.facts_published.message');
      expectSaid(await bell(operator.withFlag, 'facts_published'), 'de', 'notification.facts_published.message');

      await expectStatus(
        await call(t, operator.owner, 'POST', '/api/partners/override-facts/create/', {
          hotel: property,
          data: { location: { distance_to_shopping: 3, beach_is_private: false } },
        }),
        201,
      );
      expectSaid(await bell(hotel.owner, 'override_pending'), 'ru', 'notification.override_pending.message');
      const pending = (
        await expectStatus(
          await call(t, hotel.owner, 'GET', `/api/partners/override-reviews/?property=${property}`),
          200,
        )
      ).results as Json[];
      const decide = (field: string, decision: string) =>
        call(t, hotel.owner, 'POST', `/api/partners/override-reviews/${pending.find((o) => o.field === field)!.id}/`, {
          decision,
        });
      await expectStatus(await decide('location.distance_to_shopping', 'approve'), 200);
      await expectStatus(await decide('location.beach_is_private', 'reject'), 200);
      for (const [who, lang] of [
        [operator.owner, 'ru'],
        [operator.withFlag, 'de'],
      ] as const) {
        const approved = await bell(who, 'override_approved');
        const rejected = await bell(who, 'override_rejected');
        expectSaid(approved, lang, 'notification.override_approved.message');
        expectSaid(rejected, lang, 'notification.override_rejected.message');
        // The field's label in the reader's language.
        expect(approved).not.toContain('Distance to shopping');
        expect(rejected).not.toContain('Private beach');
      }

      await expectStatus(
        await call(t, operator.owner, 'POST', '/api/tour-operator/mapping/hotel/create/', {
          hotel: property,
          override_code: 'PMI-SER',
          rooms: [{ room: rooms[0]!.id, override_code: 'SM1' }],
        }),
        201,
      );
      await change(t, hotel.owner.token, property, 'location', { distance_to_shopping: 40 });
      await expectStatus(
        await call(t, hotel.owner, 'POST', `/api/facts/rooms/update/${property}/`, [
          { ...rooms[0]!, room_name: 'Suite Aurora' },
        ]),
        200,
      );
      await publish(t, hotel.owner.token, property);
      const titles = sectionTitles(['location', 'room']);
      for (const [who, lang] of [
        [operator.owner, 'ru'],
        [operator.withFlag, 'de'],
      ] as const) {
        const changed = await bell(who, 'facts_changed');
        expectSaid(changed, lang, 'notification.facts_changed.message');
        for (const title of titles) expect(changed).not.toContain(title);
        const drift = await bell(who, 'override_drift');
        expectSaid(drift, lang, 'notification.override_drift.message');
        expect(drift).not.toContain('Distance to shopping');
        const renamed = await bell(who, 'room_changed');
        expectSaid(renamed, lang, 'notification.room_changed.message');
        expectSaid(renamed, lang, 'notification.room_changed.renamed');
        expect(renamed).toContain('Suite Mar 1 → Suite Aurora');
      }
    });

    it('stop-sale days, an own photo waiting and decided, the fact sheet taken and sent', async () => {
      const saved = await call(t, hotel.owner, 'POST', '/api/stop-sale/save/', {
        data: {
          date: '2027-01-01',
          rooms: [
            {
              id: rooms[0]!.id,
              events: ['2027-01-10', '2027-01-11', '2027-01-12'].map((date) => ({ date, color: 2, state: 'create' })),
            },
          ],
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      for (const [who, lang] of [
        [operator.owner, 'ru'],
        [operator.withFlag, 'de'],
      ] as const) {
        const told = await bell(who, 'stop_sale_changed');
        expectSaid(told, lang, 'notification.stop_sale_changed.message');
        expectSaid(told, lang, 'notification.stop_sale_changed.range');
        for (const state of STOP_SALE_STATES) expect(told).not.toContain(state.label);
        expect(told).toContain('2027-01-10');
      }

      const own = await sendForm(t, 'POST', `/api/partners/fact-sheet/${property}/own-photos/`, operator.owner.token, [
        file(await png(), 'Aurora.png', 'image/png'),
      ]);
      expect(own.statusCode, own.body).toBe(201);
      expectSaid(
        await bell(hotel.owner, 'partner_photos_pending'),
        'ru',
        'notification.partner_photos_pending.message',
      );
      const photo = own.json<Json[]>()[0]!;
      await expectStatus(
        await call(t, hotel.owner, 'POST', `/api/facts/property/${property}/partner-photos/${photo.id}/`, {
          decision: 'approve',
        }),
        200,
      );
      expectSaid(
        await bell(operator.owner, 'partner_photos_decided'),
        'ru',
        'notification.partner_photos_decided.approved',
      );
      expectSaid(
        await bell(operator.withFlag, 'partner_photos_decided'),
        'de',
        'notification.partner_photos_decided.approved',
      );

      const pdf = await t.api('GET', `/api/partners/fact-sheet/${property}/pdf/`, { token: operator.owner.token });
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      expectSaid(await bell(hotel.owner, 'fact_sheet_download'), 'ru', 'notification.fact_sheet_download.downloaded');

      const group = await groupWith(t, hotel.owner.token, ['agencia@partner.example'], 'Agencias');
      await expectStatus(await call(t, hotel.owner, 'GET', `/api/facts/send-facts/${group}/sheet/${property}/`), 201);
      await t.services.jobs.runDue();
      expectSaid(await bell(hotel.owner, 'fact_sheet_sent'), 'ru', 'notification.sent.fact_sheet');
    }, 60_000);

    it('a bulk edit, the photo limit near, the Premium plan asked for and granted', async () => {
      await expectStatus(
        await call(t, hotel.owner, 'POST', '/api/facts/bulk-edit/', {
          section: 'main-info',
          values: { check_in_time: '14:00' },
          properties: [property],
        }),
        202,
      );
      await t.services.jobs.runDue();
      const bulk = await bell(hotel.owner, 'bulk_edit_done');
      expectSaid(bulk, 'ru', 'notification.bulk_edit_done.done');
      expectSaid(bulk, 'ru', 'notification.bulk_edit_done.changed');
      for (const title of sectionTitles(['main-info'])) expect(bulk).not.toContain(title);

      await heldPhotos(t, hotel.owner.id, property, 19);
      expect(
        (await upload(t, hotel.owner.token, property, [file(await png(), 'p20.png', 'image/png')])).statusCode,
      ).toBe(201);
      expectSaid(await bell(hotel.owner, 'photo_quota'), 'ru', 'notification.photo_quota.near');

      const staff = await signUp(t);
      await t.services.db.kysely.updateTable('users').set({ is_staff: true }).where('id', '=', staff.id).execute();
      await setLanguage(staff, 'ru');
      await expectStatus(await call(t, hotel.owner, 'POST', '/api/settings/premium/request/', { plan: 'P' }), 201);
      expectSaid(await bell(staff, 'premium-request'), 'ru', 'notification.premium_request.message');
      await expectStatus(await call(t, staff, 'POST', `/api/settings/premium/grant/${hotel.owner.id}/`), 200);
      expectSaid(await bell(hotel.owner, 'premium'), 'ru', 'notification.premium.message');
    });

    it('a webhook endpoint paused: bell and mail, in Russian and in German', async () => {
      const german = await signUp(t, { account_type: 'to' });
      await setLanguage(german, 'de');
      for (const [who, lang] of [
        [hotel.owner, 'ru'],
        [german, 'de'],
      ] as const) {
        await t.services.db.kysely.transaction().execute((trx) =>
          tellWebhookPaused(t.services, trx, {
            id: 1,
            accountId: who.id,
            url: 'https://hooks.example/ananas',
            failures: 5,
            lastError: 'HTTP 503',
          }),
        );
        expectSaid(await bell(who, 'webhook_paused'), lang, 'notification.webhook_paused.message');
        const mail = await lastMail(who);
        expectSaid(mail?.subject, lang, 'notification.webhook_paused.subject');
        expectSaid(mail?.text, lang, 'notification.webhook_paused.body');
        expectSaid(mail?.text, lang, 'notification.webhook_paused.last_error');
        expectSaid(mail?.text, lang, 'mail.notification.why_always');
      }
    });

    it('the contract cancelled with its notice, then sections gone stale', async () => {
      await expectStatus(await edit(t, hotel.owner, contract, { status: 'X' }), 200);
      expectSaid(
        await bell(operator.owner, 'partnership_change'),
        'ru',
        'notification.partnership_change.cancelled.message',
      );
      expectSaid(
        await bell(operator.withFlag, 'partnership_change'),
        'de',
        'notification.partnership_change.cancelled.message',
      );
      await expectMail(
        operator.owner,
        'ru',
        'notification.partnership_change.cancelled.subject',
        'notification.partnership_change.cancelled.body',
      );

      t.clock.advance(200 * 86_400_000);
      await scheduleFreshnessReminders(t.services, t.clock.now());
      await t.services.jobs.runDue();
      // Read where the bell keeps it: 200 days on, the sign-in may be over.
      const stale = (
        await t.services.db.kysely
          .selectFrom('notifications')
          .select('message')
          .where('user_id', '=', hotel.owner.id)
          .where('notification_type', '=', 'facts_stale')
          .executeTakeFirst()
      )?.message;
      expectSaid(stale, 'ru', 'notification.facts_stale.message');
      for (const title of sectionTitles(['main-info', 'location'])) expect(stale).not.toContain(title);
    });
  });
}
