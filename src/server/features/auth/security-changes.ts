import { conflict, fieldError, notFound } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import type { AuthContext } from '../../routing/auth-context.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { verifyPassword } from './passwords.js';
import { revokeToken, sessionOf } from './sessions.js';
import { BAD_CODE, findTwoFactor, newEnrolment, newRecoveryCodes, sealSecret, totpStep } from './two-factor.js';
import { enableKey, removeTwoFactor, replaceRecoveryCodes, storePendingKey } from './two-factor-store.js';
import { findUserById } from './users.js';

/**
 * The use cases behind the Security page: ending a session, two-factor sign-in on and off, new
 * recovery codes. Each change but ending a session is declared stepUp in routes.json: the router
 * asks for a fresh proof before any of these runs.
 */

const ON_ALREADY = 'Two-factor sign-in is on already; turn it off first to use another app.';

/** DELETE sessions/{id}: one of the caller's own sessions ends (404 for anyone else's). */
export async function endSession(services: Services, auth: AuthContext, ip: string, id: number): Promise<void> {
  const row = await sessionOf(services, auth.user.id, id);
  if (!row) throw notFound();
  await revokeToken(services, row.id);
  const where = [row.client_ip, row.user_agent?.slice(0, 80)].filter(Boolean).join(', ');
  await recordAudit(services, actorOf(auth, ip), {
    kind: 'account',
    action: 'session-end',
    subject: 'session',
    subjectId: row.id,
    summary: `Ended a session${where ? ` (${where})` : ''}`,
  });
}

/** A new key for the caller's authenticator app, pending until a code confirms it. */
export async function enrolTwoFactor(services: Services, auth: AuthContext) {
  if ((await findTwoFactor(services, auth.user.id))?.enabled_at) throw conflict(ON_ALREADY);
  const enrolment = await newEnrolment(auth.user.email);
  const values = {
    secret: sealSecret(services, auth.user.id, enrolment.secret),
    enabled_at: null,
    last_step: null,
    created_at: services.clock.now().toISOString(),
  };
  if (!(await storePendingKey(services.db.kysely, auth.user.id, values))) throw conflict(ON_ALREADY);
  return enrolment;
}

/** A code from the app turns the pending key on; the answer is the new recovery codes. */
export async function confirmTwoFactor(
  services: Services,
  auth: AuthContext,
  ip: string,
  code: string,
): Promise<string[]> {
  const row = await findTwoFactor(services, auth.user.id);
  if (!row) throw conflict('Start with POST api/auth/two-factor/enrol/ to get a key for your app.');
  if (row.enabled_at) throw conflict('Two-factor sign-in is on already.');
  const stored = row.storedSecret;
  const step = await totpStep(services, row.secret, code, null);
  if (step === undefined) throw fieldError('code', BAD_CODE);
  const codes = newRecoveryCodes();
  const now = services.clock.now().toISOString();
  await services.db.kysely.transaction().execute(async (trx) => {
    // Only the pending key this code was checked against: a parallel confirm or a new enrolment wins otherwise.
    if (!(await enableKey(trx, auth.user.id, stored, step, now)))
      throw conflict('Two-factor sign-in changed meanwhile; reload the page.');
    await replaceRecoveryCodes(trx, auth.user.id, codes);
    const entry = {
      kind: 'account',
      action: 'two-factor-on',
      subject: 'user',
      subjectId: auth.user.id,
      summary: 'Turned two-factor sign-in on',
    } as const;
    await recordAudit(services, actorOf(auth, ip), entry, trx);
  });
  // Not a proof: the code shows the app holds the new key, not who uses the session (the key may
  // be the intruder's). The session stays as fresh as its last proof; the next one is this factor's code.
  return codes;
}

/** New recovery codes in place of the unused ones (two-factor sign-in on); answered once. */
export async function regenerateRecoveryCodes(services: Services, auth: AuthContext, ip: string): Promise<string[]> {
  const row = await findTwoFactor(services, auth.user.id);
  if (!row?.enabled_at) throw conflict('Two-factor sign-in is off: turning it on gives recovery codes.');
  const codes = newRecoveryCodes();
  await services.db.kysely.transaction().execute(async (trx) => {
    await replaceRecoveryCodes(trx, auth.user.id, codes);
    const entry = {
      kind: 'account',
      action: 'recovery-codes',
      subject: 'user',
      subjectId: auth.user.id,
      summary: 'Made new two-factor recovery codes (the earlier ones stopped working)',
    } as const;
    await recordAudit(services, actorOf(auth, ip), entry, trx);
  });
  return codes;
}

/** With the current password, the key and recovery codes go (audited when it was on). */
export async function disableTwoFactor(
  services: Services,
  auth: AuthContext,
  ip: string,
  currentPassword: string,
): Promise<void> {
  const user = await findUserById(services.db.kysely, auth.user.id);
  if (!user || !(await verifyPassword(user.password_hash, currentPassword)))
    throw fieldError('current_password', 'Invalid password.');
  const row = await findTwoFactor(services, auth.user.id);
  await services.db.kysely.transaction().execute(async (trx) => {
    await removeTwoFactor(trx, auth.user.id);
    if (!row?.enabled_at) return;
    const entry = {
      kind: 'account',
      action: 'two-factor-off',
      subject: 'user',
      subjectId: auth.user.id,
      summary: 'Turned two-factor sign-in off',
    } as const;
    await recordAudit(services, actorOf(auth, ip), entry, trx);
  });
}
