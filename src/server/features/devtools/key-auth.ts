import type { FastifyRequest } from 'fastify';
import { bool } from '../../db/tables.js';
import { ApiError, forbidden, notAuthenticated } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { sha256 } from '../auth/index.js';
import { developerStanding } from '../auth/index.js';
import { ipAllowed } from './addresses.js';
import { keyBySecretHash, type KeyAuthRow } from './key-store.js';
import type { KeyCalls } from './key-calls.js';
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

/** The key named by the X-Api-Key header (never a URL: URLs end up in logs and browser histories); 401 when none. */
async function keyOfHeader(services: Services, req: FastifyRequest, nowIso: string): Promise<KeyAuthRow> {
  const header = req.headers[API_KEY_HEADER];
  const secret = typeof header === 'string' ? header.trim() : undefined;
  if (!secret) throw notAuthenticated();
  if (secret.length > 200) throw invalidKey();
  const row = await keyBySecretHash(services.db.kysely, sha256(secret), nowIso);
  if (!row || !bool(row.is_active)) throw invalidKey();
  return row;
}

/** 401 for an expired key or one whose maker lost the developer tools, 403 from an address off its whitelist. */
async function checkKey(services: Services, row: KeyAuthRow, ip: string, today: string): Promise<void> {
  if (row.expires_at && row.expires_at < today) throw new ApiError(401, { detail: 'This API key has expired.' });
  // A key made by an authorized user lasts as long as that user may use the developer tools.
  if (row.created_by !== null && row.created_by !== row.account_id) {
    const maker = (await developerStanding(services.db.kysely, row.account_id, [row.created_by])).get(row.created_by);
    if (maker?.refusal)
      throw new ApiError(401, {
        detail: `This API key no longer works: ${maker.refusal} Ask the account owner for a new key.`,
      });
  }
  if (!ipAllowed(entriesOf(row), ip))
    throw forbidden('This API key may not be used from this address (see its whitelist).');
}

/** 429 with Retry-After when the key's rate is spent. */
async function takeRate(limiter: RateLimiter, keyId: number, now: Date): Promise<void> {
  const rate = await limiter.take(`api-key:${keyId}`, now.getTime());
  if (!rate.allowed) {
    throw new ApiError(
      429,
      { detail: `Too many calls with this API key. Try again in ${rate.retryAfterSeconds} seconds.` },
      { 'retry-after': String(rate.retryAfterSeconds) },
    );
  }
}

function keyUseOf(row: KeyAuthRow): KeyUse {
  return {
    id: row.id,
    accountId: row.account_id,
    scopes: {
      fact_sheet: bool(row.fact_sheet),
      stop_sale: bool(row.stop_sale),
      hotel_photos: bool(row.hotel_photos),
    },
  };
}

/** The key's account as its owner sees it. */
function ownerContext(row: KeyAuthRow): AuthContext {
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
}

/**
 * Authenticates a partner API call: the key of the X-Api-Key header, its expiry (401), the
 * caller's address against its whitelist (403), its rate (429 with Retry-After); then counts the
 * call for the key's day (written within a second: key-calls.ts). Answers the account the key
 * belongs to, as its owner sees it.
 */
export function createKeyAuthenticate(services: Services, limiter: RateLimiter, calls: KeyCalls) {
  return async function keyAuthenticate(req: FastifyRequest): Promise<AuthContext> {
    const now = services.clock.now();
    const nowIso = now.toISOString();
    const row = await keyOfHeader(services, req, nowIso);
    await checkKey(services, row, req.ip, nowIso.slice(0, 10));
    await takeRate(limiter, row.id, now);
    calls.count(row, nowIso);
    used.set(req, keyUseOf(row));
    return ownerContext(row);
  };
}
