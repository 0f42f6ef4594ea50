import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { foreignKeyViolation } from '../../db/unique.js';
import { conflict, notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { WhitelistWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit } from '../audit/index.js';
import {
  accountWhitelist,
  deleteWhitelist,
  insertWhitelist,
  keyTitlesUsing,
  updateWhitelist,
} from './whitelist-store.js';
import { entriesOf, whitelistFieldsOf, type WhitelistRow } from './whitelists.js';

/** Adding, editing and deleting an account's whitelist entries, each audited in the change's transaction. */

function audit(
  services: Services,
  trx: Kysely<Database>,
  who: { auth: AuthContext; ip: string },
  change: { action: string; id: number; summary: string },
) {
  return recordAudit(
    services,
    actorOf(who.auth, who.ip),
    { kind: 'settings', action: change.action, subject: 'whitelist', subjectId: change.id, summary: change.summary },
    trx,
  );
}

export async function createWhitelist(
  services: Services,
  auth: AuthContext,
  ip: string,
  body: WhitelistWire,
): Promise<WhitelistRow> {
  const fields = whitelistFieldsOf(body);
  return services.db.kysely.transaction().execute(async (trx) => {
    const inserted = await insertWhitelist(trx, {
      account_id: auth.accountId,
      ...fields,
      date_created: services.clock.now().toISOString(),
      created_by: auth.user.id,
    });
    const summary = `Added whitelist entry "${fields.name}": ${entriesOf(fields).join(', ')}`;
    await audit(services, trx, { auth, ip }, { action: 'create', id: inserted.id, summary });
    return inserted;
  });
}

/** Edits the account's entry `id` (404 for another account's); answers the entry as it is now. */
export async function editWhitelist(
  services: Services,
  auth: AuthContext,
  ip: string,
  id: number,
  body: WhitelistWire,
): Promise<WhitelistRow> {
  const before = await accountWhitelist(services.db.kysely, auth.accountId, id);
  if (!before) throw notFound();
  const fields = whitelistFieldsOf(body);
  await services.db.kysely.transaction().execute(async (trx) => {
    await updateWhitelist(trx, before.id, fields);
    const summary = `Edited whitelist entry "${fields.name}": ${entriesOf(before).join(', ')} -> ${entriesOf(fields).join(', ')}`;
    await audit(services, trx, { auth, ip }, { action: 'update', id: before.id, summary });
  });
  return { ...before, ...fields };
}

/** Deletes the account's entry `id`; 409 while API keys use it. */
export async function removeWhitelist(services: Services, auth: AuthContext, ip: string, id: number): Promise<void> {
  const db = services.db.kysely;
  const row = await accountWhitelist(db, auth.accountId, id);
  if (!row) throw notFound();
  const used = await keyTitlesUsing(db, row.id);
  if (used.length) throw conflict(`API keys use this entry: ${used.join(', ')}. Move or delete them first.`);
  await db
    .transaction()
    .execute(async (trx) => {
      await deleteWhitelist(trx, row.id);
      const summary = `Deleted whitelist entry "${row.name}"`;
      await audit(services, trx, { auth, ip }, { action: 'delete', id: row.id, summary });
    })
    .catch((e: unknown) => {
      // A key saved for this entry in parallel: the constraint keeps the entry.
      if (foreignKeyViolation(e)) throw conflict('An API key was just saved for this entry. Move or delete it first.');
      throw e;
    });
}
