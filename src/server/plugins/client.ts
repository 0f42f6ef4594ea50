import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRECOMPRESSED } from '../../shared/precompressed.js';
import { routePreloads } from './route-preloads.js';
import { htmlStream } from './compressed-html.js';
import { serverRender } from './server-render.js';
import { SERVER_RENDER_DIR } from '../../shared/server-render.js';

const ASSETS = `${path.sep}assets${path.sep}`;
/** Hashed file names (Vite's assets/) never change content: a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current assets: asked again on every visit (a 304 when unchanged). */
const REVALIDATE = 'no-cache';

/** The file as built: name.br and name.gz are stored variants of name. */
const original = (file: string): string => file.replace(/\.(?:br|gz)$/, '');

function cacheHeaders(res: SetHeadersResponse, file: string): void {
  const built = original(file);
  res.setHeader('cache-control', built.includes(ASSETS) ? IMMUTABLE : REVALIDATE);
  // The answer depends on Accept-Encoding wherever the build stored compressed variants, also
  // when the file itself went out: a shared cache must not hand it to a brotli-capable browser.
  // index.html's Link header names the chunks of the page a session cookie leads to (route-preloads.ts).
  if (PRECOMPRESSED.test(built))
    res.setHeader('vary', path.basename(built) === 'index.html' ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
}

/**
 * The built client, with history fallback: any GET outside /api that is not a file gets
 * index.html, so deep links like /property/3/rooms load the app. Text files go out as the build
 * compressed them (name.br, name.gz beside name: brotli, then gzip, as the browser accepts).
 */
export async function registerClient(app: FastifyInstance, clientDir: string): Promise<boolean> {
  const index = path.join(clientDir, 'index.html');
  const present = existsSync(index);
  const preloads = routePreloads(clientDir);
  const render = serverRender(app, clientDir);
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    const modules = preloads(req.url, req.headers.cookie);
    // Decided before the first byte: a page the server renders names its chunks in its head, for
    // after its first frame (server-render.ts); one the browser renders needs them at once.
    const page = await render(req, modules?.files);
    if (page === null && modules) reply.header('link', modules.header);
    if (page !== null) {
      const { stream, send, encoding } = htmlStream(req.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      stream.write(page.head);
      send();
      // The rest never fails (a failed render's rest is index.html's); a visitor who left has
      // closed the stream, and nothing more is written.
      void page.rest.then((rest) => {
        if (!stream.destroyed) stream.end(rest);
      });
      // The visitor's own data: kept by no cache, asked again on every visit.
      return reply
        .header('cache-control', 'private, no-store')
        .header('vary', 'Accept-Encoding, Cookie')
        .type('text/html; charset=utf-8')
        .send(stream);
    }
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  };
  if (present) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: true,
      index: false,
      preCompressed: true,
      // send's own `public, max-age=0` would be written over ours: the headers are set here only.
      cacheControl: false,
      setHeaders: cacheHeaders,
      // The server's render bundle sits in the build's folder; it is the server's, not a file to hand out.
      allowedPath: (pathName) => !pathName.replace(/^\/+/, '').startsWith(`${SERVER_RENDER_DIR}/`),
    });
    // @fastify/static refuses the bare folder (403) before any fallback: the root is the app.
    app.get('/', (req, reply) => sendIndex(req, reply));
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    if (req.method === 'GET' && present && !url.startsWith('/api/') && !path.extname(url)) return sendIndex(req, reply);
    return reply.code(404).send({ detail: 'Not found.' });
  });
  return present;
}
