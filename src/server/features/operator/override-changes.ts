import type { OverrideRequestWire } from '../../../shared/generated/wire-types.js';
import { conflict } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import type { ContractAccess } from '../partners/index.js';
import { lockProperty, hotelName } from '../properties/index.js';
import { allowanceOf } from './allowance.js';
import { canonical, fieldLabel, overridableFields, valueAt } from './override-fields.js';
import { checkLocation, planOverrides, planSummary } from './override-plan.js';
import { hotelValues } from './overrides.js';
import { tellHotelOfReview, tellOperator } from './tell.js';
import {
  decidePending,
  insertOverride,
  liveOverrides,
  overrideById,
  rebaseOverride,
  replaceApproved,
  replaceOverrides,
  withdrawOverride,
  type OverrideRow,
} from './override-store.js';
import { t } from '../../i18n/index.js';
import type { Language } from '../../../shared/i18n/languages.js';

/** The writes of overrides: the operator's document saved, the hotel's decision on one; audited and told. */

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
  const status: 'approved' | 'rejected' = decision === 'approve' ? 'approved' : 'rejected';
  const done = await db.transaction().execute(async (trx) => {
    await lockProperty(services, trx, row.property_id);
    const decided = { status, decided_by: auth.user.id, decided_at: now, decision_comment: comment.trim() || null };
    if (!(await decidePending(trx, row.id, decided))) return false;
    if (status === 'approved') await replaceApproved(trx, row, now);
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
  const now2 = await overrideById(db, row.id);
  if (!done) throw conflict(`This change is ${now2.status} already.`, { status: now2.status });
  return now2;
}
