import { ApiError, fieldError, forbidden, notFound } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import type { ProfileUpdateWire, RegisterRequestWire, UserWire } from '../../../shared/generated/wire-types.js';
import type { AuthContext } from '../../routing/auth-context.js';
import { prepared } from '../../db/prepared.js';
import { onUnique, retryOnUnique } from '../../db/unique.js';
import { createLink } from './links.js';
import { activationMail, invitationMail, recipientLanguage } from './mails.js';
import { hashPassword, passwordProblems, verifyPassword } from './passwords.js';
import { revokeUserTokens } from './sessions.js';
import { requestUser } from './request-user.js';
import { deactivateUsers, insertAccount, setEmail, setPasswordHash, setProfile, teamIds } from './accounts-store.js';
import { actorOf, recordAudit } from '../audit/index.js';
import {
  EMAIL_TAKEN,
  USERNAME_TAKEN,
  findUserByEmail,
  findUserById,
  freeUsername,
  normaliseEmail,
  toUserWire,
  usernameTaken,
  type UserRow,
} from './users.js';

const byId = new WeakMap<Services, (id: number) => Promise<UserRow[]>>();

export async function me(services: Services, auth: AuthContext): Promise<UserRow> {
  // Read already by this request's session lookup.
  const read = requestUser(auth);
  if (read) return read;
  let find = byId.get(services);
  if (!find) {
    find = prepared(services.db.kysely, (k, id: number) => k.selectFrom('users').selectAll().where('id', '=', id), [0]);
    byId.set(services, find);
  }
  const [user] = await find(auth.user.id);
  if (!user) throw notFound();
  return user;
}

async function checkCurrentPassword(user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(user.password_hash, password))) throw fieldError('current_password', 'Invalid password.');
}

/**
 * A new password's form: the two fields agree, and it is not guessable (nor, given the person's
 * details, close to them). Without the details it judges what the form alone can say: the
 * pre-check that runs before the step-up proof (prechecks.ts).
 */
export function checkPasswordForm(
  body: Pick<PasswordChange, 'new_password' | 're_new_password'>,
  personal: (string | undefined)[] = [],
): void {
  if (body.new_password !== body.re_new_password) {
    throw fieldError('re_new_password', "The two password fields didn't match.");
  }
  checkNewPassword('new_password', body.new_password, personal);
}

function checkNewPassword(field: string, password: string, personal: (string | undefined)[]): void {
  const problems = passwordProblems(password, personal);
  if (problems.length) throw new ApiError(400, { [field]: problems });
}

/** Who a sign-up with `manager` may be: only the signed-in owner naming its own id. */
function managerFor(body: RegisterRequestWire, auth: AuthContext | null): AuthContext | undefined {
  if (body.manager === undefined) return undefined;
  if (!auth || !auth.isOwner || auth.user.id !== body.manager) {
    throw forbidden('Only an account owner may add authorized users, and only to their own account.');
  }
  if (body.account_type !== undefined && body.account_type !== auth.user.accountType) {
    throw fieldError('account_type', 'An authorized user has the account type of its owner.');
  }
  return auth;
}

/** Change the editable profile fields the body carries (the rest of the user record is read-only here). */
export async function updateProfile(services: Services, auth: AuthContext, body: ProfileUpdateWire): Promise<UserWire> {
  const db = services.db.kysely;
  const user = await me(services, auth);
  if (body.username && (await usernameTaken(db, body.username, user.id))) throw fieldError('username', USERNAME_TAKEN);
  // The check answers the usual case; the unique constraint decides a race.
  await onUnique(() => setProfile(db, user.id, body), {
    username: () => fieldError('username', USERNAME_TAKEN),
  });
  return toUserWire((await findUserById(db, user.id))!);
}

/**
 * What a sign-up's company name and country start: the settings feature's company details. Handed
 * in by features/index.ts rather than imported, because settings sits above auth (it reads accounts).
 */
export type StartCompanyDetails = (
  services: Services,
  accountId: number,
  fields: { company?: string; country?: string },
) => Promise<void>;

/**
 * A sign-up's own checks, from the form and the caller alone: who may name a manager, passwords
 * that agree and are not guessable (nor close to the names and address typed beside them). The
 * pre-check of an owner's sign-up of an authorized user (prechecks.ts); answers the owner, if any.
 */
export function checkSignUpForm(body: RegisterRequestWire, auth: AuthContext | null): AuthContext | undefined {
  const owner = managerFor(body, auth);
  if (body.password !== body.re_password) throw fieldError('re_password', "The two password fields didn't match.");
  checkNewPassword('password', body.password, [body.email, body.first_name, body.last_name, body.username]);
  return owner;
}

/** A sign-up: an owner's account, or (with `manager`) an owner's authorized user; the link goes by mail. */
export async function register(
  services: Services,
  body: RegisterRequestWire,
  auth: AuthContext | null,
  startCompanyDetails: StartCompanyDetails,
): Promise<UserWire> {
  const db = services.db.kysely;
  const owner = checkSignUpForm(body, auth);
  const email = normaliseEmail(body.email);
  if (await findUserByEmail(db, email)) throw fieldError('email', EMAIL_TAKEN);
  if (body.username && (await usernameTaken(db, body.username))) throw fieldError('username', USERNAME_TAKEN);
  const passwordHash = await hashPassword(body.password);
  // The checks above answer the usual case; the unique constraints decide a race between two sign-ups.
  const insert = async (attempt = 0) =>
    insertAccount(db, {
      email,
      username: body.username ?? (await freeUsername(db, email, attempt)),
      password_hash: passwordHash,
      // An authorized user has its owner's account type (djoser clients may leave it out).
      account_type: owner ? owner.user.accountType : body.account_type!,
      // An owner's quick invite may leave the names out (schema): the user fills them in later.
      first_name: body.first_name ?? '',
      last_name: body.last_name ?? '',
      phone: body.phone ?? '',
      title: body.title ?? '',
      country: body.country ?? '',
      language: body.language ?? 'en',
      manager_id: owner ? owner.user.id : null,
      now: services.clock.now().toISOString(),
    });
  const inserted = await onUnique(() => (body.username ? insert() : retryOnUnique('username', insert)), {
    email: () => fieldError('email', EMAIL_TAKEN),
    username: () => fieldError('username', USERNAME_TAKEN),
  });
  const user = (await findUserById(db, inserted.id))!;
  const link = await createLink(services, user.id, 'activation');
  if (owner) {
    const ownerRow = await findUserById(db, owner.user.id);
    const ownerName = `${ownerRow?.first_name ?? ''} ${ownerRow?.last_name ?? ''}`.trim() || owner.user.email;
    await services.mail.send(invitationMail(user.email, user.first_name, ownerName, link, recipientLanguage(user)));
  } else {
    await startCompanyDetails(services, user.id, { company: body.company, country: body.country });
    await services.mail.send(activationMail(user.email, user.first_name, link, recipientLanguage(user)));
  }
  return toUserWire(user);
}

export interface PasswordChange {
  current_password: string;
  new_password: string;
  re_new_password: string;
}

export async function changePassword(services: Services, auth: AuthContext, ip: string, body: PasswordChange) {
  const user = await me(services, auth);
  await checkCurrentPassword(user, body.current_password);
  checkPasswordForm(body, [user.email, user.first_name, user.last_name, user.username]);
  const hash = await hashPassword(body.new_password);
  await setPasswordHash(services.db.kysely, user.id, hash, services.clock.now().toISOString());
  // Whoever knew the old password is signed out everywhere but here.
  await revokeUserTokens(services, user.id, auth.tokenId);
  await recordAudit(services, actorOf(auth, ip), {
    kind: 'account',
    action: 'password',
    subject: 'user',
    subjectId: user.id,
    summary: 'Changed the password (other sessions ended)',
  });
}

export interface EmailChange {
  current_password: string;
  new_email: string;
  re_new_email: string;
}

/**
 * The change-email form's own check, the two addresses agree: the pre-check before the step-up
 * proof (prechecks.ts). Answers the new address as stored. Whether another account has it is a
 * read, after the proof.
 */
export function checkEmailForm(body: Pick<EmailChange, 'new_email' | 're_new_email'>): string {
  const email = normaliseEmail(body.new_email);
  if (email !== normaliseEmail(body.re_new_email))
    throw fieldError('re_new_email', "The two email fields didn't match.");
  return email;
}

export async function changeEmail(services: Services, auth: AuthContext, ip: string, body: EmailChange) {
  const db = services.db.kysely;
  const user = await me(services, auth);
  await checkCurrentPassword(user, body.current_password);
  const email = checkEmailForm(body);
  const other = await findUserByEmail(db, email);
  if (other && other.id !== user.id) throw fieldError('new_email', EMAIL_TAKEN);
  await onUnique(() => setEmail(db, user.id, email), { email: () => fieldError('new_email', EMAIL_TAKEN) });
  if (email === user.email) return;
  await recordAudit(services, actorOf(auth, ip), {
    kind: 'account',
    action: 'email',
    subject: 'user',
    subjectId: user.id,
    summary: 'Changed the e-mail address',
    changes: [{ field: 'email', label: 'E-mail', from: user.email, to: email }],
  });
}

export async function deactivateAccount(services: Services, auth: AuthContext, currentPassword: string) {
  const db = services.db.kysely;
  const user = await me(services, auth);
  await checkCurrentPassword(user, currentPassword);
  // An owner closing the account closes it for its authorized users too.
  const ids = [user.id];
  if (user.manager_id === null) ids.push(...(await teamIds(db, user.id)));
  await deactivateUsers(db, ids, services.clock.now().toISOString());
}
