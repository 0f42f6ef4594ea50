import type { FastifyRequest } from 'fastify';
import type { PermissionFlag } from '../../../shared/bundle-types.js';
import type { Kysely } from 'kysely';
import { bool, type Database, type DbBool } from '../../db/tables.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Authenticate } from '../../routing/register-routes.js';
import type { Services } from '../../services.js';
import { allowedProperties, findPermissions, type PermissionsRow } from './permissions-store.js';
import { createSessionCache } from './session-cache.js';
import { sha256 } from './secrets.js';
import { sessionQuery, touchSession } from './session-store.js';
import { rememberUser } from './request-user.js';
import type { UserRow } from './users.js';
import { SESSION_COOKIE } from '../../../shared/session-cookie.js';

const HEADER = /^(?:Token|Bearer)\s+([A-Za-z0-9_-]{20,128})$/;
/** last_used_at is refreshed at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;

function cookieToken(req: FastifyRequest): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== SESSION_COOKIE) continue;
    try {
      const session = JSON.parse(decodeURIComponent(rest.join('='))) as { token?: unknown };
      return typeof session.token === 'string' ? session.token : '';
    } catch {
      return '';
    }
  }
  return undefined;
}

/**
 * The token of `Authorization: Token <key>` (djoser) or `Bearer <key>`; undefined without one.
 * GET requests may carry it in the session cookie instead, so <img> tags can show logos and
 * photos to those allowed to see them (reads only: a cookie never authorizes a change).
 */
export function tokenOf(req: FastifyRequest): string | 'malformed' | undefined {
  const header = req.headers.authorization;
  if (!header) {
    const cookie = req.method === 'GET' ? cookieToken(req) : undefined;
    if (cookie === undefined) return undefined;
    return /^[A-Za-z0-9_-]{20,128}$/.test(cookie) ? cookie : 'malformed';
  }
  return HEADER.exec(header.trim())?.[1] ?? 'malformed';
}

export function createAuthenticate(services: Services): Authenticate {
  const { db, clock } = services;
  const findToken = sessionQuery(db.kysely);
  // What a request needs of its session, worked out once per read and kept between requests (session-cache.ts).
  type Session = {
    row: SessionRow;
    user: UserRow;
    /** The caller as every request of this session sees it, until the session is read again. */
    context: AuthContext;
    expiresMs: number;
    lastUsedMs: number;
  };
  const cache = createSessionCache<Session>(db);
  const read = async (hash: string): Promise<Session | undefined> => {
    const taken = cache?.epoch() ?? 0;
    const epoch = typeof taken === 'number' ? taken : await taken;
    const cached = cache?.get(hash, epoch);
    if (cached) return cached;
    const [row] = await findToken(hash);
    if (!row || !bool(row.is_active)) return undefined;
    // Owners hold every flag: only a team member's permissions are read.
    const perms = row.manager_id === null ? undefined : await findPermissions(db.kysely, row.id);
    const { token_id: _t, expires_at: _e, last_used_at: _l, proved_at: _p, ...user } = row;
    const session: Session = {
      row,
      user: user satisfies UserRow,
      context: contextWith(row, perms),
      expiresMs: Date.parse(row.expires_at),
      lastUsedMs: row.last_used_at ? Date.parse(row.last_used_at) : 0,
    };
    cache?.set(hash, session, epoch);
    return session;
  };
  return async (req) => {
    const token = tokenOf(req);
    if (token === undefined) return null;
    if (token === 'malformed') return 'invalid';
    const session = await read(sha256(token));
    const now = clock.now().getTime();
    if (!session || session.expiresMs <= now) return 'invalid';
    if (now - session.lastUsedMs > TOUCH_EVERY_MS) {
      await touchSession(db.kysely, session.row.token_id, new Date(now).toISOString());
      // A kept session (PostgreSQL: the refresh alone does not move the epoch) is not refreshed again within the minute.
      session.lastUsedMs = now;
    }
    // A new object for each request (request-user.ts keys on it); what it holds (flags, allowed
    // properties, the user) was worked out when the session was read, not again on every request.
    const auth: AuthContext = { ...session.context };
    rememberUser(auth, session.user);
    return auth;
  };
}

type SessionRow = UserRow & {
  token_id: number;
  expires_at: string;
  last_used_at: string | null;
  proved_at: string | null;
};

interface TokenUserRow {
  token_id: number;
  proved_at: string | null;
  id: number;
  email: string;
  username: string;
  account_type: string;
  manager_id: number | null;
  is_staff: DbBool;
  language: string;
}

/** The caller of a valid session: its account, flags and allowed properties. */
async function contextOf(db: Kysely<Database>, row: TokenUserRow): Promise<AuthContext> {
  return contextWith(row, row.manager_id === null ? undefined : await findPermissions(db, row.id));
}

/**
 * The caller's context from the rows read. Its parts are never changed by a request (the user,
 * the allowed properties: frozen), so a session kept between requests shares them.
 */
function contextWith(row: TokenUserRow, perms: PermissionsRow | undefined): AuthContext {
  const isOwner = row.manager_id === null;
  return {
    user: Object.freeze({
      id: row.id,
      email: row.email,
      username: row.username,
      accountType: row.account_type as 'accommodation' | 'to',
      managerId: row.manager_id,
      isStaff: bool(row.is_staff),
      isActive: true,
      language: row.language,
    }),
    tokenId: row.token_id,
    provedAt: row.proved_at,
    accountId: row.manager_id ?? row.id,
    isOwner,
    can: (flag: PermissionFlag) => isOwner || bool(perms?.[flag]),
    properties: isOwner ? 'all' : Object.freeze(allowedProperties(perms)),
    role: perms?.role ?? null,
  };
}

/**
 * Routes marked `ticket` (the notification stream) also take a stream ticket in their query,
 * because EventSource cannot send an Authorization header and a session token must not travel
 * in a URL (logs, history). A ticket works once, within a minute of being asked for, and only
 * while the session it was asked with is valid.
 */
export function createTicketAuthenticate(
  services: Services,
  /** Spends the ticket (notifications own the tickets): its session's token id, or undefined. */
  claim: (ticket: string) => Promise<number | undefined>,
): (ticket: string) => Promise<AuthContext | 'invalid'> {
  const db = services.db.kysely;
  return async (ticket) => {
    if (!/^[A-Za-z0-9_-]{20,128}$/.test(ticket)) return 'invalid';
    const tokenId = await claim(ticket);
    if (tokenId === undefined) return 'invalid';
    const now = services.clock.now().toISOString();
    const row = await db
      .selectFrom('auth_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.id as token_id',
        't.expires_at',
        't.proved_at',
        'u.id',
        'u.email',
        'u.username',
        'u.account_type',
        'u.manager_id',
        'u.is_staff',
        'u.is_active',
        'u.language',
      ])
      .where('t.id', '=', tokenId)
      .executeTakeFirst();
    if (!row || !bool(row.is_active) || row.expires_at <= now) return 'invalid';
    return contextOf(db, row);
  };
}

/**
 * The context of work a user started that a background job finishes (a bulk edit): the user as
 * they are now (flags and properties re-read), without a session. undefined when the user is gone
 * or inactive.
 */
export async function userContext(db: Kysely<Database>, userId: number): Promise<AuthContext | undefined> {
  const row = await db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.email',
      'u.username',
      'u.account_type',
      'u.manager_id',
      'u.is_staff',
      'u.is_active',
      'u.language',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row || !bool(row.is_active)) return undefined;
  return contextOf(db, { ...row, token_id: 0, proved_at: null });
}
