import type { AccommodationNumberWire, OperatorNumberWire } from '../../../shared/generated/wire-types.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { contractedProperties } from '../partners/index.js';
import { lastMonths, perMonth } from './months.js';
import { activeOperatorCount } from '../auth/index.js';
import { propertiesAddedAt } from '../properties/index.js';

/** Tour-operator accounts on Ananas (active owners), and those in contract with the caller's hotel now. */
export async function operatorNumber(services: Services, auth: AuthContext): Promise<OperatorNumberWire> {
  const db = services.db.kysely;
  const iso = services.clock.now().toISOString();
  const all = await activeOperatorCount(db);
  const partners =
    auth.user.accountType === 'accommodation'
      ? await db
          .selectFrom('contracts')
          .select((eb) => eb.fn.count<number>('operator_account_id').distinct().as('n'))
          .where('hotel_account_id', '=', auth.accountId)
          .where('accepted_version', 'is not', null)
          .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', iso)]))
          .executeTakeFirst()
      : undefined;
  return { operators: all, partners: Number(partners?.n ?? 0) };
}

/**
 * Properties per month: a hotel's own (a member's allowed ones) by when they were added; an
 * operator's contracted ones by when the contract in force was accepted.
 */
export async function accommodationNumber(services: Services, auth: AuthContext): Promise<AccommodationNumberWire> {
  const db = services.db.kysely;
  const now = services.clock.now();
  let stamps: string[];
  if (auth.user.accountType === 'to') {
    const rows = await contractedProperties(db, auth.accountId, now.toISOString())
      .innerJoin('contracts as c2', 'c2.id', 'contracts.id')
      .select('c2.accepted_at')
      .execute();
    stamps = rows.map((r) => r.accepted_at ?? now.toISOString());
  } else {
    stamps = await propertiesAddedAt(db, auth.accountId, auth.properties);
  }
  const months = lastMonths(now);
  const counts = perMonth(months, stamps);
  // The twelve months before those, for the spec's client to compare with.
  const before = lastMonths(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12, 1)));
  const earlier = perMonth(before, stamps);
  return {
    current: months.map((m, i) => ({ ...m, total: counts[i]! })),
    previous: before.map((m, i) => ({ ...m, total: earlier[i]! })),
    total: stamps.length,
  };
}
