import type { Services } from '../../services.js';
import { applyOverrides, approvedOverrides, operatorView } from '../operator/index.js';
import type { ContractAccess } from '../partners/index.js';
import { existingProperty, type PropertyRow } from '../properties/index.js';
import type { PublicationReader } from './publications-compare.js';

/** How an operator reads a property's publications: through its approved overrides, marked since it last looked. */
export async function operatorReader(
  services: Services,
  access: ContractAccess,
): Promise<{ property: PropertyRow; reader: PublicationReader }> {
  const [property, approved, view] = await Promise.all([
    existingProperty(services.db.kysely, access.propertyId),
    approvedOverrides(services, access),
    operatorView(services.db.kysely, access),
  ]);
  const name = applyOverrides(new Map(), approved).overridden.get('hotel_name');
  return {
    property,
    reader: {
      view: (documents) => applyOverrides(documents, approved).documents,
      hotelName: typeof name === 'string' && name ? name : property.hotel_name,
      showsWho: false,
      seen: view?.publication_number ?? null,
    },
  };
}
