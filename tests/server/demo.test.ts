import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { seedDemo } from '../../src/server/demo/seed.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/demo/accounts.js';
import { signIn } from '../helpers/accounts.js';

describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.stop());

  it('seeds three working accounts and a hotel with facts, once', async () => {
    const accounts = await seedDemo(t.services);
    expect(accounts?.map((a) => a.email)).toEqual([DEMO_ACCOUNTS.hotel.email, DEMO_ACCOUNTS.operator.email, DEMO_ACCOUNTS.editor.email]);
    expect(await seedDemo(t.services)).toBeUndefined();
    const owner = await signIn(t, DEMO_ACCOUNTS.hotel.email, DEMO_PASSWORD);
    const [property] = (await t.api('GET', '/api/facts/properties/', { token: owner })).json() as { id: number }[];
    const info = (await t.api('GET', `/api/facts/init-facts-info/${property!.id}/`, { token: owner })).json();
    expect(info.mainInfo).toMatchObject({ accommodation_type: 'Hotel', rating: 4, version: 1 });
    expect(info.roomsInfo).toHaveLength(3);
    expect(info.restaurantsInfo).toHaveLength(2);
    // The editor (facts + photos) may work on the hotel but not manage properties.
    const editor = await signIn(t, DEMO_ACCOUNTS.editor.email, DEMO_PASSWORD);
    expect((await t.api('GET', '/api/facts/properties/', { token: editor })).json()).toHaveLength(1);
    const me = (await t.api('GET', '/api/auth/users/me/', { token: editor })).json();
    expect(me.manager).not.toBeNull();
    await signIn(t, DEMO_ACCOUNTS.operator.email, DEMO_PASSWORD);
  });

  it('seeds a living partner directory: an accepted contract, a proposal waiting on the hotel, two more companies of each type', async () => {
    const hotel = await signIn(t, DEMO_ACCOUNTS.hotel.email, DEMO_PASSWORD);
    const operator = await signIn(t, DEMO_ACCOUNTS.operator.email, DEMO_PASSWORD);
    const operators = (await t.api('POST', '/api/partners/', { token: hotel, body: {} })).json();
    expect(operators.results.map((p: { company: { company: string } }) => p.company.company)).toEqual(['Atlantic Holidays', 'Nordic Sun Travel', 'Oskar Tours']);
    expect(operators.results.map((p: { contract_status: { status: string } }) => p.contract_status.status)).toEqual(['P', 'None', 'A']);
    const hotels = (await t.api('POST', '/api/partners/', { token: operator, body: {} })).json();
    expect(hotels.results.map((p: { company: { company: string } }) => p.company.company)).toEqual(['Alpenhof Hotels', 'Ananas Playa Hotels', 'Casa Azul Hotels']);
    const current = (await t.api('POST', '/api/partners/my-contracts/', { token: operator, body: { type: 'current' } })).json();
    expect(current.count).toBe(1);
    const contract = (await t.api('GET', `/api/partners/contract/view/${current.results[0].id}/`, { token: hotel })).json();
    expect(contract).toMatchObject({ status: 'A', version: 2, accepted_version: 2, in_force: true, all_properties: true });
    expect(contract.versions[1].changes.map((c: { field: string }) => c.field)).toEqual(['to_edit_facts', 'override_moderation', 'ss_deadline', 'comment']);
    const [property] = (await t.api('POST', '/api/partners/partners-properties/', { token: operator, body: {} })).json().results;
    expect(property.hotel_name).toBe('Hotel Ananas Playa');
    const incoming = (await t.api('POST', '/api/partners/my-contracts/', { token: hotel, body: { type: 'incoming' } })).json();
    expect(incoming.results.map((c: { partner_info: { company: { company: string } } }) => c.partner_info.company.company)).toEqual(['Atlantic Holidays']);
    const bell = (await t.api('GET', '/api/notification/', { token: hotel })).json();
    expect(bell[0].message).toBe('Atlantic Holidays proposed a contract');
  });
});
