import type { OverrideReviewPageWire } from '../../../shared/generated/wire-types.js';
import { notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Ctx } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { pageOf, PAGE_SIZE, offsetOf } from '../partners/index.js';
import { overrideWires, type OverrideRow } from './overrides.js';

type ReviewQuery = Ctx<'overrideReviews'>['query'];

/** One override, or 404. */
export async function requireOverride(services: Services, id: number): Promise<OverrideRow> {
  const row = await services.db.kysely.selectFrom('overrides').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** A page of the overrides of the caller's hotels for its moderation, newest first. */
export async function overrideReviewPage(
  services: Services,
  auth: AuthContext,
  query: ReviewQuery,
): Promise<OverrideReviewPageWire> {
  const page = query.page ?? 1;
  const status = query.status ?? 'pending';
  let q = services.db.kysely
    .selectFrom('overrides')
    .innerJoin('properties as p', 'p.id', 'overrides.property_id')
    .where('p.account_id', '=', auth.accountId);
  if (auth.properties !== 'all')
    q = auth.properties.length ? q.where('p.id', 'in', [...auth.properties]) : q.where('p.id', '=', -1);
  if (query.property) q = q.where('p.id', '=', query.property);
  q =
    status === 'all'
      ? q.where('overrides.status', 'in', ['pending', 'approved', 'rejected'])
      : q.where('overrides.status', '=', status);
  const count = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await q
    .selectAll('overrides')
    .orderBy('overrides.created_at', 'desc')
    .orderBy('overrides.id', 'desc')
    .limit(PAGE_SIZE)
    .offset(offsetOf(page))
    .execute();
  return pageOf(services, 'api/partners/override-reviews/', page, count, await overrideWires(services, rows), {
    status,
    property: query.property,
  });
}
