import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets: a key, token, secret, password, signature or uid
 * (an activation link's), under any case, with `-` or `_`, alone or at the end of a longer name
 * (access_token, client_secret, x-api-key). Such a value sent in the wrong place is refused by the
 * route and must not reach the log either.
 */
const SECRET_NAME = /(^|[_-])(api[_-]?key|apikey|key|token|secret|password|passwd|signature|sig|uid)$/i;
export const REDACTED = 'REDACTED';

/** The request URL with the values of secret-looking query parameters replaced by REDACTED. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A name that is not valid percent-encoding is judged as written.
      }
      return SECRET_NAME.test(name.trim()) && eq >= 0 ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's request serializer (the "incoming request" line), with the URL redacted. */
export function requestSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
