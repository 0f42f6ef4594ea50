import type { Selectable } from 'kysely';
import { ApiError, conflict } from '../../plugins/errors.js';
import { caller, created, ok, type HandlerMap } from '../../routing/handler.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { Database, PreferencesTable } from '../../db/tables.js';
import type { Kysely } from 'kysely';
import type { PreferencesWire } from '../../../shared/generated/wire-types.js';
import type { JsonSchema } from '../../../shared/bundle-types.js';
import { actorOf, recordAudit, diffDocuments } from '../audit/index.js';
import { twoFactorOn } from '../auth/index.js';

type PreferencesRow = Selectable<PreferencesTable>;
type Stored = Record<string, unknown>;

const SCHEMA = 'settings/preferences.schema.json';
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

function editable(schema: JsonSchema, body: Stored): Stored {
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

/** Preferences: created once (else 409), edited by the fields sent; the export layout by the export permission. */
export function preferenceHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  const schema = () => services.schemas.resolved(SCHEMA);

  async function ownerTwoFactor(accountId: number): Promise<boolean> {
    return twoFactorOn(db, accountId);
  }

  async function wire(accountId: number, row: PreferencesRow | undefined): Promise<PreferencesWire> {
    const data = { ...defaults(schema()), ...(row ? (JSON.parse(row.data) as Stored) : {}) };
    return {
      user: row ? accountId : 0,
      ...data,
      two_factor_auth: await ownerTwoFactor(accountId),
      plan: (row?.plan ?? 'F') as PreferencesWire['plan'],
    } as PreferencesWire;
  }

  /** Read-only fields may come back as they were (forms send the whole document); a change is refused. */
  async function checkReadOnly(
    auth: AuthContext,
    body: PreferencesWire,
    row: PreferencesRow | undefined,
  ): Promise<void> {
    const current = await wire(auth.accountId, row);
    const errors: Record<string, string[]> = {};
    if (body.user !== undefined && body.user !== 0 && body.user !== auth.accountId)
      errors.user = ['These are the preferences of your own account.'];
    if (body.plan !== undefined && body.plan !== current.plan)
      errors.plan = ['The plan changes when Ananas grants an upgrade request (see Premium).'];
    if (body.two_factor_auth !== undefined && body.two_factor_auth !== current.two_factor_auth) {
      errors.two_factor_auth = ['Turn two-factor sign-in on or off under Security.'];
    }
    if (Object.keys(errors).length) throw new ApiError(400, errors);
  }

  async function save(
    auth: AuthContext,
    ip: string,
    row: PreferencesRow,
    changes: Stored,
    summary: string,
  ): Promise<void> {
    const before = JSON.parse(row.data) as Stored;
    const after = { ...before, ...changes };
    const diff = diffDocuments(schema(), before, after);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('preferences')
        .set({ data: JSON.stringify(after), updated_at: services.clock.now().toISOString(), updated_by: auth.user.id })
        .where('account_id', '=', auth.accountId)
        .execute();
      if (diff.length)
        await recordAudit(
          services,
          actorOf(auth, ip),
          { kind: 'settings', action: 'update', subject: 'preferences', summary, changes: diff },
          trx,
        );
    });
  }

  return {
    async settingsPreferencesGet(ctx) {
      const auth = caller(ctx);
      return ok(await wire(auth.accountId, await findPreferences(db, auth.accountId)));
    },

    async settingsPreferencesCreate(ctx) {
      const auth = caller(ctx);
      const existing = await findPreferences(db, auth.accountId);
      if (existing) throw conflict('The preferences exist already; edit them instead.');
      await checkReadOnly(auth, ctx.body, undefined);
      const data = { ...defaults(schema()), ...editable(schema(), ctx.body as Stored) };
      const inserted = await db.transaction().execute(async (trx) => {
        if (
          !(await insertPreferences(trx, auth.accountId, data, 'F', services.clock.now().toISOString(), auth.user.id))
        )
          return false;
        await recordAudit(
          services,
          actorOf(auth, ctx.ip),
          {
            kind: 'settings',
            action: 'create',
            subject: 'preferences',
            summary: 'Set the preferences',
            changes: diffDocuments(schema(), defaults(schema()), data),
          },
          trx,
        );
        return true;
      });
      if (!inserted) throw conflict('The preferences exist already; edit them instead.');
      return created(await wire(auth.accountId, await findPreferences(db, auth.accountId)));
    },

    async settingsPreferencesEdit(ctx) {
      const auth = caller(ctx);
      const row = await findPreferences(db, auth.accountId);
      if (!row) throw conflict('There are no preferences yet; create them first.');
      await checkReadOnly(auth, ctx.body, row);
      await save(auth, ctx.ip, row, editable(schema(), ctx.body as Stored), 'Edited the preferences');
      return ok(await wire(auth.accountId, await findPreferences(db, auth.accountId)));
    },

    async settingsPreferencesLayoutEdit(ctx) {
      const auth = caller(ctx);
      const layout = { pdf_layout: ctx.body.pdf_layout, api_layout: ctx.body.api_layout, add_logo: ctx.body.add_logo };
      let row = await findPreferences(db, auth.accountId);
      if (!row) {
        await insertPreferences(
          db,
          auth.accountId,
          defaults(schema()),
          'F',
          services.clock.now().toISOString(),
          auth.user.id,
        );
        row = (await findPreferences(db, auth.accountId))!;
      }
      await save(auth, ctx.ip, row, layout, 'Edited the export layout');
      return ok(await wire(auth.accountId, await findPreferences(db, auth.accountId)));
    },
  };
}
