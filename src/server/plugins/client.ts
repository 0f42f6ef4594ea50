import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The built client, with history fallback: any GET outside /api that is not a file gets
 * index.html, so deep links like /property/3/rooms load the app.
 */
export async function registerClient(app: FastifyInstance, clientDir: string): Promise<boolean> {
  const index = path.join(clientDir, 'index.html');
  const present = existsSync(index);
  if (present) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: true,
      index: false,
      setHeaders(res, file) {
        // Hashed file names never change content: cache them for a year. index.html never.
        if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });
  }
  if (present) {
    // @fastify/static refuses the bare folder (403) before any fallback: the root is the app.
    app.get('/', (_req, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html'));
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    if (req.method === 'GET' && present && !url.startsWith('/api/') && !path.extname(url)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ detail: 'Not found.' });
  });
  return present;
}
