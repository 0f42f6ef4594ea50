/** The next-steps feature as other features see it: the only file they may import (issue 26 §2). */
export { DAY_MS, freshnessDays } from './freshness.js';
export { READY_PHOTOS } from './readiness.js';
