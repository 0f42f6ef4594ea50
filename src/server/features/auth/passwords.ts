import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes). */
// algorithm 2 is Argon2id (the package's const enum cannot be imported under isolatedModules).
const ARGON = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash that no password matches, verified against when the account is unknown so timing tells nothing. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${Math.random()}`);
  return decoy;
}

const COMMON = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

/**
 * Django's password validators, which the djoser contract implies: not common, not all digits,
 * not too close to the person's own details. Length (8 to 128) is in the schema.
 */
export function passwordProblems(password: string, personal: readonly (string | undefined)[] = []): string[] {
  const problems: string[] = [];
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) problems.push('This password is too common.');
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  for (const value of personal) {
    if (!value) continue;
    const parts = value
      .toLowerCase()
      .split(/[\s@._+-]+/)
      .filter((p) => p.length >= 4);
    if (parts.some((p) => lower.includes(p)) || (value.length >= 4 && lower === value.toLowerCase())) {
      problems.push('The password is too similar to your personal details.');
      break;
    }
  }
  return problems;
}

/**
 * A stored "password" no password can match (Django's "!" prefix): invited users have one until
 * they choose theirs through the invitation link.
 */
export function unusablePassword(random: string): string {
  return `!${random}`;
}

export function hasUsablePassword(stored: string): boolean {
  return !stored.startsWith('!');
}
