import { sql } from 'kysely';
import type { TestApp } from './app.js';

/**
 * Every row of every table of the test's database, as sorted JSON per table: two snapshots are
 * equal when a call changed nothing anywhere. `ignore` names columns that change on any signed-in
 * call (a session's last use) as `table.column`.
 */
export async function snapshotDatabase(
  t: TestApp,
  ignore: readonly string[] = ['auth_tokens.last_used_at'],
): Promise<Record<string, string[]>> {
  const db = t.services.db.kysely;
  const tables = (await db.introspection.getTables()).filter(
    (table) => !table.isView && (t.testDb.pgSchema === undefined || table.schema === t.testDb.pgSchema),
  );
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db);
    out[table.name] = rows
      .map((row) => {
        const kept = { ...row };
        for (const column of ignore)
          if (column.startsWith(`${table.name}.`)) delete kept[column.slice(table.name.length + 1)];
        return JSON.stringify(kept);
      })
      .sort();
  }
  return out;
}
