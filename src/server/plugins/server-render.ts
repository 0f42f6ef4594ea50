import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { renderWorker } from './render-worker.js';
import { hasCookie } from './route-preloads.js';
import { SESSION_COOKIE } from '../../shared/session-cookie.js';
import {
  HYDRATION_STATE_ID,
  SERVER_RENDER_DIR,
  VIEW_COOKIE,
  type ServerFetch,
  type ServerRenderResult,
} from '../../shared/server-render.js';

/** index.html's boot screen sits between these, inside #root: a rendered page takes its place. */
const APP_START = '<!--app-->';
const APP_END = '<!--/app-->';

/** `<` written as an escape: the data block cannot end early whatever the data holds. */
const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const attribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** index.html with a rendered page in place of the boot screen. */
export function pageHtml(index: string, page: ServerRenderResult): string {
  const start = index.indexOf(APP_START);
  const end = index.indexOf(APP_END);
  if (start < 0 || end < start) throw new Error(`index.html has no ${APP_START}…${APP_END} around its boot screen`);
  const head = index
    .slice(0, start)
    .replace(/<html[^>]*>/, `<html lang="${attribute(page.lang)}" dir="${page.dir}">`)
    .replace('</head>', `${page.styles}</head>`);
  const data = `<script type="application/json" id="${HYDRATION_STATE_ID}">${jsonForHtml(page.state)}</script>`;
  return `${head}${page.html}${index.slice(end + APP_END.length)}`.replace('</body>', `${data}</body>`);
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

export type ServerRender = (request: FastifyRequest) => Promise<string | null>;

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
 * any failure of the render (the visitor gets the app as before, never an error page). The bundle
 * runs in a worker thread (render-worker.ts), started at the first request that may use it, not at
 * start: a server that only answers the API does not hold React and MUI.
 */
export function serverRender(
  app: FastifyInstance,
  clientDir: string,
  budgetMs = SERVER_RENDER_BUDGET_MS,
): ServerRender {
  const entry = path.join(clientDir, SERVER_RENDER_DIR, 'entry-server.js');
  const index = path.join(clientDir, 'index.html');
  if (!existsSync(entry) || !existsSync(index)) return () => Promise.resolve(null);
  const template = readFileSync(index, 'utf8');
  const worker = renderWorker(entry);
  app.addHook('onClose', () => worker.stop());
  return async (request) => {
    const cookie = request.headers.cookie;
    if (!hasCookie(cookie, SESSION_COOKIE) || !hasCookie(cookie, VIEW_COOKIE)) return null;
    const pathname = request.url.split('?')[0]!;
    const outcome = await withinBudget(
      worker.render({ url: request.url, pathname, cookie, fetch: inProcessFetch(app, request) }),
      budgetMs,
    );
    if (outcome === null) return null;
    if ('error' in outcome) {
      request.log.error(
        { url: pathname, cause: outcome.error },
        'server render failed; the page renders in the browser',
      );
      return null;
    }
    try {
      return outcome.page && pageHtml(template, outcome.page);
    } catch (error) {
      request.log.error({ err: error, url: pathname }, 'server render failed; the page renders in the browser');
      return null;
    }
  };
}
