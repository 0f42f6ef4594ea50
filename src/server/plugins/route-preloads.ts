import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SESSION_COOKIE } from '../../shared/session-cookie.js';

/** One entry of the build's route-preloads.json (scripts/vite-route-preloads.ts). */
interface RoutePreload {
  path: string;
  access: string;
  files: string[];
}

/** A Cookie header names `name` (its value unread): what the browser holds, maybe expired. */
export const hasCookie = (header: string | undefined, name: string) =>
  !!header && header.split(';').some((part) => part.trim().startsWith(`${name}=`));

/** A page's chunks, as files and as the header that names them. */
export interface PagePreloads {
  files: readonly string[];
  /** The `Link` header of a page the browser renders: its chunks as `rel=modulepreload`. */
  header: string;
}

/**
 * The chunks of the app's page at a path: the entry's, then those of the page the router shows
 * there (and, for signed-in pages, the shell's), so the browser can fetch the page's beside the
 * entry's instead of once those have run (issue 39). A signed-in page asked for without a session
 * cookie gets the sign-in page's, where the app sends that visitor. Undefined for a path no route
 * matches, and when the build has no route-preloads.json (an older build).
 */
export function routePreloads(
  clientDir: string,
): (url: string, cookie: string | undefined) => PagePreloads | undefined {
  const file = path.join(clientDir, 'route-preloads.json');
  if (!existsSync(file)) return () => undefined;
  const routes = (JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[]).map((r) => ({
    access: r.access,
    // `:name` is one segment, as react-router matches it; the rest is literal.
    pattern: new RegExp(
      `^${r.path
        .split('/')
        .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}/?$`,
    ),
    // Without `crossorigin`: the entry's <script type=module crossorigin> fetches in the same
    // mode (CORS, credentials same-origin), so what is preloaded is what the import uses.
    preloads: { files: r.files, header: r.files.map((f) => `<${f}>; rel=modulepreload`).join(', ') },
  }));
  const signIn = routes.find((r) => r.access === 'login');
  return (url, cookie) => {
    const pathname = url.split('?')[0]!;
    const route = routes.find((r) => r.pattern.test(pathname));
    const shown = route?.access === 'user' && !hasCookie(cookie, SESSION_COOKIE) ? signIn : route;
    return shown?.preloads.files.length ? shown.preloads : undefined;
  };
}
