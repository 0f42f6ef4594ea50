import type { Services } from '../services.js';
import { newSecret } from '../features/devtools/keys.js';
import { newWebhookSecret, sealContext } from '../features/webhooks/index.js';
import { newWidgetValues } from '../features/widget/index.js';
import { parseEntries } from '../features/devtools/addresses.js';

/**
 * Where the demo widget may be embedded: a page one serves locally (docs/api-and-partners.md, "The embeddable
 * widget").
 */
const SITE = 'http://localhost:8080';

function siteEntries(): string[] {
  const parsed = parseEntries(SITE);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.entries;
}

/**
 * Developer tools of the demo: the operator's whitelist (this machine, IPv4 and IPv6), an API key
 * usable from it and a webhook endpoint; the hotel's whitelist entries and the demo property's
 * website widget, allowed on http://localhost:8080 (a test page of one's own, docs/api-and-partners.md, "The embeddable
 * widget"). The key's secret is random and thrown away (only its hash is stored, as for any key): a demo is public, so
 * nothing usable is printed; docs/api-and-partners.md ("Developer tools and the partner API") says how to create a key
 * and see its secret once.
 */
export async function seedDevtools(services: Services, ids: DemoIds, now: string): Promise<void> {
  const whitelistId = await seedWhitelists(services, ids, now);
  await seedWidget(services, ids, now);
  await seedApiKey(services, ids, whitelistId, now);
  await seedWebhook(services, ids, now);
}

type DemoIds = { hotel: number; operator: number; property: number };

/** This machine for both accounts, and the hotel's local test page; answers the operator's (its key's) id. */
async function seedWhitelists(services: Services, ids: DemoIds, now: string): Promise<number> {
  const db = services.db.kysely;
  const local = {
    domain: '127.0.0.1, ::1',
    entries: JSON.stringify(['127.0.0.1', '::1']),
    date_created: now,
  };
  const whitelist = await db
    .insertInto('whitelists')
    .values({
      account_id: ids.operator,
      name: 'This machine',
      ...local,
      created_by: ids.operator,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('whitelists')
    .values({
      account_id: ids.hotel,
      name: 'Hotel office',
      ...local,
      created_by: ids.hotel,
    })
    .execute();
  await db
    .insertInto('whitelists')
    .values({
      account_id: ids.hotel,
      name: 'Hotel web site (local test page)',
      domain: SITE,
      entries: JSON.stringify(siteEntries()),
      date_created: now,
      created_by: ids.hotel,
    })
    .execute();
  return whitelist.id;
}

/** The demo property's website widget. */
async function seedWidget(services: Services, ids: DemoIds, now: string): Promise<void> {
  await services.db.kysely
    .insertInto('widgets')
    .values({
      account_id: ids.hotel,
      property_id: ids.property,
      ...newWidgetValues(services, { content_type: 'r', photos_per_row: 3 }),
      date_created: now,
      updated_at: now,
    })
    .execute();
}

/** The operator's API key, usable from this machine; its secret is never known (only its hash is stored). */
async function seedApiKey(services: Services, ids: DemoIds, whitelistId: number, now: string): Promise<void> {
  const { prefix, hash } = newSecret();
  await services.db.kysely
    .insertInto('api_keys')
    .values({
      account_id: ids.operator,
      title: 'Channel manager (demo)',
      description: 'Reads facts, photos and stop-sale of the contracted hotels from this machine.',
      whitelist_id: whitelistId,
      expires_at: null,
      fact_sheet: true,
      stop_sale: true,
      hotel_photos: true,
      prefix,
      secret_hash: hash,
      previous_hash: null,
      previous_valid_until: null,
      date_created: now,
      created_by: ids.operator,
      last_used_at: null,
    })
    .execute();
}

/** The operator's webhook endpoint. */
async function seedWebhook(services: Services, ids: DemoIds, now: string): Promise<void> {
  // Inactive: nothing listens at the example URL, and a demo should not fill its log with failures.
  await services.db.kysely
    .insertInto('webhook_endpoints')
    .values({
      account_id: ids.operator,
      url: 'https://partner.example/hooks/ananas',
      events: JSON.stringify(['stop_sale.updated', 'facts.updated', 'mapping.updated']),
      active: false,
      secret: services.secrets.seal(newWebhookSecret(), sealContext(ids.operator)),
      date_created: now,
      created_by: ids.operator,
    })
    .execute();
}
