import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadEnglish } from './i18n/catalogues';

/**
 * React reports errors that boundaries catch to the console by default. Ours are shown on the
 * page (the page error boundary, the root error view) and the portal writes nothing to the
 * console (spec 000 §8), so the reports go nowhere.
 */
const shownOnPage = () => undefined;

const container = document.getElementById('root');
// The English catalogue (every language's fallback) is in place before anything renders.
if (container)
  void loadEnglish().then(() => {
    createRoot(container, {
      onCaughtError: shownOnPage,
      onUncaughtError: shownOnPage,
      onRecoverableError: shownOnPage,
    }).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
