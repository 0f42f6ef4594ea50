import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Security headers for API and app alike, chosen by helmet. helmet works out the same headers
 * for every response, so they are computed once at start-up and then set as they are (helmet
 * re-parsing its policy on each request was a visible share of a small request's cost).
 * Emotion (MUI) injects <style> tags, hence 'unsafe-inline' for styles only.
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, res, () => undefined);
  return headers;
}

/**
 * What a hashed build file (`/assets/...`: scripts, styles, fonts) keeps of them. A document's
 * policies (CSP, framing, referrer, opener) govern the page that loads these files, not the
 * files; on each of the sign-in page's ~17 files they were 600 bytes of headers, more than many
 * files' bodies, and pushed its first visit past 250 KB on the wire. What does act on a
 * subresource stays: no MIME sniffing, the same-origin resource policy, HSTS.
 */
const ASSET_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  const assetHeaders = Object.fromEntries(
    ASSET_HEADERS.flatMap((name) => (headers[name] ? [[name, headers[name]]] : [])),
  );
  // A callback hook, not an async one: no promise and microtask per request for a synchronous step.
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith('/assets/') ? assetHeaders : headers);
    done();
  });
}
