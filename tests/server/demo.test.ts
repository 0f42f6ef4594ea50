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
});
