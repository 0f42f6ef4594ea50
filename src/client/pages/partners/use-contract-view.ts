import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useProperties } from '../../api/properties';
import type { Choice } from '../../engine/core/form-adapter';
import { useSession } from '../../session/session';
import type { ContractFormWire, ContractWire, CoveredPropertyWire } from '../../../shared/generated/wire-types';
import { propertyChoices } from './contract-terms';
import { deleteContract, editContract, useContract, useHotelProperties } from './partners-api';

/** No property list to offer (it could not be loaded): the contract's own coverage names them. */
const NONE: readonly CoveredPropertyWire[] = [];

/** /contract-view/{id}'s read: the contract, with its versions and the moves open to the viewer. */
export function useContractView(id: number) {
  const contract = useContract(id);
  return { data: contract.data, failed: contract.isError };
}

/**
 * The properties the terms may name: the contract's own coverage and the hotel's list (the hotel
 * reads its own, an operator the hotel's); undefined while the list loads.
 */
export function useContractChoices(c: ContractWire): Choice[] | undefined {
  const operator = useSession()?.user.accountType === 'to';
  const own = useProperties(!operator);
  const theirs = useHotelProperties(c.hotel, operator);
  const loaded = operator
    ? (theirs.data ?? (theirs.isError ? NONE : undefined))
    : (own.data ?? (own.isError ? NONE : undefined));
  return useMemo<Choice[] | undefined>(() => {
    if (!loaded) return undefined;
    const known = new Map(propertyChoices(c.covered_properties).map((ch) => [ch.value, ch]));
    for (const ch of propertyChoices(loaded)) known.set(ch.value, ch);
    return [...known.values()];
  }, [loaded, c.covered_properties]);
}

/** The calls behind the contract's moves, each run by its confirmation: an edit of the version seen, or the draft's delete. */
export function useContractCalls(c: ContractWire) {
  const navigate = useNavigate();
  const seen = { version: c.version, revision: c.revision };
  return {
    /** A move that edits the contract as the viewer saw it. */
    edit: (body: ContractFormWire) => editContract(c.id, { ...body, ...seen }),
    remove: async () => {
      await deleteContract(c.id);
      navigate('/contract-details?tab=outgoing');
    },
    /** The form for a counter-proposal, an amendment or the draft. */
    openForm: () => navigate(`/contract-edit?id=${c.id}`),
  };
}
