import { caller } from '../../routing/handler.js';
import type { PrecheckMap } from '../../routing/precheck.js';
import type { Services } from '../../services.js';
import { keyFieldsOf } from './key-changes.js';
import { whitelistFieldsOf } from './whitelists.js';

/**
 * The key and whitelist forms' own checks, run by the router before the step-up proof
 * (routing/precheck.ts): a key expiring in the past or a blank name answers 400 before the
 * password is asked for. Reads only (the caller's own whitelist, which its GET shows anyway).
 */
export function devtoolsPrechecks(services: Services): PrecheckMap {
  return {
    async apiKeyCreate(input) {
      await keyFieldsOf(services, caller(input), input.body);
    },
    async apiKeyUpdate(input) {
      await keyFieldsOf(services, caller(input), input.body);
    },
    async whitelistCreate(input) {
      whitelistFieldsOf(input.body);
    },
    async whitelistUpdate(input) {
      whitelistFieldsOf(input.body);
    },
  };
}
