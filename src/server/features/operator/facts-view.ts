import type { Services } from '../../services.js';
import type { ContractAccess } from '../partners/index.js';
import type { SectionDocuments } from '../publications/index.js';
import { latestPublication } from '../publications/index.js';
import { hotelName } from '../properties/index.js';

/**
 * What an operator sees of a property's facts: the latest publication (never work in progress)
 * with the operator's approved overrides laid over it. Every operator-facing output (fact sheet,
 * exports, partner API, feeds) reads facts through here, so overrides apply everywhere alike.
 */
export interface OperatorFacts {
  /** null while the property was never published (operators see it as "Draft", with no facts). */
  publication: { number: number; publishedAt: string } | null;
  /** The hotel name the operator shows (its override, else the hotel's). */
  hotelName: string;
  documents: SectionDocuments;
  /** Paths (`section.field`, or hotel_name...) the operator's approved overrides set, with their values. */
  overridden: Map<string, unknown>;
}

export interface ApprovedOverride {
  field: string;
  value: string;
}

/** The documents with the overrides of fact fields (`section.field`) laid over them (a copy; the input is unchanged). */
export function applyOverrides(
  documents: SectionDocuments,
  approved: readonly ApprovedOverride[],
): { documents: SectionDocuments; overridden: Map<string, unknown> } {
  const out: SectionDocuments = new Map(documents);
  const overridden = new Map<string, unknown>();
  for (const o of approved) {
    const value = JSON.parse(o.value) as unknown;
    overridden.set(o.field, value);
    const dot = o.field.indexOf('.');
    if (dot < 0) continue;
    const section = o.field.slice(0, dot);
    const doc = out.get(section);
    if (Array.isArray(doc)) continue;
    out.set(section, { ...(doc ?? {}), [o.field.slice(dot + 1)]: value });
  }
  return { documents: out, overridden };
}

export function approvedOverrides(services: Services, access: ContractAccess): Promise<ApprovedOverride[]> {
  return services.db.kysely
    .selectFrom('overrides')
    .select(['field', 'value'])
    .where('operator_account_id', '=', access.operatorAccountId)
    .where('property_id', '=', access.propertyId)
    .where('status', '=', 'approved')
    .orderBy('id')
    .execute();
}

export async function operatorFacts(services: Services, access: ContractAccess): Promise<OperatorFacts> {
  const db = services.db.kysely;
  const [publication, approved, propertyName] = await Promise.all([
    latestPublication(db, access.propertyId),
    approvedOverrides(services, access),
    hotelName(db, access.propertyId),
  ]);
  const { documents, overridden } = applyOverrides(publication ? publication.documents : new Map(), approved);
  const name = overridden.get('hotel_name');
  return {
    publication: publication ? { number: publication.number, publishedAt: publication.publishedAt } : null,
    hotelName: typeof name === 'string' && name ? name : propertyName,
    documents,
    overridden,
  };
}
