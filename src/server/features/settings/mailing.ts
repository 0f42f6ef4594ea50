import { fieldError } from '../../plugins/errors.js';
import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { MailingContactWire, MailingListWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit } from '../audit/record.js';
import { diffDocuments } from '../audit/diff.js';
import { onUnique } from '../../db/unique.js';
import {
  accountContact, accountList, addressInList, contactsOfList, countContacts, deleteContact, deleteList, insertContact, insertList, listsOfAccount, updateContact, updateList, type ContactRow, type ListRow,
} from './mailing-store.js';

/** What a new record holds, for its audit entry: empty fields say nothing. */
const filled = (o: object): object => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v !== null));

function toListWire(row: ListRow, contacts: number): MailingListWire {
  return { id: row.id, name: row.name, description: row.description, date_created: row.date_created, contacts_count: contacts };
}

function toContactWire(row: ContactRow): MailingContactWire {
  return { id: row.id, mailing_list: row.mailing_list_id, name: row.name, title: row.title, email_address: row.email_address, location: row.location, phone: row.phone };
}

const listFields = (w: Partial<MailingListWire>) => ({ name: (w.name ?? '').trim(), description: (w.description ?? '').trim() });
const contactFields = (w: MailingContactWire) => ({
  mailing_list: w.mailing_list,
  name: w.name.trim(),
  title: (w.title ?? '').trim(),
  email_address: w.email_address.trim().toLowerCase(),
  location: (w.location ?? '').trim(),
  phone: (w.phone ?? '').trim(),
});

/** Mailing groups (the recipients of fact sheets, photos and stop-sale charts) and their contacts. */
export function mailingHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  const listSchema = () => services.schemas.resolved('settings/mailing-list.schema.json');
  const contactSchema = () => services.schemas.resolved('settings/mailing-contact.schema.json');
  const audit = (auth: AuthContext, ip: string, action: string, subject: string, subjectId: number, summary: string, before: object, after: object, trx = db) =>
    recordAudit(services, actorOf(auth, ip), { kind: 'settings', action, subject, subjectId, summary, changes: diffDocuments(subject === 'contact' ? contactSchema() : listSchema(), before, after) }, trx);

  const inGroupAlready = () => fieldError('email_address', 'This address is in the group already.');
  async function checkUnique(listId: number, email: string, exceptId?: number): Promise<void> {
    if (await addressInList(db, listId, email, exceptId)) throw inGroupAlready();
  }
  /** The check above answers the usual case; the unique index (group, address) decides a race. */
  const uniqueInGroup = <T>(work: () => Promise<T>): Promise<T> => onUnique(work, { email_address: inGroupAlready });

  return {
    async settingsMailingListsList(ctx) {
      const rows = await listsOfAccount(db, caller(ctx).accountId);
      return ok(rows.map((r) => toListWire(r, r.contacts)));
    },

    async settingsMailingListCreate(ctx) {
      const auth = caller(ctx);
      const fields = listFields(ctx.body);
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await insertList(trx, { account_id: auth.accountId, ...fields, date_created: services.clock.now().toISOString(), created_by: auth.user.id });
        await audit(auth, ctx.ip, 'create', 'mailing-list', inserted.id, `Added mailing group "${fields.name}"`, {}, filled(fields), trx);
        return inserted;
      });
      return created(toListWire(row, 0));
    },

    async settingsMailingListUpdate(ctx) {
      const auth = caller(ctx);
      const before = await accountList(db, auth, ctx.params.id);
      const fields = listFields(ctx.body);
      await db.transaction().execute(async (trx) => {
        await updateList(trx, before.id, fields);
        await audit(auth, ctx.ip, 'update', 'mailing-list', before.id, `Edited mailing group "${fields.name}"`, listFields(before), fields, trx);
      });
      return ok(toListWire(await accountList(db, auth, before.id), await countContacts(db, before.id)));
    },

    async settingsMailingListDelete(ctx) {
      const auth = caller(ctx);
      const row = await accountList(db, auth, ctx.params.id);
      await db.transaction().execute(async (trx) => {
        await deleteList(trx, row.id);
        await recordAudit(services, actorOf(auth, ctx.ip), { kind: 'settings', action: 'delete', subject: 'mailing-list', subjectId: row.id, summary: `Deleted mailing group "${row.name}" and its contacts` }, trx);
      });
      return noContent();
    },

    async settingsContactsList(ctx) {
      const list = await accountList(db, caller(ctx), ctx.params.id);
      return ok((await contactsOfList(db, list.id)).map(toContactWire));
    },

    async settingsContactCreate(ctx) {
      const auth = caller(ctx);
      const list = await accountList(db, auth, ctx.body.mailing_list);
      const fields = contactFields(ctx.body);
      await checkUnique(list.id, fields.email_address);
      const { mailing_list: _m, ...values } = fields;
      const row = await uniqueInGroup(() => db.transaction().execute(async (trx) => {
        const inserted = await insertContact(trx, { mailing_list_id: list.id, account_id: auth.accountId, ...values, created_at: services.clock.now().toISOString() });
        await audit(auth, ctx.ip, 'create', 'contact', inserted.id, `Added ${values.email_address} to mailing group "${list.name}"`, {}, filled(fields), trx);
        return inserted;
      }));
      return created(toContactWire(row));
    },

    async settingsContactUpdate(ctx) {
      const auth = caller(ctx);
      const before = await accountContact(db, auth, ctx.params.id);
      const list = await accountList(db, auth, ctx.body.mailing_list);
      const fields = contactFields(ctx.body);
      await checkUnique(list.id, fields.email_address, before.id);
      const { mailing_list: _m, ...values } = fields;
      await uniqueInGroup(() => db.transaction().execute(async (trx) => {
        await updateContact(trx, before.id, { ...values, mailing_list_id: list.id });
        await audit(auth, ctx.ip, 'update', 'contact', before.id, `Edited contact ${values.email_address}`, contactFields(toContactWire(before)), fields, trx);
      }));
      return ok(toContactWire(await accountContact(db, auth, before.id)));
    },

    async settingsContactDelete(ctx) {
      const auth = caller(ctx);
      const row = await accountContact(db, auth, ctx.params.id);
      await db.transaction().execute(async (trx) => {
        await deleteContact(trx, row.id);
        await recordAudit(services, actorOf(auth, ctx.ip), { kind: 'settings', action: 'delete', subject: 'contact', subjectId: row.id, summary: `Deleted contact ${row.email_address}` }, trx);
      });
      return noContent();
    },
  };
}
