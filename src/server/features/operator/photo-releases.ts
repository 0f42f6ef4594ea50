import type { PhotoReleaseWire } from '../../../shared/generated/wire-types.js';
import { ApiError } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { contractedOperators, companyNames, parseTerms } from '../partners/index.js';

/**
 * Photos released by the hotel to operators whose contract lets them use its photos only with
 * its approval (to_select_photos E). Those operators see, export and fetch exactly these.
 */
async function approvalOperators(
  services: Services,
  propertyId: number,
): Promise<{ operator: number; contract: number }[]> {
  const rows = await contractedOperators(services.db.kysely, propertyId, services.clock.now().toISOString()).execute();
  return rows
    .filter((r) => r.accepted_terms !== null && parseTerms(services, r.accepted_terms).to_select_photos === 'E')
    .map((r) => ({ operator: r.operator_account_id, contract: r.contract_id }));
}

export async function photoReleases(services: Services, propertyId: number): Promise<PhotoReleaseWire[]> {
  const db = services.db.kysely;
  const operators = await approvalOperators(services, propertyId);
  if (!operators.length) return [];
  const names = await companyNames(
    db,
    operators.map((o) => o.operator),
  );
  const released = await db
    .selectFrom('photo_releases')
    .select(['operator_account_id', 'photo_id'])
    .where('property_id', '=', propertyId)
    .where(
      'operator_account_id',
      'in',
      operators.map((o) => o.operator),
    )
    .orderBy('photo_id')
    .execute();
  return operators.map((o) => ({
    operator: o.operator,
    operator_name: names.get(o.operator) ?? '',
    contract: o.contract,
    photos: released.filter((r) => r.operator_account_id === o.operator).map((r) => r.photo_id),
  }));
}

/** PUT: the whole list released to one such operator (400 for an operator without that contract or a photo of another property). */
export async function saveReleases(
  services: Services,
  auth: AuthContext,
  ip: string,
  propertyId: number,
  operator: number,
  photos: readonly number[],
): Promise<void> {
  const db = services.db.kysely;
  if (!(await approvalOperators(services, propertyId)).some((o) => o.operator === operator)) {
    throw new ApiError(400, {
      operator: ['Not a partner whose contract asks for your approval of photos of this property.'],
    });
  }
  const own = new Set(
    (await db.selectFrom('photos').select('id').where('property_id', '=', propertyId).execute()).map((p) => p.id),
  );
  const foreign = photos.findIndex((p) => !own.has(p));
  if (foreign >= 0) throw new ApiError(400, { photos: { [foreign]: ['Not a photo of this property.'] } });
  const now = services.clock.now().toISOString();
  const names = await companyNames(db, [operator]);
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('photo_releases')
      .where('property_id', '=', propertyId)
      .where('operator_account_id', '=', operator)
      .execute();
    if (photos.length)
      await trx
        .insertInto('photo_releases')
        .values(
          photos.map((photo_id) => ({
            operator_account_id: operator,
            photo_id,
            property_id: propertyId,
            released_by: auth.user.id,
            released_at: now,
          })),
        )
        .execute();
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'photos',
        action: 'release',
        propertyId,
        subject: 'photo-release',
        subjectId: operator,
        summary: `Released ${photos.length} photo(s) to ${names.get(operator) ?? 'a partner'}`,
      },
      trx,
    );
  });
}
