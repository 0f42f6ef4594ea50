import type { PrecheckMap } from '../../routing/precheck.js';
import type { Services } from '../../services.js';
import { webhookUrlForm } from './target.js';

/**
 * The webhook form's own check of its URL's form, run by the router before the step-up proof
 * (routing/precheck.ts). Pure: the address lookup (a request out) waits for the proof, in the handler.
 */
export function webhookPrechecks(services: Services): PrecheckMap {
  const check = async (input: { body: { url: string } }) => {
    webhookUrlForm(input.body.url, { production: services.config.production });
  };
  return { webhookCreate: check, webhookUpdate: check };
}
