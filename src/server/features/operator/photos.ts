import type { Services } from '../../services.js';
import { operatorMay, type ContractAccess } from '../partners/index.js';
import { leaving, listPhotos, type PhotoRow } from '../photos/index.js';

/**
 * The hotel's photos an operator may see and use, as its contract's photo option says
 * (to_select_photos): A every photo; E only those the hotel released to this operator (its
 * approval); N none. Every operator-facing output (fact sheet, exports, partner API) lists photos
 * through here. A photo that may not leave the hotel's account (its rights, issue 40 §3) is never
 * among them.
 */
export async function operatorPhotos(services: Services, access: ContractAccess): Promise<PhotoRow[]> {
  const db = services.db.kysely;
  const may = operatorMay(access.terms, 'select_photos');
  if (may === 'no') return [];
  const photos = leaving(services, await listPhotos(db, access.propertyId));
  if (may === 'yes') return photos;
  const released = new Set(
    (
      await db
        .selectFrom('photo_releases')
        .select('photo_id')
        .where('operator_account_id', '=', access.operatorAccountId)
        .where('property_id', '=', access.propertyId)
        .execute()
    ).map((r) => r.photo_id),
  );
  return photos.filter((p) => released.has(p.id));
}
