import { holds } from '../../../shared/conditions.js';
import type { ContractTermsWire, PortfolioRowWire } from '../../../shared/generated/wire-types.js';
import { bool } from '../../db/tables.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import {
  completenessOf,
  filledPercent,
  type SectionCompleteness,
  roomsOfProperties,
  sectionsOf,
} from '../facts/index.js';
import { DAY_MS, freshnessDays, READY_PHOTOS } from '../next-steps/index.js';
import { contractedOperatorsOfAccount, companyNames, parseTerms } from '../partners/index.js';
import { photoCounts, visibleProperties } from '../properties/index.js';
import { publishStates } from '../properties/index.js';

/** The stop-sale window the table covers: today and the 89 days after it. */
export const COVERAGE_DAYS = 90;

type Doc = Record<string, unknown>;
const key = (a: number, b: number) => `${a}:${b}`;
const later = (a: string | undefined, b: string | null | undefined): string | undefined =>
  !a ? (b ?? undefined) : !b ? a : a > b ? a : b;

function group<T>(rows: readonly T[], by: (r: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const k = by(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

const CACHE_SIZE = 5000;
const cache = new WeakMap<Services, Map<number, { rev: number; list: SectionCompleteness[] }>>();

/**
 * A property's completeness depends on its documents and list rows alone, and every change to
 * them bumps its facts_rev: kept per property and revision, so the table reworks only what changed.
 */
function cachedCompleteness(
  services: Services,
  id: number,
  rev: number,
  compute: () => SectionCompleteness[],
): SectionCompleteness[] {
  let byId = cache.get(services);
  if (!byId) cache.set(services, (byId = new Map()));
  const hit = byId.get(id);
  if (hit && hit.rev === rev) return hit.list;
  const list = compute();
  byId.delete(id);
  byId.set(id, { rev, list });
  // Oldest first out (a Map keeps insertion order).
  if (byId.size > CACHE_SIZE) byId.delete(byId.keys().next().value!);
  return list;
}

/**
 * Open readiness items of one operator for one property, counted as next steps lists them
 * (next-steps/readiness.ts: sections blocking publish, no publication, photos under its contract's
 * rule, the hotel and its rooms unmapped), from figures read for every property at once.
 */
function openItems(
  sections: readonly SectionCompleteness[],
  published: boolean,
  photos: number,
  released: number,
  terms: ContractTermsWire,
  hotelMapped: boolean,
  rooms: number,
  roomsMapped: number,
): number {
  let n = sections.filter((s) => s.enabled && s.missing.length).length;
  if (!published) n += 1;
  if (terms.to_select_photos === 'A' && photos < READY_PHOTOS) n += 1;
  if (terms.to_select_photos === 'E' && released < READY_PHOTOS) n += 1;
  if (!hotelMapped) n += 1;
  if (rooms > roomsMapped) n += 1;
  return n;
}

type Property = Awaited<ReturnType<typeof visibleProperties>>[number];

/** Every figure of the table, each read for all the properties at once. */
async function readFigures(services: Services, auth: AuthContext, properties: Property[]) {
  const db = services.db.kysely;
  const ids = properties.map((p) => p.id);
  const now = services.clock.now();
  const today = now.toISOString().slice(0, 10);
  const until = new Date(Date.parse(`${today}T00:00:00Z`) + COVERAGE_DAYS * DAY_MS).toISOString().slice(0, 10);
  const [docs, rowStats, rooms, confirmations, photos, publishState, stopSale, contracts, days] = await Promise.all([
    db
      .selectFrom('fact_sections')
      .select(['property_id', 'section', 'data', 'updated_at'])
      .where('property_id', 'in', ids)
      .execute(),
    db
      .selectFrom('fact_rows')
      .select([
        'property_id',
        'kind',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.max('updated_at').as('at'),
      ])
      .where('property_id', 'in', ids)
      .groupBy(['property_id', 'kind'])
      .execute(),
    roomsOfProperties(db, ids),
    db
      .selectFrom('fact_confirmations')
      .select(['property_id', 'section', 'confirmed_at'])
      .where('property_id', 'in', ids)
      .execute(),
    photoCounts(services, ids),
    publishStates(db, properties),
    db
      .selectFrom('stop_sale_events')
      .select(['property_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('property_id', 'in', ids)
      .where('date', '>=', today)
      .where('date', '<', until)
      .groupBy('property_id')
      .execute(),
    contractedOperatorsOfAccount(db, auth.accountId, now.toISOString()).execute(),
    freshnessDays(db, auth.accountId),
  ]);
  const visible = new Set(ids);
  const inForce = contracts.filter((c) => visible.has(c.property_id));
  return {
    docsOf: group(docs, (d) => d.property_id),
    statsOf: group(rowStats, (r) => r.property_id),
    roomsOf: group(rooms, (r) => r.property_id),
    roomIds: new Set(rooms.map((r) => r.id)),
    confirmedOf: group(confirmations, (c) => c.property_id),
    contractsOf: group(inForce, (c) => c.property_id),
    operatorIds: [...new Set(inForce.map((c) => c.operator_account_id))],
    stopDays: new Map(stopSale.map((s) => [s.property_id, Number(s.n)])),
    photos,
    publishState,
    cutoff: new Date(now.getTime() - days * DAY_MS).toISOString(),
  };
}

/** What each operator in force has of each property: its name, released photos, hotel and room mappings. */
async function readOperatorFigures(services: Services, ids: number[], operatorIds: number[], roomIds: Set<number>) {
  const db = services.db.kysely;
  const [names, releases, hotelMaps, roomMaps] = operatorIds.length
    ? await Promise.all([
        companyNames(db, operatorIds),
        db
          .selectFrom('photo_releases')
          .innerJoin('photos', 'photos.id', 'photo_releases.photo_id')
          .select([
            'photo_releases.operator_account_id as operator',
            'photo_releases.property_id as property',
            (eb) => eb.fn.countAll<number>().as('n'),
          ])
          .where('photo_releases.property_id', 'in', ids)
          .groupBy(['photo_releases.operator_account_id', 'photo_releases.property_id'])
          .execute(),
        db
          .selectFrom('hotel_mappings')
          .select(['operator_account_id', 'property_id', 'external_id', 'local_id'])
          .where('property_id', 'in', ids)
          .execute(),
        db
          .selectFrom('room_mappings')
          .select(['operator_account_id', 'property_id', 'room_id', 'linked'])
          .where('property_id', 'in', ids)
          .execute(),
      ])
    : [new Map<number, string>(), [], [], []];
  const roomsMapped = new Map<string, number>();
  for (const m of roomMaps) {
    if (!bool(m.linked) || !roomIds.has(m.room_id)) continue;
    const k = key(m.operator_account_id, m.property_id);
    roomsMapped.set(k, (roomsMapped.get(k) ?? 0) + 1);
  }
  const termsOf = new Map<string, ContractTermsWire>();
  return {
    names,
    released: new Map(releases.map((r) => [key(r.operator, r.property), Number(r.n)])),
    mapped: new Set(
      hotelMaps
        .filter((m) => (m.external_id ?? '') !== '' || (m.local_id ?? '') !== '')
        .map((m) => key(m.operator_account_id, m.property_id)),
    ),
    roomsMapped,
    // Most contracts of an account share their terms: each text parsed once.
    terms(json: string | null) {
      const text = json ?? '{}';
      let t = termsOf.get(text);
      if (!t) termsOf.set(text, (t = parseTerms(services, text)));
      return t;
    },
  };
}

type Figures = Awaited<ReturnType<typeof readFigures>>;
type OperatorFigures = Awaited<ReturnType<typeof readOperatorFigures>>;

/**
 * The dates each section that applies was last saved or confirmed, whichever is later: freshness
 * as next steps judges it.
 */
function freshnessDates(services: Services, p: Property, f: Figures, byKey: Map<string, Doc>): string[] {
  const saved = new Map<string, string>([
    ...(f.docsOf.get(p.id) ?? []).map((d) => [d.section, d.updated_at] as const),
    ...(f.statsOf.get(p.id) ?? []).map((s) => [s.kind, String(s.at)] as const),
  ]);
  const confirmed = new Map((f.confirmedOf.get(p.id) ?? []).map((c) => [c.section, c.confirmed_at]));
  return sectionsOf(services.schemas)
    .filter((s) => !s.enabledIf || holds(s.enabledIf.condition, byKey.get(s.enabledIf.section) ?? {}))
    .map((s) => later(saved.get(s.key), confirmed.get(s.key)))
    .filter((d): d is string => !!d);
}

/** One property's row of the table. */
function rowOf(services: Services, p: Property, f: Figures, o: OperatorFigures): PortfolioRowWire {
  const byKey = new Map((f.docsOf.get(p.id) ?? []).map((d) => [d.section, JSON.parse(d.data) as Doc]));
  const counts = new Map((f.statsOf.get(p.id) ?? []).map((s) => [s.kind, Number(s.n)]));
  const list = cachedCompleteness(services, p.id, p.facts_rev, () => completenessOf(services, byKey, counts));
  const dates = freshnessDates(services, p, f, byKey);
  const roomCount = f.roomsOf.get(p.id)?.length ?? 0;
  const state = f.publishState.get(p.id)!;
  const photoCount = f.photos.get(p.id) ?? 0;
  return {
    id: p.id,
    hotel_name: p.hotel_name,
    city: p.city,
    country: p.country,
    completeness: filledPercent(list),
    publishable: list.every((s) => !s.enabled || s.missing.length === 0),
    missing_required: list.filter((s) => s.enabled).reduce((n, s) => n + s.missing.length, 0),
    publish_state: state,
    published_at: p.publish_date,
    last_confirmed: dates.length ? dates.reduce((a, b) => (a < b ? a : b)) : null,
    stale_sections: dates.filter((d) => d < f.cutoff).length,
    photo_count: photoCount,
    rooms: roomCount,
    stop_sale_coverage: roomCount
      ? Math.min(100, Math.round((100 * (f.stopDays.get(p.id) ?? 0)) / (roomCount * COVERAGE_DAYS)))
      : 0,
    operators: (f.contractsOf.get(p.id) ?? [])
      .map((c) => {
        const k = key(c.operator_account_id, p.id);
        const missing = openItems(
          list,
          state !== 'draft',
          photoCount,
          o.released.get(k) ?? 0,
          o.terms(c.accepted_terms),
          o.mapped.has(k),
          roomCount,
          o.roomsMapped.get(k) ?? 0,
        );
        return {
          operator: c.operator_account_id,
          company: o.names.get(c.operator_account_id) ?? '',
          ready: missing === 0,
          missing,
        };
      })
      .sort((a, b) => a.company.localeCompare(b.company) || a.operator - b.operator),
  };
}

/**
 * The portfolio table: every property the caller may see, each with its figures, in a fixed
 * number of queries whatever the number of properties (each reads every property at once).
 */
export async function portfolioTable(services: Services, auth: AuthContext): Promise<PortfolioRowWire[]> {
  const properties = await visibleProperties(services, auth);
  if (!properties.length) return [];
  const figures = await readFigures(services, auth, properties);
  const operators = await readOperatorFigures(
    services,
    properties.map((p) => p.id),
    figures.operatorIds,
    figures.roomIds,
  );
  return properties.map((p) => rowOf(services, p, figures, operators));
}
