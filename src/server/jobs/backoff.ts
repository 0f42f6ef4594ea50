export const DEFAULT_BACKOFF = { baseMs: 30_000, capMs: 3_600_000 };

/**
 * The wait before attempt `attempt + 1`: exponential (base × 2^(attempt−1), capped) with "equal
 * jitter" (half fixed, half random), so retries of many jobs that failed together spread out.
 */
export function backoffMs(attempt: number, options = DEFAULT_BACKOFF, random = Math.random): number {
  const exp = Math.min(options.capMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}
