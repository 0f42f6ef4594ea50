/**
 * Photo URLs are signed and live one to one and a quarter hours (server: photos/signed-urls.ts):
 * a list shown on a page is read again this often, so an image first shown late (a preview
 * opened after an hour) still has a valid URL. Within the server's 15-minute window the URLs
 * come back unchanged, so nothing is loaded again.
 */
export const PHOTO_URLS_REFRESH_MS = 10 * 60_000;
