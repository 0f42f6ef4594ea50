import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { TwoFactorConfirmWire, TwoFactorDisableWire } from '../../../shared/generated/wire-types';

export const securityKeys = {
  sessions: ['security', 'sessions'] as const,
  twoFactor: ['security', 'two-factor'] as const,
};

export function useSessions() {
  return useQuery({ queryKey: securityKeys.sessions, queryFn: () => unwrap(api.GET('/api/auth/sessions/', {})) });
}

export const endSession = (id: number) => unwrap(api.DELETE('/api/auth/sessions/{id}/', { params: { path: { id } } }));

export function useTwoFactor() {
  return useQuery({ queryKey: securityKeys.twoFactor, queryFn: () => unwrap(api.GET('/api/auth/two-factor/', {})) });
}

export const startEnrolment = () => unwrap(api.POST('/api/auth/two-factor/enrol/', {}));
export const confirmEnrolment = (body: TwoFactorConfirmWire) =>
  unwrap(api.POST('/api/auth/two-factor/confirm/', { body }));
export const turnOff = (body: TwoFactorDisableWire) => unwrap(api.POST('/api/auth/two-factor/disable/', { body }));
export const newRecoveryCodes = () => unwrap(api.POST('/api/auth/two-factor/recovery-codes/', {}));

/** How a browser's name is put in words: English unless the page's language is given. */
export interface BrowserWords {
  unknown: string;
  on(browser: string, system: string): string;
}

const ENGLISH: BrowserWords = { unknown: 'Unknown browser', on: (browser, system) => `${browser} on ${system}` };

/** A browser's user-agent in a few words ("Chrome on Linux"); the whole string when unknown. */
export function browserName(agent: string | null, words: BrowserWords = ENGLISH): string {
  if (!agent) return words.unknown;
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : null;
  const system = /Windows/.test(agent)
    ? 'Windows'
    : /Android/.test(agent)
      ? 'Android'
      : /iPhone|iPad/.test(agent)
        ? 'iOS'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  if (!browser) return agent;
  return system ? words.on(browser, system) : browser;
}
