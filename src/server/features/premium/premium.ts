import type { Selectable } from 'kysely';
import { conflict, notFound } from '../../plugins/errors.js';
import { caller, created, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import type { PremiumRequestsTable } from '../../db/tables.js';
import type { PlansWire, PremiumRequestRecordWire } from '../../../shared/generated/wire-types.js';
import { PAYMENT_NOTE, plansFor } from '../../../shared/plans.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { onUnique } from '../../db/unique.js';
import { notify } from '../notifications/index.js';
import { t } from '../../i18n/index.js';
import { findPreferences, insertPreferences } from '../settings/index.js';
import { accountOwner, activeStaffIds, grantAccountPremium, hasPremium } from '../auth/index.js';

type RequestRow = Selectable<PremiumRequestsTable>;

function toRecordWire(row: RequestRow): PremiumRequestRecordWire {
  return {
    id: row.id,
    plan: row.plan as PremiumRequestRecordWire['plan'],
    duration: row.duration as PremiumRequestRecordWire['duration'],
    message: row.message,
    status: row.status,
    created_at: row.created_at,
    payment_note: PAYMENT_NOTE,
  };
}

/** Plans, upgrade requests (recorded, never paid here) and the staff's grant. */
export function premiumHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;

  const pending = (accountId: number) =>
    db
      .selectFrom('premium_requests')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('status', '=', 'pending')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  const ownerPremium = async (accountId: number) => hasPremium(db, accountId);

  return {
    async settingsPlans(ctx) {
      const auth = caller(ctx);
      const requests = await db
        .selectFrom('premium_requests')
        .selectAll()
        .where('account_id', '=', auth.accountId)
        .orderBy('id', 'desc')
        .execute();
      const answer: PlansWire = {
        current_plan: ((await findPreferences(db, auth.accountId))?.plan ?? 'F') as PlansWire['current_plan'],
        premium_active: await ownerPremium(auth.accountId),
        requests: requests.map(toRecordWire),
        payment_note: PAYMENT_NOTE,
        plans: plansFor(auth.user.accountType),
      };
      return ok(answer);
    },

    async settingsPremiumRequest(ctx) {
      const auth = caller(ctx);
      if (await ownerPremium(auth.accountId)) throw conflict('This account is Premium already.');
      const waiting = () => conflict('An upgrade request is waiting for the Ananas team already.');
      if (await pending(auth.accountId)) throw waiting();
      // One request waiting per account: a unique index decides between parallel requests.
      const row = await onUnique(
        () =>
          db.transaction().execute(async (trx) => {
            const inserted = await trx
              .insertInto('premium_requests')
              .values({
                account_id: auth.accountId,
                requested_by: auth.user.id,
                plan: 'P',
                duration: ctx.body.duration ?? 2,
                message: (ctx.body.message ?? '').trim(),
                status: 'pending',
                created_at: services.clock.now().toISOString(),
                granted_at: null,
                granted_by: null,
              })
              .returningAll()
              .executeTakeFirstOrThrow();
            await recordAudit(
              services,
              actorOf(auth, ctx.ip),
              {
                kind: 'settings',
                action: 'premium-request',
                subject: 'premium',
                subjectId: inserted.id,
                summary: 'Asked for the Premium plan',
              },
              trx,
            );
            return inserted;
          }),
        { account_id: waiting },
      );
      for (const staffId of await activeStaffIds(db)) {
        await notify(services, staffId, {
          type: 'premium-request',
          message: (lang) => t(lang, 'notification.premium_request.message', { email: auth.user.email }),
          extraId: auth.accountId,
        });
      }
      return created(toRecordWire(row));
    },

    async settingsPremiumGrant(ctx) {
      const auth = caller(ctx);
      const owner = await accountOwner(db, ctx.params.userId);
      if (!owner) throw notFound();
      const now = services.clock.now().toISOString();
      const planBefore = (await findPreferences(db, owner.id))?.plan ?? 'F';
      await db.transaction().execute(async (trx) => {
        // The whole account is Premium: the owner and its team.
        await grantAccountPremium(trx, owner.id);
        if (!(await findPreferences(trx, owner.id))) await insertPreferences(trx, owner.id, {}, 'P', now, null);
        await trx
          .updateTable('preferences')
          .set({ plan: 'P', updated_at: now })
          .where('account_id', '=', owner.id)
          .execute();
        await trx
          .updateTable('premium_requests')
          .set({ status: 'granted', granted_at: now, granted_by: auth.user.id })
          .where('account_id', '=', owner.id)
          .where('status', '=', 'pending')
          .execute();
        await recordAudit(
          services,
          { accountId: owner.id, userId: auth.user.id, email: auth.user.email, ip: ctx.ip },
          {
            kind: 'settings',
            action: 'premium-grant',
            subject: 'premium',
            summary: 'The Ananas team granted the Premium plan',
            changes: planBefore === 'P' ? [] : [{ field: 'plan', label: 'Plan', from: planBefore, to: 'P' }],
          },
          trx,
        );
      });
      await notify(services, owner.id, {
        type: 'premium',
        message: (lang) => t(lang, 'notification.premium.message'),
        link: '/premium-account',
      });
      return ok({ user: owner.id, plan: 'P' as const, premium_active: true });
    },
  };
}
