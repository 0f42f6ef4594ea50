import type { Localization } from '@mui/material/locale';
import englishUrl from '../../../locales/en/messages.json?url';
import { directionOf, type Language } from '../../shared/i18n/languages';
import type { Messages } from '../../shared/i18n/messages';

/**
 * English, the source language and the fallback for a missing key, filled by loadEnglish() before
 * the app first renders (main.tsx). It is fetched as JSON data rather than bundled as a module:
 * 1,500 messages as JavaScript put the sign-in page over its 250 KB script budget, and JSON is
 * parsed far faster than a script is compiled; the bytes on the wire are the same (first-load test).
 */
export const ENGLISH = {} as Messages;

export async function loadEnglish(): Promise<void> {
  if (Object.keys(ENGLISH).length) return;
  const messages: Messages =
    // Tests, and the server's render (src/client/ssr/), have no HTTP to fetch it by.
    import.meta.env.MODE === 'test' || import.meta.env.SSR
      ? ((await import('../../../locales/en/messages.json')).default as Messages)
      : ((await (await fetch(englishUrl)).json()) as Messages);
  Object.assign(ENGLISH, messages);
}

// Every other language is its own chunk, fetched when chosen (the client never bundles them all).
const loaders = import.meta.glob<Partial<Messages>>(
  ['../../../locales/*/messages.json', '!../../../locales/en/messages.json'],
  { import: 'default' },
);

/**
 * MUI's own words (pagination, "No options", close buttons) per language, fetched with the
 * catalogue (not in the sign-in page's first load). A language without one keeps MUI's English
 * for those few controls; adding one is one line.
 */
const MUI_LOCALES: Partial<Record<Language, () => Promise<Localization>>> = {
  es: () => import('@mui/material/locale').then(({ esES }) => esES),
  ru: () => import('@mui/material/locale').then(({ ruRU }) => ruRU),
  fa: () => import('@mui/material/locale').then(({ faIR }) => faIR),
  de: () => import('@mui/material/locale').then(({ deDE }) => deDE),
};

type StylisPlugin = typeof import('@mui/stylis-plugin-rtl').default;

interface Pack {
  messages: Messages;
  mui?: Localization;
}

const packs = new Map<Language, Pack>([['en', { messages: ENGLISH }]]);
let rtl: StylisPlugin | undefined;

/**
 * Everything a language needs before it shows: its catalogue over English (a key it lacks reads
 * in English, never as its key), MUI's words, and for a right-to-left language the stylis plugin
 * that flips the styles.
 */
export async function loadMessages(language: Language): Promise<Messages> {
  const known = packs.get(language);
  if (known) return known.messages;
  const load = loaders[`../../../locales/${language}/messages.json`];
  const [own, mui, plugin] = await Promise.all([
    load ? load() : {},
    MUI_LOCALES[language]?.(),
    directionOf(language) === 'rtl' && !rtl ? import('@mui/stylis-plugin-rtl').then((m) => m.default) : undefined,
  ]);
  if (plugin) rtl = plugin;
  const pack = { messages: { ...ENGLISH, ...own }, mui };
  packs.set(language, pack);
  return pack.messages;
}

/** The catalogue if already loaded (a switch back to a language seen is immediate). */
export const loadedMessages = (language: Language): Messages | undefined => packs.get(language)?.messages;

/** MUI's words for a loaded language (undefined: MUI's English). */
export const muiLocalization = (language: Language): Localization | undefined => packs.get(language)?.mui;

/** The right-to-left stylis plugin, once a right-to-left language has loaded. */
export const rtlPlugin = (): StylisPlugin | undefined => rtl;
