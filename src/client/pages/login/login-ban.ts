import { useSyncExternalStore } from 'react';

/**
 * Spec 000 §4, §8: after a too-many-requests answer, sign-in stays blocked on this page until
 * it is reloaded. Module state is exactly that: it survives navigation, not a reload.
 */
let endsAt: number | null = null;
const listeners = new Set<() => void>();

export const loginBan = {
  endsAt: (): number | null => endsAt,
  start(at: number): void {
    endsAt = at;
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useLoginBan(): number | null {
  return useSyncExternalStore(loginBan.subscribe, loginBan.endsAt);
}

/** The ban's end from a 429: the body's ban_ends_at, else Retry-After seconds, else 15 minutes. */
export function banEndFrom(body: unknown, retryAfter: string | null, now = Date.now()): number {
  const field = body && typeof body === 'object' ? (body as Record<string, unknown>).ban_ends_at : undefined;
  const parsed = typeof field === 'string' ? Date.parse(field) : NaN;
  if (Number.isFinite(parsed)) return parsed;
  const seconds = Number(retryAfter);
  if (retryAfter && Number.isFinite(seconds)) return now + seconds * 1000;
  return now + 15 * 60_000;
}
