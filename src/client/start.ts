import { APP_START_MARK, HYDRATION_STATE_ID } from '../shared/server-render';

/**
 * The entry: runs the app (main.tsx), after a frame when the server rendered the page. The browser
 * runs a page's module scripts as soon as the document is parsed, before it paints what was parsed;
 * the app's code then holds the main thread for some 100 ms (evaluating React, MUI and the page),
 * and the server's page, in the DOM already, waited for it to be painted (issue 39: the portfolio's
 * rows were in the DOM at 262 ms and on screen at 385). The scripts are fetched and compiled
 * meanwhile all the same (the page's Link header preloads them); a page the browser renders itself
 * starts at once.
 */
const run = () => {
  // When the app's code starts (a browser test and the bench's timeline read it).
  performance.mark(APP_START_MARK);
  void import('./main');
};

if (document.getElementById(HYDRATION_STATE_ID)) requestAnimationFrame(() => setTimeout(run, 0));
else run();
