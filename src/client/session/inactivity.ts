/** Events that count as activity (spec 000 §4: "without click or keyboard activity"). */
export const ACTIVITY_EVENTS = ['click', 'keydown'] as const;

export interface InactivityOptions {
  timeoutMs: number;
  /** Called once when timeoutMs pass without activity. */
  onIdle: () => void;
  /** Called on every activity event (to record it). */
  onActivity?: () => void;
  /**
   * When the user was last active, if known better than "now" (the stamp survives reloads and
   * is shared by tabs); checked again before signing out.
   */
  lastActivity?: () => number;
  target: EventTarget;
  now?: () => number;
}

/**
 * Runs onIdle once timeoutMs pass without a click or key press on target. Every such event
 * starts the wait again. Returns a function that stops watching.
 */
export function watchInactivity(options: InactivityOptions): () => void {
  const { timeoutMs, onIdle, onActivity, target, now = Date.now } = options;
  let ownStamp = now();
  const lastActivity = () => Math.max(ownStamp, options.lastActivity?.() ?? 0);
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(check, ms);
  };
  // The shared stamp (a cookie read) is consulted only when the wait runs out, never per key
  // press: typing must not pay for it.
  const check = () => {
    const left = timeoutMs - (now() - lastActivity());
    if (left <= 0) {
      stop();
      onIdle();
      return;
    }
    schedule(left);
  };
  const activity = () => {
    ownStamp = now();
    onActivity?.();
    schedule(timeoutMs);
  };
  // Capture phase: a handler that stops propagation must not hide activity from us.
  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, activity, { capture: true, passive: true });
  function stop() {
    clearTimeout(timer);
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, activity, { capture: true });
  }
  if (options.lastActivity) ownStamp = 0;
  check();
  return stop;
}

/** Runs onExpire at the epoch ms `at` (at once when already past). Returns a cancel function. */
export function scheduleExpiry(at: number, onExpire: () => void, now: () => number = Date.now): () => void {
  const timer = setTimeout(onExpire, Math.max(0, at - now()));
  return () => clearTimeout(timer);
}
