/**
 * Issue 40 §4: a tour operator says which channels it passes its hotels' photos on to (keys of
 * schemas/partner-photo-rules.json, validated), a hotel sees them per operator in contract for a
 * property, and each partner's readiness carries exactly the photo rules of its channels.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { hotelWithProperties, party, type Json } from '../../helpers/fixtures/contract-parties.js';
import { accepted } from '../../helpers/fixtures/contracted-operator.js';
import type { Account } from '../../helpers/accounts.js';
import { PHOTO_CHANNELS } from '../../../src/shared/photo-rules/channels.js';

const setChannels = (t: TestApp, as: Account, channels: unknown) =>
  t.api('PUT', '/api/settings/photo-channels/edit/', { token: as.token, body: { channels } });

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`photo channels (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('none until chosen; stored in the rules file’s order; an unknown or repeated channel is refused', async () => {
      const op = await party(t, 'to');
      const get = () => t.api('GET', '/api/settings/photo-channels/', { token: op.owner.token });
      expect((await get()).json()).toEqual({ channels: [] });

      const set = await setChannels(t, op.owner, ['gds', 'booking_com']);
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toEqual({ channels: ['booking_com', 'gds'] });
      expect((await get()).json()).toEqual({ channels: ['booking_com', 'gds'] });
      // Any member reads them.
      const member = await t.api('GET', '/api/settings/photo-channels/', { token: op.withFlag.token });
      expect(member.json()).toEqual({ channels: ['booking_com', 'gds'] });

      const unknown = await setChannels(t, op.owner, ['expedia', 'instagram']);
      expect(unknown.statusCode).toBe(400);
      // At the refused item (the second).
      expect(unknown.json()).toEqual({
        channels: { 1: ['Not a channel with photo rules: choose one of the channels offered.'] },
      });
      const twice = await setChannels(t, op.owner, ['gds', 'gds']);
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toEqual({ channels: ['Name each channel once.'] });
      expect((await setChannels(t, op.owner, 'gds')).statusCode).toBe(400);
      // Nothing refused was stored.
      expect((await get()).json()).toEqual({ channels: ['booking_com', 'gds'] });

      // Every channel of the rules file is accepted: the one list of channels.
      const all = await setChannels(
        t,
        op.owner,
        PHOTO_CHANNELS.map((c) => c.key),
      );
      expect(all.json()).toEqual({ channels: PHOTO_CHANNELS.map((c) => c.key) });
      expect((await setChannels(t, op.owner, [])).json()).toEqual({ channels: [] });

      // The owner's setting; an operator's, not a hotel's.
      expect((await setChannels(t, op.withFlag, ['gds'])).statusCode).toBe(403);
      const hotel = await party(t, 'accommodation');
      expect((await setChannels(t, hotel.owner, ['gds'])).statusCode).toBe(403);
      expect((await t.api('GET', '/api/settings/photo-channels/', { token: hotel.owner.token })).statusCode).toBe(403);
    });

    it('a hotel sees per operator in contract the channels it uses; others’ properties are 404', async () => {
      const hotel = await hotelWithProperties(t, 1);
      const [property] = hotel.properties as [number];
      const url = `/api/partners/property/${property}/photo-channels/`;
      const read = async (as: Account) => t.api('GET', url, { token: as.token });

      // No contract yet: an empty list, not an error.
      const none = await read(hotel.owner);
      expect(none.statusCode, none.body).toBe(200);
      expect(none.json()).toEqual([]);

      const first = await party(t, 'to');
      const second = await party(t, 'to');
      const outsider = await party(t, 'to');
      await setChannels(t, first.owner, ['expedia']);
      await setChannels(t, outsider.owner, ['gds']);
      await accepted(t, hotel.owner, first.owner);
      await accepted(t, hotel.owner, second.owner);
      const answer = (await read(hotel.owner)).json() as Json[];
      expect(answer).toEqual(
        [
          { operator: first.owner.id, company: first.name, channels: ['expedia'] },
          { operator: second.owner.id, company: second.name, channels: [] },
        ].sort((a, b) => a.operator - b.operator),
      );
      // A member reads it for the properties it is allowed, and no other.
      expect((await read(hotel.withFlag)).statusCode).toBe(404);
      const perms = (
        await t.api('GET', `/api/auth/permissions/${hotel.withFlag.id}/`, { token: hotel.owner.token })
      ).json() as Json;
      const allow = await t.api('PUT', `/api/auth/permissions/update/${perms.id}/`, {
        token: hotel.owner.token,
        body: { user: hotel.withFlag.id, partner_connections: true, properties_allowed: [property] },
      });
      expect(allow.statusCode, allow.body).toBe(200);
      expect((await read(hotel.withFlag)).json()).toEqual(answer);

      // Another hotel's property does not exist for this one; an operator may not ask.
      const other = await hotelWithProperties(t, 1);
      expect((await read(other.owner)).statusCode).toBe(404);
      expect((await read(first.owner)).statusCode).toBe(403);
    });

    it('readiness per partner holds exactly the rules of its channels, and follows the setting', async () => {
      const hotel = await hotelWithProperties(t, 1);
      const [property] = hotel.properties as [number];
      const gdsOnly = await party(t, 'to');
      const silent = await party(t, 'to');
      await setChannels(t, gdsOnly.owner, ['gds']);
      await accepted(t, hotel.owner, gdsOnly.owner);
      await accepted(t, hotel.owner, silent.owner);

      const partners = async (): Promise<Map<number, Json>> => {
        const res = await t.api('GET', '/api/reports/next-steps/', { token: hotel.owner.token });
        expect(res.statusCode, res.body).toBe(200);
        const errors = t.services.schemas.check(
          t.services.schemas.validator('next-steps/next-steps.schema.json'),
          'next-steps/next-steps.schema.json',
          res.json(),
        );
        expect(errors, JSON.stringify(errors)).toBeNull();
        const p = (res.json().properties as Json[]).find((x) => x.property === property)!;
        expect(p).not.toHaveProperty('photo_rules');
        return new Map((p.partners as Json[]).map((x) => [x.operator as number, x]));
      };
      const channels = (x: Json) => (x.photo_rules as Json[]).map((c) => c.channel);

      let now = await partners();
      expect(channels(now.get(gdsOnly.owner.id)!)).toEqual(['gds']);
      expect(channels(now.get(silent.owner.id)!)).toEqual([]);

      // The operator changes its channels: the hotel's report follows.
      await setChannels(t, gdsOnly.owner, ['expedia', 'booking_com']);
      await setChannels(t, silent.owner, ['gds']);
      now = await partners();
      expect(channels(now.get(gdsOnly.owner.id)!)).toEqual(['booking_com', 'expedia']);
      expect(channels(now.get(silent.owner.id)!)).toEqual(['gds']);
      // The operator's own report carries its channels too.
      const mine = await t.api('GET', '/api/reports/operator-next-steps/', { token: gdsOnly.owner.token });
      const own = (mine.json().properties as Json[]).find((x) => x.property === property)!;
      expect(channels((own.partners as Json[])[0]!)).toEqual(['booking_com', 'expedia']);

      await setChannels(t, gdsOnly.owner, []);
      expect(channels((await partners()).get(gdsOnly.owner.id)!)).toEqual([]);
    });
  });
}
