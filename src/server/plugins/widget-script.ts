import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** The embed script as served (read once: it is a source file, not a build output). */
export const widgetScript = readFileSync(new URL('../../embed/widget.js', import.meta.url), 'utf8');

/** Its size as sent compressed, for docs/api-and-partners.md ("The embeddable widget") and the bench. */
export const widgetScriptGzipBytes = (): number => gzipSync(widgetScript, { level: 9 }).length;

/** GET /widget.js: the script hotel sites load; any site may load it, the data call checks origins. */
export function registerWidgetScript(app: FastifyInstance): void {
  app.get('/widget.js', async (_req, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=300')
      .send(widgetScript),
  );
}
