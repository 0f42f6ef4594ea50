import type { BulkEditPreviewWire, BulkEditRequestWire } from '../../../shared/generated/wire-types.js';
import type { Words } from '../../../shared/validation-messages.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { bulkFields, bulkSection, bulkValues, planFor } from './bulk-plan.js';
import { chosenProperties } from './bulk-store.js';

/** What a bulk edit would do, per property, read in two queries whatever their number; nothing is saved. */
export async function previewBulkEdit(
  services: Services,
  auth: AuthContext,
  body: BulkEditRequestWire,
  words?: Words,
): Promise<BulkEditPreviewWire> {
  const section = bulkSection(services, body.section);
  const fields = bulkFields(services, section, body.values);
  const values = bulkValues(services, section, body.values, words);
  const properties = await chosenProperties(services, auth, body.properties);
  const docs = await services.db.kysely
    .selectFrom('fact_sections')
    .select(['property_id', 'data'])
    .where('section', '=', section.key)
    .where(
      'property_id',
      'in',
      properties.map((p) => p.id),
    )
    .execute();
  const stored = new Map(docs.map((d) => [d.property_id, d.data]));
  const items = properties.map((p) => {
    const plan = planFor(services, section, p.id, stored.get(p.id), values);
    return {
      property: p.id,
      hotel_name: p.hotel_name,
      outcome: plan.outcome,
      changes: plan.changes,
      errors: plan.outcome === 'invalid' ? plan.errors : null,
      message: plan.outcome === 'invalid' ? plan.message : null,
    };
  });
  const count = (o: string) => items.filter((i) => i.outcome === o).length;
  return {
    section: section.key,
    title: section.title,
    fields,
    items,
    counts: { change: count('change'), same: count('same'), invalid: count('invalid') },
  };
}
