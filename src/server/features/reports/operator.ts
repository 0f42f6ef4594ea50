import type { OperatorFeedWire, OperatorReportDataWire } from '../../../shared/generated/wire-types.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { changedSections } from '../publishing/index.js';
import { operatorStates } from '../operator/index.js';
import { contractedProperties, companyNames, listedHotelName } from '../partners/index.js';
import { publicationByNumber } from '../publications/index.js';
import { lastMonths, monthsSince, perMonth } from './months.js';
import { propertyOwners } from '../properties/index.js';

const OVERRIDE_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'replaced'] as const;
const FEED_SIZE = 30;

/** The properties the operator reaches now, with their names and hotels. */
async function reached(services: Services, operatorAccountId: number) {
  const db = services.db.kysely;
  const iso = services.clock.now().toISOString();
  const ids = [
    ...new Set((await contractedProperties(db, operatorAccountId, iso).execute()).map((r) => r.property_id)),
  ];
  if (!ids.length) return [];
  const rows = await propertyOwners(db, ids);
  const names = await companyNames(
    db,
    rows.map((r) => r.account_id),
  );
  return rows.map((r) => ({ ...r, company: names.get(r.account_id) ?? '' }));
}

/** A property as the operator's lists name it (listedHotelName: the fact-sheet list's rule). */
function names(p: { hotel_name: string }, shown: string | null) {
  const { name, ownName } = listedHotelName(p.hotel_name, shown);
  return { property_name: name, property_own_name: ownName };
}

/**
 * The operator's report: contracted hotels and properties, mapping of properties and rooms
 * (tables hotel_mappings and room_mappings as the mapping feature fills them: a room is mapped
 * when its mapping is linked), overrides by status, exports per month (the export centre's finished exports and
 * the export_sends of the operator's account), and per property what is left to map or to be reviewed.
 */
export async function operatorReport(services: Services, auth: AuthContext): Promise<OperatorReportDataWire> {
  const db = services.db.kysely;
  const now = services.clock.now();
  const props = await reached(services, auth.accountId);
  const ids = props.map((p) => p.id);
  // Mapped as the mapping list and the fact-sheet list say it (any hotel code or id; rooms of the
  // latest publication linked), from the same reader, so the dashboard never disagrees with them.
  const states = await operatorStates(db, auth.accountId, ids);
  const stateOf = (id: number) => states.get(id);
  const mappedCount = ids.filter((id) => stateOf(id)?.mapped).length;
  const roomsMapped = ids.reduce((n, id) => n + (stateOf(id)?.rooms_mapped ?? 0), 0);
  const roomsAll = ids.reduce((n, id) => n + (stateOf(id)?.rooms ?? 0), 0);
  const overrides = await db
    .selectFrom('overrides')
    .select(['status', 'property_id'])
    .where('operator_account_id', '=', auth.accountId)
    .execute();
  const exports = await db
    .selectFrom('export_sends')
    .select('created_at')
    .where('account_id', '=', auth.accountId)
    .where('created_at', '>=', monthsSince(now))
    .execute();
  // The export centre's finished exports count in the month they were ready: what the operator
  // took away, as the export centre lists it.
  const built = await db
    .selectFrom('operator_exports')
    .select('finished_at')
    .where('account_id', '=', auth.accountId)
    .where('finished_at', 'is not', null)
    .where('finished_at', '>=', monthsSince(now))
    .execute();
  const months = lastMonths(now);
  const exportCounts = perMonth(months, [
    ...exports.map((e) => e.created_at),
    ...built.flatMap((e) => (e.finished_at ? [e.finished_at] : [])),
  ]);
  return {
    hotels: new Set(props.map((p) => p.account_id)).size,
    properties: props.length,
    mapped_properties: mappedCount,
    rooms: { mapped: roomsMapped, unmapped: roomsAll - roomsMapped },
    overrides: OVERRIDE_STATUSES.map((status) => ({
      status,
      total: overrides.filter((o) => o.status === status).length,
    })),
    exports: months.map((m, i) => ({ ...m, total: exportCounts[i]! })),
    by_property: props.map((p) => ({
      property: p.id,
      ...names(p, stateOf(p.id)?.name_override ?? null),
      published: (stateOf(p.id)?.publication ?? null) !== null,
      company: p.company,
      mapped: stateOf(p.id)?.mapped ?? false,
      rooms: stateOf(p.id)?.rooms ?? 0,
      mapped_rooms: stateOf(p.id)?.rooms_mapped ?? 0,
      pending_overrides: overrides.filter((o) => o.property_id === p.id && o.status === 'pending').length,
      link: `/datamapping/${p.id}`,
    })),
  };
}

/** The latest publishes of the properties the operator reaches, each with what it changed. */
export async function operatorFeed(services: Services, auth: AuthContext): Promise<OperatorFeedWire> {
  const db = services.db.kysely;
  const props = await reached(services, auth.accountId);
  if (!props.length) return { results: [] };
  const pubs = await db
    .selectFrom('publications')
    .select(['property_id', 'number', 'published_at'])
    .where(
      'property_id',
      'in',
      props.map((p) => p.id),
    )
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(FEED_SIZE)
    .execute();
  // Named as the operator's other lists name them: by its override of the hotel name where it has
  // one. Only the feed's few properties are asked about, not every hotel the operator reaches.
  const states = await operatorStates(db, auth.accountId, [...new Set(pubs.map((pub) => pub.property_id))]);
  const byId = new Map(props.map((p) => [p.id, { ...p, hotel_name: states.get(p.id)?.name_override ?? p.hotel_name }]));
  const results: OperatorFeedWire['results'] = [];
  for (const pub of pubs) {
    const p = byId.get(pub.property_id)!;
    const link = `/fact-sheet?property=${p.id}`;
    if (pub.number === 1) {
      results.push({
        kind: 'published',
        at: pub.published_at,
        property: p.id,
        property_name: p.hotel_name,
        company: p.company,
        summary: `${p.company} published the facts of ${p.hotel_name}`,
        sections: [],
        link,
      });
      continue;
    }
    const [before, after] = await Promise.all([
      publicationByNumber(db, p.id, pub.number - 1),
      publicationByNumber(db, p.id, pub.number),
    ]);
    const sections = before && after ? changedSections(services, before.documents, after.documents) : [];
    if (!sections.length) continue;
    results.push({
      kind: 'changed',
      at: pub.published_at,
      property: p.id,
      property_name: p.hotel_name,
      company: p.company,
      summary: `${p.company} changed ${sections.join(', ')}`,
      sections,
      link,
    });
  }
  return { results };
}
