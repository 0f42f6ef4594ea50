/**
 * Answer every field (issue 10 §3): every read of the route table, called on records that are
 * filled only in part (and on records never saved), is validated against the answer form of its
 * response schema: every property of every object required, nothing else, in schema order. The
 * writes that build the world are checked the same way. A read route without a fixture below
 * fails, so a new read cannot ship unchecked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { RouteDef, SchemaBundle } from '../../src/shared/bundle-types.js';
import { notify } from '../../src/server/features/notifications/store.js';
import { writePublication } from '../../src/server/features/publications/store.js';
import { ALL_DIALECTS, describeOn } from '../helpers/db.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { ownerWithSubUser, signUp, type Account } from '../helpers/accounts.js';
import { createProperty, sendForm } from '../helpers/properties.js';
import { answerProblems, routeOf } from '../helpers/answer-shape.js';
import { file, jpeg, uploaded } from '../helpers/fixtures/uploaded-photos.js';

const routes = (bundle as unknown as SchemaBundle).routes;
// The partner API (access apiKey) takes a key, not a token: tests/server/devtools checks its answers' shapes.
const reads = routes.filter(
  (r) => r.method === 'GET' && r.access !== 'apiKey' && Object.values(r.responses).some((x) => x?.schema),
);

interface World {
  owner: Account;
  sub: Account;
  /** A property with some facts, rows and photos. */
  filled: number;
  /** A property with nothing saved. */
  bare: number;
  group: number;
  operator: Account;
  /** A contract of the owner's account with the operator, accepted. */
  contract: number;
  /** An export of the operator (the filled property's facts as JSON and CSV). */
  operatorExport: number;
}

/** The URLs each read is called with (as the owner and, where `sub`, as the authorized user too). */
/** `status`: the success the call answers (200 unless said; a send answers 201 Created). */
/** `operator`: called as the tour operator instead (calls of that account type). */
/** `headers`: sent with each call (the widget's public call states its page's Origin). */
type Fixture = (w: World) => {
  urls: string[];
  sub?: boolean;
  operator?: boolean;
  status?: number;
  before?: (t: TestApp) => Promise<void>;
  headers?: Record<string, string>;
};

let batchMade: Promise<void> | undefined;
let batchApp: TestApp | undefined;
/** One bulk edit of the bare property's main info, applied (once per app; the filled one's versions stay as the later checks expect). */
function firstBatch(t: TestApp, w: World): Promise<void> {
  if (batchApp !== t) {
    batchApp = t;
    batchMade = (async () => {
      const res = await t.api('POST', '/api/facts/bulk-edit/', {
        token: w.owner.token,
        body: { section: 'main-info', values: { check_in_time: '14:00' }, properties: [w.bare] },
      });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json<{ id: number }>().id).toBe(1);
      await t.services.jobs.runDue();
    })();
  }
  return batchMade!;
}

const FIXTURES: Record<string, Fixture> = {
  authCheckToken: () => ({ urls: ['/api/auth/check-token/'], sub: true }),
  authUsersMe: () => ({ urls: ['/api/auth/users/me/'], sub: true }),
  authPermissionsGet: (w) => ({ urls: [`/api/auth/permissions/${w.owner.id}/`, `/api/auth/permissions/${w.sub.id}/`] }),
  authAuthorizedUsersList: () => ({ urls: ['/api/auth/authorized-users/'] }),
  authAuthorizedUserGet: (w) => ({ urls: [`/api/auth/authorized-user/${w.sub.id}/`] }),
  authSessionsList: () => ({ urls: ['/api/auth/sessions/'], sub: true }),
  authTwoFactorStatus: () => ({ urls: ['/api/auth/two-factor/'] }),
  authStepUpStatus: () => ({ urls: ['/api/auth/step-up/'], sub: true }),
  notificationsList: () => ({ urls: ['/api/notification/'] }),
  announcementGet: () => ({ urls: ['/api/announce-app/'] }),
  featureUpdatesList: () => ({ urls: ['/api/external/features-updates/'] }),
  propertiesList: () => ({ urls: ['/api/facts/properties/'], sub: true }),
  propertyPortfolio: () => ({ urls: ['/api/facts/portfolio/'], sub: true }),
  // The world's first bulk edit (id 1 in its fresh database), applied by its job.
  bulkEditList: (w) => ({ urls: ['/api/facts/bulk-edits/'], sub: true, before: (t) => firstBatch(t, w) }),
  bulkEditGet: (w) => ({ urls: ['/api/facts/bulk-edit/1/'], sub: true, before: (t) => firstBatch(t, w) }),
  lastPublishDate: () => ({ urls: ['/api/facts/last-publish-date/'] }),
  galleryCount: () => ({ urls: ['/api/facts/count-images/'] }),
  galleryList: (w) => ({
    urls: [`/api/facts/property/${w.filled}/gallery/`, `/api/facts/property/${w.bare}/gallery/`],
  }),
  galleryRoomsList: (w) => ({ urls: [`/api/facts/Rooms-list/${w.filled}/`] }),
  factsInitInfo: (w) => ({
    urls: [`/api/facts/init-facts-info/${w.filled}/`, `/api/facts/init-facts-info/${w.bare}/`],
    sub: true,
  }),
  factsCompleteness: (w) => ({ urls: [`/api/facts/completeness/${w.filled}/`, `/api/facts/completeness/${w.bare}/`] }),
  factsHistory: (w) => ({
    urls: [
      `/api/facts/history/${w.filled}/main-info/`,
      `/api/facts/history/${w.filled}/room/`,
      `/api/facts/history/${w.bare}/room/`,
    ],
  }),
  factsRevision: (w) => ({ urls: [`/api/facts/history/${w.filled}/room/1/`] }),
  countriesList: () => ({ urls: ['/api/external/countries/'] }),
  statesList: () => ({ urls: ['/api/external/states/ES/'] }),
  whitelistsList: () => ({ urls: ['/api/settings/whitelists/'] }),
  apiKeysList: () => ({ urls: ['/api/settings/api-keys/'] }),
  reportsApiStatistics: () => ({ urls: ['/api/reports/api-statistics/'] }),
  webhooksList: () => ({ urls: ['/api/settings/webhooks/'] }),
  // The widget: the filled property's defaults (none yet), then made, published and read from its site.
  settingsWidgetGet: (w) => ({ urls: [`/api/settings/widget/${w.bare}/`] }),
  widgetPublicContent: (w) => ({
    urls: [`/api/widget/${WIDGET_TOKEN}/`],
    headers: { origin: 'https://shape-hotel.example' },
    before: (t) => widgetOn(t, w),
  }),
  webhookDeliveries: () => ({
    urls: ['/api/settings/webhook/deliveries/1/'],
    before: async (t) => {
      const owner = await t.services.db.kysely.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
      await t.services.db.kysely
        .insertInto('webhook_endpoints')
        .values({
          id: 1,
          account_id: owner.id,
          url: 'https://hooks.example/',
          events: '["facts.updated"]',
          active: true,
          secret: 'x',
          date_created: t.clock.now().toISOString(),
          created_by: null,
        } as never)
        .execute();
      await t.services.db.kysely
        .insertInto('webhook_deliveries')
        .values({
          endpoint_id: 1,
          account_id: owner.id,
          property_id: null,
          event: 'facts.updated',
          message_id: 'msg_1',
          payload: '{"type":"facts.updated"}',
          status: 'delivered',
          response_code: 200,
          attempts: 1,
          created_at: t.clock.now().toISOString(),
          last_attempt_at: null,
          delivered_at: null,
        })
        .execute();
    },
  }),
  citiesList: () => ({ urls: ['/api/external/cities/ES/PM/'] }),
  currenciesList: () => ({ urls: ['/api/external/currency/'] }),
  settingsCompanyGet: () => ({ urls: ['/api/settings/company/'], sub: true }),
  settingsPreferencesGet: () => ({ urls: ['/api/settings/preferences/'], sub: true }),
  settingsMailingListsList: () => ({ urls: ['/api/settings/mailing-lists/'] }),
  settingsContactsList: (w) => ({ urls: [`/api/settings/contact-lists/${w.group}/`] }),
  settingsPortfolioGet: (w) => ({
    urls: [`/api/settings/portfolio/${w.owner.id}/`, `/api/settings/portfolio/${w.operator.id}/`],
  }),
  settingsPlans: () => ({ urls: ['/api/settings/plans/'] }),
  settingsAuditTrail: () => ({ urls: ['/api/settings/audit-trail/'] }),
  // Export centre: the spec's sends are GETs answering 201, of a published property (marked so by hand:
  // published, not complete), after last-publish-date was asked.
  exportsSendFacts: (w) => ({
    urls: [`/api/facts/send-facts/${w.group}/sheet/${w.filled}/`],
    status: 201,
    before: (t) => markPublished(t, w.filled),
  }),
  exportsSendPhotos: (w) => ({
    urls: [`/api/facts/send-photos/${w.group}/acc/${w.filled}`],
    status: 201,
    before: (t) => markPublished(t, w.filled),
  }),
  exportsSendsList: (w) => ({ urls: ['/api/exports/sends/', `/api/exports/sends/?property=${w.filled}`] }),
  partnersMyPartners: () => ({ urls: ['/api/partners/my-partners/'], sub: true }),
  partnersDirectoryProperties: (w) => ({ urls: [`/api/partners/directory/${w.owner.id}/properties/`], operator: true }),
  contractView: (w) => ({ urls: [`/api/partners/contract/view/${w.contract}/`], sub: true }),
  reportsOperatorNumber: () => ({ urls: ['/api/reports/operator-number/'], sub: true }),
  reportsAccommodationNumber: () => ({ urls: ['/api/reports/accommodation-number/'], sub: true }),
  reportsReportData: () => ({ urls: ['/api/reports/report-data/'], sub: true }),
  reportsOperatorFeed: () => ({ urls: ['/api/reports/operator-feed/'], operator: true }),
  reportsOperatorReportData: () => ({ urls: ['/api/reports/operator-report-data/'], operator: true }),
  reportsNextSteps: () => ({ urls: ['/api/reports/next-steps/'], sub: true }),
  reportsOperatorNextSteps: () => ({ urls: ['/api/reports/operator-next-steps/'], operator: true }),
  factsFreshness: (w) => ({
    urls: [`/api/facts/freshness/${w.filled}/`, `/api/facts/freshness/${w.bare}/`],
    sub: true,
  }),
  // The operator workspace: the filled property, published by hand (a publication), read by the operator.
  operatorFactSheetNextSteps: (w) => ({ urls: [`/api/partners/fact-sheet/${w.filled}/next-steps/`], operator: true }),
  operatorFactSheet: (w) => ({
    urls: [`/api/partners/fact-sheet/${w.filled}/`, `/api/partners/fact-sheet/${w.filled}/?language=fa&layout=S`],
    operator: true,
    before: (t) => published(t, w),
  }),
  overrideGet: (w) => ({ urls: [`/api/partners/override-facts/get/${w.filled}/`], operator: true }),
  operatorPublicationsList: (w) => ({
    urls: [`/api/partners/fact-sheet/${w.filled}/publications/`],
    operator: true,
    before: (t) => published(t, w),
  }),
  operatorPublicationsCompare: (w) => ({
    urls: [`/api/partners/fact-sheet/${w.filled}/publications/compare/?from=1&to=1`],
    operator: true,
    before: (t) => published(t, w),
  }),
  publicationsList: (w) => ({
    urls: [`/api/facts/property/${w.filled}/publications/`, `/api/facts/property/${w.bare}/publications/`],
    sub: true,
    before: (t) => published(t, w),
  }),
  publicationsCompare: (w) => ({
    urls: [`/api/facts/property/${w.filled}/publications/compare/?from=1&to=1`],
    before: (t) => published(t, w),
  }),
  mappingGet: (w) => ({ urls: [`/api/tour-operator/mapping/hotel/get/${w.filled}/`], operator: true }),
  overrideReviews: (w) => ({
    urls: ['/api/partners/override-reviews/', `/api/partners/override-reviews/?status=all&property=${w.filled}`],
    sub: true,
  }),
  photoReleasesGet: (w) => ({ urls: [`/api/facts/property/${w.filled}/photo-releases/`] }),
  partnerPhotosList: (w) => ({ urls: [`/api/facts/property/${w.filled}/partner-photos/`], sub: true }),
  // The operator names a channel first, so both answers carry a channel and not an empty list.
  settingsPhotoChannelsGet: (w) => ({
    urls: ['/api/settings/photo-channels/'],
    operator: true,
    before: async (t) => {
      const res = await t.api('PUT', '/api/settings/photo-channels/edit/', {
        token: w.operator.token,
        body: { channels: ['gds'] },
      });
      expect(res.statusCode, res.body).toBe(200);
    },
  }),
  partnersPropertyPhotoChannels: (w) => ({
    urls: [`/api/partners/property/${w.filled}/photo-channels/`],
    sub: true,
    before: async (t) => {
      const res = await t.api('PUT', '/api/settings/photo-channels/edit/', {
        token: w.operator.token,
        body: { channels: ['booking_com'] },
      });
      expect(res.statusCode, res.body).toBe(200);
    },
  }),
  operatorExportList: () => ({ urls: ['/api/tour-operator/exports/'], operator: true }),
  operatorExportGet: (w) => ({ urls: [`/api/tour-operator/exports/${w.operatorExport}/`], operator: true }),
  // The stop-sale chart: a month with a day set on the filled property's room, and the bare property's empty month.
  stopSaleMonth: (w) => ({
    urls: [`/api/stop-sale/${w.filled}/`, `/api/stop-sale/${w.bare}/`],
    sub: true,
    before: (t) => stopSaleDay(t, w),
  }),
  stopSaleCalendarGroups: () => ({ urls: ['/api/stop-sale/calendar-groups'], sub: true }),
  // Items with every state are checked in stop-sale/partner-sync.test.ts.
  stopSaleSyncStatus: (w) => ({
    urls: [`/api/stop-sale/sync/${w.filled}/status/`, `/api/stop-sale/sync/${w.bare}/status/`],
    sub: true,
  }),
  stopSaleSendMail: (w) => ({ urls: [`/api/stop-sale/pdf/${w.filled}/send-mail/${w.group}/`], status: 201 }),
  operatorStopSale: (w) => ({
    urls: [`/api/partners/stop-sale/${w.filled}/`],
    operator: true,
    before: (t) => stopSaleDay(t, w),
  }),
};

/** One day of the filled property's first room on stop sale (this month, by the test clock). */
async function stopSaleDay(t: TestApp, w: World): Promise<void> {
  const db = t.services.db.kysely;
  const room = await db
    .selectFrom('fact_rows')
    .select('id')
    .where('property_id', '=', w.filled)
    .where('kind', '=', 'room')
    .executeTakeFirstOrThrow();
  const date = `${t.clock.now().toISOString().slice(0, 7)}-02`;
  await db
    .insertInto('stop_sale_events')
    .values({
      property_id: w.filled,
      room_id: room.id,
      date,
      color: 2,
      updated_by: w.owner.id,
      updated_at: t.clock.now().toISOString(),
    })
    .onConflict((oc) => oc.columns(['room_id', 'date']).doNothing())
    .execute();
}

/** A publication of the filled property as it is (written directly: its facts are not complete enough to publish). */
async function published(t: TestApp, w: World): Promise<void> {
  await t.services.db.kysely
    .transaction()
    .execute((trx) =>
      writePublication(trx, w.filled, w.owner.id, t.clock.now().toISOString(), 40, t.services.schemas).then(
        () => undefined,
      ),
    );
}

/** The filled property's widget, published and embeddable on one site, under a known token. */
const WIDGET_TOKEN = 'wg_response_shape';
async function widgetOn(t: TestApp, w: World): Promise<void> {
  const res = await t.api('POST', '/api/settings/widget/create/', {
    token: w.owner.token,
    body: { hotel: w.filled, content_type: 'r' },
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.services.db.kysely
    .updateTable('widgets')
    .set({ token: WIDGET_TOKEN })
    .where('property_id', '=', w.filled)
    .execute();
  await t.api('POST', '/api/settings/whitelist/create/', {
    token: w.owner.token,
    body: { name: 'Shape site', domain: 'https://shape-hotel.example' },
  });
  await published(t, w);
}

async function markPublished(t: TestApp, property: number): Promise<void> {
  await t.services.db.kysely
    .updateTable('properties')
    .set({ publish_date: t.clock.now().toISOString() })
    .where('id', '=', property)
    .execute();
}

/** Every facts read (sections and lists) follows one pattern: called on both properties. */
function factsFixture(route: RouteDef): Fixture | undefined {
  if (!/^facts(Get|List)/.test(route.operationId)) return undefined;
  return (w) => ({
    urls: [w.filled, w.bare].map((id) => `/${route.path.replace(/\{[^}]+\}/, String(id))}`),
    sub: true,
  });
}

describe('the response-shape test covers the route table', () => {
  it('has a fixture for every read with a JSON answer', () => {
    const missing = reads.filter((r) => !FIXTURES[r.operationId] && !factsFixture(r)).map((r) => r.operationId);
    expect(missing).toEqual([]);
  });
});

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`every answer carries every field of its schema, in order (${dialect})`, () => {
    let t: TestApp;
    let w: World;
    const checked = new Set<string>();

    /** A call whose 2xx JSON answer is checked against its route's answer form. */
    async function call(
      method: string,
      url: string,
      token: string | undefined,
      body?: unknown,
      headers?: Record<string, string>,
    ) {
      const res = await t.api(method, url, { token, body, headers });
      const route = routeOf(method, url);
      if (route && res.statusCode < 300 && res.statusCode !== 204) {
        const problems = answerProblems(t.services.schemas, route, res.statusCode, res.json());
        expect(problems, `${method} ${url}`).toEqual([]);
        checked.add(route.operationId);
      }
      return res;
    }

    beforeAll(async () => {
      t = await startTestApp(dialect);
      const { owner, sub } = await ownerWithSubUser(t, { facts: true, role: 'FO' });
      const operator = await signUp(t, { account_type: 'to' });
      const filled = (await createProperty(t, owner.token)).id;
      const bare = (await createProperty(t, owner.token)).id;
      await call('PUT', `/api/auth/permissions/update/${sub.id}/`, owner.token, {
        user: sub.id,
        facts: true,
        properties_allowed: [filled, bare],
      });
      // Sections saved with a few fields only: the rest must still be answered (null, [], groups).
      expect(
        (
          await call('POST', '/api/facts/main-info/create/', owner.token, {
            hotel: filled,
            rating: 4,
            tax: { tax_applicable: true },
          })
        ).statusCode,
      ).toBe(201);
      expect(
        (await call('PUT', `/api/facts/food/update/${filled}/`, owner.token, { boards_available: ['Half Board'] }))
          .statusCode,
      ).toBe(200);
      expect(
        (await call('POST', '/api/facts/sports-wellness/create/', owner.token, { hotel: filled })).statusCode,
      ).toBe(201);
      const rooms = await call('POST', `/api/facts/rooms/update/${filled}/`, owner.token, [
        { id: 0, room_name: 'Double', room_name_type: 'apartment', room_view: 'Sea view' },
      ]);
      expect(rooms.statusCode, rooms.body).toBe(200);
      expect(
        (
          await call('POST', `/api/facts/facility/restaurants/update/${filled}/`, owner.token, [
            { restaurant_name: 'Blue' },
          ])
        ).statusCode,
      ).toBe(200);
      expect(
        (await call('POST', `/api/facts/facility/bars/update/${filled}/`, owner.token, [{ bar_name: 'Pool bar' }]))
          .statusCode,
      ).toBe(200);
      const maintenance = await call('POST', `/api/facts/maintenance/update/${filled}/`, owner.token, [
        {
          maintenance_type_apply: 'Closure of spa area',
          maintenance_disturbance: 'disturbing',
          maintenance_zone: 'Partially',
          maintenance_from: '2026-01-10',
          maintenance_to: '2026-02-10',
        },
      ]);
      expect(maintenance.statusCode, maintenance.body).toBe(200);
      await uploaded(t, owner.token, filled, [file(await jpeg(320, 240), 'a.jpg')]);
      const company = await sendForm(t, 'POST', '/api/settings/company/create/', owner.token, [
        { name: 'company', value: 'Ananas Hotels' },
        { name: 'country', value: 'ES' },
      ]);
      expect(company.statusCode, company.body).toBe(201);
      expect((await call('POST', '/api/settings/preferences/create/', owner.token, { theme: 'dark' })).statusCode).toBe(
        201,
      );
      const group = (await call('POST', '/api/settings/mailing-list/create/', owner.token, { name: 'Partners' })).json()
        .id as number;
      expect(
        (
          await call('POST', '/api/settings/contact-list/create/', owner.token, {
            mailing_list: group,
            name: 'Olga',
            email_address: 'olga@example.com',
          })
        ).statusCode,
      ).toBe(201);
      await notify(t.services, owner.id, { type: 'facts', message: () => 'Hello' });
      await t.services.db.kysely
        .insertInto('announcements')
        .values({ message: 'Maintenance tonight', active: true, created_at: t.clock.now().toISOString() })
        .execute();
      // A contract proposed by the hotel, countered and accepted: versions, diffs and coverage to answer.
      const proposal = await call('POST', '/api/partners/contract/create/', owner.token, {
        partner: operator.id,
        all_properties: false,
        properties: [filled],
      });
      expect(proposal.statusCode, proposal.body).toBe(201);
      const contract = proposal.json().id as number;
      expect(
        (await call('PUT', `/api/partners/contract/edit/${contract}/`, operator.token, { notice_period: 30 }))
          .statusCode,
      ).toBe(200);
      expect(
        (await call('PUT', `/api/partners/contract/edit/${contract}/`, owner.token, { status: 'A' })).statusCode,
      ).toBe(200);
      const operatorExport = await call('POST', '/api/tour-operator/exports/', operator.token, {
        hotels: [filled],
        contents: ['json', 'csv'],
      });
      expect(operatorExport.statusCode, operatorExport.body).toBe(201);
      w = { owner, sub, operator, filled, bare, group, contract, operatorExport: operatorExport.json().id as number };
    }, 120_000);
    afterAll(() => t.stop());

    // Before the route loop: the export sends mark the filled property published.
    it('answers last-publish-date null before any publish: "never published"', async () => {
      expect(checked.has('exportsSendFacts')).toBe(false);
      const res = await call('GET', '/api/facts/last-publish-date/', w.owner.token);
      expect(res.json()).toEqual({ date: null });
    });

    for (const route of reads) {
      it(`${route.method} ${route.path}`, async () => {
        const fixture = FIXTURES[route.operationId] ?? factsFixture(route);
        const { urls, sub, operator, status, before, headers } = fixture!(w);
        await before?.(t);
        for (const url of urls) {
          for (const who of operator ? [w.operator] : sub ? [w.owner, w.sub] : [w.owner]) {
            const res = await call('GET', url, who.token, undefined, headers);
            expect(res.statusCode, `${url}: ${res.body}`).toBe(status ?? 200);
          }
        }
        expect(checked.has(route.operationId)).toBe(true);
      });
    }

    it('answers the writes complete too (the calls that built this world)', () => {
      for (const op of [
        'authPermissionsUpdate',
        'factsCreateMainInfo',
        'factsUpdateFood',
        'factsSaveRoom',
        'factsSaveRestaurant',
        'factsSaveBar',
        'factsSaveMaintenance',
        'settingsPreferencesCreate',
        'settingsMailingListCreate',
        'settingsContactCreate',
        'contractCreate',
        'contractEdit',
      ]) {
        expect(checked, op).toContain(op);
      }
    });

    it('answers a room with its infant fields, and a never-saved section with every field empty', async () => {
      const [room] = (await call('GET', `/api/facts/rooms/${w.filled}/`, w.owner.token)).json() as Record<
        string,
        unknown
      >[];
      expect(room).toMatchObject({ room_allowed_infant_count: null, room_infant_not_allowed: null, room_features: [] });
      const location = (await call('GET', `/api/facts/location/${w.bare}/`, w.owner.token)).json() as Record<
        string,
        unknown
      >;
      expect(location).toMatchObject({ id: null, hotel: w.bare, version: null, location_environment: [] });
      const main = (await call('GET', `/api/facts/main-info/${w.filled}/`, w.owner.token)).json() as Record<
        string,
        unknown
      >;
      expect(main).toMatchObject({
        id: w.filled,
        version: 1,
        rating: 4,
        address: null,
        tax: { tax_applicable: true, tax_charges: null },
        resort_fee: { resort_fee_applicable: null },
      });
    });
  });
}
