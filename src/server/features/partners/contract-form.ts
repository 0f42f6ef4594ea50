import type { ContractFormWire } from '../../../shared/generated/wire-types.js';
import { ApiError } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import { isVersionStatus, VERSION_STATUS } from './lifecycle.js';
import { checkChoice, defaultTerms, mergeTerms } from './terms.js';

/**
 * The contract form's own checks, decided from the request alone: the handlers ask them, and the
 * router asks them before the step-up proof (prechecks.ts). What needs the contract, the partner
 * or the hotel's preferences as stored (a partner of the directory, the hotel's caps, the version
 * seen, a move in turn, the hotel's own properties) is read by the handlers, after the proof.
 */

/** A new contract: a partner named, a draft (D) or a proposal (P), and some property covered. */
export function checkNewContractForm(
  services: Services,
  body: ContractFormWire,
): { partner: number; status: 'D' | 'P' } {
  if (body.partner === undefined) throw new ApiError(400, { partner: ['This field is required.'] });
  const status = body.status ?? 'P';
  if (status !== 'D' && status !== 'P')
    throw new ApiError(400, { status: ['A new contract is a draft (D) or a proposal sent at once (P).'] });
  // The caps (the hotel's preferences) do not bear on the choice of properties: the defaults judge it.
  checkChoice(mergeTerms(services, defaultTerms(services), body));
  return { partner: body.partner, status };
}

/**
 * Terms sent to an existing contract: a body naming no property and not every one empties the
 * choice whatever the contract held. A list left out keeps the contract's, which only the handler knows.
 */
export function checkChangedTermsForm(body: ContractFormWire): void {
  if (body.all_properties === false && body.properties !== undefined)
    checkChoice({ all_properties: false, properties: body.properties });
}

/** A new version: an amendment (P) or a counter-proposal (C), never another status; terms as above. */
export function checkVersionForm(body: ContractFormWire): void {
  if (!isVersionStatus(body.status)) throw new ApiError(400, { non_field_errors: [VERSION_STATUS] });
  checkChangedTermsForm(body);
}
