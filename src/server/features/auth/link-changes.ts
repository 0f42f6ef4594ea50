import type { Services } from '../../services.js';
import { bool } from '../../db/tables.js';
import { activateUser, setPasswordHash } from './accounts-store.js';
import { consumeLink, consumeLinkWithPassword, createLink, invalidLink, type NewPasswordFromLink } from './links.js';
import { activationMail, recipientLanguage, resetMail } from './mails.js';
import { revokeUserTokens } from './sessions.js';
import { findUserByEmail, findUserById } from './users.js';
import { decodeUid } from './secrets.js';

/** The work behind the e-mailed links: activating an account, asking again, resetting a password. */

/** Uses the activation link and activates the account. */
export async function activateAccount(services: Services, uid: string, token: string): Promise<void> {
  const db = services.db.kysely;
  const id = decodeUid(uid);
  const user = id === undefined ? undefined : await findUserById(db, id);
  // An active account answers as an invalid link does: the answer never tells which ids are active.
  if (user && bool(user.is_active)) throw invalidLink();
  const userId = await consumeLink(services, uid, token, 'activation');
  await activateUser(db, userId);
}

/** A new activation link for an account not yet active; nothing for any other address. */
export async function resendActivation(services: Services, email: string): Promise<void> {
  const user = await findUserByEmail(services.db.kysely, email);
  if (user && !bool(user.is_active) && !user.deactivated_at) {
    await services.mail.send(
      activationMail(
        user.email,
        user.first_name,
        await createLink(services, user.id, 'activation'),
        recipientLanguage(user),
      ),
    );
  }
}

/** A password reset link for an active account; nothing for any other address. */
export async function sendPasswordReset(services: Services, email: string): Promise<void> {
  const user = await findUserByEmail(services.db.kysely, email);
  if (user && bool(user.is_active)) {
    await services.mail.send(
      resetMail(user.email, user.first_name, await createLink(services, user.id, 'reset'), recipientLanguage(user)),
    );
  }
}

/** The new password from a reset link; every session of the user ends. */
export async function resetPassword(services: Services, body: NewPasswordFromLink): Promise<void> {
  const { userId, passwordHash } = await consumeLinkWithPassword(services, body, 'reset');
  await setPasswordHash(services.db.kysely, userId, passwordHash, services.clock.now().toISOString());
  await revokeUserTokens(services, userId);
}
