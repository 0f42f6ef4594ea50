import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { tell } from '../notifications/index.js';
import { t } from '../../i18n/index.js';
import { countPhotos, photoLimit } from './store.js';

/** From this share of the Free plan's photo limit on, the team is told (once a day at most: a burst). */
export const QUOTA_WARNING_SHARE = 0.8;

/** After an upload, in its transaction: tell the owner and the photo editors when the limit is near or reached. */
export async function tellQuota(services: Services, trx: Kysely<Database>, accountId: number): Promise<void> {
  const limit = await photoLimit(services, trx, accountId);
  if (limit === null) return;
  const held = await countPhotos(trx, accountId);
  if (held < Math.ceil(limit * QUOTA_WARNING_SHARE)) return;
  const left = Math.max(0, limit - held);
  await tell(services, trx, {
    type: 'photo_quota',
    accountId,
    message: (lang) =>
      left === 0
        ? t(lang, 'notification.photo_quota.full', { held, limit })
        : t(lang, 'notification.photo_quota.near', { held, limit, left }),
    link: '/premium-account',
  });
}
