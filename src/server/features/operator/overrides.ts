import type { Kysely, Selectable } from 'kysely';
import { displayValue, type SchemaNode } from '../../../shared/fact-sheet/index.js';
import type {
  OverrideDataWire,
  OverrideRequestWire,
  OverrideStateWire,
  OverrideWire,
} from '../../../shared/generated/wire-types.js';
import type { Database, OverridesTable } from '../../db/tables.js';
import { ApiError, conflict } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import type { ContractAccess, OperatorAction } from '../partners/index.js';
import { companyNames } from '../partners/index.js';
import { displayName } from '../auth/index.js';
import { lockProperty, hotelName, hotelNames } from '../properties/index.js';
import { latestPublication } from '../publications/index.js';
import { allowanceOf } from './allowance.js';
import {
  canonical,
  fieldLabel,
  hotelData,
  LOCATION,
  LOCATION_SCHEMA,
  overridableFields,
  valueAt,
  type OverridableField,
} from './override-fields.js';
import type { Reasons } from './refusals.js';
import { tellHotelOfReview, tellOperator } from './tell.js';
import { insertOverride, rebaseOverride, replaceOverrides, withdrawOverride } from './override-store.js';
import { t, translatorOf } from '../../i18n/index.js';
import type { Language } from '../../../shared/i18n/languages.js';

export type OverrideRow = Selectable<OverridesTable>;
type Db = Kysely<Database>;

/** The operator's overrides of a property that are pending or in force. */
export function liveOverrides(db: Db, operatorAccountId: number, propertyId: number): Promise<OverrideRow[]> {
  return db
    .selectFrom('overrides')
    .selectAll()
    .where('operator_account_id', '=', operatorAccountId)
    .where('property_id', '=', propertyId)
    .where('status', 'in', ['pending', 'approved'])
    .orderBy('id')
    .execute();
}

/** The hotel's published values of the override document's fields (the property's own name when never published). */
export async function hotelValues(services: Services, propertyId: number): Promise<OverrideDataWire> {
  const db = services.db.kysely;
  const [publication, propertyName] = await Promise.all([latestPublication(db, propertyId), hotelName(db, propertyId)]);
  return hotelData(publication?.documents ?? new Map(), propertyName, services);
}

/** A value as a reader sees it, in English (the review screens' language). */
function textOf(services: Services, field: OverridableField | undefined, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (!field) return typeof value === 'string' ? value : JSON.stringify(value);
  return displayValue(field.schema as SchemaNode, value, services.schemas.bundle.options, translatorOf('en'));
}

/** Override rows as their answers, with the names of both sides and labels. */
export async function overrideWires(services: Services, rows: readonly OverrideRow[]): Promise<OverrideWire[]> {
  const db = services.db.kysely;
  if (!rows.length) return [];
  const fields = new Map(overridableFields(services).map((f) => [f.path, f]));
  const propertyNames = await hotelNames(
    db,
    rows.map((r) => r.property_id),
  );
  const names = await companyNames(db, [...new Set(rows.map((r) => r.operator_account_id))]);
  const people = new Map<number, string | null>();
  for (const id of new Set(rows.map((r) => r.created_by).filter((x): x is number => x !== null)))
    people.set(id, await displayName(db, id));
  return rows.map((r) => {
    const field = fields.get(r.field);
    const value = JSON.parse(r.value) as unknown;
    const hotel = JSON.parse(r.hotel_value) as unknown;
    const drift = r.drift_value === null ? null : (JSON.parse(r.drift_value) as unknown);
    return {
      id: r.id,
      hotel: r.property_id,
      hotel_name: propertyNames.get(r.property_id) ?? '',
      operator: r.operator_account_id,
      operator_name: names.get(r.operator_account_id) ?? '',
      field: r.field,
      label: field?.label ?? r.field,
      value,
      hotel_value: hotel,
      value_text: textOf(services, field, value),
      hotel_value_text: textOf(services, field, hotel),
      status: r.status,
      comment: r.comment,
      created_at: r.created_at,
      created_by_name: r.created_by === null ? null : (people.get(r.created_by) ?? null),
      decided_at: r.decided_at,
      decision_comment: r.decision_comment,
      drift_value: drift,
      drift_value_text: r.drift_value === null ? null : textOf(services, field, drift),
      drift_at: r.drift_at,
    };
  });
}

/** The override document as it stands: each field's newest live value (pending over approved), null where none. */
function liveData(services: Services, rows: readonly OverrideRow[]): OverrideDataWire {
  const data: OverrideDataWire = {
    hotel_name: null,
    add_operator_logo: null,
    enable_stopsale_api: null,
    stopsale_closed_on_request: null,
    remove_property_logo: null,
    location: {},
  };
  const ordered = [...rows].sort((a, b) => (a.status === b.status ? a.id - b.id : a.status === 'approved' ? -1 : 1));
  for (const r of ordered) {
    const value = JSON.parse(r.value) as unknown;
    if (r.field.startsWith(`${LOCATION}.`))
      (data.location as Record<string, unknown>)[r.field.slice(LOCATION.length + 1)] = value;
    else (data as unknown as Record<string, unknown>)[r.field] = value;
  }
  void services;
  return data;
}

/** GET api/partners/override-facts/get/{id}/: the document, the hotel's values, the allowance and every override. */
export async function overrideState(services: Services, access: ContractAccess): Promise<OverrideStateWire> {
  const db = services.db.kysely;
  const all = await db
    .selectFrom('overrides')
    .selectAll()
    .where('operator_account_id', '=', access.operatorAccountId)
    .where('property_id', '=', access.propertyId)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  const live = all.filter((r) => r.status === 'pending' || r.status === 'approved');
  return {
    hotel: access.propertyId,
    data: liveData(services, live),
    hotel_data: await hotelValues(services, access.propertyId),
    permissions: (await allowanceOf(services, access)).wire,
    overrides: await overrideWires(services, all),
  };
}

interface Change {
  field: OverridableField;
  value: unknown;
  mode: 'direct' | 'approval';
}

/** Checks the location values the document would give the operator's view against the location section's schema. */
function checkLocation(services: Services, hotel: OverrideDataWire, body: OverrideRequestWire): void {
  const sent = (body.data.location ?? {}) as Record<string, unknown>;
  const props = services.schemas.resolved(LOCATION_SCHEMA).properties as Record<string, unknown>;
  const unknown = Object.keys(sent).filter((k) => !(k in props) || ['id', 'hotel', 'version'].includes(k));
  if (unknown.length)
    throw new ApiError(400, { data: { location: { [unknown[0]!]: ['Not a field of the location section.'] } } });
  const merged = { hotel: body.hotel, ...(hotel.location as Record<string, unknown>), ...sent };
  const errors = services.schemas.validate(LOCATION_SCHEMA, merged);
  if (errors) {
    const mine = Object.fromEntries(Object.entries(errors).filter(([k]) => k in sent));
    throw new ApiError(400, { data: { location: Object.keys(mine).length ? mine : errors } });
  }
}

/**
 * POST api/partners/override-facts/create/: the whole document. Per field: a value equal to the
 * hotel's (or none) withdraws the operator's override; a new value applies at once (approved)
 * or waits for the hotel (pending), as the allowance says; a value the contract refuses answers
 * 403 naming the field and nothing is saved. An approved value stays in force while a change of
 * it waits. An override the hotel has changed since (drift) stays marked until the operator
 * keeps it (named in `keep`: rebased on the hotel's new value) or withdraws it.
 */
export async function saveOverrides(
  services: Services,
  auth: AuthContext,
  ip: string,
  access: ContractAccess,
  body: OverrideRequestWire,
): Promise<void> {
  const db = services.db.kysely;
  const hotel = await hotelValues(services, access.propertyId);
  checkLocation(services, hotel, body);
  const allowance = await allowanceOf(services, access);
  const now = services.clock.now().toISOString();
  const comment = (body.comment ?? '').trim() || null;
  await db.transaction().execute(async (trx) => {
    await lockProperty(services, trx, access.propertyId);
    const live = await liveOverrides(trx, access.operatorAccountId, access.propertyId);
    const { changes, withdraw, rebase } = planOverrides(services, allowance, hotel, body, live);
    for (const r of withdraw) await withdrawOverride(trx, r.id, now);
    for (const r of rebase) await rebaseOverride(trx, r);
    let waiting = 0;
    for (const c of changes) {
      const status = c.mode === 'direct' ? 'approved' : 'pending';
      // The one waiting (and, for a direct change, the one in force) is replaced by the new value.
      await replaceOverrides(
        trx,
        access,
        c.field.path,
        status === 'approved' ? ['pending', 'approved'] : ['pending'],
        now,
      );
      await insertOverride(trx, {
        operator_account_id: access.operatorAccountId,
        property_id: access.propertyId,
        field: c.field.path,
        value: canonical(c.value),
        hotel_value: canonical(valueAt(hotel, c.field.path)),
        status,
        comment,
        created_by: auth.user.id,
        created_at: now,
        decided_by: null,
        decided_at: status === 'approved' ? now : null,
        decision_comment: null,
        drift_value: null,
        drift_at: null,
      });
      if (status === 'pending') waiting++;
    }
    if (changes.length || withdraw.length || rebase.length) {
      await recordAudit(
        services,
        actorOf(auth, ip),
        {
          kind: 'overrides',
          action: 'update',
          subject: 'property',
          subjectId: access.propertyId,
          summary: `Overrides of property ${access.propertyId}: ${planSummary(changes, withdraw, rebase, waiting)}`,
          changes: changes.map((c) => ({
            field: c.field.path,
            label: c.field.label,
            from: valueAt(hotel, c.field.path) ?? null,
            to: c.value ?? null,
          })),
        },
        trx,
      );
      if (waiting) await tellHotelOfReview(services, trx, access, waiting, auth.user.id);
    }
  });
}

interface Plan {
  changes: Change[];
  withdraw: OverrideRow[];
  rebase: OverrideRow[];
}

/**
 * What a request does per field against the live overrides: new values (direct or for approval),
 * overrides withdrawn, drifted ones kept (rebased). A value the contract refuses throws the 403.
 */
function planOverrides(
  services: Services,
  allowance: Awaited<ReturnType<typeof allowanceOf>>,
  hotel: OverrideDataWire,
  body: OverrideRequestWire,
  live: readonly OverrideRow[],
): Plan {
  const keep = new Set(body.keep ?? []);
  const plan: Plan = { changes: [], withdraw: [], rebase: [] };
  for (const field of overridableFields(services)) {
    const requested = valueAt(body.data, field.path);
    const mine = live.filter((r) => r.field === field.path);
    const none = requested === undefined || canonical(requested) === canonical(valueAt(hotel, field.path));
    if (none) {
      plan.withdraw.push(...mine);
      continue;
    }
    const current = mine.find((r) => r.status === 'pending') ?? mine.find((r) => r.status === 'approved');
    if (current && canonical(JSON.parse(current.value)) === canonical(requested)) {
      if (current.drift_value !== null && keep.has(field.path)) plan.rebase.push(current);
      // A pending change taken back to the value in force withdraws the pending one.
      if (current.status === 'approved') plan.withdraw.push(...mine.filter((r) => r.status === 'pending'));
      continue;
    }
    const approved = mine.find((r) => r.status === 'approved');
    if (approved && canonical(JSON.parse(approved.value)) === canonical(requested)) {
      plan.withdraw.push(...mine.filter((r) => r.status === 'pending'));
      continue;
    }
    const mode = allowance.modeOf(field);
    if (mode === 'none') refuse(allowance, field);
    plan.changes.push({ field, value: requested, mode });
  }
  return plan;
}

/** The 403 for a field the contract refuses: the reason names what it refuses and the hotel that can change it. */
function refuse(allowance: Awaited<ReturnType<typeof allowanceOf>>, field: OverridableField): never {
  const why =
    (field.kind === 'setting' ? reasonOf(allowance.wire.reasons, field.action!) : allowance.wire.reasons.facts) ??
    `Your contract does not let you change ${field.label}.`;
  const message = `${field.label}: ${why}`;
  const path = field.path.startsWith(`${LOCATION}.`)
    ? { location: { [field.path.slice(LOCATION.length + 1)]: [message] } }
    : { [field.path]: [message] };
  throw new ApiError(403, { detail: message, data: path });
}

function planSummary(
  changes: readonly Change[],
  withdraw: readonly OverrideRow[],
  rebase: readonly OverrideRow[],
  waiting: number,
): string {
  return [
    changes.length
      ? `${changes.length} change(s)${waiting ? `, ${waiting} waiting for the hotel's approval` : ''}`
      : '',
    withdraw.length ? `${withdraw.length} withdrawn` : '',
    rebase.length ? `${rebase.length} kept against the hotel's new value` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** POST api/partners/override-reviews/{id}/: the hotel approves or rejects a pending override (409 when no longer pending). */
export async function decideOverride(
  services: Services,
  auth: AuthContext,
  ip: string,
  row: OverrideRow,
  decision: 'approve' | 'reject',
  comment: string,
): Promise<OverrideRow> {
  const db = services.db.kysely;
  const now = services.clock.now().toISOString();
  const status = decision === 'approve' ? 'approved' : 'rejected';
  const done = await db.transaction().execute(async (trx) => {
    await lockProperty(services, trx, row.property_id);
    const updated = await trx
      .updateTable('overrides')
      .set({ status, decided_by: auth.user.id, decided_at: now, decision_comment: comment.trim() || null })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    if (status === 'approved') {
      await trx
        .updateTable('overrides')
        .set({ status: 'replaced', decided_at: now })
        .where('operator_account_id', '=', row.operator_account_id)
        .where('property_id', '=', row.property_id)
        .where('field', '=', row.field)
        .where('status', '=', 'approved')
        .where('id', '!=', row.id)
        .execute();
    }
    const label = overridableFields(services).find((f) => f.path === row.field)?.label ?? row.field;
    const verb = status === 'approved' ? 'Approved' : 'Rejected';
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'overrides',
        action: decision,
        propertyId: row.property_id,
        subject: 'override',
        subjectId: row.id,
        summary: `${verb} a partner's change of ${label}`,
        changes: [{ field: row.field, label, from: JSON.parse(row.hotel_value), to: JSON.parse(row.value) }],
      },
      trx,
    );
    await recordAudit(
      services,
      { accountId: row.operator_account_id, userId: null, email: null, ip: null },
      {
        kind: 'overrides',
        action: decision,
        subject: 'override',
        subjectId: row.id,
        summary: `The hotel ${status} your change of ${label}`,
        changes: [],
      },
      trx,
    );
    const hotel = await hotelName(trx, row.property_id);
    const message = (lang: Language) => {
      const values = { hotel, field: fieldLabel(services, row.field, lang) };
      return status === 'approved'
        ? t(lang, 'notification.override_approved.message', values)
        : t(lang, 'notification.override_rejected.message', values);
    };
    await tellOperator(
      services,
      trx,
      row.operator_account_id,
      status === 'approved' ? 'override_approved' : 'override_rejected',
      row.property_id,
      message,
      `/overridefact/${row.property_id}`,
    );
    return true;
  });
  const now2 = await db.selectFrom('overrides').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  if (!done) throw conflict(`This change is ${now2.status} already.`, { status: now2.status });
  return now2;
}

/** A refused override: the operator may not see it at all. */
/** The reason of a refused setting (its contract action), from the allowance's reasons. */
function reasonOf(reasons: Reasons, action: OperatorAction): string | null {
  return action === 'edit_facts' ? reasons.facts : reasons[action];
}
