import { notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { contractAccess, type ContractAccess } from '../partners/index.js';

/** What a key's account may read of a property: a hotel its own, an operator through its contract. */
export type Reach = { kind: 'hotel'; propertyId: number } | { kind: 'operator'; access: ContractAccess };

/** The reach of the key's account to a property, else 404 (what it may not read does not exist for it). */
export async function reach(services: Services, auth: AuthContext, propertyId: number): Promise<Reach> {
  if (auth.user.accountType === 'to') {
    const access = await contractAccess(services, auth.accountId, propertyId);
    if (!access) throw notFound();
    return { kind: 'operator', access };
  }
  const own = await services.db.kysely
    .selectFrom('properties')
    .select('id')
    .where('id', '=', propertyId)
    .where('account_id', '=', auth.accountId)
    .executeTakeFirst();
  if (!own) throw notFound();
  return { kind: 'hotel', propertyId };
}

/** The property a reach is to. */
export const propertyOf = (r: Reach): number => (r.kind === 'operator' ? r.access.propertyId : r.propertyId);
