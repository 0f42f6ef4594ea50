// Moved to src/shared/i18n (the client reads the browser's languages the same way); kept here so
// the server's importers need no change.
export { acceptedLanguage } from '../../shared/i18n/accept-language';
