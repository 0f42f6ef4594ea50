import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets: a key, token, secret, password, signature or uid
 * (an activation link's), under any case, with `-` or `_`, alone or at the end of a longer name
 * (access_token, client_secret, x-api-key). Such a value sent in the wrong place is refused by the
 * route and must not reach the log either.
 */
const SECRET_NAME = /(^|[_-])(api[_-]?key|apikey|key|token|secret|password|passwd|signature|sig|uid|ticket)$/i;

/**
 * What our secrets look like, whatever the parameter (or path segment) carrying them is called:
 * an API key (`ak_<prefix>_<secret>`), a webhook signing secret (`whsec_<base64>`), and the long
 * random texts of session tokens, stream tickets, mailed links, export links and URL signatures
 * (at least 32 characters of base64url or hex; no name or path segment of ours is that long).
 */
const SECRET_SHAPE = /ak_[A-Za-z0-9_-]{6,}|whsec_[A-Za-z0-9+/=]{6,}|[A-Za-z0-9_-]{32,}/;
export const REDACTED = 'REDACTED';

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    // Not valid percent-encoding: judged as written.
    return text;
  }
}

/** Whether a (raw) URL part carries a secret by its shape. */
const secretShaped = (raw: string): boolean => SECRET_SHAPE.test(raw) || SECRET_SHAPE.test(decoded(raw));

/**
 * The request URL with secrets replaced by REDACTED: the values of secret-looking query
 * parameters, and any query value or path segment shaped like one of our secrets (a key sent by
 * mistake as `?auth=ak_...`, the token of an activation or export link in the path).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q))
    .split('/')
    .map((segment) => (secretShaped(segment) ? REDACTED : segment))
    .join('/');
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      if (eq < 0) return secretShaped(pair) ? REDACTED : pair;
      const secret = SECRET_NAME.test(decoded(rawName).trim()) || secretShaped(pair.slice(eq + 1));
      return secret ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
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
