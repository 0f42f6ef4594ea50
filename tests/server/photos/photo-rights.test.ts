/**
 * Photo rights (issue 40 §3): a photo the hotel may not pass on, and one whose licence ended
 * yesterday, never leave the account (partner API JSON and OTA XML, the photo zip, the widget),
 * while a passable one does, with the credit its CC BY licence requires; the gallery marks the
 * held-back ones with their reason, the hotel's own PDF keeps them with a caption saying why, and
 * the operator's PDF and export zip never hold them. The bulk edit of rights is all or nothing;
 * rights that contradict themselves are refused; the hotel is reminded before a licence ends.
 * Both databases.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signIn, signUp } from '../../helpers/accounts.js';
import { accepted } from '../../helpers/fixtures/contracted-operator.js';
import { photosNamed, publishedHotel } from '../../helpers/fixtures/published-hotel.js';
import { apiKey, partner, publishNow, whitelist, type Json } from '../../helpers/fixtures/partner-api-access.js';
import { formatDate } from '../../../src/shared/i18n/format.js';
import { pdfText, zipEntry, zipNames } from '../../helpers/file-readers.js';
import { scheduleFreshnessReminders } from '../../../src/server/features/next-steps/reminders.js';

const SITE = 'https://hotel.example';
const day = (d: Date) => d.toISOString().slice(0, 10);

for (const dialect of dialects()) {
  describe(`photo rights (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());
    const toldOf = (userId: number) =>
      t.services.db.kysely
        .selectFrom('notifications')
        .select(['message', 'link'])
        .where('notification_type', '=', 'photo_licence_ending')
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    const run = async () => {
      await scheduleFreshnessReminders(t.services, t.clock.now());
      await t.services.jobs.runDue();
    };

    it('keeps photos not to be passed on, or whose licence ended, out of every route that sends photos out', async () => {
      const hotel = await signUp(t);
      const op = await signUp(t, { account_type: 'to' });
      const property = await publishedHotel(t, hotel.token, 'Hotel Rights');
      const [passable, privateOne, ended] = await photosNamed(t, hotel.token, property, [
        'Pool',
        'Hidden Cove',
        'Lapsed Terrace',
      ]);
      const edit = (id: number, body: Json) =>
        t.api('PATCH', `/api/facts/property/gallery/${property}/${id}/update/`, { token: hotel.token, body });
      const today = t.services.clock.now();
      const yesterday = day(new Date(today.getTime() - 86_400_000));
      expect((await edit(passable!, { credit: 'Ana Ruiz', licence: 'CC BY' })).statusCode).toBe(200);
      expect((await edit(privateOne!, { credit: 'Studio X', licence: 'own', pass_on: false })).statusCode).toBe(200);
      const endedRes = await edit(ended!, { licence: 'licensed', licence_holder: 'Agency', licence_ends: yesterday });
      expect(endedRes.statusCode, endedRes.body).toBe(200);

      // The gallery marks each held-back photo with its reason.
      const gallery = (
        await t.api('GET', `/api/facts/property/${property}/gallery/`, { token: hotel.token })
      ).json() as Json[];
      const mark = new Map(gallery.map((p) => [p.id as number, p.held_back]));
      expect(mark.get(passable!)).toBeNull();
      expect(mark.get(privateOne!)).toBe('not-passed-on');
      expect(mark.get(ended!)).toBe('licence-ended');
      expect(gallery.find((p) => p.id === passable)!.attribution).toBe('© Ana Ruiz (CC BY)');
      expect(gallery.find((p) => p.id === ended)!.licence_holder).toBe('Agency');

      // The hotel's own PDF keeps the held-back photos, each caption saying so and why.
      const ownPdf = pdfText(
        (await t.api('GET', `/api/facts/download-facts/${property}/?language=en`, { token: hotel.token })).rawPayload,
      );
      expect(ownPdf).toContain('Hidden Cove · Held back: not passed on to partners');
      expect(ownPdf).toContain(`Lapsed Terrace · Held back: licence ended on ${formatDate('en', yesterday)}`);
      expect(ownPdf).not.toMatch(/Pool[^·]*· © Ana Ruiz \(CC BY\) · Held back/);

      await accepted(t, hotel, op);
      await publishNow(t, property, hotel.id);
      const key = (await apiKey(t, op)).token as string;

      // Partner API: photo list, each photo's image, OTA multimedia (the property payload that lists photos).
      const list = await partner(t, key, `/api/v1/properties/${property}/photos/`);
      expect(list.statusCode, list.body).toBe(200);
      const listed = list.json() as Json[];
      expect(listed.map((p) => p.id)).toEqual([passable]);
      expect(listed[0]).toMatchObject({ credit: 'Ana Ruiz', attribution: '© Ana Ruiz (CC BY)' });
      for (const held of [privateOne, ended])
        expect((await partner(t, key, `/api/v1/properties/${property}/photos/${held}/display/`)).statusCode).toBe(404);
      expect((await partner(t, key, `/api/v1/properties/${property}/photos/${passable}/display/`)).statusCode).toBe(
        200,
      );
      const ota = await partner(t, key, `/api/v1/properties/${property}/facts/ota/`);
      expect(ota.statusCode, ota.body).toBe(200);
      const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(ota.body) as Json;
      const items = JSON.stringify(parsed);
      expect(items).toContain(`"ContentID":"${passable}"`);
      expect(items).not.toContain(`"ContentID":"${privateOne}"`);
      expect(items).not.toContain(`"ContentID":"${ended}"`);
      expect(items).toContain('"CopyrightNotice":"© Ana Ruiz (CC BY)"');
      expect(items).toContain('"Author":"Ana Ruiz"');

      // The operator's PDF of the sheet: the passable photo with its credit, no held-back one (the
      // hotel's own PDF above printed them all).
      expect(ownPdf).toContain('Hidden Cove');
      const opPdf = await t.api('GET', `/api/partners/fact-sheet/${property}/pdf/?language=en`, { token: op.token });
      expect(opPdf.statusCode).toBe(200);
      const opText = pdfText(opPdf.rawPayload);
      expect(opText).toContain('Pool · © Ana Ruiz (CC BY)');
      for (const word of ['Hidden Cove', 'Lapsed Terrace', 'Held back']) expect(opText).not.toContain(word);

      // The operator's export zip (PDF and photos): the same.
      const exp = await t.api('POST', '/api/tour-operator/exports/', {
        token: op.token,
        body: { hotels: [property], contents: ['pdf', 'photos'] },
      });
      expect(exp.statusCode, exp.body).toBe(201);
      await t.services.jobs.runDue();
      const exportZip = await t.api('GET', `/api/tour-operator/exports/${exp.json<{ id: number }>().id}/download/`, {
        token: op.token,
      });
      expect(exportZip.statusCode, exportZip.body).toBe(200);
      const names = zipNames(exportZip.rawPayload);
      expect(names.filter((n) => /\.jpe?g$/i.test(n)).map((n) => n.split('/').pop())).toEqual(['1-Pool.jpg']);
      const zippedPdf = names.find((n) => n.endsWith('.pdf'))!;
      const zippedText = pdfText(zipEntry(exportZip.rawPayload, zippedPdf));
      expect(zippedText).toContain('Pool · © Ana Ruiz (CC BY)');
      for (const word of ['Hidden Cove', 'Lapsed Terrace', 'Held back']) expect(zippedText).not.toContain(word);

      // The photo zip (downloaded, or opened from a mailed link) holds the passable one only.
      const zip = await t.api('GET', `/api/facts/download-photos/${property}/`, { token: hotel.token });
      expect(zip.statusCode).toBe(201);
      expect(zipNames(zip.rawPayload)).toEqual(['1-Pool.jpg']);

      // The widget shows and serves the passable one only.
      await whitelist(t, hotel, SITE);
      const widget = await t.api('POST', '/api/settings/widget/create/', {
        token: hotel.token,
        body: { hotel: property },
      });
      expect(widget.statusCode, widget.body).toBe(201);
      const token = widget.json().token as string;
      const content = (await t.api('GET', `/api/widget/${token}/`, { headers: { origin: SITE } })).json() as Json;
      expect((content.photos as Json[]).map((p) => p.id)).toEqual([passable]);
      for (const held of [privateOne, ended])
        expect((await t.api('GET', `/api/widget/${token}/photos/${held}/`)).statusCode).toBe(404);

      // Taken from a holder until today instead, a day later its licence has ended too: it goes from every list.
      const until = await edit(passable!, {
        licence: 'licensed',
        licence_holder: 'Ana Ruiz',
        licence_ends: day(today),
      });
      expect(until.statusCode, until.body).toBe(200);
      t.clock.advance(86_400_000);
      expect(
        ((await partner(t, key, `/api/v1/properties/${property}/photos/`)).json() as Json[]).map((p) => p.id),
      ).toEqual([]);
    });

    it('sets the rights of several photos at once, and of none when one is not of the property', async () => {
      const hotel = await signUp(t);
      const property = await publishedHotel(t, hotel.token, 'Hotel Bulk');
      const other = await publishedHotel(t, hotel.token, 'Hotel Other');
      const ids = await photosNamed(t, hotel.token, property, ['A', 'B', 'C']);
      const [foreign] = await photosNamed(t, hotel.token, other, ['Elsewhere']);
      const rights = (body: Json) =>
        t.api('PATCH', `/api/facts/property/${property}/gallery/rights/`, { token: hotel.token, body });
      const gallery = async () =>
        (await t.api('GET', `/api/facts/property/${property}/gallery/`, { token: hotel.token })).json() as Json[];

      const refused = await rights({ photos: [ids[0], foreign], credit: 'Nobody', pass_on: false });
      expect(refused.statusCode).toBe(400);
      for (const p of await gallery()) expect(p).toMatchObject({ credit: null, pass_on: true });

      const done = await rights({ photos: [ids[0], ids[2]], credit: 'Ana Ruiz', licence: 'CC BY-SA', pass_on: false });
      expect(done.statusCode, done.body).toBe(200);
      const after = new Map((await gallery()).map((p) => [p.id as number, p]));
      for (const id of [ids[0]!, ids[2]!])
        expect(after.get(id)).toMatchObject({
          credit: 'Ana Ruiz',
          licence: 'CC BY-SA',
          pass_on: false,
          held_back: 'not-passed-on',
        });
      expect(after.get(ids[1]!)).toMatchObject({ credit: null, licence: null, pass_on: true, held_back: null });
    });

    it('refuses rights that contradict themselves, of one photo or several, and changes nothing', async () => {
      const hotel = await signUp(t);
      const property = await publishedHotel(t, hotel.token, 'Hotel Rules');
      const ids = await photosNamed(t, hotel.token, property, ['A', 'B']);
      const edit = (id: number, body: Json) =>
        t.api('PATCH', `/api/facts/property/gallery/${property}/${id}/update/`, { token: hotel.token, body });
      const rights = (body: Json) =>
        t.api('PATCH', `/api/facts/property/${property}/gallery/rights/`, { token: hotel.token, body });
      const gallery = async () =>
        (await t.api('GET', `/api/facts/property/${property}/gallery/`, { token: hotel.token })).json() as Json[];
      const refusal = async (res: Awaited<ReturnType<typeof edit>>, field: string, words: string) => {
        expect(res.statusCode, res.body).toBe(400);
        expect(((res.json() as Json)[field] as string[]).join(' ')).toContain(words);
      };

      // Licensed from nobody (blank or spaces), a CC BY licence without a credit, an own photo or CC0 that "ends".
      await refusal(await edit(ids[0]!, { licence: 'licensed' }), 'licence_holder', 'licensed from');
      await refusal(
        await edit(ids[0]!, { licence: 'licensed', licence_holder: '  ' }),
        'licence_holder',
        'licensed from',
      );
      for (const licence of ['CC BY', 'CC BY-NC-ND'])
        await refusal(await edit(ids[0]!, { licence, credit: ' \t' }), 'credit', 'credited');
      for (const licence of ['own', 'CC0', 'CC BY-SA'])
        await refusal(
          await edit(ids[0]!, { licence, credit: 'Ana', licence_ends: '2030-01-01' }),
          'licence_ends',
          'does not end',
        );
      // Several photos: one without a credit refuses the edit of all, naming it.
      expect((await edit(ids[1]!, { credit: 'Ana Ruiz' })).statusCode).toBe(200);
      const bulk = await rights({ photos: ids, licence: 'CC BY' });
      await refusal(bulk, 'credit', `Photos: ${ids[0]}.`);
      for (const p of await gallery())
        expect(p).toMatchObject({ licence: null, licence_holder: null, licence_ends: null });

      // What the rules allow: a licence from a holder until a day; a change to a licence that does not
      // end drops the end date; a CC BY licence for photos that all have a credit.
      const held = await edit(ids[0]!, { licence: 'licensed', licence_holder: 'Agency', licence_ends: '2030-01-01' });
      expect(held.statusCode, held.body).toBe(200);
      expect((await edit(ids[0]!, { licence: 'own' })).json()).toMatchObject({
        licence_holder: null,
        licence_ends: null,
      });
      const credited = await rights({ photos: ids, licence: 'CC BY-SA', credit: 'Studio X' });
      expect(credited.statusCode, credited.body).toBe(200);
    });

    it('says its refusals in the language the request asks for (Accept-Language), English when none', async () => {
      const hotel = await signUp(t);
      const property = await publishedHotel(t, hotel.token, 'Hotel Idiomas');
      const other = await publishedHotel(t, hotel.token, 'Hotel Otro');
      const ids = await photosNamed(t, hotel.token, property, ['A', 'B']);
      const [foreign] = await photosNamed(t, hotel.token, other, ['Elsewhere']);
      const asked = (language: string | null, method: string, url: string, body: Json) =>
        t.api(method, url, {
          token: hotel.token,
          body,
          headers: language ? { 'accept-language': language } : {},
        });
      const edit = (language: string | null, body: Json) =>
        asked(language, 'PATCH', `/api/facts/property/gallery/${property}/${ids[0]}/update/`, body);
      const rights = (language: string | null, body: Json) =>
        asked(language, 'PATCH', `/api/facts/property/${property}/gallery/rights/`, body);
      const said = (res: Awaited<ReturnType<typeof edit>>) => {
        expect(res.statusCode, res.body).toBe(400);
        return res.json() as Record<string, string[]>;
      };

      const holder = { licence: 'licensed' };
      expect(said(await edit('es-ES,es;q=0.9', holder))).toEqual({
        licence_holder: ['Indique de quién tiene la licencia de la foto (la licencia es «Licenciada por un titular»).'],
      });
      expect(said(await edit(null, holder))).toEqual({
        licence_holder: ['Say whom the photo is licensed from (the licence is "Licensed from a holder").'],
      });
      // Several photos: the problem and the photos it concerns; a photo of another property.
      expect(said(await rights('ru', { photos: ids, licence: 'own', licence_ends: '2030-01-01' }))).toEqual({
        licence_ends: [
          `Эта лицензия бессрочна (собственное фото или лицензия Creative Commons): оставьте дату окончания пустой. Фото: ${ids[0]}, ${ids[1]}. Ничего не изменено.`,
        ],
      });
      expect(said(await rights('de', { photos: [ids[0], foreign], pass_on: false }))).toEqual({
        photos: [`Keine Fotos dieser Unterkunft: ${foreign}. Es wurde nichts geändert.`],
      });
      expect(said(await rights(null, { photos: [ids[0], foreign], pass_on: false }))).toEqual({
        photos: [`Not photos of this property: ${foreign}. Nothing was changed.`],
      });
    });

    it('reminds the hotel a month and a week before a licence ends, once each, of the photos still passed on', async () => {
      const hotel = await signUp(t);
      const property = await publishedHotel(t, hotel.token, 'Hotel Reminder');
      const [pool, spa, privateOne] = await photosNamed(t, hotel.token, property, ['Pool', 'Spa', 'Private']);
      const now = t.clock.now().getTime();
      const inDays = (n: number) => day(new Date(now + n * 86_400_000));
      const edit = (id: number, body: Json) =>
        t.api('PATCH', `/api/facts/property/gallery/${property}/${id}/update/`, { token: hotel.token, body });
      for (const [id, body] of [
        [pool, { licence: 'licensed', licence_holder: 'Agency', licence_ends: inDays(30) }],
        [spa, { licence: 'licensed', licence_holder: 'Agency', licence_ends: inDays(35) }],
        [privateOne, { licence: 'licensed', licence_holder: 'Agency', licence_ends: inDays(30), pass_on: false }],
      ] as const)
        expect((await edit(id!, body)).statusCode).toBe(200);
      await t.services.jobs.runDue();
      const told = () => toldOf(hotel.id);

      // A month before the pool's licence ends: told of it (not of the photo that is not passed on anyway).
      await run();
      const first = await told();
      expect(first).toHaveLength(1);
      expect(first[0]!.link).toBe(`/property-photos/${property}`);
      expect(first[0]!.message).toContain(
        `Hotel Reminder: a photo’s licence ends soon: Pool (last day ${formatDate('en', inDays(30))}, in 30 days).`,
      );
      expect(first[0]!.message).not.toContain('Private');
      // A second run the same day, and the next day: nothing new. Five days on (an overdue run beside
      // the day's own), the spa's is a month away: told once.
      await run();
      t.clock.advance(86_400_000);
      await run();
      expect(await told()).toHaveLength(1);
      t.clock.advance(4 * 86_400_000);
      await run();
      const later = await told();
      expect(later).toHaveLength(2);
      expect(later[1]!.message).toContain(`: Spa (last day ${formatDate('en', inDays(35))}, in 30 days).`);
      // A week before the pool's last day: told once more, of the pool only.
      t.clock.advance(18 * 86_400_000);
      await run();
      await run();
      const week = await told();
      expect(week).toHaveLength(3);
      expect(week[2]!.message).toContain(`: Pool (last day ${formatDate('en', inDays(30))}, in 7 days).`);
    });

    it('sends a reminder whose day no run saw with the next run, once; a renewed licence is reminded of again', async () => {
      const hotel = await signUp(t);
      const property = await publishedHotel(t, hotel.token, 'Hotel Catch-up');
      const [pool, spa, garden] = await photosNamed(t, hotel.token, property, ['Pool', 'Spa', 'Garden']);
      const now = t.clock.now().getTime();
      const inDays = (n: number) => day(new Date(now + n * 86_400_000));
      const edit = (id: number, body: Json) =>
        t.api('PATCH', `/api/facts/property/gallery/${property}/${id}/update/`, { token: hotel.token, body });
      for (const [id, ends] of [
        [pool, inDays(32)],
        [spa, inDays(37)],
        [garden, inDays(11)],
      ] as const)
        expect(
          (await edit(id!, { licence: 'licensed', licence_holder: 'Agency', licence_ends: ends })).statusCode,
        ).toBe(200);
      const told = () => toldOf(hotel.id);

      // No server up for eight days: the pool's and the spa's month reminders (days 2 and 7) and the
      // garden's (already due on day 0) and week reminders (day 4) were never sent. The first run after
      // sends each photo's latest reminder in one notification: the garden's week, not its month too.
      t.clock.advance(8 * 86_400_000);
      await run();
      const caught = await told();
      expect(caught).toHaveLength(1);
      expect(caught[0]!.message).toContain(
        `Hotel Catch-up: photos’ licences end soon: Pool (last day ${formatDate('en', inDays(32))}, in 24 days), ` +
          `Spa (last day ${formatDate('en', inDays(37))}, in 29 days), ` +
          `Garden (last day ${formatDate('en', inDays(11))}, in 3 days).`,
      );
      // Never twice: the same day again, the next days, up to the garden's last day and after it.
      await run();
      for (let i = 0; i < 4; i++) {
        t.clock.advance(86_400_000);
        await run();
      }
      expect(await told()).toHaveLength(1);
      // The pool's week (day 25), missed too: sent on day 27, of the pool only.
      t.clock.advance(15 * 86_400_000);
      await run();
      const week = await told();
      expect(week).toHaveLength(2);
      expect(week[1]!.message).toContain(`: Pool (last day ${formatDate('en', inDays(32))}, in 5 days).`);
      // Renewed for two months (signed in anew: the token of four weeks ago has lapsed): its month
      // reminder comes again for the new last day, once.
      const token = await signIn(t, hotel.email);
      const renew = await t.api('PATCH', `/api/facts/property/gallery/${property}/${pool}/update/`, {
        token,
        body: { licence_ends: inDays(27 + 60) },
      });
      expect(renew.statusCode, renew.body).toBe(200);
      await run();
      expect(await told()).toHaveLength(2);
      t.clock.advance(30 * 86_400_000);
      await run();
      await run();
      const renewed = await told();
      expect(renewed).toHaveLength(3);
      expect(renewed[2]!.message).toContain(`: Pool (last day ${formatDate('en', inDays(87))}, in 30 days).`);
    });
  });
}
