import { describe, expect, it } from 'vitest';
import { parseCookies, parseView } from '../../../src/client/ssr/request-view';
import { oneAtATime } from '../../../src/client/ssr/one-at-a-time';

describe('what the server reads of the request it renders', () => {
  it('cookies: decoded as js-cookie wrote them, the first of a name kept, junk left out', () => {
    expect(parseCookies('a=1; ananas_view=%7B%22x%22%3A1%7D; a=2; broken; bad=%E0%A4%A')).toEqual({
      a: '1',
      ananas_view: '{"x":1}',
    });
    expect(parseCookies(undefined)).toEqual({});
  });

  it('the view: only the shape the client writes, anything else is no view (the browser renders alone)', () => {
    const view = {
      storage: { 'ananas.colorMode': 'dark' },
      prefersDark: true,
      languages: ['fa-IR', 'en'],
      width: 1440,
      timeZone: 'Asia/Tehran',
    };
    expect(parseView(JSON.stringify(view))).toEqual(view);
    // An older client's cookie (no width, no time zone): no view, the browser renders that load.
    const { width: _width, timeZone: _zone, ...older } = view;
    expect(parseView(JSON.stringify(older))).toBeUndefined();
    for (const raw of [
      undefined,
      '',
      'not json',
      JSON.stringify({ ...view, storage: { key: 1 } }),
      JSON.stringify({ ...view, prefersDark: 'yes' }),
      JSON.stringify({ ...view, languages: 'en' }),
      JSON.stringify({ ...view, languages: [1] }),
      JSON.stringify({ ...view, width: '1440' }),
      JSON.stringify({ ...view, width: -1 }),
      JSON.stringify({ ...view, width: 1e9 }),
      JSON.stringify({ ...view, width: 1440.5 }),
      JSON.stringify({ ...view, timeZone: 'Mars/Olympus_Mons' }),
      JSON.stringify({ ...view, timeZone: '' }),
      'null',
    ])
      expect(parseView(raw)).toBeUndefined();
  });
});

describe('renders take turns', () => {
  it('one after the other in the order given, the next one also after a failure', async () => {
    const serial = oneAtATime();
    const log: string[] = [];
    const task =
      (name: string, ms: number, fail = false) =>
      async () => {
        log.push(`${name} start`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`${name} end`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([serial(task('a', 20)), serial(task('b', 1, true)), serial(task('c', 1))]);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
