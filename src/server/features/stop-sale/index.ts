/** The stop-sale feature as other features see it: the only file they may import (issue 26 §2). */
export { chartFileName, chartPdf, stateLabels } from './chart-pdf.js';
export { monthChart, rangeChart, roomEventCodes } from './chart.js';
export { MAX_RANGE_DAYS, chartMonth } from './dates.js';
export { STATE_CODE_KEYS, STOP_SALE_STATES } from './store.js';
