/**
 * Message keys are written as string literals where they are used, so a test can tell an unused
 * key. The few built at run time (from a value list: `notification.type.${type}`) declare their
 * prefix here; every key under a declared prefix counts as used, and each prefix must be used.
 */
export const DYNAMIC_KEY_PREFIXES: readonly string[] = [];
