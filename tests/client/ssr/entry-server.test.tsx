import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../src/client/ssr/entry-server';
import { hotelOwner } from '../hotel-owner';
import { VIEW_COOKIE } from '../../../src/shared/server-render';
import { SESSION_COOKIE } from '../../../src/shared/session-cookie';

const cookie = (language: string) => {
  const now = Date.now();
  const session = { token: 'tok', user: hotelOwner(language), expiresAt: now + 3_600_000, lastActive: now };
  const view = { storage: {}, prefersDark: false, languages: ['en'], width: 1280, timeZone: 'UTC' };
  return `${SESSION_COOKIE}=${encodeURIComponent(JSON.stringify(session))}; ${VIEW_COOKIE}=${encodeURIComponent(JSON.stringify(view))}`;
};

describe("the server's render of a page (the real bundle's entry)", () => {
  it("asks for the page's data in the page's language, whatever language the render before it was in, and names the code of the parts it rendered", async () => {
    const asked: Array<[string, string | null]> = [];
    const fetch = (request: Request) => {
      asked.push([new URL(request.url).pathname, request.headers.get('accept-language')]);
      return Promise.resolve(Response.json([]));
    };
    for (const language of ['fa', 'ru', 'en']) {
      const page = await renderPage({ url: '/property-portfolio', cookie: cookie(language), fetch });
      expect(page?.lang).toBe(language);
      // Every render, not only the first (React.lazy asks for a part's code once per bundle): the
      // code of the lazy parts it rendered, which the browser loads before hydrating.
      expect(page?.state.chunks.sort()).toEqual(['portfolio-table', 'shell-dialogs', 'signed-in-shell']);
    }
    expect(asked).toEqual([
      ['/api/facts/portfolio/', 'fa'],
      ['/api/facts/portfolio/', 'ru'],
      ['/api/facts/portfolio/', 'en'],
    ]);
  }, 60_000);
});
