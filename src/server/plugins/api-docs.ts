import type { FastifyInstance } from 'fastify';
import openapi from '../../shared/generated/openapi.json' with { type: 'json' };

type Json = Record<string, unknown>;

const esc = (s: unknown): string => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function schemaName(schema: unknown): string {
  const s = schema as Json | undefined;
  if (!s) return '';
  if (typeof s.$ref === 'string') return s.$ref.split('/').pop()!;
  if (s.type === 'array') return `${schemaName(s.items)}[]`;
  if (s.contentMediaType) return String(s.contentMediaType);
  return Array.isArray(s.type) ? s.type.join(' | ') : String(s.type ?? 'object');
}

function securityText(op: Json): string {
  const sec = op.security as Json[] | undefined;
  if (!sec?.length) return 'public (security: [])';
  return sec
    .map((s) =>
      Object.keys(s)[0] === 'apiKeyAuth' ? 'X-Api-Key: &lt;API key&gt;' : 'Authorization: Token &lt;auth_token&gt;',
    )
    .join(', ');
}

/**
 * The API reference page, rendered on the server from the same openapi.json the API serves:
 * plain HTML with an inline style sheet, no script, no font and nothing from another host, so
 * it passes the portal's CSP and works offline. Partner API operations come first.
 */
export function docsHtml(doc: Json = openapi as unknown as Json): string {
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = (op.tags as string[] | undefined)?.[0] ?? 'other';
      const params = ((op.parameters as Json[] | undefined) ?? [])
        .map((p) => `<code>${esc(p.name)}</code> (${esc(p.in)}${p.required ? ', required' : ''})`)
        .join(', ');
      const bodyRef = (op.requestBody as Json | undefined)?.$ref;
      const body =
        typeof bodyRef === 'string'
          ? (((doc.components as Json).requestBodies as Record<string, Json>)[bodyRef.split('/').pop()!]?.content as
              Record<string, Json> | undefined)
          : undefined;
      // Request bodies are components of their own (requestBodies), named after their schema.
      const bodyText = body
        ? Object.keys(body)
            .map((type) => `${esc(type)}: <code>${esc(String(bodyRef).split('/').pop())}</code>`)
            .join(', ')
        : '';
      const responses = Object.entries((op.responses as Record<string, Json>) ?? {})
        .map(([status, r]) => {
          const content = r.content as Record<string, Json> | undefined;
          const first = content ? Object.values(content)[0] : undefined;
          return `<li><b>${esc(status)}</b> ${esc(r.description ?? '')}${first ? ` <code>${esc(schemaName(first.schema))}</code>` : ''}</li>`;
        })
        .join('');
      const html = `<section id="${esc(op.operationId)}"><h3><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p>${esc(op.summary)}</p>${op.description ? `<p>${esc(op.description)}</p>` : ''}
<p class="k">Auth: ${securityText(op)}${params ? ` · Parameters: ${params}` : ''}${bodyText ? ` · Body: ${bodyText}` : ''}</p><ul>${responses}</ul></section>`;
      (byTag.get(tag) ?? byTag.set(tag, []).get(tag)!).push(html);
    }
  }
  const tags = [...byTag.keys()].sort((a, b) =>
    a === 'partner-api' ? -1 : b === 'partner-api' ? 1 : a.localeCompare(b),
  );
  const info = doc.info as Json;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(info.title)} ${esc(info.version)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:14px/1.5 system-ui,sans-serif;margin:0 auto;max-width:980px;padding:24px;color:#222}code{font:13px ui-monospace,monospace;background:#f4f4f4;padding:1px 4px;border-radius:3px}
section{border-top:1px solid #e3e3e3;padding:6px 0}h3{margin:8px 0 2px;font-size:15px}.m{display:inline-block;min-width:58px;font-size:12px;color:#fff;border-radius:3px;padding:1px 6px;text-align:center}
.get{background:#2b7bb9}.post{background:#2f9e44}.put{background:#e67700}.patch{background:#9c36b5}.delete{background:#c92a2a}.k{color:#555;font-size:13px}nav a{margin-right:10px}</style></head>
<body><h1>${esc(info.title)} <small>${esc(info.version)}</small></h1>
<p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). The partner API (<code>/api/v1/...</code>) takes an API key in the <code>X-Api-Key</code> header (never in the URL); every other signed-in call the session token in <code>Authorization: Token ...</code>. Reads of the partner API answer an <code>ETag</code>; send it back in <code>If-None-Match</code> to get 304 when nothing changed. Too many calls with one key answer 429 with <code>Retry-After</code>.</p>
<nav>${tags.map((t) => `<a href="#tag-${esc(t)}">${esc(t)}</a>`).join('')}</nav>
${tags.map((t) => `<h2 id="tag-${esc(t)}">${esc(t)}</h2>${byTag.get(t)!.join('\n')}`).join('\n')}
</body></html>`;
}

/** GET /api/openapi.json (the generated document, as committed) and GET /api/docs (its page). */
export function registerApiDocs(app: FastifyInstance): void {
  const json = JSON.stringify(openapi);
  let page: string | undefined;
  app.get('/api/openapi.json', async (_req, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(json),
  );
  app.get('/api/docs', async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send((page ??= docsHtml())),
  );
}
