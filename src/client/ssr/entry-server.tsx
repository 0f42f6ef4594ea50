/**
 * The server's render of a signed-in page's first screen (issue 39), built to dist/ssr/ and run by
 * src/server/plugins/server-render.ts: the same app the browser runs, at the request's path, with
 * the request's session, view and data, so the HTML the browser paints is the page the client then
 * hydrates. Anything this cannot render as the browser would (no view cookie, no session, a page
 * not marked `ssr`, a refused audience, a failed call) answers null and the browser renders alone.
 */
import { StrictMode } from 'react';
import { dehydrate } from '@tanstack/react-query';
import { createMemoryRouter, matchPath, RouterProvider } from 'react-router-dom';
import { directionOf, toLanguage } from '../../shared/i18n/languages';
import type { ServerRenderRequest, ServerRenderResult } from '../../shared/server-render';
import { VIEW_COOKIE } from '../../shared/server-render';
import { refusal } from '../app/audience';
import { Providers } from '../app/providers';
import { queryClient } from '../app/query-client';
import { initialized, routeObjects } from '../app/router';
import { ROUTES, type RouteEntry } from '../app/routes';
import { firstLanguage } from '../i18n';
import { takeRenderedChunks } from '../components/lazy-page';
import { ENGLISH, loadEnglish, loadMessages } from '../i18n/catalogues';
import { currentLanguage, setCurrent } from '../i18n/current';
import { createTranslator } from '../../shared/i18n/translator';
import { prefersDark, setServerInputs, viewStorage } from '../platform/where';
import { sessionStore } from '../session/session';
import { readColorMode } from '../theme/color-mode';
import { serverRenderCaches } from '../theme/direction-cache';
import { pageStyles } from './page-styles';
import { parseCookies, parseView } from './request-view';
import { renderHtml } from './render-html';
import { oneAtATime } from './one-at-a-time';

const rendered = ROUTES.filter((route) => route.ssr);

// A call that fails means the browser renders the page, at once: the server does not try again.
const defaults = queryClient.getDefaultOptions();
queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });

const routeAt = (pathname: string): RouteEntry | undefined =>
  rendered.find((route) => matchPath({ path: route.path, end: true }, pathname));

export function rendersPath(pathname: string): boolean {
  return routeAt(pathname) !== undefined;
}

/** Every query the page's prefetch started has its data: nothing on the first screen is still loading. */
const allAnswered = () =>
  queryClient
    .getQueryCache()
    .getAll()
    .every((query) => query.state.status === 'success');

async function render(request: ServerRenderRequest): Promise<ServerRenderResult | null> {
  const pathname = new URL(request.url, 'http://page.invalid').pathname;
  const route = routeAt(pathname);
  const session = sessionStore.refresh();
  if (!route || !session || refusal(route.audience, session.user, undefined) !== null) return null;
  const language = firstLanguage(session.user.language);
  await loadEnglish();
  // The page's calls ask in its language (the API client's Accept-Language is the language on
  // screen), not in whatever the previous render left there.
  setCurrent(createTranslator(language, await loadMessages(language), ENGLISH));
  // The server sends the page's first bytes now: the browser paints the boot screen and fetches
  // the scripts while the data is asked for and the page rendered.
  const scheme = readColorMode(viewStorage(), prefersDark());
  request.head?.({ lang: language, dir: directionOf(language), scheme });
  await route.prefetch?.(queryClient, session.user);
  if (!allAnswered()) return null;
  serverRenderCaches.clear();
  takeRenderedChunks();
  const router = createMemoryRouter(routeObjects(), { initialEntries: [request.url] });
  await initialized(router);
  let html: string | null;
  try {
    html = await renderHtml(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  } finally {
    router.dispose();
  }
  if (html === null) return null;
  // The provider showed the language chosen above (its catalogue was in): what the client loads.
  const shown = toLanguage(currentLanguage()) ?? language;
  return {
    html,
    styles: pageStyles(serverRenderCaches),
    state: { language: shown, queries: dehydrate(queryClient), chunks: takeRenderedChunks() },
    lang: shown,
    dir: directionOf(shown),
    scheme,
  };
}

/**
 * The app's state outside React (the session store, the query cache, what platform/where.ts
 * reads) is the request's for the time of its render: renders take turns.
 */
const serial = oneAtATime();

export function renderPage(request: ServerRenderRequest): Promise<ServerRenderResult | null> {
  const cookies = parseCookies(request.cookie);
  const view = parseView(cookies[VIEW_COOKIE]);
  if (!view || !rendersPath(new URL(request.url, 'http://page.invalid').pathname)) return Promise.resolve(null);
  return serial(async () => {
    setServerInputs({ view, cookies, fetch: request.fetch });
    try {
      return await render(request);
    } finally {
      queryClient.clear();
      serverRenderCaches.clear();
      setServerInputs(undefined);
      sessionStore.refresh();
    }
  });
}
