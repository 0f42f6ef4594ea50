/** The publications feature as other features see it: the only file they may import (issue 26 §2). */
export { documentsOf, storedDocuments } from './documents.js';
export type { SectionDocuments } from './documents.js';
export { stableFacts } from './stable-facts.js';
export type { StableDocument, StableFacts } from './stable-facts.js';
export {
  latestPublication,
  latestPublicationHead,
  publicationByNumber,
  publicationHead,
  publishedRooms,
  roomsOf,
  writePublication,
} from './store.js';
export type { Publication, PublishedRoom } from './store.js';
