import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, initialized, routeChunks } from './app/router';
import { loadEnglish } from './i18n/catalogues';
import { startHydration } from './platform/server-page';
import { prepareHydration, serverRendered } from './ssr/hydration';
import { mirrorView } from './ssr/view-cookie';
import { sessionStore } from './session/session';

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
// The English catalogue (every language's fallback) and the code of what the first render shows
// are in place before anything renders (router.tsx's routeChunks says why). The router is made
// meanwhile: its first loaders start the page's data call beside that code, not after it. A page
// the server rendered (src/client/ssr/) has its data in the query cache before those loaders look
// there, and its language loaded, to render as it did.
if (container) {
  const english = loadEnglish();
  const data = server ? english.then(() => prepareHydration(server)) : Promise.resolve();
  const routed = data.then(() => createAppRouter());
  void Promise.all([routed, english, routeChunks(window.location.pathname, !!sessionStore.current())]).then(
    async ([router]) => {
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
    },
  );
}
