import type { Kysely } from 'kysely';
import { ApiError, fieldError, notFound } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import { bool, type Database } from '../../db/tables.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { AuthorizedUserUpdateWire, AuthorizedUserWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit, diffDocuments } from '../audit/index.js';
import { consumeLinkWithPassword, createLink } from './links.js';
import { recipientLanguage, teamInvitationMail } from './mails.js';
import { hasUsablePassword } from './passwords.js';
import { EMAIL_TAKEN, findUserByEmail, findUserById, normaliseEmail, type UserRow } from './users.js';
import { onUnique, retryOnUnique } from '../../db/unique.js';
import { acceptInvitee, deleteMember, insertInvitee, teamRowOf, updateMember, type Invitee } from './team-store.js';

/** The use cases behind the team handlers: invite, edit, remove, and accepting an invitation. */

export function toAuthorizedUserWire(row: UserRow): AuthorizedUserWire {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    language: row.language,
    country: row.country,
    title: row.title,
    is_active: bool(row.is_active),
    invitation_pending: !hasUsablePassword(row.password_hash),
    manager: row.manager_id!,
    date_joined: row.date_joined,
    last_login: row.last_login,
  };
}

/** A member of the caller's team, or 404: other accounts' users never appear to exist. */
export async function teamRow(db: Kysely<Database>, auth: AuthContext, id: number): Promise<UserRow> {
  const row = await teamRowOf(db, auth.accountId, id);
  if (!row) throw notFound();
  return row;
}

const PROFILE = ['first_name', 'last_name', 'phone', 'title', 'country', 'language'] as const;

function displayName(row: UserRow): string {
  return `${row.first_name} ${row.last_name}`.trim() || row.email;
}

const updateSchema = (services: Services) => services.schemas.resolved('settings/authorized-user-update.schema.json');
const teamState = (row: UserRow) => ({
  ...Object.fromEntries(PROFILE.map((k) => [k, row[k]])),
  is_active: bool(row.is_active),
});

/**
 * The invitation form's own check: not the owner's own address (its account has it). The pre-check
 * before the step-up proof (prechecks.ts); whether another person has the address is a read of
 * other accounts, after the proof. Answers the address as stored.
 */
export function checkInviteForm(auth: AuthContext, body: Pick<Invitee, 'email'>): string {
  const email = normaliseEmail(body.email);
  if (email === normaliseEmail(auth.user.email)) throw fieldError('email', EMAIL_TAKEN);
  return email;
}

/** A new member, inactive until the emailed invitation is accepted. */
export async function inviteMember(services: Services, auth: AuthContext, ip: string, body: Invitee) {
  const db = services.db.kysely;
  const email = checkInviteForm(auth, body);
  if (await findUserByEmail(db, email)) throw fieldError('email', EMAIL_TAKEN);
  const now = services.clock.now().toISOString();
  // The check above answers the usual case; the unique constraint decides a race between two invitations.
  const insert = (attempt: number) => insertInvitee(db, auth.user, { ...body, email }, now, attempt);
  const inserted = await onUnique(() => retryOnUnique('username', insert), {
    email: () => fieldError('email', EMAIL_TAKEN),
  });
  const user = (await findUserById(db, inserted.id))!;
  const owner = (await findUserById(db, auth.user.id))!;
  const link = await createLink(services, user.id, 'invitation');
  await services.mail.send(
    teamInvitationMail(user.email, user.first_name, displayName(owner), link, recipientLanguage(user)),
  );
  await recordAudit(services, actorOf(auth, ip), {
    kind: 'team',
    action: 'invite',
    subject: 'user',
    subjectId: user.id,
    summary: `Invited ${user.email} as an authorized user`,
    changes: diffDocuments(updateSchema(services), {}, { ...teamState(user), email: user.email }),
  });
  return toAuthorizedUserWire(user);
}

/** The columns an edit sets: trimmed names, and the active flag with its deactivation time. */
function memberChanges(services: Services, before: UserRow, body: Omit<AuthorizedUserUpdateWire, 'id'>) {
  const { is_active: active, ...profile } = body;
  const set: Partial<Record<string, unknown>> = { ...profile };
  for (const key of ['first_name', 'last_name'] as const)
    if (typeof set[key] === 'string') set[key] = (set[key] as string).trim();
  if (active === false && (bool(before.is_active) || !before.deactivated_at)) {
    set.is_active = false;
    set.deactivated_at = services.clock.now().toISOString();
  } else if (active === true) {
    // The owner vouches for the address it typed; a user who has not chosen a password yet stays pending.
    set.deactivated_at = null;
    set.is_active = hasUsablePassword(before.password_hash);
  }
  return set;
}

/** An edit of a member's profile and active flag; access off means off now: every session ends. */
export async function editMember(services: Services, auth: AuthContext, ip: string, body: AuthorizedUserUpdateWire) {
  const db = services.db.kysely;
  const { id, ...rest } = body;
  const before = await teamRow(db, auth, id);
  const set = memberChanges(services, before, rest);
  await db.transaction().execute(async (trx) => {
    const after = await updateMember(trx, before.id, set);
    const changes = diffDocuments(updateSchema(services), teamState(before), teamState(after));
    if (!changes.length) return;
    const entry = {
      kind: 'team',
      action: 'update',
      subject: 'user',
      subjectId: before.id,
      summary: `Edited authorized user ${before.email}`,
      changes,
    } as const;
    await recordAudit(services, actorOf(auth, ip), entry, trx);
  });
  return toAuthorizedUserWire((await findUserById(db, before.id))!);
}

export async function removeMember(services: Services, auth: AuthContext, ip: string, id: number): Promise<void> {
  const db = services.db.kysely;
  const row = await teamRow(db, auth, id);
  await db.transaction().execute(async (trx) => {
    await deleteMember(trx, row.id);
    const entry = {
      kind: 'team',
      action: 'delete',
      subject: 'user',
      subjectId: row.id,
      summary: `Removed authorized user ${row.email}`,
    } as const;
    await recordAudit(services, actorOf(auth, ip), entry, trx);
  });
}

/** The invitation's link and a chosen password turn the member's access on. */
export async function acceptInvitation(
  services: Services,
  body: Parameters<typeof consumeLinkWithPassword>[1],
  ip: string,
): Promise<void> {
  const { userId, passwordHash } = await consumeLinkWithPassword(services, body, 'invitation');
  const now = services.clock.now().toISOString();
  const updated = await acceptInvitee(services.db.kysely, userId, passwordHash, now);
  if (!updated)
    throw new ApiError(400, {
      token: ['This invitation has been withdrawn. Ask the account owner for a new one.'],
    });
  await recordAudit(
    services,
    { accountId: updated.manager_id!, userId: updated.id, email: updated.email, ip },
    {
      kind: 'team',
      action: 'accept',
      subject: 'user',
      subjectId: updated.id,
      summary: `${updated.email} accepted the invitation`,
    },
  );
}
