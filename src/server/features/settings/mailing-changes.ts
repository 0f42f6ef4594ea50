import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { MailingListWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { accountList, countContacts, deleteList, insertList, updateList, type ListRow } from './mailing-store.js';
import { filled, mailingAudit } from './mailing-audit.js';

/** The writes of mailing groups: added, edited and deleted within the caller's account, each audited. */

export function toListWire(row: ListRow, contacts: number): MailingListWire {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    date_created: row.date_created,
    contacts_count: contacts,
  };
}

const listFields = (w: Partial<MailingListWire>) => ({
  name: (w.name ?? '').trim(),
  description: (w.description ?? '').trim(),
});

/** Adds a mailing group to the caller's account. */
export async function createList(
  services: Services,
  auth: AuthContext,
  ip: string,
  body: MailingListWire,
): Promise<ListRow> {
  const fields = listFields(body);
  return services.db.kysely.transaction().execute(async (trx) => {
    const inserted = await insertList(trx, {
      account_id: auth.accountId,
      ...fields,
      date_created: services.clock.now().toISOString(),
      created_by: auth.user.id,
    });
    await mailingAudit(services)(
      auth,
      ip,
      'create',
      'mailing-list',
      inserted.id,
      `Added mailing group "${fields.name}"`,
      {},
      filled(fields),
      trx,
    );
    return inserted;
  });
}

/** Edits a group of the caller's account (404 for another's); answers it with its count of contacts. */
export async function editList(
  services: Services,
  auth: AuthContext,
  ip: string,
  id: number,
  body: MailingListWire,
): Promise<MailingListWire> {
  const db = services.db.kysely;
  const before = await accountList(db, auth, id);
  const fields = listFields(body);
  await db.transaction().execute(async (trx) => {
    await updateList(trx, before.id, fields);
    await mailingAudit(services)(
      auth,
      ip,
      'update',
      'mailing-list',
      before.id,
      `Edited mailing group "${fields.name}"`,
      listFields(before),
      fields,
      trx,
    );
  });
  return toListWire(await accountList(db, auth, before.id), await countContacts(db, before.id));
}

/** Deletes a group of the caller's account and its contacts (404 for another's). */
export async function removeList(services: Services, auth: AuthContext, ip: string, id: number): Promise<void> {
  const db = services.db.kysely;
  const row = await accountList(db, auth, id);
  await db.transaction().execute(async (trx) => {
    await deleteList(trx, row.id);
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'settings',
        action: 'delete',
        subject: 'mailing-list',
        subjectId: row.id,
        summary: `Deleted mailing group "${row.name}" and its contacts`,
      },
      trx,
    );
  });
}
