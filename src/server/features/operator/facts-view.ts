import type { Services } from '../../services.js';
import type { ContractAccess } from '../partners/access.js';
import type { SectionDocuments } from '../publications/documents.js';
import { latestPublication } from '../publications/store.js';

/**
 * What an operator sees of a property's facts: the latest publication (never work in progress)
 * with the operator's approved overrides laid over it. Every operator-facing output (fact sheet,
 * exports, partner API, feeds) reads facts through here, so overrides apply everywhere alike.
 */
export interface OperatorFacts {
  /** null while the property was never published (operators see it as "Draft", with no facts). */
  publication: { number: number; publishedAt: string } | null;
  documents: SectionDocuments;
  /** Paths (`section.field`) the operator's overrides replaced, with the hotel's published value. */
  overridden: Map<string, { hotelValue: unknown; value: unknown }>;
}

export async function operatorFacts(services: Services, access: ContractAccess): Promise<OperatorFacts> {
  const db = services.db.kysely;
  const publication = await latestPublication(db, access.propertyId);
  const documents: SectionDocuments = publication ? publication.documents : new Map();
  const overridden = new Map<string, { hotelValue: unknown; value: unknown }>();
  const approved = await db
    .selectFrom('overrides')
    .select(['field', 'value'])
    .where('operator_account_id', '=', access.operatorAccountId)
    .where('property_id', '=', access.propertyId)
    .where('status', '=', 'approved')
    .execute();
  for (const o of approved) {
    const [section, field] = o.field.split('.') as [string, string | undefined];
    const doc = documents.get(section);
    if (!field || !doc || Array.isArray(doc)) continue;
    const value = JSON.parse(o.value) as unknown;
    overridden.set(o.field, { hotelValue: doc[field] ?? null, value });
    documents.set(section, { ...doc, [field]: value });
  }
  return { publication: publication ? { number: publication.number, publishedAt: publication.publishedAt } : null, documents, overridden };
}
