import type { Selectable } from 'kysely';
import type { Services } from '../../services.js';
import type { Database, PreferencesTable } from '../../db/tables.js';
import type { Kysely } from 'kysely';
import type { PreferencesWire } from '../../../shared/generated/wire-types.js';
import type { JsonSchema } from '../../../shared/bundle-types.js';
import { twoFactorOn } from '../auth/index.js';

export type PreferencesRow = Selectable<PreferencesTable>;
export type Stored = Record<string, unknown>;

const SCHEMA = 'settings/preferences.schema.json';

export const preferencesSchema = (services: Services): JsonSchema => services.schemas.resolved(SCHEMA);
/** Shown in the document, never taken from a body: the account, the plan (staff grant it), two-factor state (Security). */
const READ_ONLY = ['user', 'plan', 'two_factor_auth'] as const;

export async function findPreferences(db: Kysely<Database>, accountId: number): Promise<PreferencesRow | undefined> {
  return db.selectFrom('preferences').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** The preferences rows of several accounts in one query (accounts without one are missing). */
export async function findPreferencesOf(
  db: Kysely<Database>,
  accountIds: readonly number[],
): Promise<Map<number, PreferencesRow>> {
  if (!accountIds.length) return new Map();
  const rows = await db
    .selectFrom('preferences')
    .selectAll()
    .where('account_id', 'in', [...new Set(accountIds)])
    .execute();
  return new Map(rows.map((r) => [r.account_id, r]));
}

/** Does the account share its audit trail with its team? (Off until the owner says so.) */
export async function auditTrailShared(db: Kysely<Database>, accountId: number): Promise<boolean> {
  const row = await findPreferences(db, accountId);
  return row ? (JSON.parse(row.data) as Stored).audit_trail === true : false;
}

/** The editable fields with their schema defaults: a new field in the schema needs no code here. */
export function defaults(schema: JsonSchema): Stored {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(
    Object.entries(props)
      .filter(([k]) => !(READ_ONLY as readonly string[]).includes(k))
      .map(([k, p]) => [k, p.default ?? null]),
  );
}

export function editable(schema: JsonSchema, body: Stored): Stored {
  const keys = Object.keys(defaults(schema));
  return Object.fromEntries(Object.entries(body).filter(([k]) => keys.includes(k)));
}

/** Insert the account's preferences unless they exist; false when they did. */
export async function insertPreferences(
  db: Kysely<Database>,
  accountId: number,
  data: Stored,
  plan: string,
  now: string,
  by: number | null,
): Promise<boolean> {
  const row = await db
    .insertInto('preferences')
    .values({
      account_id: accountId,
      data: JSON.stringify(data),
      plan,
      created_at: now,
      updated_at: now,
      updated_by: by,
    })
    .onConflict((oc) => oc.column('account_id').doNothing())
    .returning('account_id')
    .executeTakeFirst();
  return !!row;
}

/** Replaces the account's preferences document, stamped with who and when. */
export async function updatePreferences(
  db: Kysely<Database>,
  accountId: number,
  data: Stored,
  now: string,
  by: number,
): Promise<void> {
  await db
    .updateTable('preferences')
    .set({ data: JSON.stringify(data), updated_at: now, updated_by: by })
    .where('account_id', '=', accountId)
    .execute();
}

/** Sets the account's plan (the staff's Premium grant), creating its preferences when it has none. */
export async function setAccountPlan(
  db: Kysely<Database>,
  accountId: number,
  plan: string,
  now: string,
): Promise<void> {
  if (!(await findPreferences(db, accountId))) await insertPreferences(db, accountId, {}, plan, now, null);
  await db.updateTable('preferences').set({ plan, updated_at: now }).where('account_id', '=', accountId).execute();
}

/** The account's preferences as the API shows them: the schema's defaults under what is stored. */
export async function preferencesWire(
  services: Services,
  accountId: number,
  row: PreferencesRow | undefined,
): Promise<PreferencesWire> {
  const data = { ...defaults(preferencesSchema(services)), ...(row ? (JSON.parse(row.data) as Stored) : {}) };
  return {
    user: row ? accountId : 0,
    ...data,
    two_factor_auth: await twoFactorOn(services.db.kysely, accountId),
    plan: (row?.plan ?? 'F') as PreferencesWire['plan'],
  } as PreferencesWire;
}
