/** The notifications feature as other features see it: the only file they may import (issue 26 §2). */
export { notify, toldSince } from './store.js';
export { tell, tellEach } from './tell.js';
export type { NotificationEvent } from './tell.js';
export type { Words } from './words.js';
export { webhookEventOf } from './webhooks.js';
