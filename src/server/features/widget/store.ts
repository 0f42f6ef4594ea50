import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, WidgetsTable } from '../../db/tables.js';
import { notFound } from '../../plugins/errors.js';
import { entriesOf } from '../devtools/index.js';

export type WidgetRow = Selectable<WidgetsTable>;
type Db = Kysely<Database>;

export function widgetOfProperty(db: Db, propertyId: number): Promise<WidgetRow | undefined> {
  return db.selectFrom('widgets').selectAll().where('property_id', '=', propertyId).executeTakeFirst();
}

/** The widget by its public token; the embed's calls answer 404 for an unknown one. */
export async function widgetByToken(db: Db, token: string): Promise<WidgetRow> {
  const row =
    token.length <= 100
      ? await db.selectFrom('widgets').selectAll().where('token', '=', token).executeTakeFirst()
      : undefined;
  if (!row) throw notFound();
  return row;
}

/** Inserts a property's widget; undefined when the property has one already (one per property). */
export function insertWidget(db: Db, values: Insertable<WidgetsTable>): Promise<WidgetRow | undefined> {
  return db
    .insertInto('widgets')
    .values(values)
    .onConflict((oc) => oc.column('property_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function updateWidgetData(db: Db, id: number, data: string, now: string): Promise<void> {
  await db.updateTable('widgets').set({ data, updated_at: now }).where('id', '=', id).execute();
}

/** The account's web origins (from every whitelist entry): the pages the widget may show on. */
export async function accountOrigins(db: Db, accountId: number): Promise<string[]> {
  const rows = await db.selectFrom('whitelists').select('entries').where('account_id', '=', accountId).execute();
  return rows.flatMap(entriesOf);
}
