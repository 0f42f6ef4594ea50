import type { JsonSchema } from '../../../shared/bundle-types.js';
import type { SeasonalFactWire } from '../../../shared/generated/wire-types.js';
import type { Services } from '../../services.js';
import { sectionsOf } from '../facts/index.js';

interface RangeEnd {
  field: string;
  label: string;
}

/** The date fields that end a range (x-ui.rangeOf names the start): a section's seasonal facts. */
function rangeEnds(schema: JsonSchema): RangeEnd[] {
  const out: RangeEnd[] = [];
  for (const [key, sub] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    const ui = sub['x-ui'] as { rangeOf?: string } | undefined;
    if (ui?.rangeOf && sub.format === 'date')
      out.push({ field: key, label: typeof sub.title === 'string' ? sub.title : key });
  }
  return out;
}

/**
 * The seasonal facts of a property whose range ended before `today` (YYYY-MM-DD): any date field
 * of a section or list row that ends a range (maintenance periods today; a season added to a
 * schema later is found the same way). They stay flagged until the hotel changes or removes them.
 */
export async function endedSeasonal(
  services: Services,
  propertyId: number,
  today: string,
  link: (tab: string | null) => string | null,
): Promise<SeasonalFactWire[]> {
  const db = services.db.kysely;
  const out: SeasonalFactWire[] = [];
  for (const s of sectionsOf(services.schemas)) {
    const ends = rangeEnds(services.schemas.resolved(s.ref));
    if (!ends.length) continue;
    const records =
      s.kind === 'list'
        ? (
            await db
              .selectFrom('fact_rows')
              .select(['id', 'data'])
              .where('property_id', '=', propertyId)
              .where('kind', '=', s.key)
              .orderBy('position')
              .execute()
          ).map((r) => ({ row: r.id as number | null, data: r.data }))
        : (
            await db
              .selectFrom('fact_sections')
              .select('data')
              .where('property_id', '=', propertyId)
              .where('section', '=', s.key)
              .execute()
          ).map((r) => ({ row: null, data: r.data }));
    for (const r of records) {
      const doc = JSON.parse(r.data) as Record<string, unknown>;
      for (const end of ends) {
        const value = doc[end.field];
        if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && value < today) {
          out.push({
            section: s.key,
            title: s.title,
            field: end.field,
            label: end.label,
            row: r.row,
            ended_on: value,
            link: link(s.tab ?? null),
          });
        }
      }
    }
  }
  return out;
}
