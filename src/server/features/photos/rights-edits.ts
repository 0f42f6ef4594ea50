import { ApiError } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { PhotoRightsWire } from '../../../shared/generated/wire-types.js';
import type { Words } from '../../../shared/validation-messages.js';
import { actorOf, recordAudit, diffDocuments, type Change } from '../audit/index.js';
import { lockProperty } from '../properties/index.js';
import { editable, PHOTO_SCHEMA, rightsAfter } from './gallery-edits.js';
import { checkRights } from './rights-rules.js';
import { updatePhoto } from './store.js';

/**
 * The gallery's bulk edit of rights: the given fields set on every listed photo, in one
 * transaction under the property's lock. A photo not of this property refuses the whole edit
 * (400, nothing written), so a hotel never ends up with half its selection changed. Refusals are
 * in `words`' language (the request's: acceptedWords).
 */
export async function editRights(
  services: Services,
  auth: AuthContext,
  ip: string,
  propertyId: number,
  body: PhotoRightsWire,
  words: Words,
): Promise<void> {
  const { photos: ids, ...change } = body;
  await services.db.kysely.transaction().execute(async (trx) => {
    await lockProperty(services, trx, propertyId);
    const rows = await trx
      .selectFrom('photos')
      .selectAll()
      .where('property_id', '=', propertyId)
      .where('id', 'in', ids)
      .execute();
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length)
      throw new ApiError(400, { photos: [words.text('gallery.rights_refused_foreign', { ids: missing.join(', ') })] });
    const now = services.clock.now().toISOString();
    const schema = services.schemas.resolved(PHOTO_SCHEMA);
    const after = rows.map((before) => ({ before, next: rightsAfter(before, change) }));
    checkRights(
      after.map((a) => ({ id: a.before.id, rights: a.next })),
      true,
      words,
    );
    const changes: Change[] = [];
    for (const { before, next } of after) {
      await updatePhoto(trx, before.id, { ...next, updated_at: now });
      for (const c of diffDocuments(schema, editable(before), editable({ ...before, ...next })))
        changes.push({ ...c, field: `${before.id}.${c.field}`, label: `Photo ${before.id} › ${c.label}` });
    }
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'photos',
        action: 'update',
        propertyId,
        subject: 'photo',
        summary: `Set the rights of ${rows.length} photo${rows.length === 1 ? '' : 's'}`,
        changes,
      },
      trx,
    );
  });
}
