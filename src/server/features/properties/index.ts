/** The properties feature as other features see it: the only file they may import (issue 26 §2). */
export { processLogo } from './logo.js';
export {
  bumpFactsRevision,
  insertProperty,
  lockProperty,
  markPublished,
  photoCounts,
  requireProperty,
  scopedProperty,
  toPropertyWire,
  visibleProperties,
} from './store.js';
export type { PropertyRow } from './store.js';
export {
  accountListings,
  accountPropertyIds,
  existingProperty,
  existingPropertyIds,
  factsRevisionOf,
  hotelName,
  hotelNames,
  listingsByIds,
  propertiesAddedAt,
  propertiesByIds,
  propertiesOfAccount,
  propertiesOfAccounts,
  propertyById,
  propertyLogoKeys,
  propertyOwners,
  propertyPlace,
} from './reader.js';
export { publishStates, type PublishState } from './publish-state.js';
