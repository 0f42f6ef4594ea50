import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Database, MailingContactsTable, MailingListsTable } from '../../db/tables.js';

/** The mailing groups repository: mailing_lists and mailing_contacts, always within the caller's account. */

type Db = Kysely<Database>;
export type ListRow = Selectable<MailingListsTable>;
export type ContactRow = Selectable<MailingContactsTable>;

/** A mailing group of the caller's account, or 404. */
export async function accountList(db: Db, auth: AuthContext, id: number): Promise<ListRow> {
  const row = await db
    .selectFrom('mailing_lists')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', auth.accountId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** A contact of the caller's account, or 404. */
export async function accountContact(db: Db, auth: AuthContext, id: number): Promise<ContactRow> {
  const row = await db
    .selectFrom('mailing_contacts')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', auth.accountId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function countContacts(db: Db, listId: number): Promise<number> {
  const r = await db
    .selectFrom('mailing_contacts')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('mailing_list_id', '=', listId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The account's groups by name, each with its number of contacts. */
export async function listsOfAccount(db: Db, accountId: number): Promise<Array<ListRow & { contacts: number }>> {
  const rows = await db
    .selectFrom('mailing_lists as l')
    .selectAll('l')
    .select((eb) =>
      eb
        .selectFrom('mailing_contacts as c')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('c.mailing_list_id', '=', 'l.id')
        .as('contacts'),
    )
    .where('l.account_id', '=', accountId)
    .orderBy('l.name')
    .orderBy('l.id')
    .execute();
  return rows.map((r) => ({ ...r, contacts: Number(r.contacts ?? 0) }));
}

export async function contactsOfList(db: Db, listId: number): Promise<ContactRow[]> {
  return db
    .selectFrom('mailing_contacts')
    .selectAll()
    .where('mailing_list_id', '=', listId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Whether the group has this address already (other than contact `exceptId`). */
export async function addressInList(db: Db, listId: number, email: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom('mailing_contacts')
    .select('id')
    .where('mailing_list_id', '=', listId)
    .where('email_address', '=', email);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertList(db: Db, values: Insertable<MailingListsTable>): Promise<ListRow> {
  return db.insertInto('mailing_lists').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateList(db: Db, id: number, set: Updateable<MailingListsTable>): Promise<void> {
  await db.updateTable('mailing_lists').set(set).where('id', '=', id).execute();
}

/** A group goes with its contacts. */
export async function deleteList(db: Db, id: number): Promise<void> {
  await db.deleteFrom('mailing_contacts').where('mailing_list_id', '=', id).execute();
  await db.deleteFrom('mailing_lists').where('id', '=', id).execute();
}

export async function insertContact(db: Db, values: Insertable<MailingContactsTable>): Promise<ContactRow> {
  return db.insertInto('mailing_contacts').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateContact(db: Db, id: number, set: Updateable<MailingContactsTable>): Promise<void> {
  await db.updateTable('mailing_contacts').set(set).where('id', '=', id).execute();
}

export async function deleteContact(db: Db, id: number): Promise<void> {
  await db.deleteFrom('mailing_contacts').where('id', '=', id).execute();
}
