import { fieldError } from '../../plugins/errors.js';
import { foreignKeyViolation } from '../../db/unique.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { ApiKeyWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { accountKey, deleteKey, insertKey, updateKey } from './key-store.js';
import { newSecret, ROTATION_OVERLAP_MS, type KeyRow } from './keys.js';
import { namedWhitelist } from './whitelist-store.js';

type Db = Services['db']['kysely'];

const scopesText = (k: { fact_sheet: boolean; stop_sale: boolean; hotel_photos: boolean }) =>
  [k.fact_sheet && 'facts', k.stop_sale && 'stop-sale', k.hotel_photos && 'photos'].filter(Boolean).join(', ') ||
  'no scope';

const audit = (
  services: Services,
  auth: AuthContext,
  ip: string,
  action: string,
  id: number,
  summary: string,
  trx: Db,
) =>
  recordAudit(
    services,
    actorOf(auth, ip),
    { kind: 'settings', action, subject: 'api-key', subjectId: id, summary },
    trx,
  );

/** The whitelist entry deleted while the key was saved: the database's constraint decides, answered as a field error. */
const entryGone = (e: unknown): never => {
  if (foreignKeyViolation(e)) throw fieldError('domain', 'Choose one of your whitelist entries.');
  throw e;
};

/**
 * The key form's own checks, reading nothing: a title, no past expiry (by the server's clock,
 * which a schema cannot read). Also the routes' pre-check (prechecks.ts), run before the step-up
 * proof is asked for.
 */
export function checkKeyForm(services: Services, body: ApiKeyWire): { title: string; expires: string | null } {
  const title = body.title.trim();
  if (!title) throw fieldError('title', 'Enter a title.');
  const expires = body.expires_at ?? null;
  if (expires && expires < services.clock.now().toISOString().slice(0, 10))
    throw fieldError('expires_at', 'The expiry must be today or later.');
  return { title, expires };
}

/**
 * A key's stored fields from a body, checked: the form (checkKeyForm), then one of the account's
 * whitelist entries (after the proof and, on an edit, after the key's own 404).
 */
async function fieldsOf(services: Services, auth: AuthContext, body: ApiKeyWire) {
  const { title, expires } = checkKeyForm(services, body);
  const whitelist = await namedWhitelist(services.db.kysely, auth.accountId, body.domain);
  if (!whitelist) throw fieldError('domain', 'Choose one of your whitelist entries.');
  return {
    title,
    description: (body.description ?? '').trim(),
    whitelist_id: whitelist.id,
    expires_at: expires,
    fact_sheet: body.fact_sheet ?? false,
    stop_sale: body.stop_sale ?? false,
    hotel_photos: body.hotel_photos ?? false,
  };
}

/** Creates a key, audited; the secret is returned here only (only its hash is kept). */
export async function createKey(
  services: Services,
  auth: AuthContext,
  ip: string,
  body: ApiKeyWire,
): Promise<{ row: KeyRow; secret: string }> {
  const fields = await fieldsOf(services, auth, body);
  const { secret, prefix, hash } = newSecret();
  const row = await services.db.kysely
    .transaction()
    .execute(async (trx) => {
      const inserted = await insertKey(trx, {
        account_id: auth.accountId,
        ...fields,
        prefix,
        secret_hash: hash,
        date_created: services.clock.now().toISOString(),
        created_by: auth.user.id,
      });
      const expiry = fields.expires_at ?? 'never';
      const summary = `Created API key "${fields.title}" (${prefix}; ${scopesText(fields)}; expires ${expiry})`;
      await audit(services, auth, ip, 'create', inserted.id, summary, trx);
      return inserted;
    })
    .catch(entryGone);
  return { row, secret };
}

/**
 * Edits one of the account's keys, audited; with `rotate` it gets a new secret (returned, not
 * null) and the previous one keeps working for ROTATION_OVERLAP_MS.
 */
export async function editKey(
  services: Services,
  auth: AuthContext,
  ip: string,
  id: number,
  body: ApiKeyWire,
): Promise<{ row: KeyRow; secret: string | null }> {
  const before = await accountKey(services.db.kysely, auth.accountId, id);
  const fields = await fieldsOf(services, auth, body);
  const now = services.clock.now();
  const rotation = body.rotate ? newSecret() : undefined;
  const until = new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString();
  const change = rotation
    ? {
        ...fields,
        secret_hash: rotation.hash,
        prefix: rotation.prefix,
        previous_hash: before.secret_hash,
        previous_valid_until: until,
      }
    : fields;
  const row = await services.db.kysely
    .transaction()
    .execute(async (trx) => {
      const updated = await updateKey(trx, before.id, change);
      const summary = rotation
        ? `Rotated API key "${fields.title}" (${before.prefix} -> ${rotation.prefix}; the previous secret works until ${until})`
        : `Edited API key "${fields.title}" (${before.prefix}; ${scopesText(fields)}; expires ${fields.expires_at ?? 'never'})`;
      await audit(services, auth, ip, rotation ? 'rotate' : 'update', before.id, summary, trx);
      return updated;
    })
    .catch(entryGone);
  return { row, secret: rotation?.secret ?? null };
}

/** Revokes (deletes) one of the account's keys, audited. */
export async function revokeKey(services: Services, auth: AuthContext, ip: string, id: number): Promise<void> {
  const row = await accountKey(services.db.kysely, auth.accountId, id);
  await services.db.kysely.transaction().execute(async (trx) => {
    await deleteKey(trx, row.id);
    await audit(services, auth, ip, 'delete', row.id, `Revoked API key "${row.title}" (${row.prefix})`, trx);
  });
}
