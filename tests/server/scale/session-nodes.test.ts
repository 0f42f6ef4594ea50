/**
 * Kept sessions across nodes (PostgreSQL): two apps on one database, each keeping the sessions it
 * read (features/auth/session-cache.ts). A change made through one node, or by any other client of
 * the database, is seen by the other on its very next call: the session epoch moves in the
 * change's own transaction (migration 0046), and each request's check of it starts after the
 * request arrived.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../src/server/app.js';
import { openDatabase } from '../../../src/server/db/connect.js';
import { sharedRead } from '../../../src/server/features/auth/session-cache.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp } from '../../helpers/accounts.js';
import { describeOn } from '../../helpers/db.js';
import { sessionChangeCases, type Node } from '../../helpers/session-changes.js';

describeOn('postgres')('kept sessions on two nodes of one PostgreSQL database', () => {
  let t: TestApp;
  let other: App;
  let reader: Node;
  beforeAll(async () => {
    t = await startTestApp('postgres');
    const db = openDatabase({
      dataDir: t.testDb.dataDir,
      databaseUrl: t.testDb.databaseUrl,
      pgSchema: t.testDb.pgSchema,
    });
    // The same configuration and clock as the first node; only the database handle is its own.
    other = await buildApp({
      config: t.services.config,
      db,
      clock: t.clock,
      mailer: t.mail,
      logger: false,
      worker: false,
    });
    reader = {
      api: (method, url, options = {}) =>
        other.app.inject({
          method: method as 'GET',
          url,
          headers: options.token ? { authorization: `Token ${options.token}` } : {},
          ...(options.body !== undefined ? { payload: options.body as object } : {}),
        }),
    };
  });
  afterAll(async () => {
    await other?.close();
    await t?.stop();
  });

  sessionChangeCases(() => ({ t, reader }));

  it('sees a change written by another client of the database on the next call', async () => {
    const a = await signUp(t);
    for (let i = 0; i < 2; i++)
      expect((await reader.api('GET', '/api/auth/users/me/', { token: a.token })).statusCode).toBe(200);
    const client = new pg.Client({
      connectionString: t.testDb.databaseUrl,
      options: `-c search_path=${t.testDb.pgSchema}`,
    });
    await client.connect();
    try {
      await client.query('update users set is_active = false where id = $1', [a.id]);
    } finally {
      await client.end();
    }
    expect((await reader.api('GET', '/api/auth/users/me/', { token: a.token })).statusCode).toBe(401);
  });

  it('does not move the epoch for a session’s last-used refresh, a sign-up or a sign-in’s new session', async () => {
    const epoch = async () =>
      Number(
        (
          await t.services.db.kysely
            .selectFrom('session_epoch' as never)
            .select('epoch' as never)
            .executeTakeFirstOrThrow()
        )['epoch' as never],
      );
    const a = await signUp(t);
    const before = await epoch();
    await t.services.db.kysely
      .updateTable('auth_tokens')
      .set({ last_used_at: t.clock.now().toISOString() })
      .where('user_id', '=', a.id)
      .execute();
    await t.services.db.kysely
      .insertInto('auth_tokens')
      .values({
        user_id: a.id,
        token_hash: 'x'.repeat(64),
        created_at: t.clock.now().toISOString(),
        expires_at: t.clock.now().toISOString(),
        last_used_at: null,
        proved_at: null,
        client_ip: null,
        user_agent: null,
      })
      .execute();
    expect(await epoch()).toBe(before);
    await t.services.db.kysely
      .updateTable('auth_tokens')
      .set({ proved_at: null })
      .where('user_id', '=', a.id)
      .execute();
    expect(await epoch()).toBe(before + 1);
  });
});

describe('sharedRead', () => {
  it('gives each caller a read that started after it called, one read in flight at a time', async () => {
    let value = 0;
    const started: ((v: number) => void)[] = [];
    const read = sharedRead(() => new Promise<number>((resolve) => started.push(resolve)));
    const first = read();
    const second = read();
    const third = read();
    expect(started).toHaveLength(1);
    started[0]!(++value);
    expect(await first).toBe(1);
    // The second and third called while the first read was in flight: they share the next one.
    await new Promise((r) => setImmediate(r));
    expect(started).toHaveLength(2);
    started[1]!(++value);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
  });
});
