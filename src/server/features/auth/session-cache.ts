import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/**
 * Sessions read on earlier requests, kept per process and used only while nothing they were read
 * from (users, auth_tokens, permissions) can have changed since: a sign-out, a revoked session, a
 * changed password, a deactivated user or a changed permission makes every kept session stale at
 * once, so the very next request reads the database again and is refused. Expiry is checked on
 * every use by the caller.
 *
 * What "changed since" is read from:
 * - SQLite (the process is the database's only writer): its own count of the statements that
 *   wrote those tables (`db.writes`), taken synchronously.
 * - PostgreSQL (any node may write): the session epoch, a counter the database itself moves in
 *   the transaction of every such change (migration 0046), read for each request by a query that
 *   started after the request arrived. Concurrent requests share one such read (one in flight,
 *   the next one started when it ends), so under load the check costs a fraction of a query per
 *   request, and a change committed on another node before the request arrived is always seen.
 */
export const SESSION_TABLES = ['users', 'auth_tokens', 'permissions'] as const;

const MAX_ENTRIES = 10_000;

export interface SessionCache<T> {
  /** The version to read (or use a kept session) under, taken for this request. */
  epoch(): number | Promise<number>;
  /** The session kept under exactly this version, if any. */
  get(tokenHash: string, epoch: number): T | undefined;
  /** Keep a session read after `epoch` was taken. */
  set(tokenHash: string, value: T, epoch: number): void;
}

export function createSessionCache<T>(db: Db): SessionCache<T> | undefined {
  const writes = db.writes;
  if (writes) return entriesUnder<T>(() => writes.generation(SESSION_TABLES));
  if (db.dialect === 'postgres') return entriesUnder<T>(sharedRead(epochReader(db)));
  return undefined;
}

function entriesUnder<T>(epoch: () => number | Promise<number>): SessionCache<T> {
  const entries = new Map<string, { value: T; epoch: number }>();
  let newest = -1;
  return {
    epoch,
    get(tokenHash, at) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.epoch === at) return entry.value;
      entries.delete(tokenHash);
      return undefined;
    },
    set(tokenHash, value, readAt) {
      // Kept copies from before a change can never be used again: dropped together.
      if (readAt > newest) {
        entries.clear();
        newest = readAt;
      }
      if (readAt < newest) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(tokenHash, { value, epoch: readAt });
    },
  };
}

/** One query for the epoch, compiled once. */
function epochReader(db: Db): () => Promise<number> {
  const query = sql<{ epoch: number | string }>`select epoch from session_epoch where id = 1`.compile(db.kysely);
  return async () => {
    const { rows } = await db.kysely.executeQuery(query);
    const epoch = Number(rows[0]?.epoch);
    if (!Number.isSafeInteger(epoch)) throw new Error('session_epoch has no row (migration 0046)');
    return epoch;
  };
}

/**
 * Callers share a read only if it started after they called: while one is in flight, later callers
 * wait for the next one, started as soon as it ends. A change committed before a caller called is
 * thus in the number it gets.
 */
export function sharedRead(read: () => Promise<number>): () => Promise<number> {
  let inFlight: Promise<number> | undefined;
  let next: Promise<number> | undefined;
  const start = () => {
    const p = read();
    inFlight = p;
    const done = () => {
      if (inFlight === p) inFlight = undefined;
    };
    p.then(done, done);
    return p;
  };
  const after = () => undefined;
  return () => {
    if (!inFlight) return start();
    next ??= inFlight.then(after, after).then(() => {
      next = undefined;
      return start();
    });
    return next;
  };
}
