import { ApiError } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { markPublished, requireProperty } from '../properties/index.js';
import { latestPublication, writePublication } from '../publications/index.js';
import { onPublished } from '../operator/index.js';
import { completeness, filledPercent, publishProblems } from '../facts/index.js';
import { tellPublished } from './publish-news.js';

/**
 * Publish a property's facts: refused, naming every section and field, while a publish rule
 * fails. The facts as they are now become the publication partners read (features/publications).
 */
export async function publishProperty(services: Services, auth: AuthContext, ip: string, propertyId: number) {
  const property = await requireProperty(services, auth, propertyId);
  const sections = await completeness(services, propertyId);
  const problems = publishProblems(sections);
  if (problems.length) {
    throw new ApiError(400, { non_field_errors: ['Fill in what is missing before publishing:', ...problems] });
  }
  const now = services.clock.now().toISOString();
  await services.db.kysely.transaction().execute(async (trx) => {
    await markPublished(trx, propertyId, now);
    const before = await latestPublication(trx, propertyId);
    const after = await writePublication(trx, propertyId, auth.user.id, now, filledPercent(sections), services.schemas);
    await onPublished(services, trx, propertyId, before?.documents, after.documents);
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'property',
        action: 'publish',
        propertyId,
        subject: 'property',
        subjectId: propertyId,
        summary: `Published "${property.hotel_name}"`,
        changes: [{ field: 'publish_date', label: 'Published', from: property.publish_date, to: now }],
      },
      trx,
    );
    await tellPublished(services, trx, {
      propertyId,
      hotelName: property.hotel_name,
      accountId: auth.accountId,
      number: after.number,
      actorUserId: auth.user.id,
    });
  });
  return { id: propertyId, publish_date: now };
}
