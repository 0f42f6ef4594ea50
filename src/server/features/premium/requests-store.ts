import type { Kysely, Selectable } from 'kysely';
import type { Database, PremiumRequestsTable } from '../../db/tables.js';

/** The queries over premium_requests, the table premium owns. */

export type RequestRow = Selectable<PremiumRequestsTable>;

/** The account's request still waiting for the Ananas team, if any. */
export function pendingRequest(db: Kysely<Database>, accountId: number): Promise<RequestRow | undefined> {
  return db
    .selectFrom('premium_requests')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '=', 'pending')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Every request of the account, newest first. */
export function requestsOf(db: Kysely<Database>, accountId: number): Promise<RequestRow[]> {
  return db
    .selectFrom('premium_requests')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .execute();
}

/** Records a waiting request; the unique index on pending requests refuses a second one. */
export function insertRequest(
  db: Kysely<Database>,
  values: { accountId: number; requestedBy: number; duration: number; message: string; now: string },
): Promise<RequestRow> {
  return db
    .insertInto('premium_requests')
    .values({
      account_id: values.accountId,
      requested_by: values.requestedBy,
      plan: 'P',
      duration: values.duration,
      message: values.message,
      status: 'pending',
      created_at: values.now,
      granted_at: null,
      granted_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Marks the account's waiting requests granted by the staff member. */
export async function grantPendingRequests(
  db: Kysely<Database>,
  accountId: number,
  grantedBy: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('premium_requests')
    .set({ status: 'granted', granted_at: now, granted_by: grantedBy })
    .where('account_id', '=', accountId)
    .where('status', '=', 'pending')
    .execute();
}
