import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { loadOptionLabels, NO_LABELS, type OptionLabels } from '../../engine/data/options';
import { useSession } from '../../session/session';
import type { ContractFormWire, ContractsQueryWire, PartnerSearchWire } from '../../../shared/generated/wire-types';

/** Query keys of the partner pages: a move invalidates `all`. */
export const partnerKeys = {
  all: ['partners'] as const,
  directory: (query: PartnerSearchWire, page: number) => ['partners', 'directory', query, page] as const,
  contracts: (query: ContractsQueryWire, page: number) => ['partners', 'contracts', query, page] as const,
  contract: (id: number) => ['partners', 'contract', id] as const,
  hotelProperties: (hotel: number) => ['partners', 'hotel-properties', hotel] as const,
  portfolio: (id: number) => ['portfolio', id] as const,
};

/** One page of the directory; the previous page stays shown while the next loads. */
export function useDirectory(query: PartnerSearchWire, page: number) {
  return useQuery({
    queryKey: partnerKeys.directory(query, page),
    queryFn: () => unwrap(api.POST('/api/partners/', { params: { query: { page } }, body: query })),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Contracts that wait on the caller's answer (the dashboards' panel and to-do list). */
export const INCOMING_CONTRACTS: ContractsQueryWire = { type: 'incoming' };

export function useMyContracts(query: ContractsQueryWire, page: number, enabled = true) {
  return useQuery({
    queryKey: partnerKeys.contracts(query, page),
    queryFn: () => unwrap(api.POST('/api/partners/my-contracts/', { params: { query: { page } }, body: query })),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}

export function useContract(id: number) {
  return useQuery({
    queryKey: partnerKeys.contract(id),
    queryFn: () => unwrap(api.GET('/api/partners/contract/view/{id}/', { params: { path: { id } } })),
    enabled: id > 0,
    retry: false,
  });
}

/** A hotel's properties, as a tour operator chooses among them for a proposal. */
export function useHotelProperties(hotel: number, enabled: boolean) {
  return useQuery({
    queryKey: partnerKeys.hotelProperties(hotel),
    queryFn: () => unwrap(api.GET('/api/partners/directory/{id}/properties/', { params: { path: { id: hotel } } })),
    enabled: enabled && hotel > 0,
    retry: false,
  });
}

export function usePortfolio(id: number) {
  return useQuery({
    queryKey: partnerKeys.portfolio(id),
    queryFn: () => unwrap(api.GET('/api/settings/portfolio/{id}/', { params: { path: { id } } })),
    enabled: id > 0,
    retry: false,
  });
}

export const createContract = (body: ContractFormWire) =>
  unwrap(api.POST('/api/partners/contract/create/', { body: body }));
export const editContract = (id: number, body: ContractFormWire) =>
  unwrap(api.PUT('/api/partners/contract/edit/{id}/', { params: { path: { id } }, body: body }));
export const newContractVersion = (id: number, body: ContractFormWire) =>
  unwrap(api.POST('/api/partners/contract/contractVersion/{id}/', { params: { path: { id } }, body: body }));
export const deleteContract = (id: number) =>
  unwrap(api.DELETE('/api/partners/contract/delete/{id}/', { params: { path: { id } } }));

/** The contract option lists (head Contracts) in the user's language; none until they arrive. */
export function useContractLabels(): OptionLabels {
  const language = useSession()?.user.language ?? 'en';
  const [labels, setLabels] = useState<OptionLabels>(NO_LABELS);
  useEffect(() => {
    let live = true;
    loadOptionLabels(language, 'Contracts').then(
      (l) => live && setLabels(l),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [language]);
  return labels;
}

/** A company's name as partners see it: the company name, else its first property's (the server's `name`; never an e-mail). */
export const companyLabel = (p: { name: string }): string => p.name;
