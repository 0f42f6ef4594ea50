/** The sustainability feature as other features see it: the only file they may import (issue 26 §2). */
export { sustainabilityHandlers } from './handlers.js';
export { documentNames } from './store.js';
