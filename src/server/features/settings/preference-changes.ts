import { ApiError, conflict } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { PreferencesWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit, diffDocuments } from '../audit/index.js';
import {
  defaults,
  editable,
  findPreferences,
  insertPreferences,
  preferencesSchema,
  preferencesWire,
  updatePreferences,
  type PreferencesRow,
  type Stored,
} from './preferences.js';

/** Read-only fields may come back as they were (forms send the whole document); a change is refused. */
async function checkReadOnly(
  services: Services,
  auth: AuthContext,
  body: PreferencesWire,
  row: PreferencesRow | undefined,
): Promise<void> {
  const current = await preferencesWire(services, auth.accountId, row);
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

/** Merges `changes` into the stored document; audited when anything changed. */
async function save(
  services: Services,
  auth: AuthContext,
  ip: string,
  row: PreferencesRow,
  changes: Stored,
  summary: string,
): Promise<void> {
  const before = JSON.parse(row.data) as Stored;
  const after = { ...before, ...changes };
  const diff = diffDocuments(preferencesSchema(services), before, after);
  await services.db.kysely.transaction().execute(async (trx) => {
    await updatePreferences(trx, auth.accountId, after, services.clock.now().toISOString(), auth.user.id);
    if (diff.length)
      await recordAudit(
        services,
        actorOf(auth, ip),
        { kind: 'settings', action: 'update', subject: 'preferences', summary, changes: diff },
        trx,
      );
  });
}

/** Creates the account's preferences from the defaults and the body, audited; 409 when they exist. */
export async function createPreferences(
  services: Services,
  auth: AuthContext,
  ip: string,
  body: PreferencesWire,
): Promise<void> {
  const db = services.db.kysely;
  const schema = () => preferencesSchema(services);
  const existing = await findPreferences(db, auth.accountId);
  if (existing) throw conflict('The preferences exist already; edit them instead.');
  await checkReadOnly(services, auth, body, undefined);
  const data = { ...defaults(schema()), ...editable(schema(), body as Stored) };
  const inserted = await db.transaction().execute(async (trx) => {
    if (!(await insertPreferences(trx, auth.accountId, data, 'F', services.clock.now().toISOString(), auth.user.id)))
      return false;
    await recordAudit(
      services,
      actorOf(auth, ip),
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
}

/** Edits the fields the body carries; 409 when there are no preferences yet. */
export async function editPreferences(
  services: Services,
  auth: AuthContext,
  ip: string,
  body: PreferencesWire,
): Promise<void> {
  const row = await findPreferences(services.db.kysely, auth.accountId);
  if (!row) throw conflict('There are no preferences yet; create them first.');
  await checkReadOnly(services, auth, body, row);
  await save(services, auth, ip, row, editable(preferencesSchema(services), body as Stored), 'Edited the preferences');
}

/** Edits the export layout, creating the preferences with their defaults when none exist. */
export async function editLayout(services: Services, auth: AuthContext, ip: string, layout: Stored): Promise<void> {
  const db = services.db.kysely;
  let row = await findPreferences(db, auth.accountId);
  if (!row) {
    const now = services.clock.now().toISOString();
    await insertPreferences(db, auth.accountId, defaults(preferencesSchema(services)), 'F', now, auth.user.id);
    row = (await findPreferences(db, auth.accountId))!;
  }
  await save(services, auth, ip, row, layout, 'Edited the export layout');
}
