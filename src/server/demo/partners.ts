import type { Services } from '../services.js';
import { notify } from '../features/notifications/store.js';
import { defaultTerms, diffTerms, mergeTerms, type Terms } from '../features/partners/terms.js';
import { writeCoverage } from '../features/partners/moves.js';
import type { ContractFormWire } from '../../shared/generated/wire-types.js';
import { t } from '../i18n/index.js';
import { DEMO_COMPANIES, DEMO_PARTNERS } from './partner-companies.js';

export { DEMO_COMPANIES, DEMO_PARTNERS } from './partner-companies.js';

type Base = Record<string, unknown>;

async function addCompany(
  services: Services,
  accountId: number,
  data: Record<string, string>,
  now: string,
): Promise<void> {
  await services.db.kysely
    .insertInto('companies')
    .values({
      account_id: accountId,
      data: JSON.stringify(data),
      logo_key: null,
      created_at: now,
      updated_at: now,
      updated_by: accountId,
    })
    .execute();
}

interface Version {
  by: number;
  byName: string;
  kind: 'proposal' | 'counter';
  status: 'P' | 'C';
  terms: Terms;
  outcome: 'countered' | 'accepted' | null;
}

/** A contract as the calls would leave it: its versions, and the accepted terms and coverage when accepted. */
async function addContract(
  services: Services,
  pair: { hotel: number; operator: number; author: number },
  versions: Version[],
  accepted: boolean,
  now: string,
): Promise<number> {
  const db = services.db.kysely;
  const last = versions[versions.length - 1]!;
  const other = (account: number) => (account === pair.hotel ? pair.operator : pair.hotel);
  const contract = await db
    .insertInto('contracts')
    .values({
      hotel_account_id: pair.hotel,
      operator_account_id: pair.operator,
      author_account_id: pair.author,
      status: accepted ? 'A' : last.status,
      turn_account_id: accepted ? null : other(last.by),
      version: versions.length,
      rev: versions.length + (accepted ? 1 : 0),
      accepted_version: accepted ? versions.length : null,
      accepted_terms: accepted ? JSON.stringify(last.terms) : null,
      covers_all: accepted ? last.terms.all_properties : false,
      accepted_at: accepted ? now : null,
      ends_at: null,
      canceled_by: null,
      created_by: pair.author,
      created_at: now,
      updated_at: now,
      updated_by: accepted ? other(last.by) : last.by,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let before: Terms | undefined;
  for (const [i, v] of versions.entries()) {
    await db
      .insertInto('contract_versions')
      .values({
        contract_id: contract.id,
        number: i + 1,
        kind: v.kind,
        status: v.status,
        terms: JSON.stringify(v.terms),
        changes: JSON.stringify(before ? diffTerms(services, before, v.terms) : []),
        proposed_by_account: v.by,
        proposed_by_user: v.by,
        proposed_by_name: v.byName,
        created_at: now,
        outcome: v.outcome,
        decided_at: v.outcome ? now : null,
        decided_by_account: v.outcome ? other(v.by) : null,
      })
      .execute();
    before = v.terms;
  }
  if (accepted) await writeCoverage(db, contract.id, last.terms);
  return contract.id;
}

type PartnerPerson = {
  email: string;
  first_name: string;
  last_name: string;
  company: string;
  country: string;
  state: string;
  city: string;
};

/** A partner's account (its owner) with its company profile; answers its id. */
async function addPartner(
  services: Services,
  base: Base,
  p: PartnerPerson,
  type: 'accommodation' | 'to',
  now: string,
): Promise<number> {
  const user = await services.db.kysely
    .insertInto('users')
    .values({
      ...base,
      email: p.email,
      username: p.email.split('@')[0]!,
      first_name: p.first_name,
      last_name: p.last_name,
      title: 'Owner',
      account_type: type,
      country: p.country,
      manager_id: null,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await addCompany(services, user.id, { company: p.company, country: p.country, state: p.state, city: p.city }, now);
  return user.id;
}

/** The other hotels (each with its property) and operators of the directory; answers the operators' ids. */
async function seedDirectory(services: Services, base: Base, now: string): Promise<number[]> {
  const db = services.db.kysely;
  for (const h of DEMO_PARTNERS.hotels) {
    const id = await addPartner(services, base, h, 'accommodation', now);
    await db
      .insertInto('properties')
      .values({
        account_id: id,
        ...h.property,
        publish_date: null,
        logo_key: null,
        created_by: id,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  const operators: number[] = [];
  for (const o of DEMO_PARTNERS.operators) operators.push(await addPartner(services, base, o, 'to', now));
  return operators;
}

/** Contract terms: the defaults with the form's choices. */
const termsOf = (services: Services, body: ContractFormWire) => mergeTerms(services, defaultTerms(services), body);

/** The demo hotel's and operator's contract: a proposal, a counter-proposal, accepted. */
async function seedAcceptedContract(services: Services, ids: { hotel: number; operator: number }, now: string) {
  const proposal = termsOf(services, {
    notice_period: 30,
    to_edit_facts: 'O',
    override_moderation: 'R',
    comment: 'Our standard terms for the coming season.',
  });
  const counter = mergeTerms(services, proposal, {
    to_edit_facts: 'Y',
    override_moderation: 'D',
    ss_deadline: 24,
    comment: 'We would like to edit facts at a moderate level, and 24 hours for stop-sales.',
  });
  await addContract(
    services,
    { hotel: ids.hotel, operator: ids.operator, author: ids.hotel },
    [
      {
        by: ids.hotel,
        byName: 'Helena Hotelier',
        kind: 'proposal',
        status: 'P',
        terms: proposal,
        outcome: 'countered',
      },
      { by: ids.operator, byName: 'Oskar Operator', kind: 'counter', status: 'C', terms: counter, outcome: 'accepted' },
    ],
    true,
    now,
  );
}

/** Atlantic Holidays' proposal waiting on the demo hotel, and the hotel told of it. */
async function seedWaitingProposal(services: Services, hotel: number, atlantic: number, now: string) {
  const pending = await addContract(
    services,
    { hotel, operator: atlantic, author: atlantic },
    [
      {
        by: atlantic,
        byName: 'Arthur Wells',
        kind: 'proposal',
        status: 'P',
        terms: termsOf(services, {
          contract_terms: 'N',
          to_select_photos: 'E',
          to_add_own_photos: 'N',
          comment: 'We would love to sell your hotel to UK travellers.',
        }),
        outcome: null,
      },
    ],
    false,
    now,
  );
  await notify(services, hotel, {
    type: 'partnership_request',
    message: (lang) => t(lang, 'notification.partnership_request.message', { company: 'Atlantic Holidays' }),
    link: `/contract-view/${pending}`,
    extraId: pending,
  });
}

/**
 * A living partner directory for a first look: company profiles for the demo hotel and
 * operator and two more of each type; an accepted contract between the demo hotel and the demo
 * operator (a proposal, a counter-proposal, accepted: two versions with a diff), and a proposal
 * from Atlantic Holidays waiting on the demo hotel.
 */
export async function seedPartners(
  services: Services,
  ids: { hotel: number; operator: number },
  base: Base,
  now: string,
): Promise<void> {
  await addCompany(services, ids.hotel, { ...DEMO_COMPANIES.hotel }, now);
  await addCompany(services, ids.operator, { ...DEMO_COMPANIES.operator }, now);
  const operators = await seedDirectory(services, base, now);
  await seedAcceptedContract(services, ids, now);
  await seedWaitingProposal(services, ids.hotel, operators[1]!, now);
}
