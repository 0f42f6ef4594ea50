import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import type { MailingListWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit } from '../audit/index.js';
import {
  accountList,
  countContacts,
  deleteList,
  insertList,
  listsOfAccount,
  updateList,
  type ListRow,
} from './mailing-store.js';
import { filled, mailingAudit } from './mailing-audit.js';
import { contactHandlers } from './mailing-contacts.js';

function toListWire(row: ListRow, contacts: number): MailingListWire {
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

/** Mailing groups (the recipients of fact sheets, photos and stop-sale charts) and their contacts. */
export function mailingHandlers(services: Services): HandlerMap {
  return { ...groupHandlers(services), ...contactHandlers(services) };
}

/** The mailing groups themselves. */
function groupHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  const audit = mailingAudit(services);

  return {
    async settingsMailingListsList(ctx) {
      const rows = await listsOfAccount(db, caller(ctx).accountId);
      return ok(rows.map((r) => toListWire(r, r.contacts)));
    },

    async settingsMailingListCreate(ctx) {
      const auth = caller(ctx);
      const fields = listFields(ctx.body);
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await insertList(trx, {
          account_id: auth.accountId,
          ...fields,
          date_created: services.clock.now().toISOString(),
          created_by: auth.user.id,
        });
        await audit(
          auth,
          ctx.ip,
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
      return created(toListWire(row, 0));
    },

    async settingsMailingListUpdate(ctx) {
      const auth = caller(ctx);
      const before = await accountList(db, auth, ctx.params.id);
      const fields = listFields(ctx.body);
      await db.transaction().execute(async (trx) => {
        await updateList(trx, before.id, fields);
        await audit(
          auth,
          ctx.ip,
          'update',
          'mailing-list',
          before.id,
          `Edited mailing group "${fields.name}"`,
          listFields(before),
          fields,
          trx,
        );
      });
      return ok(toListWire(await accountList(db, auth, before.id), await countContacts(db, before.id)));
    },

    async settingsMailingListDelete(ctx) {
      const auth = caller(ctx);
      const row = await accountList(db, auth, ctx.params.id);
      await db.transaction().execute(async (trx) => {
        await deleteList(trx, row.id);
        await recordAudit(
          services,
          actorOf(auth, ctx.ip),
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
      return noContent();
    },
  };
}
