import type { TableWrites } from '../../db/table-writes.js';

/**
 * Sessions read on earlier requests, for a process that is the database's only writer (SQLite:
 * `db.writes`). An entry is used only while no statement has written a table it was read from
 * since (users, auth_tokens, permissions): a sign-out, a revoked session, a deactivated user or
 * a changed permission makes every entry stale at once, so the very next request reads the
 * database again and is refused. Expiry is checked on every use by the caller. On PostgreSQL
 * (several nodes write) there is no cache: every request reads its session.
 */
export const SESSION_TABLES = ['users', 'auth_tokens', 'permissions'] as const;

const MAX_ENTRIES = 10_000;

export interface SessionCache<T> {
  /** The generation to read under: take it before reading the database. */
  generation(): number;
  get(tokenHash: string): T | undefined;
  set(tokenHash: string, value: T, generation: number): void;
}

export function createSessionCache<T>(writes: TableWrites | undefined): SessionCache<T> | undefined {
  if (!writes) return undefined;
  const entries = new Map<string, { value: T; generation: number }>();
  const generation = () => writes.generation(SESSION_TABLES);
  return {
    generation,
    get(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.generation === generation()) return entry.value;
      entries.delete(tokenHash);
      return undefined;
    },
    set(tokenHash, value, readAt) {
      // A write since the read began: the copy may be old already.
      if (readAt !== generation()) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(tokenHash, { value, generation: readAt });
    },
  };
}
