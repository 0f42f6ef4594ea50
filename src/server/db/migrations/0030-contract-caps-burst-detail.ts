import type { Kysely } from 'kysely';

/** The tables this data migration reads and writes, as they are at 0030. */
interface Tables {
  preferences: { account_id: number; data: string };
  audit_events: { account_id: number; subject: string | null; changes: string };
  contracts: { id: number; hotel_account_id: number; accepted_terms: string | null };
  contract_versions: { id: number; contract_id: number; terms: string };
}

interface Caps {
  hotel_allows_overrides?: boolean;
  hotel_moderation_cap?: string;
}

/**
 * 1. notifications.burst: the detail of every event of a coalesced burst (JSON, written by the
 *    feature that tells it, e.g. each stop-sale day changed), so the burst's message names all of
 *    them, not only the last event's (features/notifications/tell.ts).
 * 2. The hotel's caps become contract terms (moveCapsIntoContracts below).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('burst', 'text').execute();
  await moveCapsIntoContracts(db);
}

/**
 * The hotel's caps on partners (partners overriding facts, the moderation cap) become terms of
 * each contract (hotel_allows_overrides, hotel_moderation_cap), chosen in the contract form; the
 * account preferences are only the defaults of new contracts, and partner_override_facts now
 * defaults to on (the contract decides).
 *
 * Existing contracts keep today's effect where the hotel chose its preference itself: a
 * partner_override_facts it turned off (its audit trail shows it changed) or an overriding
 * moderation it set is written into the terms of each of its contracts (every version, so the
 * history shows no change). Where the hotel never touched the switch, its "off" was only the old
 * default: its contracts' grants apply (no cap written, the term's default true) and the
 * preference moves to the new default, on.
 */
export async function moveCapsIntoContracts(raw: Kysely<unknown>): Promise<void> {
  const db = raw as unknown as Kysely<Tables>;
  const prefs = await db.selectFrom('preferences').select(['account_id', 'data']).execute();
  if (!prefs.length) return;
  const touched = new Set(
    (
      await db
        .selectFrom('audit_events')
        .select('account_id')
        .where('subject', '=', 'preferences')
        .where('changes', 'like', '%"partner_override_facts"%')
        .execute()
    ).map((r) => r.account_id),
  );
  for (const row of prefs) {
    const data = JSON.parse(row.data) as Record<string, unknown>;
    const caps: Caps = {};
    if (data.partner_override_facts !== true) {
      if (touched.has(row.account_id)) caps.hotel_allows_overrides = false;
      else
        await db
          .updateTable('preferences')
          .set({ data: JSON.stringify({ ...data, partner_override_facts: true }) })
          .where('account_id', '=', row.account_id)
          .execute();
    }
    if (typeof data.overriding_moderation === 'string' && data.overriding_moderation)
      caps.hotel_moderation_cap = data.overriding_moderation;
    if (Object.keys(caps).length) await writeCaps(db, row.account_id, caps);
  }
}

async function writeCaps(db: Kysely<Tables>, hotelAccountId: number, caps: Caps): Promise<void> {
  const contracts = await db
    .selectFrom('contracts')
    .select(['id', 'accepted_terms'])
    .where('hotel_account_id', '=', hotelAccountId)
    .execute();
  for (const c of contracts) {
    if (c.accepted_terms)
      await db
        .updateTable('contracts')
        .set({ accepted_terms: withCaps(c.accepted_terms, caps) })
        .where('id', '=', c.id)
        .execute();
    const versions = await db
      .selectFrom('contract_versions')
      .select(['id', 'terms'])
      .where('contract_id', '=', c.id)
      .execute();
    for (const v of versions)
      await db
        .updateTable('contract_versions')
        .set({ terms: withCaps(v.terms, caps) })
        .where('id', '=', v.id)
        .execute();
  }
}

/** Terms JSON with the caps beside the grants (a moderation cap only where the operator may edit facts, as the form keeps it). */
function withCaps(json: string, caps: Caps): string {
  const terms = JSON.parse(json) as Record<string, unknown>;
  const edits = terms.to_edit_facts === 'Y' || terms.to_edit_facts === 'O' || terms.to_edit_facts === undefined;
  const out: Record<string, unknown> = { ...terms };
  if (caps.hotel_allows_overrides !== undefined) out.hotel_allows_overrides = caps.hotel_allows_overrides;
  if (caps.hotel_moderation_cap !== undefined && edits && out.hotel_allows_overrides !== false)
    out.hotel_moderation_cap = caps.hotel_moderation_cap;
  return JSON.stringify(out);
}

/** The caps stay in the stored terms (older code ignores them); the preferences keep their values. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('burst').execute();
}
