import { randomInt } from 'node:crypto';
import type { Selectable } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { TwoFactorTable } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { sha256 } from './secrets.js';

export type TwoFactorRow = Selectable<TwoFactorTable>;

/** How many recovery codes an enrolment gives; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** A code of the previous or next 30-second step is accepted too (clocks drift). */
const TOLERANCE_SECONDS = 30;
const ISSUER = 'Ananas';
/** No 0/o, 1/l/i: recovery codes are read off paper. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const ENTER_CODE = 'Enter the 6-digit code from your authenticator app.';
export const BAD_CODE = 'The code is not valid. Check the time on your device, or use one of your recovery codes.';

export async function findTwoFactor(services: Services, userId: number): Promise<TwoFactorRow | undefined> {
  return services.db.kysely.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The app's clock in seconds: TOTP follows the injected clock, so tests can compute codes. */
function epochOf(services: Services): number {
  return Math.floor(services.clock.now().getTime() / 1000);
}

/** The time step a TOTP code matches (within one step either side), never one at or before `after`. */
export async function totpStep(services: Services, secret: string, code: string, after: number | null): Promise<number | undefined> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  try {
    const result = await verify({ secret, token, epoch: epochOf(services), epochTolerance: TOLERANCE_SECONDS, ...(after !== null ? { afterTimeStep: after } : {}) });
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
export async function checkSecondFactor(services: Services, row: TwoFactorRow, code: string): Promise<'totp' | 'recovery' | undefined> {
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
