import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/tables.js';

/** PostgreSQL's NOTIFY channel: the payload is the ids of the users who have news (never rows: 8,000 bytes at most). */
export const LIVE_CHANNEL = 'ananas_notifications';

/** An open stream: woken when its user has news, closed when the process stops. */
export interface Listener {
  wake(): void;
  close(): void;
}

/**
 * "User U has news": how a notification written in one process reaches the streams open in every
 * process. Only user ids travel; each stream reads what is new from the database itself, so a
 * lost or early signal costs nothing but a little delay (streams also look by themselves on every
 * heartbeat).
 *
 * - PostgreSQL: `pg_notify` in the writer's transaction, so listeners hear only committed news,
 *   and a dedicated LISTEN connection per process (Db.listen).
 * - SQLite (one process): an in-process signal after the current tick; the single connection
 *   serialises it behind the writer's transaction.
 */
export class LiveHub {
  readonly #listeners = new Map<number, Set<Listener>>();
  #unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Listen across processes (PostgreSQL); a failure leaves the heartbeat look-ups. */
  async start(): Promise<void> {
    if (!this.db.listen || this.#unlisten) return;
    try {
      this.#unlisten = await this.db.listen(
        LIVE_CHANNEL,
        (payload) => this.#deliver(parseIds(payload)),
        // Back after the database restarted: news sent meanwhile were not heard, so every stream looks.
        () => this.#deliver([...this.#listeners.keys()]),
      );
    } catch (e) {
      this.log.warn({ err: e }, 'live notifications across processes unavailable; streams poll on their heartbeat');
    }
  }

  async stop(): Promise<void> {
    await this.#unlisten?.().catch(() => undefined);
    this.#unlisten = undefined;
    const open = [...this.#listeners.values()].flatMap((s) => [...s]);
    this.#listeners.clear();
    for (const l of open) l.close();
  }

  /** Tell the streams of these users to look again; call inside the transaction that wrote the news. */
  async announce(db: Kysely<Database>, userIds: readonly number[]): Promise<void> {
    const ids = [...new Set(userIds)];
    if (!ids.length) return;
    if (this.db.dialect === 'postgres') {
      // 8,000 bytes per payload: chunks of ids.
      for (let i = 0; i < ids.length; i += 500)
        await sql`select pg_notify(${LIVE_CHANNEL}, ${ids.slice(i, i + 500).join(',')})`.execute(db);
      return;
    }
    setImmediate(() => this.#deliver(ids));
  }

  /** Be woken when user `userId` has news (and closed at stop); answers the function that unsubscribes. */
  subscribe(userId: number, listener: Listener): () => void {
    const set = this.#listeners.get(userId) ?? new Set<Listener>();
    set.add(listener);
    this.#listeners.set(userId, set);
    return () => {
      set.delete(listener);
      if (!set.size) this.#listeners.delete(userId);
    };
  }

  /** Open streams in this process (tests and the bench read it). */
  get listening(): number {
    let n = 0;
    for (const s of this.#listeners.values()) n += s.size;
    return n;
  }

  #deliver(ids: readonly number[]): void {
    for (const id of ids) for (const listener of this.#listeners.get(id) ?? []) listener.wake();
  }
}

function parseIds(payload: string): number[] {
  return payload
    .split(',')
    .map((s) => Number(s))
    .filter((n) => Number.isInteger(n) && n > 0);
}
