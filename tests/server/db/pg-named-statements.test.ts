import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Db } from '../../../src/server/db/connect.js';

/**
 * The pooled PostgreSQL connections send Kysely's statements as named (prepared) ones, so the
 * server parses and plans a hot read once per connection (db/pg-named-statements.ts). Each test
 * runs its statements one after another, so the pool holds one connection and
 * pg_prepared_statements shows what that connection has kept.
 */
describe.skipIf(!inject('pgUrl'))('named statements on PostgreSQL', () => {
  const url = inject('pgUrl');
  const schema = `named_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let admin: pg.Client;
  const opened: Db[] = [];
  const open = (preparedStatements?: number): Db => {
    const db = openDatabase({ dataDir: '/nonexistent', databaseUrl: url, pgSchema: schema, preparedStatements });
    opened.push(db);
    return db;
  };
  /** The statements the pool's connection has kept, by their text. */
  const kept = async (db: Db): Promise<string[]> =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db.kysely)).rows.map(
      (r) => r.statement,
    );

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.query(
      `create table ${schema}.hotels (id integer primary key, name text not null, country text not null)`,
    );
    await admin.query(
      `insert into ${schema}.hotels select i, 'Hotel ' || i, case when i % 5 = 0 then 'ES' else 'PT' end
       from generate_series(1, 500) i`,
    );
  });
  afterAll(async () => {
    for (const db of opened) await db.close();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it('keeps a read once per connection and answers each run with its own values', async () => {
    const db = open();
    const byCountry = (country: string) =>
      sql<{ n: number }>`select count(*)::int as n from hotels where country = ${country}`.execute(db.kysely);
    // More runs than the server's five custom plans, alternating values: a generic plan must still answer right.
    for (let i = 0; i < 8; i++) {
      expect((await byCountry('ES')).rows).toEqual([{ n: 100 }]);
      expect((await byCountry('PT')).rows).toEqual([{ n: 400 }]);
      expect((await byCountry('FR')).rows).toEqual([{ n: 0 }]);
    }
    const statements = await kept(db);
    expect(statements).toContain('select count(*)::int as n from hotels where country = $1');
    // Each text is kept once, however often it ran.
    expect(statements.filter((s) => s.includes('from hotels where country'))).toHaveLength(1);
    // A text run once is not kept: most one-off statements never come again.
    await sql`select id from hotels where id = ${7} and name is not null`.execute(db.kysely);
    expect((await kept(db)).some((s) => s.includes('and name is not null'))).toBe(false);
  });

  it('leaves unnamed a LIKE pattern, a long parameter list, DDL and transaction control', async () => {
    const db = open();
    const ids = Array.from({ length: 65 }, (_, i) => i + 1);
    for (let i = 0; i < 3; i++) {
      const like = await sql<{ id: number }>`select id from hotels where name like ${'Hotel 49%'} order by id`.execute(
        db.kysely,
      );
      expect(like.rows.map((r) => r.id)).toEqual([49, 490, 491, 492, 493, 494, 495, 496, 497, 498, 499]);
      const many = await sql<{
        n: number;
      }>`select count(*)::int as n from hotels where id in (${sql.join(ids)})`.execute(db.kysely);
      expect(many.rows).toEqual([{ n: 65 }]);
      await db.kysely.transaction().execute(async (trx) => {
        await sql`update hotels set name = ${'Renamed'} where id = ${1}`.execute(trx);
      });
    }
    const statements = await kept(db);
    expect(statements.some((s) => s.includes(' like '))).toBe(false);
    expect(statements.some((s) => s.includes('id in ('))).toBe(false);
    expect(statements.some((s) => /^(begin|commit)/i.test(s))).toBe(false);
    expect(statements).toContain('update hotels set name = $1 where id = $2');
    await admin.query(`update ${schema}.hotels set name = 'Hotel 1' where id = 1`);
  });

  it('keeps at most the configured number per connection, and none with 0; the rest still answer', async () => {
    const three = open(3);
    const texts = [
      'select id from hotels where id = $1',
      'select id from hotels where id = $1 and true',
      'select id from hotels where id = $1 and 1 = 1',
      'select id from hotels where (id = $1)',
      'select id from hotels where id = $1 and id > 0',
    ];
    // Each text twice, the first once more at the end: the least recently run give way.
    for (const [i, text] of [...texts.entries(), [0, texts[0]!] as const]) {
      for (let run = 0; run < 2; run++)
        expect((await three.kysely.executeQuery<{ id: number }>(CompiledQuery.raw(text, [i + 1]))).rows).toEqual([
          { id: i + 1 },
        ]);
    }
    const left = (await kept(three)).filter((s) => s.includes('from hotels'));
    expect(left.sort()).toEqual([texts[0], texts[3], texts[4]].sort());

    const none = open(0);
    for (let i = 0; i < 3; i++)
      expect((await sql<{ id: number }>`select id from hotels where id = ${3}`.execute(none.kysely)).rows).toEqual([
        { id: 3 },
      ]);
    expect(await kept(none)).toEqual([]);
  });

  it('a kept statement whose columns a schema change altered runs again: at once outside a transaction, on the next one inside', async () => {
    const db = open();
    const table = `${schema}.rooms`;
    await admin.query(`create table ${table} (id integer primary key, name text)`);
    await admin.query(`insert into ${table} values (1, 'Sea double')`);
    const read = () => sql<Record<string, unknown>>`select * from rooms where id = ${1}`.execute(db.kysely);
    expect((await read()).rows).toEqual([{ id: 1, name: 'Sea double' }]);
    expect((await read()).rows).toEqual([{ id: 1, name: 'Sea double' }]);
    expect(await kept(db)).toContain('select * from rooms where id = $1');
    // Another node's migration, while this connection keeps the statement.
    await admin.query(`alter table ${table} add column view text default 'Sea view'`);
    expect((await read()).rows).toEqual([{ id: 1, name: 'Sea double', view: 'Sea view' }]);
    expect((await read()).rows).toEqual([{ id: 1, name: 'Sea double', view: 'Sea view' }]);

    await admin.query(`alter table ${table} add column floor integer default 3`);
    const inTransaction = () =>
      db.kysely
        .transaction()
        .execute(async (trx) => (await sql`select * from rooms where id = ${1}`.execute(trx)).rows);
    await expect(inTransaction()).rejects.toThrow('cached plan must not change result type');
    expect(await inTransaction()).toEqual([{ id: 1, name: 'Sea double', view: 'Sea view', floor: 3 }]);
    expect((await read()).rows).toEqual([{ id: 1, name: 'Sea double', view: 'Sea view', floor: 3 }]);
    // The refused statement is given up on the server too, once the failed transaction has ended:
    // the connection keeps the text once (under its new name), not once per schema change.
    expect((await kept(db)).filter((s) => s === 'select * from rooms where id = $1')).toHaveLength(1);
  });
});
