import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import type { PermissionFlag } from '../../../shared/bundle-types.js';
import type { Database } from '../../db/tables.js';
import type { AuthContext } from '../../routing/auth-context.js';

/**
 * Who of the team may read an event of the shared audit trail, by what the event is about.
 * The rule (docs/security.md, "Permissions"): a member sees an event only when
 *   1. the event's property, if it has one, is one of the member's allowed properties, and
 *   2. the member may see what the event is about: its audience below.
 * The owner sees every event of the account. An event whose kind (and subject) has no line here
 * is the owner's only, so a new kind of event stays private until its line is added.
 */
export type Audience =
  /** Every member: things every member can read anyway (facts of its properties, company details...). */
  | { who: 'members' }
  /** Members holding the flag that lets them read the thing (contacts: stop_sale_contact_list). */
  | { who: 'flag'; flag: PermissionFlag }
  /** Only the member the event is about (subject "user" with the member's id): its invitation, its permissions. */
  | { who: 'subject' }
  /** Only the member who did it: its own sign-ins, password, e-mail, sessions, two-factor. */
  | { who: 'actor' };

/** Keyed by kind, or by "kind/subject" where one kind covers things of different audiences. */
export const AUDIT_AUDIENCE: Readonly<Record<string, Audience>> = {
  facts: { who: 'members' },
  rows: { who: 'members' },
  photos: { who: 'members' },
  property: { who: 'members' },
  // The team is the owner's: a member sees only what concerns itself.
  team: { who: 'subject' },
  permissions: { who: 'subject' },
  'sign-in': { who: 'actor' },
  account: { who: 'actor' },
  'settings/company': { who: 'members' },
  'settings/preferences': { who: 'members' },
  'settings/photo-channels': { who: 'members' },
  'settings/mailing-list': { who: 'members' },
  // Contacts are personal data (names, addresses, phones): read only with the contacts flag.
  'settings/contact': { who: 'flag', flag: 'stop_sale_contact_list' },
  'settings/premium': { who: 'flag', flag: 'premium_subscription' },
  // Sends of the export centre (group name and count, no addresses): for who may use the centre.
  exports: { who: 'flag', flag: 'properties' },
  // Contract moves: every member reads the account's contracts and their versions.
  contracts: { who: 'members' },
  // Overrides (the operator's changes, the hotel's decisions) and code mappings: like the facts
  // they are about, every member reads them (a hotel's members within their properties).
  overrides: { who: 'members' },
  mapping: { who: 'members' },
  // Availability changes: every member reads the chart (no flag), within its allowed properties.
  'stop-sale': { who: 'members' },
};

/** The audience of one event (undefined: the owner's only). */
export function audienceOf(kind: string, subject: string | null): Audience | undefined {
  return (subject !== null ? AUDIT_AUDIENCE[`${kind}/${subject}`] : undefined) ?? AUDIT_AUDIENCE[kind];
}

type Eb = ExpressionBuilder<Database, 'audit_events'>;

function audienceCondition(eb: Eb, auth: AuthContext, audience: Audience): Expression<SqlBool> | undefined | 'all' {
  switch (audience.who) {
    case 'members':
      return 'all';
    case 'flag':
      return auth.can(audience.flag) ? 'all' : undefined;
    case 'subject':
      return eb.and([eb('subject', '=', 'user'), eb('subject_id', '=', auth.user.id)]);
    case 'actor':
      return eb('actor_id', '=', auth.user.id);
  }
}

/** The rule as a WHERE condition on audit_events, for a member (undefined for the owner: everything). */
export function visibleTo(auth: AuthContext): ((eb: Eb) => Expression<SqlBool>) | undefined {
  if (auth.isOwner) return undefined;
  return (eb) => {
    const bySubject = new Map<string, string[]>();
    for (const key of Object.keys(AUDIT_AUDIENCE)) {
      const [kind, subject] = key.split('/') as [string, string | undefined];
      if (subject !== undefined) bySubject.set(kind, [...(bySubject.get(kind) ?? []), subject]);
    }
    const cases: Expression<SqlBool>[] = [];
    for (const [key, audience] of Object.entries(AUDIT_AUDIENCE)) {
      const condition = audienceCondition(eb, auth, audience);
      if (condition === undefined) continue;
      const [kind, subject] = key.split('/') as [string, string | undefined];
      const what: Expression<SqlBool>[] = [eb('kind', '=', kind)];
      if (subject !== undefined) what.push(eb('subject', '=', subject));
      else if (bySubject.has(kind))
        what.push(eb.or([eb('subject', 'is', null), eb('subject', 'not in', bySubject.get(kind)!)]));
      if (condition !== 'all') what.push(condition);
      cases.push(eb.and(what));
    }
    const allowed = auth.properties === 'all' ? undefined : [...auth.properties];
    const property =
      allowed === undefined
        ? undefined
        : allowed.length
          ? eb.or([eb('property_id', 'is', null), eb('property_id', 'in', allowed)])
          : eb('property_id', 'is', null);
    const about = cases.length ? eb.or(cases) : eb.lit(false);
    return property ? eb.and([property, about]) : about;
  };
}
