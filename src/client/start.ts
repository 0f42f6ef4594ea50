import { APP_START_MARK, HYDRATION_STATE_ID, MODULES_TEMPLATE_ID } from '../shared/server-render';

/**
 * The entry: runs the app (main.tsx), after a frame when the server rendered the page. The browser
 * runs a page's module scripts as soon as the document is parsed, before it paints what was parsed;
 * the app's code then holds the main thread for some 100 ms (evaluating React, MUI and the page),
 * and the server's page, in the DOM already, waited for it to be painted (issue 39: the portfolio's
 * rows were in the DOM at 262 ms and on screen at 385). A page the browser renders itself starts
 * at once: its chunks came with the page's Link header.
 *
 * A server-rendered page names its chunks in an inert template instead (server/plugins/
 * server-render.ts): they are fetched from here, all at once as the app starts, so fetching and
 * compiling some 250 KB of scripts does not compete with laying out and painting the page. This
 * module imports nothing of the app's statically (vite.config.ts's appChunk): the browser fetches
 * no more than this file before the first frame.
 */
const run = () => {
  // When the app's code starts (a browser test and the bench's timeline read it).
  performance.mark(APP_START_MARK);
  const modules = document.getElementById(MODULES_TEMPLATE_ID);
  // The page's chunks beside the app's: the router's import of the page then finds them on their way.
  if (modules instanceof HTMLTemplateElement) document.head.append(modules.content);
  void import('./main');
};

if (document.getElementById(HYDRATION_STATE_ID)) requestAnimationFrame(() => setTimeout(run, 0));
else run();
