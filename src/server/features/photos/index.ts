/** The photos feature as other features see it: the only file they may import (issue 26 §2). */
export { extensionOf, inspectPhoto, nameFromFile, processPhoto } from './images.js';
export { storeVariants } from './stored-variants.js';
export { tellQuota } from './quota-news.js';
export { photoUrlSigner } from './signed-urls.js';
export type { PhotoUrlSigner } from './signed-urls.js';
export {
  VARIANTS,
  checkQuota,
  keyOf,
  listPhotos,
  photosOfProperties,
  photoUrl,
  requirePhoto,
  toPhotoWire,
} from './store.js';
export type { PhotoRow, Variant } from './store.js';
export { insertPhotoCopies, type PhotoFileKeys } from './copies.js';
export { holdBackReason, leaving, todayOf } from './rights.js';
export { licencesEndingBetween, type EndingLicence } from './licence-ends.js';
export { hashMissing, scheduleHashBackfill, HASH_BACKFILL_QUEUE } from './hash-backfill.js';
