import type { Kysely } from 'kysely';
import type { FreshnessWire } from '../../../shared/generated/wire-types.js';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { holds } from '../../../shared/conditions.js';
import { sectionsOf, type SectionInfo } from '../facts/index.js';

export const DEFAULT_FRESHNESS_DAYS = 180;
export const DAY_MS = 86_400_000;

export type SectionFreshness = FreshnessWire['sections'][number] & { kind: SectionInfo['kind'] };

/** The hotel account's period (preferences fact_freshness_days), the schema default when unset. */
export async function freshnessDays(db: Kysely<Database>, accountId: number): Promise<number> {
  const row = await db.selectFrom('preferences').select('data').where('account_id', '=', accountId).executeTakeFirst();
  const days = row ? (JSON.parse(row.data) as { fact_freshness_days?: unknown }).fact_freshness_days : undefined;
  return typeof days === 'number' && Number.isInteger(days) && days > 0 ? days : DEFAULT_FRESHNESS_DAYS;
}

const later = (a: string | null | undefined, b: string | null | undefined): string | null => {
  if (!a) return b ?? null;
  if (!b) return a;
  return a > b ? a : b;
};

/**
 * When each section of a property that applies was last confirmed: its last save (the section's
 * updated_at; a list's latest row, since a list save rewrites every row) or its last explicit
 * "still correct", whichever is later. A section never saved has no date and is never stale:
 * completeness, not freshness, asks for it.
 */
export async function sectionFreshness(
  services: Services,
  propertyId: number,
  days: number,
  now: Date,
): Promise<SectionFreshness[]> {
  const db = services.db.kysely;
  const [docs, rows, confirmations] = await Promise.all([
    db
      .selectFrom('fact_sections')
      .select(['section', 'data', 'updated_at'])
      .where('property_id', '=', propertyId)
      .execute(),
    db
      .selectFrom('fact_rows')
      .select(['kind', (eb) => eb.fn.max('updated_at').as('at')])
      .where('property_id', '=', propertyId)
      .groupBy('kind')
      .execute(),
    db
      .selectFrom('fact_confirmations')
      .select(['section', 'confirmed_at'])
      .where('property_id', '=', propertyId)
      .execute(),
  ]);
  const docData = new Map(docs.map((d) => [d.section, JSON.parse(d.data) as Record<string, unknown>]));
  const saved = new Map<string, string>([
    ...docs.map((d) => [d.section, d.updated_at] as const),
    ...rows.map((r) => [r.kind, String(r.at)] as const),
  ]);
  const confirmed = new Map(confirmations.map((c) => [c.section, c.confirmed_at]));
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  return sectionsOf(services.schemas)
    .filter((s) => !s.enabledIf || holds(s.enabledIf.condition, docData.get(s.enabledIf.section) ?? {}))
    .map((s) => {
      const at = later(saved.get(s.key), confirmed.get(s.key));
      return {
        section: s.key,
        title: s.title,
        tab: s.tab ?? null,
        kind: s.kind,
        confirmed_at: at,
        stale: at !== null && at < cutoff,
      };
    });
}

/** Whole days since a time, for messages. */
export function daysSince(iso: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / DAY_MS));
}
