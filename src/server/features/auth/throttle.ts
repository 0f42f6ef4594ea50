import type { Services } from '../../services.js';
import { appLimiter, type Limiter } from '../../limits/limiter.js';
import { outageOf } from '../../plugins/outage.js';

/** After 5 failures in 15 minutes the next attempts are refused until the window ends. */
export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;

export interface Slot {
  key: string;
  allowed: boolean;
  endsAt: Date;
}

// One limiter per app: Redis when REDIS_URL is set, the database otherwise.
const signInLimiter = (services: Services): Limiter =>
  appLimiter(services, { name: 'sign-in', points: MAX_FAILURES, windowMs: WINDOW_MS });

/**
 * Take a slot of each key in order, stopping at the first refusal and giving back the slots
 * already taken: an attempt counts for every key or for none, so with parallel attempts on one
 * account (from any number of nodes) exactly MAX_FAILURES reach the password check.
 */
export async function takeSlots(services: Services, keys: readonly string[]): Promise<Slot[]> {
  const limiter = signInLimiter(services);
  const taken: string[] = [];
  for (const key of keys) {
    let decision;
    try {
      decision = await limiter.consume(key);
    } catch (e) {
      await giveBack(services, taken);
      throw e;
    }
    if (!decision.allowed) {
      for (const k of taken) await limiter.reward(k);
      // Measured from the app's clock, so the answer agrees with the rest of the response.
      return [{ key, allowed: false, endsAt: new Date(services.clock.now().getTime() + decision.retryAfterMs) }];
    }
    taken.push(key);
  }
  return taken.map((key) => ({ key, allowed: true, endsAt: services.clock.now() }));
}

/**
 * Run the rest of an attempt that took `slots`: when an outage (the database or Redis away, the
 * DependencyUnavailable the error handler answers 503) ends it, the slots are given back, so
 * failures nobody made never ban anyone. A wrong password still counts.
 */
export async function unlessOutage<T>(
  services: Services,
  slots: readonly Slot[],
  attempt: () => Promise<T>,
): Promise<T> {
  try {
    return await attempt();
  } catch (e) {
    if (outageOf(e))
      await giveBack(
        services,
        slots.filter((s) => s.allowed).map((s) => s.key),
      );
    throw e;
  }
}

/** Slots back after an outage; a store still away keeps the count (logged), the attempt still answers 503. */
async function giveBack(services: Services, keys: readonly string[]): Promise<void> {
  for (const key of keys)
    await signInLimiter(services)
      .reward(key)
      .catch((err: unknown) =>
        services.log.warn(
          { cause: outageOf(err)?.reason ?? String(err) },
          'sign-in slot not given back after an outage',
        ),
      );
}

/** A success gives its slot back, so people who sign in often are never banned. */
export async function releaseSlot(services: Services, key: string): Promise<void> {
  await signInLimiter(services).reward(key);
}

export async function clearSlots(services: Services, key: string): Promise<void> {
  await signInLimiter(services).reset(key);
}
