import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { dictionary as english, translations } from '@zxcvbn-ts/language-en';

/** argon2id's cost: memory in KiB and passes over it. */
export interface PasswordCost {
  memoryKib: number;
  passes: number;
}

/** OWASP's recommended minimum for argon2id (19 MiB, 2 passes): what every production start uses. */
export const PRODUCTION_PASSWORD_COST: PasswordCost = { memoryKib: 19456, passes: 2 };

let cost: PasswordCost = PRODUCTION_PASSWORD_COST;

/**
 * The cost new hashes are made with (buildApp sets it from the config). Only the test set-up
 * lowers it (PASSWORD_HASH_MEMORY_KIB / PASSWORD_HASH_PASSES), and a production start refuses a
 * lowered one (config.ts). Verifying reads the cost from the stored hash, so hashes of either cost
 * verify whatever is set now.
 */
export function setPasswordCost(next: PasswordCost): void {
  if (next.memoryKib !== cost.memoryKib || next.passes !== cost.passes) decoy = undefined;
  cost = next;
}

export function hashPassword(password: string): Promise<string> {
  // algorithm 2 is Argon2id (the package's const enum cannot be imported under isolatedModules).
  return hash(password, { algorithm: 2, memoryCost: cost.memoryKib, timeCost: cost.passes, parallelism: 1 });
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

// zxcvbn's estimate catches what a list cannot: a common word with a few digits ("hotel123",
// "Barcelona99") is guessed in minutes though no list holds it. Built on first use (its
// dictionaries are a few MB).
let estimator: ZxcvbnFactory | undefined;
/**
 * zxcvbn judges the first this many characters. Its cost grows much faster than the length: with
 * its defaults a random password of 128 characters (the schema's longest) took a second of CPU,
 * a cheap way to keep a server busy through the sign-up, reset or change form; with these limits
 * it takes tens of milliseconds. A password whose first 32 characters are hard to guess is.
 */
export const JUDGED_LENGTH = 32;
const guessable = (password: string, personal: string[]): boolean =>
  (estimator ??= new ZxcvbnFactory({
    dictionary: { ...dictionary, ...english },
    graphs: adjacencyGraphs,
    translations,
    maxLength: JUDGED_LENGTH,
    // How many letters it tries as look-alike substitutes ("p@$$w0rd"): the exponential part.
    l33tMaxSubstitutions: 16,
  })).check(password, personal).score < 2;

/**
 * Django's password validators, which the djoser contract implies: not common, not all digits,
 * not too close to the person's own details. Length (8 to 128) is in the schema.
 */
export function passwordProblems(password: string, personal: readonly (string | undefined)[] = []): string[] {
  const problems: string[] = [];
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) problems.push('This password is too common.');
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  const details = personal.filter((v): v is string => !!v);
  if (!problems.length && guessable(password, details))
    problems.push(
      'This password is too easy to guess (a common word with a few digits is found in minutes): use three or more unrelated words, or a longer password.',
    );
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
