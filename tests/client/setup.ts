import { loadEnglish } from '../../src/client/i18n/catalogues';

// The browser fetches the English catalogue before the app's first render (main.tsx); the client's
// unit tests read the same messages, imported.
await loadEnglish();
