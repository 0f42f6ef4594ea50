/**
 * The server's side of rendering a signed-in first screen (src/server/plugins/server-render.ts),
 * with stand-in bundles in a client folder of its own: when it asks the bundle at all, how the
 * page is put together (index.html's head and scripts, the styles, the data block that no data
 * can break out of), and that a slow, failing or absent render gives the browser index.html.
 * tests/e2e/server-render.test.ts drives the real bundle in Chromium.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { pageHtml, serverRender } from '../../src/server/plugins/server-render.js';
import { HYDRATION_STATE_ID, SERVER_RENDER_DIR, type ServerRenderResult } from '../../src/shared/server-render.js';

const INDEX = `<!doctype html>
<html lang="en" dir="ltr">
  <head><title>Ananas</title><script type="module" src="/assets/index-Ab12.js"></script></head>
  <body><div id="root"><!--app--><div class="boot">Ananas</div><!--/app--></div></body>
</html>`;

const page: ServerRenderResult = {
  html: '<main>rows</main>',
  styles: '<style data-emotion="css abc">.css-abc{color:red}</style>',
  state: { language: 'fa', queries: { note: '</script><script>alert(1)</script>' } },
  lang: 'fa',
  dir: 'rtl',
};

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A client folder whose render bundle is `source` (an ES module), or none. */
function clientWith(source: string | undefined): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ananas-render-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  if (source !== undefined) {
    mkdirSync(path.join(dir, SERVER_RENDER_DIR));
    writeFileSync(path.join(dir, SERVER_RENDER_DIR, 'entry-server.js'), source);
  }
  return dir;
}

const bundle = (render: string) => `
  export const rendersPath = (p) => p === '/property-portfolio';
  export const renderPage = async (request) => { ${render} };
`;

const request = (url: string, cookie?: string) =>
  ({ url, headers: { cookie }, log: { error: () => {} } }) as unknown as FastifyRequest;
const SIGNED_IN = 'ananas_session=%7B%7D; ananas_view=%7B%7D';

describe('the server render', () => {
  it('puts the page in place of the boot screen, styles in the head, the data in a block no data can leave', () => {
    const html = pageHtml(INDEX, page);
    expect(html).toContain('<html lang="fa" dir="rtl">');
    expect(html).toContain(`${page.styles}</head>`);
    expect(html).toContain('<div id="root"><main>rows</main></div>');
    expect(html).not.toContain('class="boot"');
    expect(html).toContain('<script type="module" src="/assets/index-Ab12.js"></script>');
    const block = new RegExp(`<script type="application/json" id="${HYDRATION_STATE_ID}">(.*?)</script>`).exec(html);
    expect(JSON.parse(block![1]!)).toEqual(page.state);
    expect(html).not.toContain('<script>alert(1)');
    expect(() => pageHtml('<html><body></body></html>', page)).toThrow(/<!--app-->/);
  });

  it('asks the bundle only with both cookies and for a path it renders; renders what it answers', async () => {
    const app = Fastify();
    const asked: string[] = [];
    const dir = clientWith(bundle(`globalThis.__asked.push(request.url); return ${JSON.stringify(page)};`));
    (globalThis as unknown as { __asked: string[] }).__asked = asked;
    const render = serverRender(app, dir);
    expect(await render(request('/property-portfolio', 'ananas_session=%7B%7D'))).toBeNull();
    expect(await render(request('/property-portfolio', 'ananas_view=%7B%7D'))).toBeNull();
    expect(await render(request('/property-facts', SIGNED_IN))).toBeNull();
    expect(asked).toEqual([]);
    expect(await render(request('/property-portfolio?x=1', SIGNED_IN))).toBe(pageHtml(INDEX, page));
    expect(asked).toEqual(['/property-portfolio?x=1']);
    await app.close();
  });

  it('a render that fails, answers nothing, or outlasts its budget gives index.html (null); no bundle, nothing is asked', async () => {
    const app = Fastify();
    const cases = [
      bundle(`throw new Error('render failed');`),
      bundle(`return null;`),
      bundle(`await new Promise((r) => setTimeout(r, 500)); return ${JSON.stringify(page)};`),
      'export const rendersPath = () => { throw new Error("broken bundle"); };',
      undefined,
    ];
    for (const source of cases)
      expect(await serverRender(app, clientWith(source), 100)(request('/property-portfolio', SIGNED_IN))).toBeNull();
    await app.close();
  });
});
