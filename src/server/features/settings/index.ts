import type { HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { auditTrailHandlers } from './audit-trail-handlers.js';
import { companyHandlers } from './company-handlers.js';
import { companyNameHandlers } from './company-name-handlers.js';
import { mailingHandlers } from './mailing.js';
import { preferenceHandlers } from './preference-handlers.js';
import { photoChannelHandlers } from './photo-channel-handlers.js';

export { companyWire } from './company.js';
export { accountList } from './mailing-store.js';
export { findPreferences, findPreferencesOf, insertPreferences, setAccountPlan } from './preferences.js';
export { photoChannelsOf } from './photo-channels.js';

/** Settings: company and portfolio, preferences, mailing groups, plans and premium, the audit trail. */
export function settingsHandlers(services: Services): HandlerMap {
  return {
    ...companyHandlers(services),
    // The sign-up's check of a company name: settings owns the companies it reads.
    ...companyNameHandlers(services),
    ...preferenceHandlers(services),
    ...photoChannelHandlers(services),
    ...mailingHandlers(services),
    ...auditTrailHandlers(services),
  };
}
