import { randomInt } from 'node:crypto';
import type { Selectable } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { TwoFactorTable } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { sha256 } from './secrets.js';
import { isSealed } from '../../plugins/secret-box.js';

/** The row with its key decrypted (`secret`) and as stored (`storedSecret`, to update exactly this key). */
export type TwoFactorRow = Selectable<TwoFactorTable> & { storedSecret: string };

/** How many recovery codes an enrolment gives; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** A code of the previous or next 30-second step is accepted too (clocks drift). */
const TOLERANCE_SECONDS = 30;
const ISSUER = 'Ananas';
/** No 0/o, 1/l/i: recovery codes are read off paper. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const ENTER_CODE = 'Enter the 6-digit code from your authenticator app.';
export const BAD_CODE = 'The code is not valid. Check the time on your device, or use one of your recovery codes.';

/** The TOTP key as stored: encrypted with the server key, bound to its user. */
export function sealSecret(services: Services, userId: number, secret: string): string {
  return services.secrets.seal(secret, `two-factor:${userId}`);
}

/**
 * The user's two-factor row with its key decrypted. A key that does not open (the server key
 * was changed) reads as empty: no TOTP code matches it, recovery codes still work.
 */
export async function findTwoFactor(services: Services, userId: number): Promise<TwoFactorRow | undefined> {
  const row = await services.db.kysely
    .selectFrom('two_factor')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  // A key stored before encryption existed is read as it is (and sealed at the next start).
  if (!isSealed(row.secret)) return { ...row, storedSecret: row.secret };
  const secret = services.secrets.open(row.secret, `two-factor:${userId}`);
  if (secret === undefined)
    services.log.error(
      { userId },
      'a two-factor key does not open with the server key (SECRET_KEY or DATA_DIR/secret.key changed?)',
    );
  return { ...row, secret: secret ?? '', storedSecret: row.secret };
}

/** Encrypt the keys stored before encryption existed (run at start; idempotent). */
export async function sealStoredSecrets(services: Services): Promise<number> {
  const db = services.db.kysely;
  const rows = await db
    .selectFrom('two_factor')
    .select(['user_id', 'secret'])
    .where('secret', 'not like', 'v1:%')
    .execute();
  for (const row of rows) {
    await db
      .updateTable('two_factor')
      .set({ secret: sealSecret(services, row.user_id, row.secret) })
      .where('user_id', '=', row.user_id)
      .where('secret', '=', row.secret)
      .execute();
  }
  return rows.length;
}

/** The app's clock in seconds: TOTP follows the injected clock, so tests can compute codes. */
function epochOf(services: Services): number {
  return Math.floor(services.clock.now().getTime() / 1000);
}

/** The time step a TOTP code matches (within one step either side), never one at or before `after`. */
export async function totpStep(
  services: Services,
  secret: string,
  code: string,
  after: number | null,
): Promise<number | undefined> {
  const token = code.replace(/\s+/g, '');
  if (!secret || !/^\d{6}$/.test(token)) return undefined;
  try {
    const result = await verify({
      secret,
      token,
      epoch: epochOf(services),
      epochTolerance: TOLERANCE_SECONDS,
      ...(after !== null ? { afterTimeStep: after } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    return undefined;
  }
}

/** A new key, with what an authenticator app scans. */
export async function newEnrolment(email: string): Promise<{ secret: string; otpauth_url: string; qr_code: string }> {
  const secret = generateSecret();
  const url = generateURI({ issuer: ISSUER, label: email, secret });
  return { secret, otpauth_url: url, qr_code: await QRCode.toDataURL(url, { margin: 1, width: 240 }) };
}

function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

export function newRecoveryCodes(): string[] {
  const one = (): string => Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const c = one();
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

export function recoveryCodeHash(code: string): string {
  return sha256(normaliseRecoveryCode(code));
}

/**
 * The second factor at sign-in: a TOTP code of the enrolled key (each accepted once: a step is
 * taken in the same statement that checks it) or an unused recovery code (used up here).
 */
export async function checkSecondFactor(
  services: Services,
  row: TwoFactorRow,
  code: string,
): Promise<'totp' | 'recovery' | undefined> {
  const db = services.db.kysely;
  const step = await totpStep(services, row.secret, code, row.last_step);
  if (step !== undefined) {
    const taken = await db
      .updateTable('two_factor')
      .set({ last_step: step })
      .where('user_id', '=', row.user_id)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .returning('user_id')
      .executeTakeFirst();
    return taken ? 'totp' : undefined;
  }
  const normalised = normaliseRecoveryCode(code);
  if (!/^[a-z0-9]{10}$/.test(normalised)) return undefined;
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: services.clock.now().toISOString() })
    .where('user_id', '=', row.user_id)
    .where('code_hash', '=', sha256(normalised))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used ? 'recovery' : undefined;
}
