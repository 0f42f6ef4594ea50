import { isIP } from 'node:net';

/** How one environment value is read: a number in its range, a flag, the trusted proxies; anything else stops the start with the setting's name. */

/** A setting the start cannot go on with; main.ts prints its message alone. */
export class ConfigError extends Error {}

/**
 * Numbers as people write them in an environment file: digits, and for durations one decimal
 * point. Number() alone took "0x10", "1e3", "0b1" and " 5 " as numbers, which no one means.
 */
const WHOLE = /^\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;

export function count(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = WHOLE.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new ConfigError(`${name} must be a whole number from 1 to ${max}, got "${value}"`);
  return n;
}

export function seconds(name: string, value: string | undefined, fallback: number, max = 86_400): number {
  if (value === undefined || value === '') return fallback;
  const n = DECIMAL.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(n) || n <= 0 || n > max)
    throw new ConfigError(`${name} must be a number of seconds between 0 and ${max}, got "${value}"`);
  return Math.round(n * 1000);
}

export function hours(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback * 3_600_000;
  const n = DECIMAL.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(n) || n <= 0 || n > max)
    throw new ConfigError(`${name} must be a number of hours between 0 and ${max}, got "${value}"`);
  return Math.round(n * 3_600_000);
}

export function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = WHOLE.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new ConfigError(`${name} must be a port number, got "${value}"`);
  return n;
}

export function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

/** proxy-addr's names for whole ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

export function trustedProxies(value: string | undefined): false | number | string[] {
  const text = (value ?? '').trim();
  if (!text || ['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 32)
      throw new ConfigError(`TRUST_PROXY must be a number of proxies from 1 to 32, or their addresses, got "${text}"`);
    return hops;
  }
  const entries = text.split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const max = isIP(address) === 4 ? 32 : 128;
    const valid =
      PROXY_RANGES.includes(entry) ||
      (isIP(address) && !rest.length && (prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= max)));
    // "true" (every hop trusted) is refused: the client's own X-Forwarded-For values would be believed.
    if (!valid)
      throw new ConfigError(
        `TRUST_PROXY must be the number of proxies in front (e.g. 1) or their addresses and CIDR ranges (e.g. 10.0.0.5, 10.1.0.0/16), got "${entry}"`,
      );
  }
  return entries;
}
