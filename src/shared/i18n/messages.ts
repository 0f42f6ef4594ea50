import type English from '../../../locales/en/messages.json';

/**
 * The message keys: those of the English catalogue (locales/en/messages.json, the source). A key
 * used but not defined fails the type check. Imported as a type only, so the client bundles no
 * catalogue through this module (it loads the chosen one itself).
 */
export type MessageKey = keyof typeof English;

/** The values an ICU message's {arguments} take. */
export type MessageValues = Record<string, string | number | Date | boolean | null | undefined>;

/** One catalogue: every key to its ICU message. */
export type Messages = Record<MessageKey, string>;
