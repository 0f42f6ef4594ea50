import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { notFound } from '../../plugins/errors.js';
import { currentState, restoreRevision, revisionsOf } from './restore.js';
import { diffStates } from './revisions.js';
import type { SectionInfo } from './sections.js';

/**
 * A section's history as answered: its revisions with what each changed, one revision against
 * today's state, and a restore with the state it leaves. States are compared as answered
 * (completed to today's schema): a field missing from an older save is not a change.
 */

const schemaOf = (services: Services, s: SectionInfo) => services.schemas.resolved(s.ref);
const empty = (s: SectionInfo) => (s.kind === 'list' ? [] : {});

/** A state as its answer: completed to the schema (fields added since show at their empty value). */
const shown = (services: Services, s: SectionInfo, data: unknown) =>
  services.schemas.complete(s.ref, data, s.kind === 'list');

/** Every revision of the section, newest first, each with its changes from the one before. */
export async function sectionHistory(services: Services, propertyId: number, s: SectionInfo) {
  const all = await revisionsOf(services, propertyId, s);
  const now = await currentState(services, propertyId, s);
  const states = all.map((r) => shown(services, s, r.data));
  const out = all.map((r, i) => ({
    revision: r.revision,
    action: r.action,
    restored_from: r.restored_from,
    created_at: r.created_at,
    actor: r.actor_id,
    actor_email: r.actor_email,
    changes: diffStates(s, schemaOf(services, s), i === 0 ? empty(s) : states[i - 1], states[i]),
  }));
  return {
    property: propertyId,
    section: s.key,
    title: s.title,
    kind: s.kind,
    current_revision: now?.revision ?? 0,
    revisions: out.reverse(),
  };
}

/** One revision's state and how today's state differs from it; 404 for a revision the section never had. */
export async function sectionRevision(services: Services, propertyId: number, s: SectionInfo, wanted: number) {
  const all = await revisionsOf(services, propertyId, s);
  const target = all.find((r) => r.revision === wanted);
  if (!target) throw notFound();
  const state = await currentState(services, propertyId, s);
  const now = state?.data ?? empty(s);
  const data = shown(services, s, target.data);
  return {
    revision: target.revision,
    current_revision: state?.revision ?? 0,
    data,
    changes: diffStates(s, schemaOf(services, s), shown(services, s, now), data),
  };
}

/** Restores revision `wanted` as a new save and answers the state it leaves. */
export async function restoreSection(
  services: Services,
  who: { auth: AuthContext; ip: string },
  propertyId: number,
  s: SectionInfo,
  revision: { wanted: number; current: number },
) {
  await restoreRevision(services, who.auth, who.ip, s, propertyId, revision.wanted, revision.current);
  const after = await currentState(services, propertyId, s);
  return {
    revision: after!.revision,
    current_revision: after!.revision,
    data: shown(services, s, after!.data),
    changes: [],
  };
}
