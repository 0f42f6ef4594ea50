import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, initialized, routeChunks } from './app/router';
import { loadEnglish } from './i18n/catalogues';
import { startHydration } from './platform/server-page';
import { prepareHydration, serverRendered } from './ssr/hydration';
import { mirrorView } from './ssr/view-cookie';

/**
 * React reports errors that boundaries catch to the console by default. Ours are shown on the
 * page (the page error boundary, the root error view) and the portal writes nothing to the
 * console (spec 000 §8), so the reports go nowhere.
 */
const shownOnPage = () => undefined;

/**
 * A hydration that finds markup other than its own renders afresh (React recovers): counted, so
 * a browser test can tell that the server's page was taken over as it was.
 */
const recovered = () => {
  const w = window as unknown as { __ananasRecoverableErrors?: number };
  w.__ananasRecoverableErrors = (w.__ananasRecoverableErrors ?? 0) + 1;
};

const options = {
  onCaughtError: shownOnPage,
  onUncaughtError: shownOnPage,
  onRecoverableError: recovered,
};

mirrorView();
const container = document.getElementById('root');
const server = serverRendered();
// The English catalogue (every language's fallback) is in place before anything renders; a page
// the server rendered (src/client/ssr/) also needs its data and language, to render as it did.
if (container)
  void loadEnglish()
    .then(() => server && Promise.all([prepareHydration(server), routeChunks(window.location.pathname)]))
    .then(async () => {
      const router = createAppRouter();
      if (server) await initialized(router);
      const app = (
        <StrictMode>
          <App router={router} />
        </StrictMode>
      );
      if (server) {
        startHydration();
        hydrateRoot(container, app, options);
      } else createRoot(container, options).render(app);
    });
