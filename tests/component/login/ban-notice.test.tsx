import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BanNotice } from '../../../src/client/pages/login/ban-notice';
import { renderInApp } from '../render';

/** The sign-in page's ban notice (the ban itself, from a real 429: tests/e2e/login-ban.test.ts). */
describe('the sign-in ban notice', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: new Date('2026-12-02T08:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the time left down each second, then offers a reload', () => {
    renderInApp(<BanNotice endsAt={Date.now() + 15 * 60_000} />);
    const notice = screen.getByRole('alert');
    expect(within(notice).getByText('Too many failed sign-in attempts')).toBeTruthy();
    const left = () => notice.querySelector('[data-testid="ban-time-left"]')?.textContent;
    expect(left()).toBe('15:00');
    act(() => vi.advanceTimersByTime(2_000));
    expect(left()).toBe('14:58');
    expect(within(notice).queryByRole('button', { name: 'Reload' })).toBeNull();
    act(() => vi.advanceTimersByTime(15 * 60_000));
    expect(left()).toBeUndefined();
    expect(notice.textContent).toContain('The block has ended. Reload the page to sign in again.');
    expect(within(notice).getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
