import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useProperties } from '../../api/properties';
import { useSession } from '../../session/session';
import { useAbilities } from '../../session/use-can';
import { usePreferences } from '../../session/use-preferences';
import type { ContractFormWire, ContractWire } from '../../../shared/generated/wire-types';
import { propertyChoices, termsOf } from './contract-terms';
import {
  companyLabel,
  createContract,
  editContract,
  newContractVersion,
  useContract,
  useHotelProperties,
  usePortfolio,
} from './partners-api';

export type Mode = 'new' | 'draft' | 'counter' | 'amend';

function modeOf(contract: ContractWire | undefined): Mode | null {
  if (!contract) return 'new';
  if (contract.actions.includes('save')) return 'draft';
  if (contract.actions.includes('counter')) return 'counter';
  if (contract.actions.includes('amend')) return 'amend';
  return null;
}

/**
 * /contract-edit's reads: the contract (?id=) or the partner proposed to (?partner=), the
 * properties the terms may name, the hotel's default caps for a new proposal; and from them the
 * mode, the partner's name, the terms the form starts from, and whether it failed or is ready.
 */
export function useContractEdit() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const operator = useSession()?.user.accountType === 'to';
  const abilities = useAbilities();
  const contract = useContract(id);
  const partner = id ? (contract.data?.partner ?? 0) : Number(search.get('partner')) || 0;
  const portfolio = usePortfolio(id ? 0 : partner);
  const hotel = operator ? (id ? (contract.data?.hotel ?? 0) : partner) : (abilities?.accountId ?? 0);
  const own = useProperties(!operator);
  // A hotel's new proposal starts its caps from the account preferences (only their default).
  const prefs = usePreferences();
  // A new proposal's partner must be a hotel before its properties are asked for.
  const theirs = useHotelProperties(hotel, operator && (id > 0 || portfolio.data?.account_type === 'accommodation'));
  const properties = operator ? theirs.data : own.data;
  const choices = useMemo(() => propertyChoices(properties), [properties]);
  const mode = modeOf(contract.data);
  const partnerName = contract.data
    ? companyLabel(contract.data.partner_info)
    : portfolio.data
      ? portfolio.data.name
      : '';
  // Hotels contract with tour operators, operators with hotels: anyone else is not a partner to propose to.
  const wrongType = !id && !!portfolio.data && portfolio.data.account_type === (operator ? 'to' : 'accommodation');
  const failed =
    (id ? contract.isError : portfolio.isError || partner === 0 || wrongType) ||
    (operator ? theirs.isError : own.isError);
  const ready = !failed && !!properties && (id ? !!contract.data : !!portfolio.data && (operator || !prefs.isPending));
  const capDefaults =
    !operator && !id && prefs.data
      ? {
          hotel_allows_overrides: prefs.data.partner_override_facts,
          hotel_moderation_cap: prefs.data.overriding_moderation,
        }
      : undefined;
  const terms = contract.data
    ? termsOf(mode === 'amend' ? (contract.data.accepted ?? contract.data) : contract.data)
    : capDefaults;
  return {
    id,
    operator,
    contract: contract.data,
    partner,
    partnerName,
    choices,
    mode,
    terms,
    wrongType,
    failed,
    ready,
  };
}

/** The saves of a proposal, each answering the contract to go to: a new one, an edit of the version seen, an amendment. */
export function useProposalSends(partner: number, contract: ContractWire | undefined) {
  const seen = contract ? { version: contract.version, revision: contract.revision } : {};
  return {
    create: (status: 'D' | 'P') => (body: ContractFormWire) => createContract({ ...body, partner, status }),
    edit: (c: ContractWire, status: 'D' | 'P' | 'C') => (body: ContractFormWire) =>
      editContract(c.id, { ...body, status, ...seen }),
    amend: (c: ContractWire) => async (body: ContractFormWire) =>
      (await newContractVersion(c.id, { ...body, status: 'P', ...seen })).contract,
  };
}
