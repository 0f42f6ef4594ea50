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
    expect(accounts?.map((a) => a.email)).toEqual([
      DEMO_ACCOUNTS.hotel.email,
      DEMO_ACCOUNTS.operator.email,
      DEMO_ACCOUNTS.editor.email,
    ]);
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
    expect(operators.results.map((p: { company: { company: string } }) => p.company.company)).toEqual([
      'Atlantic Holidays',
      'Nordic Sun Travel',
      'Oskar Tours',
    ]);
    expect(operators.results.map((p: { contract_status: { status: string } }) => p.contract_status.status)).toEqual([
      'P',
      'None',
      'A',
    ]);
    const hotels = (await t.api('POST', '/api/partners/', { token: operator, body: {} })).json();
    expect(hotels.results.map((p: { company: { company: string } }) => p.company.company)).toEqual([
      'Alpenhof Hotels',
      'Ananas Playa Hotels',
      'Casa Azul Hotels',
    ]);
    const current = (
      await t.api('POST', '/api/partners/my-contracts/', { token: operator, body: { type: 'current' } })
    ).json();
    expect(current.count).toBe(1);
    const contract = (
      await t.api('GET', `/api/partners/contract/view/${current.results[0].id}/`, { token: hotel })
    ).json();
    expect(contract).toMatchObject({
      status: 'A',
      version: 2,
      accepted_version: 2,
      in_force: true,
      all_properties: true,
    });
    expect(contract.versions[1].changes.map((c: { field: string }) => c.field)).toEqual([
      'to_edit_facts',
      'override_moderation',
      'ss_deadline',
      'comment',
    ]);
    const [property] = (await t.api('POST', '/api/partners/partners-properties/', { token: operator, body: {} })).json()
      .results;
    expect(property.hotel_name).toBe('Hotel Ananas Playa');
    const incoming = (
      await t.api('POST', '/api/partners/my-contracts/', { token: hotel, body: { type: 'incoming' } })
    ).json();
    expect(
      incoming.results.map((c: { partner_info: { company: { company: string } } }) => c.partner_info.company.company),
    ).toEqual(['Atlantic Holidays']);
    const bell = (await t.api('GET', '/api/notification/', { token: hotel })).json();
    expect(bell.map((n: { message: string }) => n.message)).toContain('Atlantic Holidays proposed a contract');
  });

  it("seeds the operator's workspace: the hotel published, a change since the operator looked, overrides and a partial mapping", async () => {
    const operator = await signIn(t, 'operator@demo.ananas.dev', DEMO_PASSWORD);
    const hotel = await signIn(t, 'hotel@demo.ananas.dev', DEMO_PASSWORD);
    const [listed] = (await t.api('POST', '/api/partners/partners-properties/', { token: operator, body: {} })).json()
      .results;
    expect(listed).toMatchObject({ publication: 2, unseen: true, mapped: true, rooms_mapped: 2, overrides_pending: 1 });
    const sheet = (await t.api('GET', `/api/partners/fact-sheet/${listed.id}/`, { token: operator })).json();
    expect(sheet.seen).toMatchObject({ publication: 1, changes: 1 });
    const fields = (
      sheet.sheet.sections as {
        key: string;
        groups: { fields: { key: string; changed_from: string | null; hotel_value: string | null }[] }[];
      }[]
    ).flatMap((s) => s.groups.flatMap((g) => g.fields.map((f) => ({ ...f, key: `${s.key}.${f.key}` }))));
    expect(fields.find((f) => f.key === 'main-info.check_in_time')?.changed_from).toBe('14:00');
    expect(fields.find((f) => f.key === 'location.distance_to_city_center')?.hotel_value).toBe('2 kilometers');
    const reviews = (await t.api('GET', '/api/partners/override-reviews/', { token: hotel })).json();
    expect(reviews.results.map((o: { label: string }) => o.label)).toEqual(['Distance to the beach']);
    const mapping = (
      await t.api('GET', `/api/tour-operator/mapping/hotel/get/${listed.id}/`, { token: operator })
    ).json();
    expect(mapping.override_code).toBe('PMI-ANP');
    expect(mapping.rooms.filter((r: { status: string }) => r.status === 'mapped')).toHaveLength(2);
  });

  it('seeds what to do next on the second property: a section not confirmed for 200 days, a maintenance period over, gaps per partner', async () => {
    const hotel = await signIn(t, DEMO_ACCOUNTS.hotel.email, DEMO_PASSWORD);
    const steps = (await t.api('GET', '/api/reports/next-steps/', { token: hotel })).json();
    expect(steps.properties.map((p: { property_name: string }) => p.property_name)).toEqual([
      'Hotel Ananas Playa',
      'Hotel Ananas Sóller',
    ]);
    const [playa, soller] = steps.properties;
    // The finished hotel has nothing stale or ended; only the operator's own mapping is left.
    expect(playa.stale).toEqual([]);
    expect(playa.seasonal).toEqual([]);
    expect(playa.partners[0].items.map((i: { kind: string; actor: string }) => [i.kind, i.actor])).toEqual([
      ['rooms_unmapped', 'operator'],
    ]);
    expect(soller.stale.map((s: { section: string; days: number }) => [s.section, s.days])).toEqual([
      ['location', 200],
    ]);
    expect(soller.seasonal.map((s: { section: string }) => s.section)).toEqual(['maintenance']);
    expect(soller.partners.map((p: { company: string }) => p.company)).toEqual(['Oskar Tours']);
    expect(soller.partners[0].items.map((i: { kind: string }) => i.kind)).toEqual(
      expect.arrayContaining(['missing_facts', 'not_published', 'photos']),
    );
    // Its first steps are done: the checklist does not take the dashboard.
    expect(steps.getting_started.every((s: { done: boolean }) => s.done)).toBe(true);
    const bell = (await t.api('GET', '/api/notification/', { token: hotel })).json() as {
      notification_type: string;
      message: string;
    }[];
    expect(bell.filter((n) => n.notification_type === 'facts_stale').map((n) => n.message)).toEqual([
      'Hotel Ananas Sóller: confirm Location & environment (not confirmed for 180 days)',
    ]);
  });

  it('seeds a finished hotel: a gallery of photos (room-tagged, one featured), every field publishing needs (it republishes as seeded), photos on the operator sheet', async () => {
    const hotel = await signIn(t, DEMO_ACCOUNTS.hotel.email, DEMO_PASSWORD);
    const list = (await t.api('GET', '/api/facts/properties/', { token: hotel })).json() as {
      id: number;
      hotel_name: string;
    }[];
    const playa = list.find((p) => p.hotel_name === 'Hotel Ananas Playa')!;
    const gallery = (await t.api('GET', `/api/facts/property/${playa.id}/gallery/`, { token: hotel })).json() as {
      name: string;
      room: number | null;
      featured: boolean;
      width: number;
      thumbnail: string;
    }[];
    expect(gallery).toHaveLength(6);
    expect(gallery.filter((p) => p.featured).map((p) => p.name)).toEqual(['Pool and terrace at dusk']);
    const rooms = (await t.api('GET', `/api/facts/init-facts-info/${playa.id}/`, { token: hotel })).json()
      .roomsInfo as { id: number; room_name: string }[];
    const tagged = gallery.filter((p) => p.room !== null);
    expect(tagged.map((p) => rooms.find((r) => r.id === p.room)?.room_name)).toEqual([
      'Double sea view',
      'Double city side',
      'Junior suite',
    ]);
    expect(gallery.every((p) => p.width === 1200)).toBe(true);
    const thumb = await t.api('GET', gallery[0]!.thumbnail, { token: hotel });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const completeness = (await t.api('GET', `/api/facts/completeness/${playa.id}/`, { token: hotel })).json();
    expect(completeness.publishable).toBe(true);
    const again = await t.api('POST', `/api/facts/property/${playa.id}/publish/create/`, { token: hotel });
    expect(again.statusCode, again.body).toBe(200);
    const operator = await signIn(t, DEMO_ACCOUNTS.operator.email, DEMO_PASSWORD);
    const sheet = (await t.api('GET', `/api/partners/fact-sheet/${playa.id}/`, { token: operator })).json();
    expect(sheet.photos.length).toBe(6);
  });
});

describe('demo availability', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await seedDemo(t.services);
  });
  afterAll(() => t.stop());

  it("seeds this month's availability of every room, every state shown, and the operator sees it with its codes", async () => {
    const hotel = await signIn(t, DEMO_ACCOUNTS.hotel.email, DEMO_PASSWORD);
    const [property] = (await t.api('GET', '/api/facts/properties/', { token: hotel })).json() as { id: number }[];
    const month = `${t.clock.now().toISOString().slice(0, 7)}-01`;
    const chart = (await t.api('GET', `/api/stop-sale/${property!.id}/?date=${month}`, { token: hotel })).json() as {
      rooms: { events: { color: number }[] }[];
    };
    expect(chart.rooms).toHaveLength(3);
    for (const room of chart.rooms) expect(room.events.length).toBeGreaterThanOrEqual(28);
    expect(new Set(chart.rooms.flatMap((r) => r.events.map((e) => e.color)))).toEqual(new Set([0, 1, 2, 3, 4]));
    const operator = await signIn(t, DEMO_ACCOUNTS.operator.email, DEMO_PASSWORD);
    const seen = (
      await t.api('GET', `/api/partners/stop-sale/${property!.id}/?date=${month}`, { token: operator })
    ).json() as { rooms: { codes: Record<string, string | null> }[] };
    expect(seen.rooms[0]!.codes).toEqual({ free: 'FS', open: 'OS', stop: 'SS', request: 'RQ', block: 'BL' });
  });

  it('seeds developer tools: the operator a local whitelist, one API key and one webhook endpoint; the hotel two whitelist entries and a widget', async () => {
    const operator = await signIn(t, DEMO_ACCOUNTS.operator.email, DEMO_PASSWORD);
    const hotel = await signIn(t, DEMO_ACCOUNTS.hotel.email, DEMO_PASSWORD);
    const whitelists = (await t.api('GET', '/api/settings/whitelists/', { token: operator })).json() as {
      id: number;
      entries: string[];
    }[];
    expect(whitelists.map((w) => w.entries)).toEqual([['127.0.0.1', '::1']]);
    const keys = (await t.api('GET', '/api/settings/api-keys/', { token: operator })).json() as {
      domain: number;
      token: string | null;
      prefix: string;
      stop_sale: boolean;
    }[];
    expect(keys).toHaveLength(1);
    // Nothing secret: the list shows the prefix only, and the seed kept no secret anywhere.
    expect(keys[0]).toMatchObject({ domain: whitelists[0]!.id, token: null, stop_sale: true });
    expect(keys[0]!.prefix).toMatch(/^ak_/);
    const hooks = (await t.api('GET', '/api/settings/webhooks/', { token: operator })).json() as {
      secret: string | null;
      events: string[];
    }[];
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.secret).toBeNull();
    expect(hooks[0]!.events).toContain('stop_sale.updated');
    const hotelLists = (await t.api('GET', '/api/settings/whitelists/', { token: hotel })).json() as {
      entries: string[];
    }[];
    expect(hotelLists.map((w) => w.entries).sort()).toEqual([['127.0.0.1', '::1'], ['http://localhost:8080']]);

    // The demo property's widget, shown on the whitelisted local test page and refused elsewhere.
    const [property] = (await t.api('GET', '/api/facts/properties/', { token: hotel })).json() as { id: number }[];
    const widget = (await t.api('GET', `/api/settings/widget/${property!.id}/`, { token: hotel })).json() as {
      id: number;
      token: string;
      content_type: string;
      photos_per_row: number;
      font_size: number;
    };
    expect(widget).toMatchObject({ content_type: 'r', photos_per_row: 3, font_size: 10 });
    expect(widget.id).toBeGreaterThan(0);
    const shown = await t.api('GET', `/api/widget/${widget.token}/`, { headers: { origin: 'http://localhost:8080' } });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(
      (await t.api('GET', `/api/widget/${widget.token}/`, { headers: { origin: 'http://localhost:9090' } })).statusCode,
    ).toBe(403);
  });
});
