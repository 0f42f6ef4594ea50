/**
 * The contract between the server and the client's server-render bundle (src/client/ssr/,
 * built to dist/ssr/ by `npm run build`): a signed-in page's first screen rendered on the server
 * as HTML, which the client then hydrates (issue 39: the portfolio's first screen in 300 ms).
 */

/**
 * The cookie where the client mirrors what its first render reads of the browser and the
 * server cannot know: the remembered colour mode and appearance (localStorage), the system's
 * dark preference, the stored language, the browser's languages, the window's width and the time
 * zone. Without it the server does not
 * render (the client renders as before): a guess that differs would be thrown away at hydration.
 */
export const VIEW_COOKIE = 'ananas_view';

/** What the client wrote to VIEW_COOKIE (JSON). */
export interface ClientView {
  /** The localStorage entries the first render reads (theme/, i18n/), by key. */
  storage: Record<string, string>;
  prefersDark: boolean;
  /** navigator.languages. */
  languages: string[];
  /** The window's width in CSS pixels (window.innerWidth, what a media query reads). */
  width: number;
  /** The browser's time zone (an IANA name), for what it shows by the hour of day. */
  timeZone: string;
}

/** The bundle's folder inside the client build's (vite.config.ts); the server never serves its files. */
export const SERVER_RENDER_DIR = 'server-render';
/** The bundle's entry, from the client's root (src/client/). */
export const SERVER_RENDER_ENTRY = 'ssr/entry-server.tsx';

/** The id of the JSON data block in a server-rendered page: what the client hydrates with. */
export const HYDRATION_STATE_ID = 'ananas-hydration';

/**
 * The id of the `<template>` in a server-rendered page's head that lists the page's chunks as
 * `<link rel=modulepreload>`: inert until the entry (src/client/start.ts) moves them into the
 * head, after the page's first frame.
 */
export const MODULES_TEMPLATE_ID = 'ananas-modules';

/** The performance mark the client's entry (src/client/start.ts) sets as the app's code starts to run. */
export const APP_START_MARK = 'ananas:app-start';

/** The performance mark the client sets once it has taken a server-rendered page over (app/hydration-end.tsx). */
export const HYDRATED_MARK = 'ananas-hydrated';

/** The data block's content. */
export interface HydrationState {
  /** The language the page was rendered in: its catalogue is loaded before hydrating. */
  language: string;
  /** The query cache as the server filled it (TanStack Query's dehydrate()). */
  queries: unknown;
  /** The lazy chunks (by loadChunk name) whose parts the page rendered: in before hydrating. */
  chunks: string[];
}

/** One API call the render makes, answered by the server in process (no socket). */
export type ServerFetch = (request: Request) => Promise<Response>;

/** What the page's first bytes need, known before its data is asked for. */
export interface ServerRenderHead {
  /** `<html lang dir>`. */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The colour mode the page renders in: the boot screen sent ahead of it takes the same. */
  scheme: 'light' | 'dark';
}

export interface ServerRenderRequest {
  /** Path and query of the page. */
  url: string;
  /** The request's Cookie header. */
  cookie: string | undefined;
  fetch: ServerFetch;
  /**
   * Told once the render is going ahead, with the page's language: the server sends the page's
   * head and the boot screen then, while the data is asked for and the page rendered.
   */
  head?: (head: ServerRenderHead) => void;
}

/** A page rendered: the markup inside #root, the style tags that go before it, the data block's JSON. */
export interface ServerRenderResult extends ServerRenderHead {
  html: string;
  styles: string;
  state: HydrationState;
}
