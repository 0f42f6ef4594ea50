/**
 * Two companies of one name (issue 38 §2): the directory's rows carry what tells them apart (the
 * moderators' verified mark, country and city, how many properties), and the sign-up's public
 * name check answers only whether a name is taken, however it is typed, and only so often.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp } from '../../helpers/accounts.js';
import { call, expectStatus, hotelWithProperties, party, type Json } from '../../helpers/fixtures/contract-parties.js';
import { NAME_CHECKS_PER_MINUTE } from '../../../src/server/features/settings/company-name.js';

const check = (t: TestApp, company: string, ip = '203.0.113.7') =>
  t.api('POST', '/api/auth/company-name-taken/', { body: { company }, ip });

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`companies of one name (${dialect})`, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('the directory row tells two same-named hotels apart: verified mark, country and city, property count', async () => {
      const first = await hotelWithProperties(t, 3, { name: 'Casa Limonaia', country: 'IT', city: 'Amalfi' });
      const second = await hotelWithProperties(t, 1, { name: 'Casa Limonaia', country: 'ES', city: 'Palma' });
      // The moderators' mark (users.genuine: no API sets it but the staff's tools).
      await t.services.db.kysely.updateTable('users').set({ genuine: true }).where('id', '=', first.owner.id).execute();
      const operator = await party(t, 'to');
      const page = await expectStatus(
        await call(t, operator.owner, 'POST', '/api/partners/', { search: 'casa limonaia' }),
        200,
      );
      const rows = page.results as Json[];
      expect(rows.map((r) => r.name)).toEqual(['Casa Limonaia', 'Casa Limonaia']);
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(first.owner.id)).toMatchObject({
        country: 'IT',
        city: 'Amalfi',
        property_count: 3,
        company: { genuine: true },
      });
      expect(byId.get(second.owner.id)).toMatchObject({
        country: 'ES',
        city: 'Palma',
        property_count: 1,
        company: { genuine: false },
      });
    });

    it('answers whether a name is taken, with no account, however the case and spaces are typed', async () => {
      await signUp(t, { company: 'Hotel Sol y Mar' });
      for (const typed of ['Hotel Sol y Mar', '  hotel   SOL y mar ', 'HÔTEL Sol-y-Mar'])
        expect((await check(t, typed)).json(), typed).toEqual({ taken: true });
      for (const other of ['Hotel Sol', 'Sol y Mar', 'Hotel Sol y Mar Palma', '', '  ', '---'])
        expect((await check(t, other)).json(), other).toEqual({ taken: false });
      // Nothing but the yes or no: no account, id or e-mail of the company that holds the name.
      const res = await check(t, 'hotel sol y mar');
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json())).toEqual(['taken']);
    });

    it('leaves out a deactivated account, and finds a name a company took in its details', async () => {
      const gone = await signUp(t, { company: 'Old Harbour Inn' });
      await t.services.db.kysely
        .updateTable('users')
        .set({ is_active: false, deactivated_at: t.clock.now().toISOString() })
        .where('id', '=', gone.id)
        .execute();
      expect((await check(t, 'old harbour inn')).json()).toEqual({ taken: false });
      await party(t, 'to', { name: 'Ruta Azul Viajes' });
      expect((await check(t, 'ruta azul viajes')).json()).toEqual({ taken: true });
    });

    it(`takes ${NAME_CHECKS_PER_MINUTE} checks a minute from one address, then 429 with Retry-After`, async () => {
      const ip = '198.51.100.9';
      for (let i = 0; i < NAME_CHECKS_PER_MINUTE; i++) expect((await check(t, `Name ${i}`, ip)).statusCode).toBe(200);
      const refused = await check(t, 'Name again', ip);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toHaveProperty('detail');
      // Another address is not held back; the same one is again after the minute.
      expect((await check(t, 'Name again', '198.51.100.10')).statusCode).toBe(200);
      t.clock.advance(61_000);
      expect((await check(t, 'Name again', ip)).statusCode).toBe(200);
    });
  });
}
