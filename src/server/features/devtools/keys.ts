import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { bool, type ApiKeysTable } from '../../db/tables.js';
import { fieldError, notFound } from '../../plugins/errors.js';
import { foreignKeyViolation } from '../../db/unique.js';
import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { ApiKeyWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { sha256 } from '../auth/index.js';
import { developerStanding } from '../auth/index.js';
import { namedWhitelist } from './whitelists.js';

type Row = Selectable<ApiKeysTable>;

/** How long the secret before a rotation keeps working: the consumer's time to switch. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

/**
 * A new secret: a visible prefix (48 random bits, shown in the list so people can tell keys
 * apart) and 192 more random bits. Only its SHA-256 is stored: fast to look up, and a secret of
 * this entropy needs no slow hash.
 */
export function newSecret(): { secret: string; prefix: string; hash: string } {
  const prefix = `ak_${randomBytes(6).toString('hex')}`;
  const secret = `${prefix}_${randomBytes(24).toString('base64url')}`;
  return { secret, prefix, hash: sha256(secret) };
}

/** Who made a key, and why it is refused now (null: it works), as the list shows it. */
export interface KeyStanding {
  email: string | null;
  refusal: string | null;
}

/** The standing of each key's maker (keys of unknown makers, from before makers were kept, work). */
export async function keyStandings(
  db: Parameters<typeof developerStanding>[0],
  accountId: number,
  rows: readonly Row[],
): Promise<Map<number, KeyStanding>> {
  const makers = await developerStanding(
    db,
    accountId,
    rows.map((r) => r.created_by).filter((id): id is number => id !== null),
  );
  return new Map(
    rows.map((r) => [r.id, r.created_by === null ? { email: null, refusal: null } : makers.get(r.created_by)!]),
  );
}

export function toKeyWire(
  row: Row,
  token: string | null = null,
  standing: KeyStanding = { email: null, refusal: null },
): ApiKeyWire {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    domain: row.whitelist_id,
    expires_at: row.expires_at,
    fact_sheet: bool(row.fact_sheet),
    stop_sale: bool(row.stop_sale),
    hotel_photos: bool(row.hotel_photos),
    rotate: false,
    token,
    prefix: row.prefix,
    previous_valid_until: row.previous_valid_until,
    date_created: row.date_created,
    last_used: row.last_used_at,
    created_by: standing.email,
    suspended: standing.refusal,
  };
}

const scopesText = (k: { fact_sheet: boolean; stop_sale: boolean; hotel_photos: boolean }) =>
  [k.fact_sheet && 'facts', k.stop_sale && 'stop-sale', k.hotel_photos && 'photos'].filter(Boolean).join(', ') ||
  'no scope';

/** API keys of the partner API: created with their secret shown once, edited, rotated, revoked. */
export function keyHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  const audit = (auth: AuthContext, ip: string, action: string, id: number, summary: string, trx = db) =>
    recordAudit(
      services,
      actorOf(auth, ip),
      { kind: 'settings', action, subject: 'api-key', subjectId: id, summary },
      trx,
    );

  async function fieldsOf(auth: AuthContext, body: ApiKeyWire) {
    const title = body.title.trim();
    if (!title) throw fieldError('title', 'Enter a title.');
    const whitelist = await namedWhitelist(db, auth.accountId, body.domain);
    if (!whitelist) throw fieldError('domain', 'Choose one of your whitelist entries.');
    const expires = body.expires_at ?? null;
    if (expires && expires < services.clock.now().toISOString().slice(0, 10))
      throw fieldError('expires_at', 'The expiry must be today or later.');
    return {
      title,
      description: (body.description ?? '').trim(),
      whitelist_id: whitelist.id,
      expires_at: expires,
      fact_sheet: body.fact_sheet ?? false,
      stop_sale: body.stop_sale ?? false,
      hotel_photos: body.hotel_photos ?? false,
    };
  }

  /** The whitelist entry deleted while the key was saved: the database's constraint decides, answered as a field error. */
  const entryGone = (e: unknown): never => {
    if (foreignKeyViolation(e)) throw fieldError('domain', 'Choose one of your whitelist entries.');
    throw e;
  };

  async function accountKey(auth: AuthContext, id: number): Promise<Row> {
    const row = await db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', auth.accountId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  return {
    async apiKeysList(ctx) {
      const auth = caller(ctx);
      const rows = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('account_id', '=', auth.accountId)
        .orderBy('date_created', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const standings = await keyStandings(db, auth.accountId, rows);
      return ok(rows.map((r) => toKeyWire(r, null, standings.get(r.id))));
    },

    async apiKeyCreate(ctx) {
      const auth = caller(ctx);
      const fields = await fieldsOf(auth, ctx.body);
      const { secret, prefix, hash } = newSecret();
      const row = await db
        .transaction()
        .execute(async (trx) => {
          const inserted = await trx
            .insertInto('api_keys')
            .values({
              account_id: auth.accountId,
              ...fields,
              prefix,
              secret_hash: hash,
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
            `Created API key "${fields.title}" (${prefix}; ${scopesText(fields)}; expires ${fields.expires_at ?? 'never'})`,
            trx,
          );
          return inserted;
        })
        .catch(entryGone);
      return created(toKeyWire(row, secret, (await keyStandings(db, auth.accountId, [row])).get(row.id)));
    },

    async apiKeyUpdate(ctx) {
      const auth = caller(ctx);
      const before = await accountKey(auth, ctx.params.id);
      const fields = await fieldsOf(auth, ctx.body);
      const now = services.clock.now();
      const rotation = ctx.body.rotate ? newSecret() : undefined;
      const until = new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString();
      const change = rotation
        ? {
            ...fields,
            secret_hash: rotation.hash,
            prefix: rotation.prefix,
            previous_hash: before.secret_hash,
            previous_valid_until: until,
          }
        : fields;
      const row = await db
        .transaction()
        .execute(async (trx) => {
          const updated = await trx
            .updateTable('api_keys')
            .set(change)
            .where('id', '=', before.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          const summary = rotation
            ? `Rotated API key "${fields.title}" (${before.prefix} -> ${rotation.prefix}; the previous secret works until ${until})`
            : `Edited API key "${fields.title}" (${before.prefix}; ${scopesText(fields)}; expires ${fields.expires_at ?? 'never'})`;
          await audit(auth, ctx.ip, rotation ? 'rotate' : 'update', before.id, summary, trx);
          return updated;
        })
        .catch(entryGone);
      return ok(toKeyWire(row, rotation?.secret ?? null, (await keyStandings(db, auth.accountId, [row])).get(row.id)));
    },

    async apiKeyDelete(ctx) {
      const auth = caller(ctx);
      const row = await accountKey(auth, ctx.params.id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('api_keys').where('id', '=', row.id).execute();
        await audit(auth, ctx.ip, 'delete', row.id, `Revoked API key "${row.title}" (${row.prefix})`, trx);
      });
      return noContent();
    },
  };
}
