import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { MAX_ID } from '../../routing/input-bounds.js';

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a leaked table opens no session. */
export function sha256(value: string): string {
  // The one-shot digest: every signed-in request hashes its token, and a Hash object each time cost more than the digest.
  return hash('sha256', value, 'hex');
}

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** djoser's uid: the user id, base64url-encoded. */
export function encodeUid(id: number): string {
  return Buffer.from(String(id)).toString('base64url');
}

/** The id a uid names, or undefined when it names none (not a number, or beyond the id column's range). */
export function decodeUid(uid: string): number | undefined {
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_ID ? id : undefined;
}
