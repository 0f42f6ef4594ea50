import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryCookieJar } from '../../src/client/session/cookie-jar';
import { INACTIVITY_MS, SESSION_COOKIE, SESSION_LIFETIME_MS } from '../../src/client/session/constants';
import { createSessionStore } from '../../src/client/session/session-store';
import { hotelOwner } from './hotel-owner';

const user = hotelOwner();

describe('session store (cookie, 3-hour lifetime)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T09:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('uses the spec constants', () => {
    expect(SESSION_LIFETIME_MS).toBe(10_800_000);
    expect(INACTIVITY_MS).toBe(3_600_000);
  });

  it('keeps token and user in a cookie that a reload reads back', () => {
    const jar = memoryCookieJar();
    createSessionStore(jar).save('tok', user);
    const reloaded = createSessionStore(jar).current();
    expect(reloaded?.token).toBe('tok');
    expect(reloaded?.user.firstName).toBe('Helena');
    expect(reloaded?.expiresAt).toBe(Date.now() + SESSION_LIFETIME_MS);
  });

  it('is gone after 3 hours, even with activity', () => {
    const jar = memoryCookieJar();
    const store = createSessionStore(jar);
    store.save('tok', user);
    for (let i = 0; i < 6; i++) {
      vi.advanceTimersByTime(30 * 60_000);
      store.touch();
    }
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(createSessionStore(jar).current()).toBeNull();
  });

  it('ends earlier when the server says the token expires earlier', () => {
    const store = createSessionStore(memoryCookieJar());
    const serverEnd = new Date(Date.now() + 60 * 60_000).toISOString();
    expect(store.save('tok', user, serverEnd).expiresAt).toBe(Date.parse(serverEnd));
  });

  it('drops a stored session whose last activity is an hour old (reload after leaving the tab)', () => {
    const jar = memoryCookieJar();
    createSessionStore(jar).save('tok', user);
    vi.advanceTimersByTime(INACTIVITY_MS - 1000);
    expect(createSessionStore(jar).current()).not.toBeNull();
    vi.advanceTimersByTime(1000);
    expect(createSessionStore(jar).current()).toBeNull();
  });

  it('records activity in the cookie (at most once a minute), so a reload keeps an active session', () => {
    const jar = memoryCookieJar();
    const store = createSessionStore(jar);
    store.save('tok', user);
    vi.advanceTimersByTime(50 * 60_000);
    store.touch();
    vi.advanceTimersByTime(50 * 60_000);
    expect(createSessionStore(jar).current()?.token).toBe('tok');
  });

  it('tells listeners about sign-in, user changes and sign-out, and clear removes the cookie', () => {
    const jar = memoryCookieJar();
    const store = createSessionStore(jar);
    const seen: (string | undefined)[] = [];
    store.subscribe(() => seen.push(store.current()?.user.firstName));
    store.save('tok', user);
    store.updateUser({ ...user, firstName: 'Hel' });
    store.clear();
    expect(seen).toEqual(['Helena', 'Hel', undefined]);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it('the same user again (the check of users/me on a reload) tells no listener and keeps the session object', () => {
    const jar = memoryCookieJar();
    createSessionStore(jar).save('tok', user);
    // A reload: the user as the cookie gave it back, then as the server answers.
    const store = createSessionStore(jar);
    const before = store.current();
    let told = 0;
    store.subscribe(() => (told += 1));
    store.updateUser({ ...user });
    expect(told).toBe(0);
    expect(store.current()).toBe(before);
    store.updateUser({ ...user, premiumActive: true });
    expect(told).toBe(1);
    expect(store.current()?.user.premiumActive).toBe(true);
    expect(JSON.parse(jar.get(SESSION_COOKIE) ?? '{}').user.premiumActive).toBe(true);
  });

  it('notices a sign-out in another tab on refresh', () => {
    const jar = memoryCookieJar();
    const tabA = createSessionStore(jar);
    tabA.save('tok', user);
    const tabB = createSessionStore(jar);
    tabB.clear();
    expect(tabA.current()).not.toBeNull();
    expect(tabA.refresh()).toBeNull();
  });

  it('ignores a cookie that is not a session', () => {
    const jar = memoryCookieJar();
    jar.set(SESSION_COOKIE, '{"token":1}', new Date(Date.now() + 1000));
    expect(createSessionStore(jar).current()).toBeNull();
    jar.set(SESSION_COOKIE, 'not json', new Date(Date.now() + 1000));
    expect(createSessionStore(jar).current()).toBeNull();
  });
});
