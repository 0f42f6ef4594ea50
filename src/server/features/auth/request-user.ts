import type { AuthContext } from '../../routing/auth-context.js';
import type { UserRow } from './users.js';

/**
 * The user row the session lookup already read, kept for the rest of the same request (the
 * context object lives as long as its request): `GET users/me` answers from it instead of reading
 * the same row a second time. Never shared between requests, so a change or a revoked session
 * shows on the very next call.
 */
const rows = new WeakMap<AuthContext, UserRow>();

export function rememberUser(auth: AuthContext, row: UserRow): void {
  rows.set(auth, row);
}

/** The row read with this request's session, if the session lookup read one. */
export function requestUser(auth: AuthContext): UserRow | undefined {
  return rows.get(auth);
}
