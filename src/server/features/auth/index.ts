import type { HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { accountHandlers, type StartCompanyDetails } from './account-handlers.js';
import { linkHandlers } from './link-handlers.js';
import { permissionHandlers, type PropertyIdsCheck } from './permission-handlers.js';
import { sessionHandlers } from './session-handlers.js';
import { securityHandlers } from './security-handlers.js';
import { stepUpHandlers } from './step-up-handlers.js';
import { teamHandlers } from './team-handlers.js';

export { createAuthenticate, userContext } from './authenticate.js';
export { developerStanding } from './developer-standing.js';
export { requireStepUp } from './step-up.js';
export { authPrechecks } from './prechecks.js';
export type { PropertyIdsCheck } from './permission-changes.js';
export { allowProperty, allowedProperties, forgetProperty } from './permissions-store.js';
export { randomToken, sha256 } from './secrets.js';
export {
  accountBadges,
  accountOwner,
  activeOperatorCount,
  activeStaffIds,
  displayName,
  grantAccountPremium,
  hasPremium,
  ownerProfile,
  personName,
  twoFactorOn,
  userCard,
  userEmail,
  userLanguage,
} from './users-reader.js';

export function authHandlers(
  services: Services,
  unknownProperties: PropertyIdsCheck,
  startCompanyDetails: StartCompanyDetails,
): HandlerMap {
  return {
    ...sessionHandlers(services),
    ...accountHandlers(services, startCompanyDetails),
    ...linkHandlers(services),
    ...permissionHandlers(services, unknownProperties),
    ...teamHandlers(services),
    ...securityHandlers(services),
    ...stepUpHandlers(services),
  };
}
