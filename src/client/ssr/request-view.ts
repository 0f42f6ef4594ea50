import type { ClientView } from '../../shared/server-render';

/** A Cookie header's pairs (values URI-decoded, as js-cookie writes them). */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (!name || name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      // A value that is not URI-encoded is not one of ours.
    }
  }
  return cookies;
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  !!value && typeof value === 'object' && Object.values(value).every((v) => typeof v === 'string');

/** A time zone this runtime's Intl knows (an unknown one throws there). */
function knownTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !value) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const MAX_WIDTH = 100_000;

/**
 * The client's mirrored view (VIEW_COOKIE), or undefined when absent or not of its shape (a cookie
 * an older client wrote, without the width and time zone, too: the browser renders that load
 * alone and writes the cookie anew).
 */
export function parseView(raw: string | undefined): ClientView | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<ClientView>;
    if (!isStringRecord(value.storage) || typeof value.prefersDark !== 'boolean') return undefined;
    if (!Array.isArray(value.languages) || !value.languages.every((l) => typeof l === 'string')) return undefined;
    const { width, timeZone } = value;
    if (typeof width !== 'number' || !Number.isInteger(width) || width < 0 || width > MAX_WIDTH) return undefined;
    if (!knownTimeZone(timeZone)) return undefined;
    return { storage: value.storage, prefersDark: value.prefersDark, languages: value.languages, width, timeZone };
  } catch {
    return undefined;
  }
}
