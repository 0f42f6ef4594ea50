/**
 * The partner directory and the lists: who appears (the other account type's active owners),
 * search, country and status filters, contract_status, paging edges (a page past the end is an
 * empty page), my partners, an operator's contracted properties, a hotel's properties for a
 * proposal, and my contracts by type.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { sendCompany } from '../../helpers/fixtures/team-and-company.js';
import { createProperty } from '../../helpers/properties.js';
import {
  call,
  create,
  edit,
  expectStatus,
  hotelWithProperties,
  party,
  propose,
  version,
  type Json,
  type Party,
} from '../../helpers/fixtures/contract-parties.js';

/** Companies written straight into the database (the directory only reads them): fast paging fixtures. */
async function seedCompanies(
  t: TestApp,
  type: 'accommodation' | 'to',
  names: string[],
  extra: { country?: string; city?: string; active?: boolean; staff?: boolean } = {},
): Promise<number[]> {
  const db = t.services.db.kysely;
  const now = t.clock.now().toISOString();
  const ids: number[] = [];
  for (const name of names) {
    const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Math.random().toString(36).slice(2, 7)}`;
    const user = await db
      .insertInto('users')
      .values({
        email: `${slug}@example.com`,
        username: slug,
        password_hash: 'x',
        account_type: type,
        first_name: '',
        last_name: '',
        phone: '',
        title: '',
        country: extra.country ?? 'DE',
        language: 'en',
        manager_id: null,
        is_active: extra.active ?? true,
        genuine: false,
        premium_active: false,
        is_staff: extra.staff ?? false,
        last_password_change: null,
        date_joined: now,
        last_login: null,
        deactivated_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('companies')
      .values({
        account_id: user.id,
        data: JSON.stringify({ company: name, country: extra.country ?? 'DE', city: extra.city ?? 'Berlin' }),
        logo_key: null,
        created_at: now,
        updated_at: now,
        updated_by: user.id,
      })
      .execute();
    ids.push(user.id);
  }
  return ids;
}

const directory = (t: TestApp, as: Account, body: Json = {}, query = '') =>
  call(t, as, 'POST', `/api/partners/${query}`, body);
const contracts = (t: TestApp, as: Account, body: Json = {}, query = '') =>
  call(t, as, 'POST', `/api/partners/my-contracts/${query}`, body);
const contracted = (t: TestApp, as: Account, body: Json = {}, query = '') =>
  call(t, as, 'POST', `/api/partners/partners-properties/${query}`, body);

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`partner directory and lists (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party & { properties: number[] };
    let operator: Party;
    let seeded: number[];

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await hotelWithProperties(t, 3, { name: 'Aurora Hotels', country: 'ES', city: 'Palma' });
      operator = await party(t, 'to', { name: 'Atlas Tours', country: 'ES', city: 'Madrid' });
      // 44 more operators, in name order Tours 00 .. Tours 43, in Germany; two that never appear.
      seeded = await seedCompanies(
        t,
        'to',
        Array.from({ length: 44 }, (_, i) => `Tours ${String(i).padStart(2, '0')}`),
      );
      await seedCompanies(t, 'to', ['Zz Unactivated'], { active: false });
      await seedCompanies(t, 'to', ['Zz Staff'], { staff: true });
    });
    afterAll(() => t.stop());

    it('lists the other account type only: active owners, by company name, paged by 20', async () => {
      const first = await expectStatus(await directory(t, hotel.owner), 200);
      expect(first.count).toBe(45);
      expect(first.results).toHaveLength(20);
      expect(first.results[0]).toMatchObject({
        id: operator.owner.id,
        account_type: 'to',
        country: 'ES',
        contract_status: { id: null, status: 'None' },
      });
      expect(first.results[0].company.company).toBe('Atlas Tours');
      expect(first.results[1].company.company).toBe('Tours 00');
      expect(first.previous).toBeNull();
      expect(first.next).toBe('http://portal.test/api/partners/?page=2');
      const third = await expectStatus(await directory(t, hotel.owner, {}, '?page=3'), 200);
      expect(third.results.map((r: Json) => r.company.company)).toEqual([
        'Tours 39',
        'Tours 40',
        'Tours 41',
        'Tours 42',
        'Tours 43',
      ]);
      expect(third.next).toBeNull();
      expect(third.previous).toBe('http://portal.test/api/partners/?page=2');
      const past = await expectStatus(await directory(t, hotel.owner, {}, '?page=9'), 200);
      expect(past).toEqual({ count: 45, next: null, previous: 'http://portal.test/api/partners/?page=3', results: [] });
      // Every company once across the pages, in a stable order.
      const second = await expectStatus(await directory(t, hotel.owner, {}, '?page=2'), 200);
      const ids = [...first.results, ...second.results, ...third.results].map((r: Json) => r.id);
      expect(new Set(ids).size).toBe(45);
      expect(ids).not.toContain(operator.withFlag.id);
      for (const bad of ['?page=0', '?page=-1', '?page=abc'])
        expect((await directory(t, hotel.owner, {}, bad)).status, bad).toBe(400);
      // An operator sees the hotels: the one hotel here.
      const hotels = await expectStatus(await directory(t, operator.withoutFlag), 200);
      expect(hotels.results.map((r: Json) => r.id)).toEqual([hotel.owner.id]);
    });

    it('searches company name and city, filters countries and the account type', async () => {
      expect((await directory(t, hotel.owner, { search: 'atlas' })).body.results.map((r: Json) => r.id)).toEqual([
        operator.owner.id,
      ]);
      expect((await directory(t, hotel.owner, { search: 'MADRID' })).body.results.map((r: Json) => r.id)).toEqual([
        operator.owner.id,
      ]);
      expect((await directory(t, hotel.owner, { search: 'tours 4' })).body.count).toBe(4);
      expect((await directory(t, hotel.owner, { search: '4 TOURS' })).body.count).toBe(4);
      expect((await directory(t, hotel.owner, { search: '%' })).body.count).toBe(0);
      // A NUL is refused like in every other text (400 naming the field), never a server error.
      const nul = await directory(t, hotel.owner, { search: 'atl\u0000as' });
      expect(nul.status).toBe(400);
      expect(nul.body).toHaveProperty('search');
      expect((await directory(t, hotel.owner, { countries: ['es'] })).body.results.map((r: Json) => r.id)).toEqual([
        operator.owner.id,
      ]);
      expect((await directory(t, hotel.owner, { countries: ['DE'] })).body.count).toBe(44);
      expect((await directory(t, hotel.owner, { countries: ['DE', 'ES'] })).body.count).toBe(45);
      expect((await directory(t, hotel.owner, { countries: ['FR'] })).body).toMatchObject({
        count: 0,
        results: [],
        next: null,
        previous: null,
      });
      expect((await directory(t, hotel.owner, { role: 'to' })).body.count).toBe(45);
      expect((await directory(t, hotel.owner, { role: 'accommodation' })).body.count).toBe(0);
      expect((await directory(t, hotel.owner, { role: 'travel agent' })).status).toBe(400);
      expect((await directory(t, hotel.owner, { status: 'Q' })).status).toBe(400);
    });

    it("finds hotels by their properties' names and cities too: word starts, any order, case and accents aside; the row flags what matched", async () => {
      // A hotel that never filled in its company details: shown by its first property, never by an e-mail.
      const bare = await signUp(t, { account_type: 'accommodation' });
      const sol = await createProperty(t, bare.token, {
        hotel_name: 'Hotel Sol de Prova',
        city: 'Sóller',
        country: 'ES',
      });
      const casa = await createProperty(t, bare.token, { hotel_name: 'Casa Blanca', city: 'Deià', country: 'ES' });
      const find = async (search: string) =>
        (await expectStatus(await directory(t, operator.owner, { search }), 200)).results as Json[];
      const [row] = await find('sol prova');
      expect(row).toMatchObject({
        id: bare.id,
        name: 'Hotel Sol de Prova',
        email: '',
        city: 'Sóller',
        country: 'ES',
        property_count: 2,
      });
      expect(row!.properties).toEqual([
        {
          id: sol.id,
          hotel_name: 'Hotel Sol de Prova',
          city: 'Sóller',
          country: 'ES',
          matched: true,
          published: false,
        },
        { id: casa.id, hotel_name: 'Casa Blanca', city: 'Deià', country: 'ES', matched: false, published: false },
      ]);
      for (const search of ['PROVA sol', 'soller', 'SÓLL', 'hôtel sol', 'sol-de-prova'])
        expect(
          (await find(search)).map((r) => r.id),
          search,
        ).toEqual([bare.id]);
      // The matched property comes first and is flagged.
      const [byCity] = await find('deia');
      expect(byCity!.properties.map((p: Json) => [p.hotel_name, p.matched])).toEqual([
        ['Casa Blanca', true],
        ['Hotel Sol de Prova', false],
      ]);
      // A word must start a word: inside one it does not match; every word must match.
      expect(await find('rova')).toEqual([]);
      expect(await find('sol madrid')).toEqual([]);
      // Company names and cities still find companies; the hotel of Aurora Hotels by a property's name as well.
      expect((await find('aurora')).map((r) => r.id)).toEqual([hotel.owner.id]);
      expect((await find('palma')).map((r) => r.id)).toContain(hotel.owner.id);
    });

    it('finds a name typed with markup by its words, and a Latin name by a search in Greek or Cyrillic (issue 38 §2)', async () => {
      const owner = await signUp(t, { account_type: 'accommodation' });
      await createProperty(t, owner.token, { hotel_name: '<b>Limonaia</b> Suites', city: 'Chania', country: 'GR' });
      const find = async (search: string) =>
        ((await expectStatus(await directory(t, operator.owner, { search }), 200)).results as Json[]).map((r) => r.id);
      for (const search of ['Limonaia', 'suites limonaia', 'Χανιά', 'χανια limonaia', 'chania'])
        expect(await find(search), search).toEqual([owner.id]);
      const row = (
        (await expectStatus(await directory(t, operator.owner, { search: 'Χανιά' }), 200)).results as Json[]
      )[0]!;
      expect(row.properties[0].matched).toBe(true);
      // A Cyrillic search of a Latin name, and still no match inside a word or for another place.
      await createProperty(t, owner.token, { hotel_name: 'Sochi Park', city: 'Sochi', country: 'RU' });
      expect(await find('Сочи')).toEqual([owner.id]);
      expect(await find('imonaia')).toEqual([]);
      expect(await find('Ηράκλειο')).toEqual([]);
    });

    it("shows a company's contact e-mail (from its details), the name sign-up gave it, never a sign-in address", async () => {
      const signed = await signUp(t, { account_type: 'accommodation', company: 'Olas Hoteles', country: 'PT' });
      const [row] = (await expectStatus(await directory(t, operator.owner, { search: 'olas' }), 200)).results as Json[];
      expect(row).toMatchObject({
        id: signed.id,
        name: 'Olas Hoteles',
        email: '',
        country: 'PT',
        property_count: 0,
        properties: [],
      });
      expect(row!.company.company).toBe('Olas Hoteles');
      // The owner sees the same details and chooses a contact address.
      const mine = await expectStatus(await call(t, signed, 'GET', '/api/settings/company/'), 200);
      expect(mine).toMatchObject({ user: signed.id, company: 'Olas Hoteles', country: 'PT', email: '' });
      const edited = await sendCompany(t, 'PUT', signed.token, {
        company: 'Olas Hoteles',
        country: 'PT',
        email: 'sales@olas.example',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const [after] = (await expectStatus(await directory(t, operator.owner, { search: 'olas' }), 200))
        .results as Json[];
      expect(after!.email).toBe('sales@olas.example');
      const portfolio = await expectStatus(
        await call(t, operator.owner, 'GET', `/api/settings/portfolio/${signed.id}/`),
        200,
      );
      expect(portfolio).toMatchObject({ id: signed.id, email: 'sales@olas.example', company: 'Olas Hoteles' });
      const bad = await sendCompany(t, 'PUT', signed.token, {
        company: 'Olas Hoteles',
        country: 'PT',
        email: 'not an address',
      });
      expect(bad.statusCode).toBe(400);
    });

    it("shows each company's connection, and filters by it", async () => {
      const contract = await propose(t, hotel.owner, operator.owner.id);
      const draft = await expectStatus(await create(t, operator.owner, { partner: hotel.owner.id, status: 'D' }), 409);
      expect(draft.id).toBe(contract.id);
      const other = await party(t, 'accommodation', { name: 'Bella Hotels' });
      const otherDraft = await expectStatus(await create(t, other.owner, { partner: seeded[0], status: 'D' }), 201);
      const list = await expectStatus(await directory(t, hotel.owner), 200);
      expect(list.results[0].contract_status).toEqual({ id: contract.id, status: 'P' });
      // The operator sees the proposal; Bella's draft to Tours 00 is Bella's alone.
      const forOperator = await expectStatus(await directory(t, operator.owner, { search: 'aurora' }), 200);
      expect(forOperator.results[0].contract_status).toEqual({ id: contract.id, status: 'P' });
      const bella = await expectStatus(await directory(t, other.owner, { search: 'tours 00' }), 200);
      expect(bella.results[0].contract_status).toEqual({ id: otherDraft.id, status: 'D' });
      const pending = await expectStatus(await directory(t, hotel.owner, { status: 'P' }), 200);
      expect(pending.results.map((r: Json) => r.id)).toEqual([operator.owner.id]);
      expect((await directory(t, hotel.owner, { status: 'None' })).body.count).toBe(44);
      expect((await directory(t, hotel.owner, { status: 'A' })).body.count).toBe(0);
      await expectStatus(await edit(t, operator.owner, contract.id, { status: 'R' }), 200);
      expect((await directory(t, hotel.owner, { status: 'R' })).body.results[0].contract_status).toEqual({
        id: contract.id,
        status: 'R',
      });
    });

    it('my partners: companies with a contract in force (also during the notice period), for every member', async () => {
      const a = await hotelWithProperties(t, 1, { name: 'Casa Uno' });
      const b = await hotelWithProperties(t, 1, { name: 'Casa Dos' });
      const ca = await propose(t, a.owner, operator.owner.id, { notice_period: 30 });
      const cb = await propose(t, operator.owner, b.owner.id);
      expect((await call(t, operator.owner, 'GET', '/api/partners/my-partners/')).body).toEqual([]);
      await expectStatus(await edit(t, operator.owner, ca.id, { status: 'A' }), 200);
      await expectStatus(await edit(t, b.owner, cb.id, { status: 'A' }), 200);
      const mine = await expectStatus(await call(t, operator.withoutFlag, 'GET', '/api/partners/my-partners/'), 200);
      expect(mine.map((p: Json) => p.company.company)).toEqual(['Casa Dos', 'Casa Uno']);
      await expectStatus(await edit(t, a.owner, ca.id, { status: 'X' }), 200);
      expect((await call(t, operator.owner, 'GET', '/api/partners/my-partners/')).body).toHaveLength(2);
      // Cancelled without notice: gone at once (the end of a notice period: see access.test.ts).
      await expectStatus(await edit(t, b.owner, cb.id, { status: 'X' }), 200);
      expect((await call(t, operator.owner, 'GET', '/api/partners/my-partners/')).body.map((p: Json) => p.id)).toEqual([
        a.owner.id,
      ]);
      expect((await call(t, b.owner, 'GET', '/api/partners/my-partners/')).body).toEqual([]);
    });

    it("an operator's contracted properties: only those covered, filtered and paged", async () => {
      const op = await party(t, 'to', { name: 'Orbit Tours' });
      const h1 = await hotelWithProperties(t, 3, { name: 'Kappa Hotels' });
      const h2 = await hotelWithProperties(t, 2, { name: 'Lambda Hotels' });
      const c1 = await propose(t, h1.owner, op.owner.id, {
        all_properties: false,
        properties: [h1.properties[0], h1.properties[2]],
      });
      const c2 = await propose(t, op.owner, h2.owner.id);
      expect((await contracted(t, op.owner)).body.count).toBe(0);
      await expectStatus(await edit(t, op.owner, c1.id, { status: 'A' }), 200);
      await expectStatus(await edit(t, h2.withFlag, c2.id, { status: 'A' }), 200);
      const all = await expectStatus(await contracted(t, op.withoutFlag), 200);
      expect(all.results.map((r: Json) => r.hotel_name)).toEqual([
        'Kappa Hotels 1',
        'Kappa Hotels 3',
        'Lambda Hotels 1',
        'Lambda Hotels 2',
      ]);
      expect(all.results[0]).toMatchObject({
        id: h1.properties[0],
        country: 'ES',
        city: 'Palma',
        publish_date: null,
        partner: h1.owner.id,
        partner_name: 'Kappa Hotels',
        contract: c1.id,
      });
      expect(typeof all.results[0].last_change).toBe('string');
      expect((await contracted(t, op.owner, { partner: h2.owner.id })).body.count).toBe(2);
      expect(
        (await contracted(t, op.owner, { search: 'lambda hotels 2' })).body.results.map((r: Json) => r.id),
      ).toEqual([h2.properties[1]]);
      expect((await contracted(t, op.owner, { countries: ['FR'] })).body.count).toBe(0);
      expect((await contracted(t, op.owner, {}, '?page=2')).body).toEqual({
        count: 4,
        // None of them was published: an export would leave them all out (issue 38 §1).
        unpublished: 4,
        next: null,
        previous: 'http://portal.test/api/partners/partners-properties/?page=1',
        results: [],
      });
      // A property the hotel adds later is covered by "all", not by a list.
      await createProperty(t, h2.owner.token, { hotel_name: 'Lambda Hotels 3' });
      await createProperty(t, h1.owner.token, { hotel_name: 'Kappa Hotels 4' });
      expect((await contracted(t, op.owner)).body.count).toBe(5);
      expect((await contracted(t, hotel.owner)).status).toBe(403);
    });

    it("a hotel's properties for an operator's proposal; 404 for anything but an active hotel owner", async () => {
      const res = await expectStatus(
        await call(t, operator.withoutFlag, 'GET', `/api/partners/directory/${hotel.owner.id}/properties/`),
        200,
      );
      expect(res.map((p: Json) => p.id)).toEqual(hotel.properties);
      expect(Object.keys(res[0])).toEqual(['id', 'hotel_name', 'country', 'state', 'city']);
      for (const id of [operator.owner.id, hotel.withFlag.id, 999_999, 2_147_483_648]) {
        expect(
          (await call(t, operator.owner, 'GET', `/api/partners/directory/${id}/properties/`)).status,
          String(id),
        ).toBe(404);
      }
      expect((await call(t, hotel.owner, 'GET', `/api/partners/directory/${hotel.owner.id}/properties/`)).status).toBe(
        403,
      );
    });

    it('my contracts: incoming, current and outgoing, filtered by status, country and name, paged', async () => {
      const h = await hotelWithProperties(t, 1, { name: 'Mu Hotels', country: 'PT' });
      const ops = await Promise.all(
        ['Nu Tours', 'Xi Tours', 'Omicron Tours', 'Pi Tours'].map((name) =>
          party(t, 'to', { name, country: name === 'Pi Tours' ? 'FR' : 'ES' }),
        ),
      );
      const toNu = await propose(t, h.owner, ops[0]!.owner.id);
      const fromXi = await propose(t, ops[1]!.owner, h.owner.id);
      const withOmicron = await propose(t, h.owner, ops[2]!.owner.id);
      await expectStatus(await edit(t, ops[2]!.owner, withOmicron.id, { status: 'A' }), 200);
      const draft = await expectStatus(await create(t, h.owner, { partner: ops[3]!.owner.id, status: 'D' }), 201);
      const ids = async (body: Json, as = h.withoutFlag) =>
        (await expectStatus(await contracts(t, as, body), 200)).results.map((c: Json) => c.id);
      expect(await ids({ type: 'incoming' })).toEqual([fromXi.id]);
      expect(await ids({ type: 'outgoing' })).toEqual([draft.id, toNu.id]);
      expect(await ids({ type: 'current' })).toEqual([withOmicron.id]);
      expect(await ids({})).toEqual([draft.id, withOmicron.id, fromXi.id, toNu.id]);
      expect(await ids({ status: 'A' })).toEqual([withOmicron.id]);
      expect(await ids({ countries: ['fr'] })).toEqual([draft.id]);
      expect(await ids({ search: 'xi t' })).toEqual([fromXi.id]);
      // The other side: the draft does not exist for Pi; Nu's incoming is the hotel's outgoing.
      expect(await ids({}, ops[3]!.owner)).toEqual([]);
      expect(await ids({ type: 'incoming' }, ops[0]!.withFlag)).toEqual([toNu.id]);
      const item = (await expectStatus(await contracts(t, h.owner, { type: 'current' }), 200)).results[0];
      expect(item).toMatchObject({
        status: 'A',
        in_force: true,
        turn: null,
        partner: ops[2]!.owner.id,
        all_properties: true,
        covered_properties: [],
      });
      expect(item.partner_info.company.company).toBe('Omicron Tours');
      // An amendment puts an accepted contract among current and incoming at once.
      await expectStatus(await version(t, ops[2]!.owner, withOmicron.id, { comment: 'amend' }), 201);
      expect(await ids({ type: 'incoming' })).toEqual([withOmicron.id, fromXi.id]);
      expect(await ids({ type: 'current' })).toEqual([withOmicron.id]);
      const paged = await expectStatus(await contracts(t, h.owner, {}, '?page=2'), 200);
      expect(paged).toEqual({
        count: 4,
        next: null,
        previous: 'http://portal.test/api/partners/my-contracts/?page=1',
        results: [],
      });
      expect((await contracts(t, h.owner, { type: 'sideways' })).status).toBe(400);
    });
  });
}
