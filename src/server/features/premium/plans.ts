import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { PlansWire, PremiumRequestRecordWire } from '../../../shared/generated/wire-types.js';
import { PAYMENT_NOTE, plansFor } from '../../../shared/plans.js';
import { findPreferences } from '../settings/index.js';
import { hasPremium } from '../auth/index.js';
import { requestsOf, type RequestRow } from './requests-store.js';

/** What the plans page shows: the plans, the account's plan and its requests, as the API answers them. */

export function toRecordWire(row: RequestRow): PremiumRequestRecordWire {
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

/** The account's plan, Premium state and requests, with the plans its account type may choose. */
export async function plansOf(services: Services, auth: AuthContext): Promise<PlansWire> {
  const db = services.db.kysely;
  const requests = await requestsOf(db, auth.accountId);
  return {
    current_plan: ((await findPreferences(db, auth.accountId))?.plan ?? 'F') as PlansWire['current_plan'],
    premium_active: await hasPremium(db, auth.accountId),
    requests: requests.map(toRecordWire),
    payment_note: PAYMENT_NOTE,
    plans: plansFor(auth.user.accountType),
  };
}
