import { ApiError } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import { decodeUid, encodeUid, randomToken, sha256 } from './secrets.js';
import { hashPassword, passwordProblems } from './passwords.js';
import { findUserById } from './users.js';

export type LinkPurpose = 'activation' | 'reset' | 'invitation';

/** Activation and invitation links last 3 days (djoser's default); reset links 1 hour. */
export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  activation: 3 * 24 * 3600_000,
  reset: 3600_000,
  invitation: 3 * 24 * 3600_000,
};

export const LINK_PATH: Record<LinkPurpose, string> = {
  activation: '/auth/activate',
  reset: '/auth/password/reset/confirm',
  invitation: '/auth/invite',
};

/** A new single-use link for `userId`; earlier unused links of the same purpose stop working. */
export async function createLink(services: Services, userId: number, purpose: LinkPurpose): Promise<string> {
  const now = services.clock.now();
  const token = randomToken();
  await services.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('one_time_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
    await trx
      .insertInto('one_time_tokens')
      .values({
        user_id: userId,
        purpose,
        token_hash: sha256(token),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + LINK_TTL_MS[purpose]).toISOString(),
        used_at: null,
      })
      .execute();
  });
  return `${services.config.publicUrl}${LINK_PATH[purpose]}/${encodeUid(userId)}/${token}`;
}

/** The answer to a link that is wrong, used, expired, or names an account it cannot act on. */
export const invalidLink = (): ApiError =>
  new ApiError(400, { token: ['Invalid or expired link. Ask for a new one.'] });

/**
 * Use a link once: marks it used in the same statement that checks it, so two parallel uses
 * cannot both succeed. Returns the user id.
 */
export async function consumeLink(
  services: Services,
  uid: string,
  token: string,
  purpose: LinkPurpose,
): Promise<number> {
  const userId = decodeUid(uid);
  if (userId === undefined) throw new ApiError(400, { uid: ["Invalid user id or user doesn't exist."] });
  const now = services.clock.now().toISOString();
  const used = await services.db.kysely
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  if (!used) throw invalidLink();
  return userId;
}

export interface NewPasswordFromLink {
  uid: string;
  token: string;
  new_password: string;
  re_new_password: string;
}

/**
 * A new password sent with a link (password reset, invitation): both entries match and the
 * password passes the checks BEFORE the link is used up, so a weak choice does not burn it.
 * Returns the user and the new password's hash.
 */
export async function consumeLinkWithPassword(
  services: Services,
  body: NewPasswordFromLink,
  purpose: LinkPurpose,
): Promise<{ userId: number; passwordHash: string }> {
  if (body.new_password !== body.re_new_password)
    throw new ApiError(400, { re_new_password: ["The two password fields didn't match."] });
  const id = decodeUid(body.uid);
  const user = id === undefined ? undefined : await findUserById(services.db.kysely, id);
  const problems = passwordProblems(body.new_password, [
    user?.email,
    user?.first_name,
    user?.last_name,
    user?.username,
  ]);
  if (problems.length) throw new ApiError(400, { new_password: problems });
  const userId = await consumeLink(services, body.uid, body.token, purpose);
  return { userId, passwordHash: await hashPassword(body.new_password) };
}
