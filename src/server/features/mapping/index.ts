/** The mapping feature as other features see it: the only file they may import (issue 26 §2). */
export { OTA_CODE_MAX, hotelMapped, mappingOf } from './codes.js';
export type { OperatorCodes } from './codes.js';
