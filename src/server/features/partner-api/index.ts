/**
 * The partner API (/api/v1/...): what a key's account reads of properties, facts (JSON and OTA
 * content), photos and the stop-sale chart (JSON, OTA and iCal feeds). The keys themselves, their
 * whitelists, the key check, the per-key rate and the call counts are the developer tools'
 * (features/devtools/): this feature only answers calls they let through, and writes no table.
 */
export { partnerApiHandlers } from './handlers.js';
export { otaDescriptiveInfo } from './ota-content/index.js';
