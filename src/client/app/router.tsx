import { createBrowserRouter, matchPath, type RouteObject } from 'react-router-dom';
import { refusal } from './audience';
import { RootError } from './lazy/root-error';
import { queryClient } from './query-client';
import { RootLayout } from './root-layout';
import { RouteGuard } from './route-guard';
import { preloadSignedInShell } from './shell/signed-in-parts';
import { sessionStore } from '../session/session';
import { inBrowser } from '../platform/where';
import { HydrationEnd } from './hydration-end';
import { ROUTES } from './routes';
import { pages } from './pages';

const NotFound = pages.notFound;

function toRoute({ path, access, audience, page: Page = NotFound, prefetch }: (typeof ROUTES)[number]): RouteObject {
  const element = (
    <RouteGuard access={access} audience={audience}>
      <Page />
      <HydrationEnd />
    </RouteGuard>
  );
  return {
    path,
    element,
    // While the first loader call settles (a tick), the page itself, not a blank outlet.
    hydrateFallbackElement: element,
    // Not awaited: the navigation goes on at once; the chunk and the page's first call are on
    // their way while the shell renders (a cold load at this path starts them before sign-in is
    // checked, with the stored token). Asked only of whom the page is surely for: signed out, or
    // refused by its audience (or an authorized user's flags not known yet), the guard speaks, and
    // the server is not sent a call it would refuse.
    loader: () => {
      // A server render (src/client/ssr/) has its page's data and chunks already.
      if (!inBrowser) return null;
      void Page.preload();
      const session = sessionStore.current();
      if (session) void preloadSignedInShell();
      if (prefetch && session && refusal(audience, session.user, undefined) === null)
        void prefetch(queryClient, session.user);
      return null;
    },
  };
}

/**
 * One layout around every route, not-found for the rest: the table as both routers take it, the
 * browser's (below) and the server's (src/client/ssr/).
 */
export function routeObjects(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RootError />,
      children: [...ROUTES.map(toRoute), { path: '*', element: <NotFound /> }],
    },
  ];
}

/** Browser history (no hash). */
export function createAppRouter() {
  return createBrowserRouter(routeObjects());
}

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Once the router has run its first loaders. Until then it shows each route's
 * hydrateFallbackElement, and when they settle it mounts the route's element anew: a page rendered
 * by the server, and hydrated, must be rendered in the state it will stay in (both sides wait).
 */
export function initialized(router: Pick<AppRouter, 'state' | 'subscribe'>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * The chunks the first render at `pathname` shows, loaded: the page's (the sign-in page's for a
 * signed-in page asked for signed out, where the guard sends that visitor, as the server's Link
 * header does) and, signed in, the shell's. The first render waits for them (main.tsx), so
 * nothing in it suspends: React 19 shows a suspended part's content no sooner than 300 ms after
 * its fallback, and a part of a server-rendered page still waiting for its code when an update
 * reaches it has the server's markup thrown away and rendered afresh. Their files are asked for
 * beside the entry's (the Link header), so the wait is for code already on its way.
 */
export function routeChunks(pathname: string, signedIn: boolean): Promise<unknown> {
  const route = ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));
  const shown = route?.access === 'user' && !signedIn ? ROUTES.find((r) => r.access === 'login') : route;
  return Promise.all([shown?.page?.preload(), signedIn && preloadSignedInShell()]);
}
