import { timingSafeEqual } from 'node:crypto';
import type { Services } from '../../services.js';
import type { Variant } from './variants.js';

/**
 * Photo URLs that work in an <img> (which sends no Authorization header): the answer that lists a
 * photo, checked for its caller, signs each of its file URLs with the server key (HMAC over the
 * kind, photo id, variant, stored file and expiry). Whoever holds such a URL may fetch that one
 * file until it expires, and nothing else: another photo, variant or expiry has no valid
 * signature, and a deleted photo (or an id reused later) names another file.
 *
 * URLs live at least TTL_S and at most TTL_S + WINDOW_S: the expiry is rounded up to the next
 * window, so every listing within a window gives the same URL and the browser's cache keeps it.
 */
export const PHOTO_URL_TTL_S = 3600;
export const PHOTO_URL_WINDOW_S = 900;

/** A hotel's gallery photo (photos), or a tour operator's own photo of a property (operator_photos). */
export type SignedKind = 'photo' | 'partner-photo';

const PATHS: Record<SignedKind, string> = { photo: '/api/photos', 'partner-photo': '/api/partner-photos' };
const PURPOSE = 'photo-url';

/** The file a signature is bound to: the row's id and its stored key of the variant. */
export interface SignedFile {
  id: number;
  key: string;
}

const message = (kind: SignedKind, file: SignedFile, variant: Variant, expires: number) =>
  `${kind}\n${file.id}\n${variant}\n${file.key}\n${expires}`;

/** The expiry (seconds since the epoch) of a URL signed now. */
export function expiryOf(now: Date): number {
  const seconds = Math.floor(now.getTime() / 1000);
  return Math.ceil((seconds + PHOTO_URL_TTL_S) / PHOTO_URL_WINDOW_S) * PHOTO_URL_WINDOW_S;
}

export interface PhotoUrlSigner {
  /** The signed URL of one file: a path, or with `absolute` the full address (partner API, OTA). */
  url(kind: SignedKind, file: SignedFile, variant: Variant, options?: { absolute?: boolean }): string;
  /**
   * Judges a URL's expiry and signature for this file: 'expired' (past its expiry), 'invalid' (a
   * signature this server did not make for exactly this file and expiry), else 'ok'.
   */
  check(
    kind: SignedKind,
    file: SignedFile,
    variant: Variant,
    expires: number,
    signature: string,
  ): 'ok' | 'expired' | 'invalid';
}

export function photoUrlSigner(services: Pick<Services, 'secrets' | 'clock' | 'config'>): PhotoUrlSigner {
  const sign = (kind: SignedKind, file: SignedFile, variant: Variant, expires: number) =>
    services.secrets.mac(PURPOSE, message(kind, file, variant, expires));
  return {
    url(kind, file, variant, options = {}) {
      const expires = expiryOf(services.clock.now());
      const path = `${PATHS[kind]}/${file.id}/${variant}/?expires=${expires}&signature=${sign(kind, file, variant, expires)}`;
      return options.absolute ? `${services.config.publicUrl}${path}` : path;
    },
    check(kind, file, variant, expires, signature) {
      const now = services.clock.now().getTime() / 1000;
      if (expires <= now) return 'expired';
      // No URL this server signs lives longer: a later expiry is made up.
      if (expires > now + PHOTO_URL_TTL_S + PHOTO_URL_WINDOW_S) return 'invalid';
      const expected = Buffer.from(sign(kind, file, variant, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'invalid';
    },
  };
}
