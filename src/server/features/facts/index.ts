/** The facts feature as other features see it: the only file they may import (issue 26 §2). */
export { completeness, completenessOf, filledPercent, publishProblems } from './completeness.js';
export type { SectionCompleteness } from './completeness.js';
export { neverSaved, readSection, updateSection } from './documents.js';
export { sectionsOf, sectionTitle } from './sections.js';
export type { SectionInfo } from './sections.js';
export { restoreRevision } from './restore.js';
export {
  isRoomOf,
  namedRoomsOfProperties,
  roomIdsOf,
  roomNames,
  roomProperties,
  roomsOf,
  roomsOfProperties,
  roomsQuery,
} from './rooms.js';
export { copyRows, copySections } from './copy.js';
export { derivationsOf, withDerived } from './derived.js';
export { rowsJson, saveRows } from './rows.js';
