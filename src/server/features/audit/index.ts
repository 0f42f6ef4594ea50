/** The audit feature as other features see it: the only file they may import (issue 26 §2). */
export { diffDocuments } from './diff.js';
export type { Change } from './diff.js';
export { actorOf, recordAudit } from './record.js';
export type { Actor } from './record.js';
export { visibleTo } from './visibility.js';
