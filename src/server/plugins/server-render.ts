import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { renderWorker } from './render-worker.js';
import { hasCookie } from './route-preloads.js';
import { SESSION_COOKIE } from '../../shared/session-cookie.js';
import {
  HYDRATION_STATE_ID,
  MODULES_TEMPLATE_ID,
  SERVER_RENDER_DIR,
  VIEW_COOKIE,
  type ServerFetch,
  type ServerRenderHead,
  type ServerRenderResult,
} from '../../shared/server-render.js';

/** index.html's boot screen sits between these, inside #root: a rendered page takes its place. */
const APP_START = '<!--app-->';
const APP_END = '<!--/app-->';
const ROOT_OPEN = '<div id="root">';

/** `<` written as an escape: the data block cannot end early whatever the data holds. */
const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const attribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** index.html cut where a rendered page goes: before #root, its boot screen, and after #root. */
interface Template {
  beforeRoot: string;
  boot: string;
  /** What follows #root (the closing tags). */
  afterRoot: string;
  /** #root with its boot screen and what follows: the rest of index.html as it is. */
  plainRest: string;
}

function cut(index: string): Template {
  const root = index.indexOf(ROOT_OPEN);
  const start = index.indexOf(APP_START);
  const end = index.indexOf(APP_END);
  if (root < 0 || start < root || end < start)
    throw new Error(`index.html has no ${ROOT_OPEN}${APP_START}…${APP_END} around its boot screen`);
  const afterApp = index.slice(end + APP_END.length);
  if (!afterApp.startsWith('</div>')) throw new Error(`index.html's ${APP_END} does not end #root`);
  return {
    beforeRoot: index.slice(0, root),
    boot: index.slice(start + APP_START.length, end),
    afterRoot: afterApp.slice('</div>'.length),
    plainRest: index.slice(root),
  };
}

/**
 * The page's chunks, inert in a `<template>`: the entry (src/client/start.ts) moves them into the
 * head after the page's first frame, and the browser fetches them all at once, in one round trip.
 * As a `Link` header or in the head itself they were fetched and compiled as the page arrived, on
 * the cores that lay the page out and paint it (issue 39: the portfolio's first screen, 365 ms at
 * p50 on this 2-core machine, was 284 without them, its hydration no later).
 */
const modulesTemplate = (modules: readonly string[]) =>
  modules.length
    ? `<template id="${MODULES_TEMPLATE_ID}">${modules.map((m) => `<link rel="modulepreload" crossorigin href="${attribute(m)}">`).join('')}</template>`
    : '';

/** Per route's list (route-preloads.ts keeps one array per route): written once, not per page. */
const templates = new WeakMap<readonly string[], string>();
const templateOf = (modules: readonly string[]) => {
  let html = templates.get(modules);
  if (html === undefined) templates.set(modules, (html = modulesTemplate(modules)));
  return html;
};

/**
 * The page's first bytes, sent before its render ends: index.html's head in the page's language
 * and direction, with the page's chunks for later (`modulesTemplate`), and the boot screen before
 * #root, in the page's colour mode (`data-boot`: a mode chosen in the app, not the system's),
 * painted until #root is in (index.html's style hides it then).
 */
const headHtml = (template: Template, head: ServerRenderHead, modules: readonly string[]) =>
  template.beforeRoot
    .replace(/<html[^>]*>/, `<html lang="${attribute(head.lang)}" dir="${head.dir}" data-boot="${head.scheme}">`)
    .replace('</head>', `${templateOf(modules)}</head>`) + template.boot;

/** The rendered page after its head: its styles (emotion's client cache moves them to <head>), #root, the data. */
function pageRest(template: Template, page: ServerRenderResult): string {
  const data = `<script type="application/json" id="${HYDRATION_STATE_ID}">${jsonForHtml(page.state)}</script>`;
  return `${page.styles}${ROOT_OPEN}${page.html}</div>${template.afterRoot}`.replace('</body>', `${data}</body>`);
}

/** index.html with a rendered page in place of the boot screen, whole (what the two parts make). */
export function pageHtml(index: string, page: ServerRenderResult, modules: readonly string[] = []): string {
  const template = cut(index);
  return headHtml(template, page, modules) + pageRest(template, page);
}

/**
 * The page's API calls answered in process (Fastify's inject: no socket), as from the visitor: the
 * same address (rate limits, audit), the same headers the client's middleware set.
 */
function inProcessFetch(app: FastifyInstance, visitor: FastifyRequest): ServerFetch {
  return async (request) => {
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      remoteAddress: visitor.ip,
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers,
    });
  };
}

/**
 * A page the server renders, in two parts: its head goes out as soon as the render is under way
 * (the boot screen paints and the scripts load while the data is asked for), the rest when the
 * render ends: the page, or, if the render fails after all, index.html's own #root with its boot
 * screen (the browser renders, as without this).
 */
export interface StreamedPage {
  head: string;
  rest: Promise<string>;
}

/** `modules`: the page's chunks (route-preloads.ts), fetched after its first frame. */
export type ServerRender = (request: FastifyRequest, modules?: readonly string[]) => Promise<StreamedPage | null>;

/**
 * The longest a visitor waits for the server's render (renders take turns: a queue counts too);
 * past it they get index.html and the browser renders, as it would without this.
 */
export const SERVER_RENDER_BUDGET_MS = 2_000;

/** The render, or null once the budget is spent (the render itself ends in its turn, unused). */
function withinBudget<T>(render: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([render, late]).finally(() => clearTimeout(timer));
}

/**
 * The first screen of a signed-in page as HTML (src/client/ssr/), or null where the client renders
 * alone: no bundle in the build, no session or view cookie, a path the bundle does not render, or
 * any failure of the render before it went ahead (the visitor gets the app as before, never an
 * error page). The bundle runs in a worker thread (render-worker.ts), started at the first request
 * that may use it, not at start: a server that only answers the API does not hold React and MUI.
 */
export function serverRender(
  app: FastifyInstance,
  clientDir: string,
  budgetMs = SERVER_RENDER_BUDGET_MS,
): ServerRender {
  const entry = path.join(clientDir, SERVER_RENDER_DIR, 'entry-server.js');
  const index = path.join(clientDir, 'index.html');
  if (!existsSync(entry) || !existsSync(index)) return () => Promise.resolve(null);
  let template: Template;
  try {
    template = cut(readFileSync(index, 'utf8'));
  } catch (error) {
    app.log.error({ err: error }, 'no server render: index.html is not as the build writes it');
    return () => Promise.resolve(null);
  }
  const worker = renderWorker(entry);
  app.addHook('onClose', () => worker.stop());
  return async (request, modules = []) => {
    const cookie = request.headers.cookie;
    if (!hasCookie(cookie, SESSION_COOKIE) || !hasCookie(cookie, VIEW_COOKIE)) return null;
    const pathname = request.url.split('?')[0]!;
    let headKnown: (head: ServerRenderHead) => void = () => undefined;
    const going = new Promise<ServerRenderHead>((resolve) => (headKnown = resolve));
    const rendered = withinBudget(
      worker.render({ url: request.url, pathname, cookie, fetch: inProcessFetch(app, request), head: headKnown }),
      budgetMs,
    ).then((outcome): ServerRenderResult | null => {
      if (outcome === null) return null;
      if ('error' in outcome) {
        request.log.error(
          { url: pathname, cause: outcome.error },
          'server render failed; the page renders in the browser',
        );
        return null;
      }
      return outcome.page;
    });
    const first = await Promise.race([going, rendered.then(() => undefined)]);
    if (first === undefined) {
      // Ended before going ahead (not the server's page, a refused audience, a failure), or a
      // bundle that tells no head: the page whole, or index.html.
      const page = await rendered;
      return page && { head: headHtml(template, page, modules), rest: Promise.resolve(pageRest(template, page)) };
    }
    return {
      head: headHtml(template, first, modules),
      rest: rendered.then((page) => (page ? pageRest(template, page) : template.plainRest)),
    };
  };
}
