/**
 * Readiness per partner and channel (issue 40 §4): the next-steps report answers, for each tour
 * operator in contract, for each channel it passes photos on to (its setting), what that channel's
 * photo rules refuse of the gallery and why, with the numbers; a photo that may not be passed on
 * counts for none.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { party } from '../../helpers/fixtures/contract-parties.js';
import { accepted } from '../../helpers/fixtures/contracted-operator.js';
import { fillFacts } from '../../helpers/fixtures/published-hotel.js';
import { file, uploaded } from '../../helpers/fixtures/uploaded-photos.js';

import type { Json } from '../../helpers/fixtures/partner-api-access.js';

const image = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`photo rules in readiness (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('says per partner, per channel it uses, which photos, room types and counts fail, and why', async () => {
      const a = await signUp(t);
      const p = (await createProperty(t, a.token, { hotel_name: 'Olive Bay' })).id;
      // One operator passes photos to every channel, one only to GDS.
      const every = await party(t, 'to');
      const gds = await party(t, 'to');
      for (const [op, channels] of [
        [every, ['booking_com', 'expedia', 'gds']],
        [gds, ['gds']],
      ] as const) {
        const set = await t.api('PUT', '/api/settings/photo-channels/edit/', {
          token: op.owner.token,
          body: { channels },
        });
        expect(set.statusCode, set.body).toBe(200);
        await accepted(t, a, op.owner);
      }
      await fillFacts(t, a.token, p);
      const rooms = await t.services.db.kysely
        .selectFrom('fact_rows')
        .select('id')
        .where('property_id', '=', p)
        .where('kind', '=', 'room')
        .orderBy('position')
        .execute();
      const [first, second] = rooms.map((r) => r.id) as [number, number];
      // Room type 1: four photos of 2,880 px (every channel takes them) and four of 300 px (too
      // small for Expedia): eight, one more than a GDS shows per room type. Room type 2: none.
      const big = [];
      for (const colour of ['#113355', '#335511', '#551133', '#aa7733'])
        big.push(file(await image(2880, 1920, colour), `big ${colour}.jpg`));
      await uploaded(t, a.token, p, big, { room: String(first) });
      const small = [];
      for (const colour of ['#123456', '#654321', '#abcdef', '#fedcba'])
        small.push(file(await image(300, 300, colour), `small ${colour}.jpg`));
      await uploaded(t, a.token, p, small, { room: String(first) });
      // Too narrow for Booking.com.
      await uploaded(t, a.token, p, [file(await image(250, 400, '#777777'), 'Narrow lobby.jpg')]);
      // Held back (may not be passed on): would break every rule, counts for none.
      const [held] = await uploaded(t, a.token, p, [file(await image(100, 100, '#000000'), 'held.jpg')], {
        room: String(second),
      });
      const rights = await t.api('PATCH', `/api/facts/property/${p}/gallery/rights/`, {
        token: a.token,
        body: { photos: [held!.id], pass_on: false },
      });
      expect(rights.statusCode, rights.body).toBe(200);

      const res = await t.api('GET', '/api/reports/next-steps/', { token: a.token });
      expect(res.statusCode, res.body).toBe(200);
      const errors = t.services.schemas.check(
        t.services.schemas.validator('next-steps/next-steps.schema.json'),
        'next-steps/next-steps.schema.json',
        res.json(),
      );
      expect(errors, JSON.stringify(errors)).toBeNull();
      const property = (res.json().properties as Json[]).find((x) => x.property === p)!;
      const partner = (id: number) => (property.partners as Json[]).find((x) => x.operator === id)!;
      const byChannel = Object.fromEntries((partner(every.owner.id).photo_rules as Json[]).map((c) => [c.channel, c]));
      expect(Object.keys(byChannel)).toEqual(['booking_com', 'expedia', 'gds']);
      // The GDS-only partner: exactly GDS's verdict, the same one.
      expect(partner(gds.owner.id).photo_rules).toEqual([byChannel.gds]);
      const messages = (key: string) => (byChannel[key].items as Json[]).map((i) => i.message);

      expect(byChannel.booking_com.ready).toBe(false);
      expect(messages('booking_com')).toEqual(['Booking.com: “Narrow lobby”: 250 px wide, at least 300 px needed']);
      expect(byChannel.booking_com.items[0]).toMatchObject({
        kind: 'photo_rules',
        actor: 'hotel',
        count: 1,
        link: `/property/${p}/gallery`,
      });

      const expedia = messages('expedia');
      expect(expedia).toHaveLength(6);
      expect(expedia).toContain('Expedia: “Narrow lobby”: 400 px on the long edge, at least 2,880 px needed');
      expect(expedia.filter((m) => m.endsWith('300 px on the long edge, at least 2,880 px needed'))).toHaveLength(4);
      // The held-back photo of room type 2 does not count: none there.
      expect(expedia.at(-1)).toMatch(/^Expedia: .+: 0 photos pass, at least 4 needed$/);

      expect(messages('gds')).toEqual([expect.stringMatching(/^GDS: .+: 8 photos, at most 7 shown$/)]);

      // In the reader's language (the profile's).
      await t.services.db.kysely.updateTable('users').set({ language: 'es' }).where('id', '=', a.id).execute();
      const es = await t.api('GET', '/api/reports/next-steps/', { token: a.token });
      const esBooking = (es.json().properties as Json[])
        .find((x) => x.property === p)!
        .partners.find((x: Json) => x.operator === every.owner.id).photo_rules[0];
      expect(esBooking.items[0].message).toBe(
        'Booking.com: “Narrow lobby”: 250 px de ancho, se necesitan al menos 300 px',
      );
    });

    it('reads the photos and rooms of a whole portfolio at once, each property judged on its own', async () => {
      const a = await signUp(t);
      const ids: number[] = [];
      for (const name of ['Uno', 'Dos', 'Tres']) {
        const id = (await createProperty(t, a.token, { hotel_name: name })).id;
        await fillFacts(t, a.token, id);
        ids.push(id);
      }
      // One partner passing photos on to Booking.com, in contract for every property of each hotel.
      const contracted = async (hotel: Awaited<ReturnType<typeof signUp>>) => {
        const op = await party(t, 'to');
        const set = await t.api('PUT', '/api/settings/photo-channels/edit/', {
          token: op.owner.token,
          body: { channels: ['booking_com'] },
        });
        expect(set.statusCode, set.body).toBe(200);
        await accepted(t, hotel, op.owner);
      };
      await contracted(a);
      // Only the second property has a photo too narrow for Booking.com.
      await uploaded(t, a.token, ids[0]!, [file(await image(800, 600, '#224466'), 'Pool.jpg')]);
      await uploaded(t, a.token, ids[1]!, [file(await image(250, 400, '#446622'), 'Narrow bar.jpg')]);
      /** The report, and how many times it read the photos and the fact rows (room rows among them). */
      const report = async (token: string) => {
        const db = t.services.db.kysely;
        const spy = vi.spyOn(db, 'selectFrom');
        try {
          const res = await t.api('GET', '/api/reports/next-steps/', { token });
          expect(res.statusCode, res.body).toBe(200);
          const tables = spy.mock.calls.map((c) => String(c[0]));
          return { body: res.json(), photos: tables.filter((x) => x === 'photos').length };
        } finally {
          spy.mockRestore();
        }
      };
      const three = await report(a.token);
      const booking = (id: number) =>
        ((three.body.properties as Json[]).find((x) => x.property === id)!.partners[0].photo_rules as Json[])[0]!;
      expect(booking(ids[0]!)).toMatchObject({ channel: 'booking_com', ready: true, items: [] });
      expect(booking(ids[1]!).items.map((i: Json) => i.message)).toEqual([
        'Booking.com: “Narrow bar”: 250 px wide, at least 300 px needed',
      ]);
      expect(booking(ids[2]!)).toMatchObject({ channel: 'booking_com', ready: true, items: [] });

      // One property alone reads the photos as often as three do: not once per property.
      const b = await signUp(t);
      await contracted(b);
      const alone = (await createProperty(t, b.token, { hotel_name: 'Solo' })).id;
      await fillFacts(t, b.token, alone);
      await uploaded(t, b.token, alone, [file(await image(800, 600, '#664422'), 'Terrace.jpg')]);
      const one = await report(b.token);
      expect(three.photos).toBeGreaterThan(0);
      expect(three.photos).toBe(one.photos);
    });
  });
}
