import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { Change } from './diff.js';

export type AuditKind =
  | 'facts'
  | 'rows'
  | 'photos'
  | 'property'
  | 'team'
  | 'permissions'
  | 'settings'
  | 'sign-in'
  | 'account'
  | 'exports'
  | 'contracts'
  | 'overrides'
  | 'mapping'
  | 'stop-sale';

export interface AuditEvent {
  kind: AuditKind;
  action: string;
  summary: string;
  propertyId?: number | null;
  subject?: string;
  subjectId?: number;
  changes?: Change[];
}

export interface Actor {
  accountId: number;
  userId: number | null;
  email: string | null;
  ip: string | null;
}

export function actorOf(auth: AuthContext, ip: string): Actor {
  return { accountId: auth.accountId, userId: auth.user.id, email: auth.user.email, ip };
}

/** Record what happened in an account. Always recorded; who may read it is decided when reading. */
export async function recordAudit(
  services: Services,
  actor: Actor,
  event: AuditEvent,
  db = services.db.kysely,
): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      account_id: actor.accountId,
      actor_id: actor.userId,
      actor_email: actor.email,
      kind: event.kind,
      action: event.action,
      property_id: event.propertyId ?? null,
      subject: event.subject ?? null,
      subject_id: event.subjectId ?? null,
      summary: event.summary,
      changes: JSON.stringify(event.changes ?? []),
      ip: actor.ip,
      created_at: services.clock.now().toISOString(),
    })
    .execute();
}
