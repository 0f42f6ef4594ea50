import type { Kysely, Selectable } from 'kysely';
import type { Database, WhitelistsTable } from '../../db/tables.js';
import { foreignKeyViolation } from '../../db/unique.js';
import { conflict, fieldError, notFound } from '../../plugins/errors.js';
import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { WhitelistWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { parseEntries } from './addresses.js';
import { normaliseSpace } from '../../routing/request-reader.js';

type Row = Selectable<WhitelistsTable>;

export const entriesOf = (row: { entries: string }): string[] => JSON.parse(row.entries) as string[];

function toWire(row: Row): WhitelistWire {
  return { id: row.id, name: row.name, domain: row.domain, entries: entriesOf(row), date_created: row.date_created };
}

/** A whitelist entry of the caller's account, or 404. */
export async function accountWhitelist(db: Kysely<Database>, accountId: number, id: number): Promise<Row | undefined> {
  return db
    .selectFrom('whitelists')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/**
 * The account's whitelist entry a request names: by id, or by its name or the text of one of its
 * entries (a host name read as its origins) when that names exactly one; undefined otherwise.
 */
export async function namedWhitelist(
  db: Kysely<Database>,
  accountId: number,
  named: number | string,
): Promise<Row | undefined> {
  const asId = typeof named === 'number' ? named : /^\d+$/.test(named.trim()) ? Number(named.trim()) : undefined;
  if (asId !== undefined) return asId <= 2147483647 ? accountWhitelist(db, accountId, asId) : undefined;
  const text = normaliseSpace(String(named)).toLowerCase();
  const parsed = parseEntries(String(named));
  const wanted = 'entries' in parsed ? parsed.entries : [];
  const rows = await db.selectFrom('whitelists').selectAll().where('account_id', '=', accountId).execute();
  const matches = rows.filter((r) => {
    const entries = JSON.parse(r.entries) as string[];
    return (
      normaliseSpace(r.name).toLowerCase() === text || (wanted.length > 0 && wanted.every((e) => entries.includes(e)))
    );
  });
  return matches.length === 1 ? matches[0] : undefined;
}

/** An entry's stored fields from a body, checked; pure, so also the routes' pre-check (prechecks.ts). */
export function whitelistFieldsOf(body: WhitelistWire): { name: string; domain: string; entries: string } {
  const name = body.name.trim();
  if (!name) throw fieldError('name', 'Enter a name.');
  const parsed = parseEntries(body.domain);
  if ('error' in parsed) throw fieldError('domain', parsed.error);
  return { name, domain: body.domain.trim(), entries: JSON.stringify(parsed.entries) };
}

/** Whitelist entries: where an account's API keys may be used from and its widget embedded. */
export function whitelistHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  const audit = (auth: AuthContext, ip: string, action: string, id: number, summary: string, trx = db) =>
    recordAudit(
      services,
      actorOf(auth, ip),
      { kind: 'settings', action, subject: 'whitelist', subjectId: id, summary },
      trx,
    );

  return {
    async whitelistsList(ctx) {
      const auth = caller(ctx);
      const rows = await db
        .selectFrom('whitelists')
        .selectAll()
        .where('account_id', '=', auth.accountId)
        .orderBy('name')
        .orderBy('id')
        .execute();
      return ok(rows.map(toWire));
    },

    async whitelistCreate(ctx) {
      const auth = caller(ctx);
      const fields = whitelistFieldsOf(ctx.body);
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('whitelists')
          .values({
            account_id: auth.accountId,
            ...fields,
            date_created: services.clock.now().toISOString(),
            created_by: auth.user.id,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(
          auth,
          ctx.ip,
          'create',
          inserted.id,
          `Added whitelist entry "${fields.name}": ${entriesOf(fields).join(', ')}`,
          trx,
        );
        return inserted;
      });
      return created(toWire(row));
    },

    async whitelistUpdate(ctx) {
      const auth = caller(ctx);
      const before = await accountWhitelist(db, auth.accountId, ctx.params.id);
      if (!before) throw notFound();
      const fields = whitelistFieldsOf(ctx.body);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('whitelists').set(fields).where('id', '=', before.id).execute();
        await audit(
          auth,
          ctx.ip,
          'update',
          before.id,
          `Edited whitelist entry "${fields.name}": ${entriesOf(before).join(', ')} -> ${entriesOf(fields).join(', ')}`,
          trx,
        );
      });
      return ok(toWire({ ...before, ...fields }));
    },

    async whitelistDelete(ctx) {
      const auth = caller(ctx);
      const row = await accountWhitelist(db, auth.accountId, ctx.params.id);
      if (!row) throw notFound();
      const used = await db.selectFrom('api_keys').select('title').where('whitelist_id', '=', row.id).execute();
      if (used.length)
        throw conflict(`API keys use this entry: ${used.map((k) => k.title).join(', ')}. Move or delete them first.`);
      await db
        .transaction()
        .execute(async (trx) => {
          await trx.deleteFrom('whitelists').where('id', '=', row.id).execute();
          await audit(auth, ctx.ip, 'delete', row.id, `Deleted whitelist entry "${row.name}"`, trx);
        })
        .catch((e: unknown) => {
          // A key saved for this entry in parallel: the constraint keeps the entry.
          if (foreignKeyViolation(e))
            throw conflict('An API key was just saved for this entry. Move or delete it first.');
          throw e;
        });
      return noContent();
    },
  };
}
