import { afterEach, describe, expect, it } from 'vitest';
import { localHour, mirroredWidth, setServerInputs } from '../../../src/client/platform/where';

const view = (timeZone: string, width = 1440) => ({
  view: { storage: {}, prefersDark: false, languages: ['en'], width, timeZone },
  cookies: {},
  fetch: () => Promise.reject(new Error('no calls here')),
});

describe('what a server render reads of the browser it renders for', () => {
  afterEach(() => setServerInputs(undefined));

  it("the hour of day in the browser's time zone, not the server's", () => {
    const at = new Date('2026-12-06T20:45:00Z');
    setServerInputs(view('Asia/Tehran'));
    expect(localHour(at)).toBe(0); // 00:15 the next day, UTC+3:30
    setServerInputs(view('America/New_York'));
    expect(localHour(at)).toBe(15);
    setServerInputs(view('UTC'));
    expect(localHour(at)).toBe(20);
    setServerInputs(undefined);
    expect(localHour(at)).toBe(at.getHours());
  });

  it("the window's width as the browser last had it", () => {
    setServerInputs(view('UTC', 900));
    expect(mirroredWidth()).toBe(900);
    // Outside a server render: nothing mirrored (a browser asks matchMedia itself).
    setServerInputs(undefined);
    expect(mirroredWidth()).toBeUndefined();
  });
});
