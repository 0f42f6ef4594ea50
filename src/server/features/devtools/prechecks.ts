import type { PrecheckMap } from '../../routing/precheck.js';
import type { Services } from '../../services.js';
import { checkKeyForm } from './key-changes.js';
import { whitelistFieldsOf } from './whitelists.js';

/**
 * The key and whitelist forms' own checks, run by the router before the step-up proof
 * (routing/precheck.ts): a key expiring in the past or a whitelist address that is none answers
 * 400 before the password is asked for. They read nothing: the key's whitelist is looked up by
 * the handler, after the proof and after an edited key's 404 for another account.
 */
export function devtoolsPrechecks(services: Services): PrecheckMap {
  return {
    async apiKeyCreate(input) {
      checkKeyForm(services, input.body);
    },
    async apiKeyUpdate(input) {
      checkKeyForm(services, input.body);
    },
    async whitelistCreate(input) {
      whitelistFieldsOf(input.body);
    },
    async whitelistUpdate(input) {
      whitelistFieldsOf(input.body);
    },
  };
}
