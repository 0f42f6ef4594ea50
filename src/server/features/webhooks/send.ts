import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

export interface SendOptions {
  /** The whole attempt (resolving, connecting, sending, the answer's head) ends by then. */
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE: local receivers allowed (never in production). */
  allowPrivate: boolean;
  /** The job's signal: the worker stopping or its lease lost ends the attempt at once. */
  signal?: AbortSignal;
}

export interface Answer {
  status: number;
}

// One pair of agents per setting. request-filtering-agent checks the address at the socket: a
// literal host before connecting, a name's every resolved address in the lookup the socket
// makes, so a name that resolves inward (now or after a DNS change) is refused there too.
const agents = new Map<boolean, { http: http.Agent; https: https.Agent }>();
function agentsFor(allowPrivate: boolean) {
  let pair = agents.get(allowPrivate);
  if (!pair) {
    const options = { allowPrivateIPAddress: allowPrivate, allowMetaIPAddress: false, keepAlive: false };
    pair = { http: new RequestFilteringHttpAgent(options), https: new RequestFilteringHttpsAgent(options) };
    agents.set(allowPrivate, pair);
  }
  return pair;
}

/**
 * POST one webhook body and answer the receiver's status (its body is not read: the status is
 * the acknowledgement). Redirects are not followed (a 3xx is the answer). The time limit is a
 * timer held here and cleared at the end, not AbortSignal.timeout: on Node 20 a timeout signal
 * combined with AbortSignal.any can be garbage-collected with its timer, leaving an attempt to a
 * silent receiver open for minutes.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const pair = agentsFor(options.allowPrivate);
    let settled = false;
    const finish = (error: Error | null, answer?: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(answer!);
    };
    const req = (secure ? https : http).request(target, {
      method: 'POST',
      agent: secure ? pair.https : pair.http,
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    const timer = setTimeout(() => {
      const error = new Error(`The receiver did not answer within ${Math.round(options.timeoutMs / 100) / 10} s.`);
      req.destroy(error);
      finish(error);
    }, options.timeoutMs);
    const onAbort = () => {
      const error = options.signal?.reason instanceof Error ? options.signal.reason : new Error('stopped');
      req.destroy(error);
      finish(error);
    };
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('response', (res) => {
      finish(null, { status: res.statusCode ?? 0 });
      res.destroy();
    });
    req.on('error', (e) => finish(e));
    req.end(body);
  });
}
