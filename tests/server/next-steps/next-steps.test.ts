/**
 * What to do next (issue 17 §3) on a fixture of known gaps, counts asserted exactly and every
 * answer valid under its schema: a hotel with a filled, published property (two photos, two rooms,
 * one maintenance period over and one to come) and an empty one; operator Alpha sees every photo
 * (contract A), Beta only those released to it (E, one released), Gamma only proposed. Then
 * freshness: a 30-day period, a month passes, one section confirmed, and the reminder job tells
 * the hotel once, not on every run.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signIn } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import {
  call,
  edit,
  expectStatus,
  party,
  propose,
  type Json,
  type Party,
} from '../../helpers/fixtures/contract-parties.js';
import { fillFacts, photosNamed } from '../../helpers/fixtures/published-hotel.js';
import { FRESHNESS_QUEUE, scheduleFreshnessReminders } from '../../../src/server/features/next-steps/reminders.js';

const DAY = 86_400_000;
const MAINTENANCE = {
  maintenance_type_apply: 'Closure of spa area',
  maintenance_disturbance: 'disturbing',
  maintenance_zone: 'Partially',
};

function valid(t: TestApp, ref: string, body: unknown): void {
  const errors = t.services.schemas.check(t.services.schemas.validator(ref), ref, body);
  expect(errors, JSON.stringify(errors)).toBeNull();
}

async function get(t: TestApp, as: Party['owner'], url: string, ref: string): Promise<Json> {
  const res = await call(t, as, 'GET', url);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  valid(t, `next-steps/${ref}.schema.json`, res.body);
  return res.body;
}

const kinds = (partner: Json) => Object.fromEntries((partner.items as Json[]).map((i) => [i.kind, i.count]));

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`next steps (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party;
    let alpha: Party;
    let beta: Party;
    let gamma: Party;
    let filled: number;
    let empty: number;
    let blockingSections: number;
    let savedSections: number;
    let rooms: number[];

    const resign = async () => {
      for (const p of [hotel, alpha, beta, gamma])
        for (const who of [p.owner, p.withFlag, p.withoutFlag]) who.token = await signIn(t, who.email);
    };

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await party(t, 'accommodation', { name: 'Olive Hotels' });
      alpha = await party(t, 'to', { name: 'Alpha Tours' });
      beta = await party(t, 'to', { name: 'Beta Tours' });
      gamma = await party(t, 'to', { name: 'Gamma Tours' });
      filled = (await createProperty(t, hotel.owner.token, { hotel_name: 'Olive Bay' })).id;
      empty = (await createProperty(t, hotel.owner.token, { hotel_name: 'Olive Hill' })).id;
      await fillFacts(t, hotel.owner.token, filled);
      // One period over (before 21 November 2026), one to come.
      await expectStatus(
        await call(t, hotel.owner, 'POST', `/api/facts/maintenance/update/${filled}/`, [
          { id: 0, ...MAINTENANCE, maintenance_from: '2026-03-01', maintenance_to: '2026-04-30' },
          { id: 0, ...MAINTENANCE, maintenance_from: '2027-01-10', maintenance_to: '2027-02-10' },
        ]),
        200,
      );
      await expectStatus(await call(t, hotel.owner, 'POST', `/api/facts/property/${filled}/publish/create/`), 200);
      const photos = await photosNamed(t, hotel.owner.token, filled, ['Pool', 'Lobby']);
      const a = await propose(t, alpha.owner, hotel.owner.id, { to_select_photos: 'A' });
      await expectStatus(await edit(t, hotel.owner, a.id, { status: 'A' }), 200);
      const b = await propose(t, beta.owner, hotel.owner.id, { to_select_photos: 'E' });
      await expectStatus(await edit(t, hotel.owner, b.id, { status: 'A' }), 200);
      await propose(t, gamma.owner, hotel.owner.id);
      await expectStatus(
        await call(t, hotel.owner, 'PUT', `/api/facts/property/${filled}/photo-releases/`, {
          operator: beta.owner.id,
          photos: [photos[0]],
        }),
        200,
      );
      rooms = (
        await t.services.db.kysely
          .selectFrom('fact_rows')
          .select('id')
          .where('property_id', '=', filled)
          .where('kind', '=', 'room')
          .orderBy('position')
          .execute()
      ).map((r) => r.id);
      await expectStatus(
        await call(t, alpha.owner, 'POST', '/api/tour-operator/mapping/hotel/create/', {
          hotel: filled,
          external_id: 'ALPHA-1',
          rooms: [{ room: rooms[0], override_code: 'R1' }],
        }),
        201,
      );
      const emptyCompleteness = await call(t, hotel.owner, 'GET', `/api/facts/completeness/${empty}/`);
      blockingSections = (emptyCompleteness.body.sections as Json[]).filter(
        (s) => s.enabled && s.missing.length,
      ).length;
      const freshness = await get(t, hotel.owner, `/api/facts/freshness/${filled}/`, 'freshness');
      savedSections = (freshness.sections as Json[]).filter((s) => s.confirmed_at !== null).length;
    });
    afterAll(() => t.stop());

    it('the hotel sees, per property, what each operator in contract still lacks', async () => {
      const body = await get(t, hotel.owner, '/api/reports/next-steps/', 'next-steps');
      expect(body.freshness_days).toBe(180);
      expect(body.properties.map((p: Json) => p.property_name)).toEqual(['Olive Bay', 'Olive Hill']);
      const [bay, hill] = body.properties as Json[];
      // Gamma only proposed: not a partner yet.
      expect(bay!.partners.map((p: Json) => p.company)).toEqual(['Alpha Tours', 'Beta Tours']);
      const [a, b] = bay!.partners as Json[];
      expect(rooms).toHaveLength(2);
      // Alpha (every photo): one more photo for three; its hotel mapped, one room of two not.
      expect(kinds(a!)).toEqual({ photos: 1, rooms_unmapped: 1 });
      expect(a!.ready).toBe(false);
      const photo = (a!.items as Json[]).find((i) => i.kind === 'photos')!;
      expect(photo).toMatchObject({ actor: 'hotel', link: `/property/${filled}/gallery` });
      // The operator acts on its mapping: the hotel is shown it, with no link.
      expect((a!.items as Json[]).find((i) => i.kind === 'rooms_unmapped')).toMatchObject({
        actor: 'operator',
        link: null,
      });
      // Beta (released photos only, one released): two more; nothing mapped.
      expect(kinds(b!)).toEqual({ photos: 2, hotel_unmapped: 1, rooms_unmapped: 2 });
      // The empty property: every blocking section, never published, no photo, not mapped; no rooms.
      expect(blockingSections).toBeGreaterThan(0);
      for (const p of hill!.partners as Json[]) {
        expect((p.items as Json[]).filter((i) => i.kind === 'missing_facts')).toHaveLength(blockingSections);
        expect(kinds(p).not_published).toBe(1);
        expect(kinds(p).photos).toBe(3);
        expect(kinds(p).hotel_unmapped).toBe(1);
        expect(kinds(p).rooms_unmapped).toBeUndefined();
      }
      // Seasonal: the maintenance period that ended, flagged on the maintenance tab.
      // (The filled sample's entertainment seasons ended in May 2026 too; every flag is a range's end in the past.)
      expect((bay!.seasonal as Json[]).filter((s) => s.section === 'maintenance')).toEqual([
        {
          section: 'maintenance',
          title: 'Maintenance',
          field: 'maintenance_to',
          label: 'To',
          row: expect.any(Number),
          ended_on: '2026-04-30',
          link: `/property/${filled}/maintenance`,
        },
      ]);
      for (const s of bay!.seasonal as Json[]) expect(s.ended_on < '2026-11-21').toBe(true);
      expect(hill!.seasonal).toEqual([]);
      expect(bay!.stale).toEqual([]);
    });

    it('the operator sees the same per hotel, with links to its own work only', async () => {
      const body = await get(t, alpha.owner, '/api/reports/operator-next-steps/', 'next-steps');
      expect(body.properties.map((p: Json) => p.property_name)).toEqual(['Olive Bay', 'Olive Hill']);
      const bay = body.properties[0] as Json;
      expect(bay.company).toBe('Olive Hotels');
      expect(bay.partners).toHaveLength(1);
      expect(kinds(bay.partners[0])).toEqual({ photos: 1, rooms_unmapped: 1 });
      const items = bay.partners[0].items as Json[];
      expect(items.find((i) => i.kind === 'rooms_unmapped')).toMatchObject({
        actor: 'operator',
        link: `/datamapping/${filled}`,
      });
      expect(items.find((i) => i.kind === 'photos')!.link).toBeNull();
      expect(bay.seasonal[0].link).toBeNull();
      const sheet = await get(t, beta.owner, `/api/partners/fact-sheet/${empty}/next-steps/`, 'property-next-steps');
      expect(sheet.partners).toHaveLength(1);
      expect(sheet.partners[0].company).toBe('Beta Tours');
      // Not in contract: as if the property did not exist.
      await expectStatus(await call(t, gamma.owner, 'GET', `/api/partners/fact-sheet/${empty}/next-steps/`), 404);
      expect((await get(t, gamma.owner, '/api/reports/operator-next-steps/', 'next-steps')).properties).toEqual([]);
    });

    it("words every item in the reader's language (the profile's): Russian for a Russian hotel owner", async () => {
      await expectStatus(await call(t, hotel.owner, 'PATCH', '/api/auth/users/me/', { language: 'ru' }), 200);
      try {
        const body = await get(t, hotel.owner, '/api/reports/next-steps/', 'next-steps');
        const [bay, hill] = body.properties as Json[];
        const alpha = (bay!.partners as Json[])[0]!.items as Json[];
        expect(alpha.find((i) => i.kind === 'photos')!.message).toBe('Добавьте в галерею 1 фото (2 из 3)');
        expect(alpha.find((i) => i.kind === 'rooms_unmapped')!.message).toBe(
          'Сопоставьте 1 номер (сопоставлено 1 из 2)',
        );
        const first = (hill!.partners as Json[])[0]!.items as Json[];
        expect(first.find((i) => i.kind === 'not_published')!.message).toBe(
          'Опубликуйте данные: партнёры видят только опубликованные данные',
        );
        expect(first.find((i) => i.kind === 'hotel_unmapped')!.message).toBe('Сопоставьте отель со своим кодом');
        // The sections to fill are named by their Russian titles, the fields by their Russian labels.
        const main = first.find((i) => i.kind === 'missing_facts' && i.section === 'main-info')!;
        expect(main.message).toMatch(/^Основная информация: заполните /);
        for (const item of [...alpha, ...first]) expect(item.message).not.toMatch(/[A-Za-z]{3,}/);
      } finally {
        await expectStatus(await call(t, hotel.owner, 'PATCH', '/api/auth/users/me/', { language: 'en' }), 200);
      }
    });

    it('drops "Map the hotel to your code" once the hotel code alone is saved, as /mapping says Mapped (issue 38 §1)', async () => {
      const kindsFor = async (who: Party['owner'], path: string) =>
        kinds(
          ((await get(t, who, path, 'next-steps')).properties[0] as Json).partners.find(
            (p: Json) => p.company === 'Beta Tours',
          ),
        );
      expect((await kindsFor(beta.owner, '/api/reports/operator-next-steps/')).hotel_unmapped).toBe(1);
      await expectStatus(
        await call(t, beta.owner, 'POST', '/api/tour-operator/mapping/hotel/create/', {
          hotel: filled,
          override_code: 'OB-7',
          rooms: [],
        }),
        201,
      );
      expect((await kindsFor(beta.owner, '/api/reports/operator-next-steps/')).hotel_unmapped).toBeUndefined();
      expect((await kindsFor(hotel.owner, '/api/reports/next-steps/')).hotel_unmapped).toBeUndefined();
    });

    it('freshness: stale after the period, "still correct" starts it again, the reminder goes out once', async () => {
      await expectStatus(
        await call(t, hotel.owner, 'POST', '/api/settings/preferences/create/', { fact_freshness_days: 30 }),
        201,
      );
      t.clock.advance(31 * DAY);
      await resign();
      let bay = (await get(t, hotel.owner, '/api/reports/next-steps/', 'next-steps')).properties[0] as Json;
      expect(savedSections).toBeGreaterThan(2);
      expect(bay.stale).toHaveLength(savedSections);
      expect(bay.stale[0].days).toBe(31);
      // The operator's fact sheet flags them too (no link: the hotel confirms).
      const sheet = await get(t, alpha.owner, `/api/partners/fact-sheet/${filled}/next-steps/`, 'property-next-steps');
      expect(sheet.stale).toHaveLength(savedSections);
      expect(sheet.stale[0].link).toBeNull();

      // Bad confirmations.
      await expectStatus(
        await call(t, hotel.owner, 'POST', `/api/facts/freshness/${filled}/confirm/`, { section: 'nonsense' }),
        400,
      );
      await expectStatus(
        await call(t, hotel.owner, 'POST', `/api/facts/freshness/${empty}/confirm/`, { section: 'location' }),
        400,
      );
      await expectStatus(await call(t, hotel.owner, 'POST', `/api/facts/freshness/${filled}/confirm/`, {}), 400);
      await expectStatus(
        await call(t, alpha.owner, 'POST', `/api/facts/freshness/${filled}/confirm/`, { section: 'location' }),
        403,
      );

      const confirmed = await call(t, hotel.owner, 'POST', `/api/facts/freshness/${filled}/confirm/`, {
        section: 'location',
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      valid(t, 'next-steps/freshness.schema.json', confirmed.body);
      const location = (confirmed.body.sections as Json[]).find((s) => s.section === 'location')!;
      expect(location).toMatchObject({ stale: false, confirmed_at: t.clock.now().toISOString() });
      bay = (await get(t, hotel.owner, '/api/reports/next-steps/', 'next-steps')).properties[0] as Json;
      expect(bay.stale).toHaveLength(savedSections - 1);

      // The partnership mails of the fixture go first: the runs below are the reminders' alone.
      await t.services.jobs.runDue();
      // The job: one notification for the property, naming its stale sections; the next runs add none.
      const stale = () =>
        t.services.db.kysely
          .selectFrom('notifications')
          .select(['user_id', 'message', 'link'])
          .where('notification_type', '=', 'facts_stale')
          .execute();
      await scheduleFreshnessReminders(t.services, t.clock.now());
      expect(await t.services.jobs.runDue()).toBe(1);
      const first = await stale();
      const toOwner = first.filter((n) => n.user_id === hotel.owner.id);
      expect(toOwner).toHaveLength(1);
      expect(toOwner[0]!.message).toContain('Olive Bay');
      expect(toOwner[0]!.message).not.toContain('Location');
      // Nobody outside the hotel's account is told.
      const outsiders = [alpha, beta, gamma].flatMap((p) => [p.owner.id, p.withFlag.id, p.withoutFlag.id]);
      expect(first.filter((n) => outsiders.includes(n.user_id))).toEqual([]);
      // The run scheduled tomorrow's; a day later it finds nothing new to remind of.
      t.clock.advance(DAY);
      expect(await t.services.jobs.runDue()).toBe(1);
      t.clock.advance(DAY);
      await scheduleFreshnessReminders(t.services, t.clock.now());
      expect(await t.services.jobs.runDue()).toBe(1);
      expect(await stale()).toHaveLength(first.length);
      const jobs = await t.services.db.kysely
        .selectFrom('jobs')
        .select(['id', 'result'])
        .where('queue', '=', FRESHNESS_QUEUE)
        .orderBy('id')
        .execute();
      expect(jobs.map((j) => JSON.parse(j.result ?? '{}').reminded)).toEqual([savedSections - 1, 0, 0, undefined]);

      // Location goes stale again a period after its confirmation: reminded of, alone.
      t.clock.advance(30 * DAY);
      await resign();
      await scheduleFreshnessReminders(t.services, t.clock.now());
      await t.services.jobs.runDue();
      const again = (await stale()).filter((n) => n.user_id === hotel.owner.id);
      expect(again).toHaveLength(2);
      expect(again.map((n) => n.message).find((m) => m !== toOwner[0]!.message)).toBe(
        'Olive Bay: confirm Location & environment (not confirmed for 30 days)',
      );
    });
  });
}
