import type { HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { auditTrailHandlers } from './audit-trail.js';
import { companyHandlers } from './company.js';
import { companyNameHandlers } from './company-name.js';
import { mailingHandlers } from './mailing.js';
import { preferenceHandlers } from './preference-handlers.js';
import { photoChannelHandlers } from './photo-channels.js';

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
