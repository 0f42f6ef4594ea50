import type { FastifyRequest } from 'fastify';
import { sql, type QueryCreator } from 'kysely';
import { bool, type Database } from '../../db/tables.js';
import { ApiError, forbidden, notAuthenticated } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { sha256 } from '../auth/index.js';
import { developerStanding } from '../auth/index.js';
import { ipAllowed } from './addresses.js';
import { entriesOf } from './whitelists.js';
import type { RateLimiter } from './rate-limit.js';

export const API_KEY_HEADER = 'x-api-key';

export type Scope = 'fact_sheet' | 'stop_sale' | 'hotel_photos';

/** The key a partner API call was made with (the account it acts for is the call's AuthContext). */
export interface KeyUse {
  id: number;
  accountId: number;
  scopes: Record<Scope, boolean>;
}

const used = new WeakMap<FastifyRequest, KeyUse>();

/** The key of a partner API call (the router authenticated it). */
export function keyOf(req: FastifyRequest): KeyUse {
  const key = used.get(req);
  if (!key) throw new Error('keyOf() outside a partner API call');
  return key;
}

/** 403 unless the call's key holds the scope. */
export function requireScope(req: FastifyRequest, scope: Scope): void {
  if (!keyOf(req).scopes[scope]) throw forbidden(`This API key has no "${scope.replace(/_/g, ' ')}" scope.`);
}

const invalidKey = () => new ApiError(401, { detail: 'Invalid API key.' });

/**
 * Authenticates a partner API call: the key of the X-Api-Key header (never a URL: URLs end up
 * in logs and browser histories), its expiry (401), the caller's address against its whitelist
 * (403), its rate (429 with Retry-After); then counts the call for the key's day. Answers the
 * account the key belongs to, as its owner sees it.
 */
export function createKeyAuthenticate(services: Services, limiter: RateLimiter) {
  const db = services.db.kysely;
  return async function keyAuthenticate(req: FastifyRequest): Promise<AuthContext> {
    const header = req.headers[API_KEY_HEADER];
    const secret = typeof header === 'string' ? header.trim() : undefined;
    if (!secret) throw notAuthenticated();
    if (secret.length > 200) throw invalidKey();
    const hash = sha256(secret);
    const now = services.clock.now();
    const nowIso = now.toISOString();
    const row = await db
      .selectFrom('api_keys as k')
      .innerJoin('whitelists as w', 'w.id', 'k.whitelist_id')
      .innerJoin('users as u', 'u.id', 'k.account_id')
      .select([
        'k.id',
        'k.account_id',
        'k.created_by',
        'k.expires_at',
        'k.fact_sheet',
        'k.stop_sale',
        'k.hotel_photos',
        'w.entries',
        'u.email',
        'u.username',
        'u.account_type',
        'u.is_staff',
        'u.is_active',
        'u.language',
      ])
      .where((eb) =>
        eb.or([
          eb('k.secret_hash', '=', hash),
          eb.and([eb('k.previous_hash', '=', hash), eb('k.previous_valid_until', '>', nowIso)]),
        ]),
      )
      .executeTakeFirst();
    if (!row || !bool(row.is_active)) throw invalidKey();
    const today = nowIso.slice(0, 10);
    if (row.expires_at && row.expires_at < today) throw new ApiError(401, { detail: 'This API key has expired.' });
    // A key made by an authorized user lasts as long as that user may use the developer tools.
    if (row.created_by !== null && row.created_by !== row.account_id) {
      const maker = (await developerStanding(db, row.account_id, [row.created_by])).get(row.created_by);
      if (maker?.refusal)
        throw new ApiError(401, {
          detail: `This API key no longer works: ${maker.refusal} Ask the account owner for a new key.`,
        });
    }
    if (!ipAllowed(entriesOf(row), req.ip))
      throw forbidden('This API key may not be used from this address (see its whitelist).');
    const rate = await limiter.take(`api-key:${row.id}`, now.getTime());
    if (!rate.allowed) {
      throw new ApiError(
        429,
        { detail: `Too many calls with this API key. Try again in ${rate.retryAfterSeconds} seconds.` },
        { 'retry-after': String(rate.retryAfterSeconds) },
      );
    }
    // The call counted and the key's last use noted in one commit, not two: on PostgreSQL each
    // commit waits for the WAL to reach the disk, which on a busy machine was most of a partner
    // API read's database time (issue 39). PostgreSQL: one statement; SQLite: one transaction.
    const count = (q: QueryCreator<Database>) =>
      q
        .insertInto('api_key_usage')
        .values({ key_id: row.id, account_id: row.account_id, day: today, calls: 1 })
        .onConflict((oc) => oc.columns(['key_id', 'day']).doUpdateSet({ calls: sql`api_key_usage.calls + 1` }));
    const touch = (q: QueryCreator<Database>) =>
      q.updateTable('api_keys').set({ last_used_at: nowIso }).where('api_keys.id', '=', row.id);
    if (services.db.dialect === 'postgres')
      await db
        .with('counted', (q) => count(q).returning('api_key_usage.key_id'))
        .updateTable('api_keys')
        .set({ last_used_at: nowIso })
        .where('api_keys.id', '=', row.id)
        .execute();
    else
      await db.transaction().execute(async (trx) => {
        await count(trx).execute();
        await touch(trx).execute();
      });
    used.set(req, {
      id: row.id,
      accountId: row.account_id,
      scopes: {
        fact_sheet: bool(row.fact_sheet),
        stop_sale: bool(row.stop_sale),
        hotel_photos: bool(row.hotel_photos),
      },
    });
    return {
      user: {
        id: row.account_id,
        email: row.email,
        username: row.username,
        accountType: row.account_type as 'accommodation' | 'to',
        managerId: null,
        isStaff: bool(row.is_staff),
        isActive: true,
        language: row.language,
      },
      tokenId: 0,
      provedAt: null,
      accountId: row.account_id,
      isOwner: true,
      can: () => true,
      properties: 'all',
      role: null,
    };
  };
}
