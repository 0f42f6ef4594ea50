import { conflict, notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { onUnique } from '../../db/unique.js';
import { notify } from '../notifications/index.js';
import { t } from '../../i18n/index.js';
import { findPreferences, setAccountPlan } from '../settings/index.js';
import { accountOwner, activeStaffIds, grantAccountPremium, hasPremium } from '../auth/index.js';
import { grantPendingRequests, insertRequest, pendingRequest, type RequestRow } from './requests-store.js';

/** The writes of premium: an account's upgrade request and the staff's grant, each audited and told. */

/** Records the account's upgrade request (never paid here) and tells the staff; 409 when Premium or waiting. */
export async function requestPremium(
  services: Services,
  auth: AuthContext,
  ip: string,
  body: { duration?: number; message?: string },
): Promise<RequestRow> {
  const db = services.db.kysely;
  if (await hasPremium(db, auth.accountId)) throw conflict('This account is Premium already.');
  const waiting = () => conflict('An upgrade request is waiting for the Ananas team already.');
  if (await pendingRequest(db, auth.accountId)) throw waiting();
  // One request waiting per account: a unique index decides between parallel requests.
  const row = await onUnique(
    () =>
      db.transaction().execute(async (trx) => {
        const inserted = await insertRequest(trx, {
          accountId: auth.accountId,
          requestedBy: auth.user.id,
          duration: body.duration ?? 2,
          message: (body.message ?? '').trim(),
          now: services.clock.now().toISOString(),
        });
        await recordAudit(
          services,
          actorOf(auth, ip),
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
  await tellStaff(services, auth);
  return row;
}

async function tellStaff(services: Services, auth: AuthContext): Promise<void> {
  for (const staffId of await activeStaffIds(services.db.kysely)) {
    await notify(services, staffId, {
      type: 'premium-request',
      message: (lang) => t(lang, 'notification.premium_request.message', { email: auth.user.email }),
      extraId: auth.accountId,
    });
  }
}

/** The staff's grant: the whole account (owner and team) becomes Premium; 404 for an unknown user. */
export async function grantPremium(services: Services, auth: AuthContext, ip: string, userId: number): Promise<number> {
  const db = services.db.kysely;
  const owner = await accountOwner(db, userId);
  if (!owner) throw notFound();
  const now = services.clock.now().toISOString();
  const planBefore = (await findPreferences(db, owner.id))?.plan ?? 'F';
  await db.transaction().execute(async (trx) => {
    // The whole account is Premium: the owner and its team.
    await grantAccountPremium(trx, owner.id);
    await setAccountPlan(trx, owner.id, 'P', now);
    await grantPendingRequests(trx, owner.id, auth.user.id, now);
    await recordAudit(
      services,
      { accountId: owner.id, userId: auth.user.id, email: auth.user.email, ip },
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
  return owner.id;
}
