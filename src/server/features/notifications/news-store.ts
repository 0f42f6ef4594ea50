import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { FeatureUpdateWire } from '../../../shared/generated/wire-types.js';

/** The portal's news for everyone: the active announcement and the feature updates. */

type Db = Kysely<Database>;

/** The newest active announcement, or none. */
export function activeAnnouncement(db: Db) {
  return db
    .selectFrom('announcements')
    .select(['id', 'message'])
    .where('active', '=', true)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The latest 100 feature updates, newest first. */
export function featureUpdates(db: Db) {
  return db
    .selectFrom('feature_updates')
    .select(['id', 'message_date', 'message_category', 'message_header', 'message_body'])
    .orderBy('message_date', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

export function insertFeatureUpdate(db: Db, fields: Omit<FeatureUpdateWire, 'id'>, now: string) {
  return db
    .insertInto('feature_updates')
    .values({ ...fields, created_at: now })
    .returning(['id', 'message_date', 'message_category', 'message_header', 'message_body'])
    .executeTakeFirstOrThrow();
}
