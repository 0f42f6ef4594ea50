import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INACTIVITY_MS } from '../../src/client/session/constants';
import { scheduleExpiry, watchInactivity } from '../../src/client/session/inactivity';

const MINUTE = 60_000;

describe('inactivity sign-out (one hour without click or key press)', () => {
  let target: EventTarget;
  beforeEach(() => {
    vi.useFakeTimers();
    target = new EventTarget();
  });
  afterEach(() => vi.useRealTimers());

  it('fires once after an hour without activity', () => {
    const onIdle = vi.fn();
    watchInactivity({ timeoutMs: INACTIVITY_MS, onIdle, target });
    vi.advanceTimersByTime(INACTIVITY_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3 * INACTIVITY_MS);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('a click or a key press starts the hour again', () => {
    const onIdle = vi.fn();
    const onActivity = vi.fn();
    watchInactivity({ timeoutMs: INACTIVITY_MS, onIdle, onActivity, target });
    vi.advanceTimersByTime(50 * MINUTE);
    target.dispatchEvent(new Event('click'));
    vi.advanceTimersByTime(50 * MINUTE);
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(59 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    expect(onActivity).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('moving the mouse or scrolling is not activity', () => {
    const onIdle = vi.fn();
    watchInactivity({ timeoutMs: INACTIVITY_MS, onIdle, target });
    vi.advanceTimersByTime(30 * MINUTE);
    target.dispatchEvent(new Event('mousemove'));
    target.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(30 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('counts from the stored last activity (a reload does not restart the hour)', () => {
    const onIdle = vi.fn();
    const lastActive = Date.now() - 45 * MINUTE;
    watchInactivity({ timeoutMs: INACTIVITY_MS, onIdle, target, lastActivity: () => lastActive });
    vi.advanceTimersByTime(15 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('activity recorded elsewhere (another tab) postpones the sign-out', () => {
    const onIdle = vi.fn();
    let shared = Date.now();
    watchInactivity({ timeoutMs: INACTIVITY_MS, onIdle, target, lastActivity: () => shared });
    vi.advanceTimersByTime(40 * MINUTE);
    shared = Date.now();
    vi.advanceTimersByTime(INACTIVITY_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('stops listening when stopped', () => {
    const onIdle = vi.fn();
    const stop = watchInactivity({ timeoutMs: INACTIVITY_MS, onIdle, target });
    stop();
    vi.advanceTimersByTime(2 * INACTIVITY_MS);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('schedules the end of the session lifetime', () => {
    const onExpire = vi.fn();
    const cancel = scheduleExpiry(Date.now() + 10_800_000, onExpire);
    vi.advanceTimersByTime(10_800_000 - 1);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
    cancel();
    const late = vi.fn();
    scheduleExpiry(Date.now() - 5, late);
    vi.advanceTimersByTime(0);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
