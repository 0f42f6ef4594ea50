import type { ContractsQueryWire } from '../../../shared/generated/wire-types.js';
import type { Services } from '../../services.js';
import { contractSummaries, type Side } from './contracts.js';
import { columnsOf, directoryColumns, upper } from './directory-columns.js';
import { listedAccounts, partnerEntries } from './partners.js';
import { containing, likeLower, offsetOf, pageOf, PAGE_SIZE } from './paging.js';

/** The accounts the caller has a contract in force with, by shown name. */
export async function myPartners(services: Services, side: Side) {
  const { mine, theirs } = columnsOf(side);
  const now = services.clock.now().toISOString();
  const rows = await services.db.kysely
    .selectFrom('contracts')
    .innerJoin('users', 'users.id', theirs)
    .leftJoin('companies', 'companies.account_id', 'users.id')
    .select('users.id')
    .distinct()
    .where(mine, '=', side.accountId)
    .where('contracts.accepted_version', 'is not', null)
    .where((eb) => eb.or([eb('contracts.ends_at', 'is', null), eb('contracts.ends_at', '>', now)]))
    .where(listedAccounts)
    .select(directoryColumns(services).sortName.as('sort_name'))
    .orderBy('sort_name')
    .orderBy('users.id')
    .execute();
  return partnerEntries(
    services,
    side,
    rows.map((r) => r.id),
  );
}

/** A page of the caller's contracts the filters find, latest change first. */
export async function myContracts(services: Services, side: Side, body: ContractsQueryWire, page: number) {
  const { mine, theirs } = columnsOf(side);
  const cols = directoryColumns(services);
  const now = services.clock.now().toISOString();
  let q = services.db.kysely
    .selectFrom('contracts')
    .innerJoin('users', 'users.id', theirs)
    .leftJoin('companies', 'companies.account_id', 'users.id')
    .where(mine, '=', side.accountId)
    .where((eb) => eb.or([eb('contracts.status', '!=', 'D'), eb('contracts.author_account_id', '=', side.accountId)]));
  const pending = ['P', 'C'];
  if (body.type === 'incoming')
    q = q.where('contracts.status', 'in', pending).where('contracts.turn_account_id', '=', side.accountId);
  else if (body.type === 'outgoing') {
    q = q.where((eb) =>
      eb.or([
        eb('contracts.status', '=', 'D'),
        eb.and([eb('contracts.status', 'in', pending), eb('contracts.turn_account_id', '!=', side.accountId)]),
      ]),
    );
  } else if (body.type === 'current') {
    q = q
      .where('contracts.accepted_version', 'is not', null)
      .where((eb) => eb.or([eb('contracts.ends_at', 'is', null), eb('contracts.ends_at', '>', now)]));
  }
  if (body.status) q = q.where('contracts.status', '=', body.status);
  const countries = upper(body.countries);
  if (countries.length) q = q.where(cols.effectiveCountry, 'in', countries);
  const search = (body.search ?? '').trim();
  if (search) q = q.where(likeLower(cols.shownName, containing(search)));
  const count = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await q
    .selectAll('contracts')
    .orderBy('contracts.updated_at', 'desc')
    .orderBy('contracts.id', 'desc')
    .limit(PAGE_SIZE)
    .offset(offsetOf(page))
    .execute();
  return pageOf(services, 'api/partners/my-contracts/', page, count, await contractSummaries(services, side, rows));
}
