import { fieldError } from '../../plugins/errors.js';
import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import type { MailingContactWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { onUnique } from '../../db/unique.js';
import {
  accountContact,
  accountList,
  addressInList,
  contactsOfList,
  deleteContact,
  insertContact,
  updateContact,
  type ContactRow,
} from './mailing-store.js';
import { filled, mailingAudit } from './mailing-audit.js';

function toContactWire(row: ContactRow): MailingContactWire {
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

/** The contacts of the caller's mailing groups: one address once per group. */
export function contactHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  const audit = mailingAudit(services);
  const inGroupAlready = () => fieldError('email_address', 'This address is in the group already.');
  async function checkUnique(listId: number, email: string, exceptId?: number): Promise<void> {
    if (await addressInList(db, listId, email, exceptId)) throw inGroupAlready();
  }
  /** The check above answers the usual case; the unique index (group, address) decides a race. */
  const uniqueInGroup = <T>(work: () => Promise<T>): Promise<T> => onUnique(work, { email_address: inGroupAlready });

  return {
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
      const row = await uniqueInGroup(() =>
        db.transaction().execute(async (trx) => {
          const inserted = await insertContact(trx, {
            mailing_list_id: list.id,
            account_id: auth.accountId,
            ...values,
            created_at: services.clock.now().toISOString(),
          });
          await audit(
            auth,
            ctx.ip,
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
      return created(toContactWire(row));
    },

    async settingsContactUpdate(ctx) {
      const auth = caller(ctx);
      const before = await accountContact(db, auth, ctx.params.id);
      const list = await accountList(db, auth, ctx.body.mailing_list);
      const fields = contactFields(ctx.body);
      await checkUnique(list.id, fields.email_address, before.id);
      const { mailing_list: _m, ...values } = fields;
      await uniqueInGroup(() =>
        db.transaction().execute(async (trx) => {
          await updateContact(trx, before.id, { ...values, mailing_list_id: list.id });
          await audit(
            auth,
            ctx.ip,
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
      return ok(toContactWire(await accountContact(db, auth, before.id)));
    },

    async settingsContactDelete(ctx) {
      const auth = caller(ctx);
      const row = await accountContact(db, auth, ctx.params.id);
      await db.transaction().execute(async (trx) => {
        await deleteContact(trx, row.id);
        await recordAudit(
          services,
          actorOf(auth, ctx.ip),
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
      return noContent();
    },
  };
}
