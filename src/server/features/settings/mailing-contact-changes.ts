import { fieldError } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { MailingContactWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { onUnique } from '../../db/unique.js';
import {
  accountContact,
  accountList,
  addressInList,
  deleteContact,
  insertContact,
  updateContact,
  type ContactRow,
} from './mailing-store.js';
import { filled, mailingAudit } from './mailing-audit.js';

/** The writes of mailing contacts: one address once per group, within the caller's account, audited. */

export function toContactWire(row: ContactRow): MailingContactWire {
  return {
    id: row.id,
    mailing_list: row.mailing_list_id,
    name: row.name,
    title: row.title,
    email_address: row.email_address,
    location: row.location,
    phone: row.phone,
  };
}

const contactFields = (w: MailingContactWire) => ({
  mailing_list: w.mailing_list,
  name: w.name.trim(),
  title: (w.title ?? '').trim(),
  email_address: w.email_address.trim().toLowerCase(),
  location: (w.location ?? '').trim(),
  phone: (w.phone ?? '').trim(),
});

const inGroupAlready = () => fieldError('email_address', 'This address is in the group already.');

/** The check answers the usual case; the unique index (group, address) decides a race (`uniqueInGroup`). */
async function checkUnique(services: Services, listId: number, email: string, exceptId?: number): Promise<void> {
  if (await addressInList(services.db.kysely, listId, email, exceptId)) throw inGroupAlready();
}

const uniqueInGroup = <T>(work: () => Promise<T>): Promise<T> => onUnique(work, { email_address: inGroupAlready });

/** Adds a contact to a group of the caller's account (404 for another's; 400 when the address is in it). */
export async function createContact(
  services: Services,
  auth: AuthContext,
  ip: string,
  body: MailingContactWire,
): Promise<ContactRow> {
  const db = services.db.kysely;
  const list = await accountList(db, auth, body.mailing_list);
  const fields = contactFields(body);
  await checkUnique(services, list.id, fields.email_address);
  const { mailing_list: _m, ...values } = fields;
  return uniqueInGroup(() =>
    db.transaction().execute(async (trx) => {
      const inserted = await insertContact(trx, {
        mailing_list_id: list.id,
        account_id: auth.accountId,
        ...values,
        created_at: services.clock.now().toISOString(),
      });
      await mailingAudit(services)(
        auth,
        ip,
        'create',
        'contact',
        inserted.id,
        `Added ${values.email_address} to mailing group "${list.name}"`,
        {},
        filled(fields),
        trx,
      );
      return inserted;
    }),
  );
}

/** Edits a contact of the caller's account, perhaps moving it to another of its groups; answers it. */
export async function editContact(
  services: Services,
  auth: AuthContext,
  ip: string,
  id: number,
  body: MailingContactWire,
): Promise<ContactRow> {
  const db = services.db.kysely;
  const before = await accountContact(db, auth, id);
  const list = await accountList(db, auth, body.mailing_list);
  const fields = contactFields(body);
  await checkUnique(services, list.id, fields.email_address, before.id);
  const { mailing_list: _m, ...values } = fields;
  await uniqueInGroup(() =>
    db.transaction().execute(async (trx) => {
      await updateContact(trx, before.id, { ...values, mailing_list_id: list.id });
      await mailingAudit(services)(
        auth,
        ip,
        'update',
        'contact',
        before.id,
        `Edited contact ${values.email_address}`,
        contactFields(toContactWire(before)),
        fields,
        trx,
      );
    }),
  );
  return accountContact(db, auth, before.id);
}

/** Deletes a contact of the caller's account (404 for another's). */
export async function removeContact(services: Services, auth: AuthContext, ip: string, id: number): Promise<void> {
  const db = services.db.kysely;
  const row = await accountContact(db, auth, id);
  await db.transaction().execute(async (trx) => {
    await deleteContact(trx, row.id);
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'settings',
        action: 'delete',
        subject: 'contact',
        subjectId: row.id,
        summary: `Deleted contact ${row.email_address}`,
      },
      trx,
    );
  });
}
