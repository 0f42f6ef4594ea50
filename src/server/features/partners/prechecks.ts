import type { PrecheckMap } from '../../routing/precheck.js';
import type { Services } from '../../services.js';
import { checkChangedTermsForm, checkNewContractForm, checkVersionForm } from './contract-form.js';

/**
 * The contract form's own checks, run by the router before the step-up proof (routing/precheck.ts):
 * a proposal with no partner, a status no such request may carry, or a choice of no property
 * answers 400 before the password is asked for. They judge the body alone (contract-form.ts).
 */
export function partnerPrechecks(services: Services): PrecheckMap {
  return {
    async contractCreate(input) {
      checkNewContractForm(services, input.body);
    },
    async contractEdit(input) {
      checkChangedTermsForm(input.body);
    },
    async contractVersion(input) {
      checkVersionForm(input.body);
    },
  };
}
