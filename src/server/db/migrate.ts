import { Migrator, sql, type DatabaseIntrospector, type Kysely } from 'kysely';
import { migrations } from './migrations/index.js';
import { dialectOf } from './dialect-name.js';

/**
 * Kysely's migrator asks the introspector whether its bookkeeping tables exist. The PostgreSQL
 * introspector reads every schema of the database and calls pg_get_serial_sequence() and
 * has_schema_privilege() on each: a schema dropped meanwhile by another process (tests and
 * benches make and drop schemas all the time on a shared server) fails the migration with
 * 'schema "..." does not exist'. The migrator needs only names, of the current schema.
 */
function currentSchemaIntrospector(db: Kysely<unknown>, schema: string): DatabaseIntrospector {
  return {
    async getSchemas() {
      const { rows } = await sql<{
        name: string;
      }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db);
      return rows;
    },
    async getTables() {
      const { rows } = await sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_schema = ${schema}`.execute(db);
      return rows.map((r) => ({ name: r.name, schema, isView: false, columns: [] }));
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
}

/** The same database handle, but with the narrow introspector above. */
function withScopedIntrospection(db: Kysely<unknown>, schema: string): Kysely<unknown> {
  const introspection = currentSchemaIntrospector(db, schema);
  return new Proxy(db, {
    get(target, key) {
      if (key === 'introspection') return introspection;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Bring the database to the latest schema; throws with the failing migration's name. On
 * PostgreSQL the bookkeeping tables go in the connection's current schema: Kysely would
 * otherwise find another schema's tables and skip creating its own.
 */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  if (dialectOf(db) !== 'postgres') return runMigrations(db, undefined);
  // Several nodes starting together: one migrates while the others wait on a session advisory
  // lock (per schema), then find nothing left to do. A node killed mid-way releases it with its
  // connection. Kysely's own lock covers only the run, not the creation of its bookkeeping tables.
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(conn);
    const schema = rows[0]?.schema;
    const lock = `ananas:migrations:${schema ?? ''}`;
    await sql`select pg_advisory_lock(hashtext(${lock}))`.execute(conn);
    try {
      return await runMigrations(schema ? withScopedIntrospection(conn, schema) : conn, schema);
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${lock}))`.execute(conn);
    }
  });
}

async function runMigrations(db: Kysely<unknown>, migrationTableSchema: string | undefined): Promise<string[]> {
  // Features are built on parallel branches, each with its own migration number, and land in any
  // order: a database that ran 0021 must still take a later-landing 0019. Each migration only adds
  // its own tables and columns, so their relative order does not matter.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema,
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error)
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? String(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
