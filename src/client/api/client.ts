import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../shared/generated/api-paths';
import { currentLanguage } from '../i18n/current';
import { fetchForRender, inBrowser, SERVER_RENDER_ORIGIN } from '../platform/where';
import { sessionStore } from '../session/session';
import { reportUnauthorized } from './unauthorized';
import { stepUpMiddleware } from './step-up';

const TOKEN_PREFIX = 'Token ';

/**
 * Every call carries the session's token, unless the caller set its own header (sign-in reads
 * the new user with the new token before the session exists). A 401 on a call that carried a
 * token means the token is dead: the session watcher clears it.
 */
export const authMiddleware: Middleware = {
  onRequest({ request }) {
    const session = sessionStore.current();
    if (session && !request.headers.has('Authorization'))
      request.headers.set('Authorization', `${TOKEN_PREFIX}${session.token}`);
    return request;
  },
  onResponse({ request, response }) {
    const header = request.headers.get('Authorization');
    if (response.status === 401 && header?.startsWith(TOKEN_PREFIX))
      reportUnauthorized(header.slice(TOKEN_PREFIX.length));
    return response;
  },
};

/** Every call says the interface's language, so the server answers its messages in it. */
export const languageMiddleware: Middleware = {
  onRequest({ request }) {
    if (!request.headers.has('Accept-Language')) request.headers.set('Accept-Language', currentLanguage());
    return request;
  },
};

/**
 * The one typed client of the portal's API (paths generated from schemas/routes.json). In a
 * server render (src/client/ssr/) its calls go to the server in process, with the same middleware.
 */
export const api = createClient<paths>(
  inBrowser ? { baseUrl: '' } : { baseUrl: SERVER_RENDER_ORIGIN, fetch: (request: Request) => fetchForRender(request) },
);
api.use(authMiddleware);
api.use(languageMiddleware);
// After the token is set: a change refused for want of a fresh proof is asked for and sent again.
api.use(stepUpMiddleware());

export function tokenHeader(token: string): { Authorization: string } {
  return { Authorization: `${TOKEN_PREFIX}${token}` };
}
