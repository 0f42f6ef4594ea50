import type { Services } from '../../services.js';
import { randomToken, sha256 } from './secrets.js';

/** Session tokens live 3 hours after issue (spec 000 §9: the session store's lifetime). */
export const TOKEN_TTL_MS = 3 * 60 * 60 * 1000;

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

export async function issueToken(
  services: Services,
  userId: number,
  meta: { ip?: string; userAgent?: string; proved?: boolean },
): Promise<IssuedToken> {
  const now = services.clock.now();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS);
  await services.db.kysely
    .insertInto('auth_tokens')
    .values({
      user_id: userId,
      token_hash: sha256(token),
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      last_used_at: now.toISOString(),
      // Signing in with the password is a fresh proof: sensitive changes need no second ask right after.
      proved_at: meta.proved ? now.toISOString() : null,
      client_ip: meta.ip ?? null,
      // Control characters (NUL above all: PostgreSQL refuses it) never reach the sessions list.
      user_agent: meta.userAgent
        ? [...meta.userAgent]
            .filter((c) => c >= ' ' && c !== '\u007f')
            .join('')
            .slice(0, 300)
        : null,
    })
    .execute();
  return { token, expiresAt };
}

export async function revokeToken(services: Services, tokenId: number): Promise<void> {
  await services.db.kysely.deleteFrom('auth_tokens').where('id', '=', tokenId).execute();
}

/** End every session of a user, or every other one when `keep` names the current token. */
export async function revokeUserTokens(services: Services, userId: number, keep?: number): Promise<void> {
  let q = services.db.kysely.deleteFrom('auth_tokens').where('user_id', '=', userId);
  if (keep !== undefined) q = q.where('id', '!=', keep);
  await q.execute();
}

/** The user's sessions not yet expired, newest first. */
export async function liveSessionsOf(services: Services, userId: number) {
  return services.db.kysely
    .selectFrom('auth_tokens')
    .select(['id', 'created_at', 'last_used_at', 'expires_at', 'client_ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', services.clock.now().toISOString())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One of the user's own sessions (expired or not), by id. */
export async function sessionOf(services: Services, userId: number, id: number) {
  return services.db.kysely
    .selectFrom('auth_tokens')
    .select(['id', 'client_ip', 'user_agent'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** When a session ends (the token is known to exist: the caller signed in with it). */
export async function sessionExpiry(services: Services, tokenId: number): Promise<string> {
  const row = await services.db.kysely
    .selectFrom('auth_tokens')
    .select('expires_at')
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
  return row.expires_at;
}

/** The user's live sessions as the sessions list shows them, the caller's own marked current. */
export async function sessionsList(services: Services, userId: number, currentTokenId: number) {
  const rows = await liveSessionsOf(services, userId);
  return rows.map((r) => ({
    id: r.id,
    created_at: r.created_at,
    last_used_at: r.last_used_at,
    expires_at: r.expires_at,
    ip: r.client_ip,
    user_agent: r.user_agent,
    current: r.id === currentTokenId,
  }));
}
