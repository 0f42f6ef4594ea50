/**
 * The server's side of rendering a signed-in first screen (src/server/plugins/server-render.ts),
 * with stand-in bundles in a client folder of its own: when it asks the bundle at all, how the
 * page is put together (index.html's head and scripts, the styles, the data block that no data
 * can break out of), that its head goes out before the render ends (registerClient, over HTTP),
 * and that a slow, failing or absent render gives the browser index.html.
 * tests/e2e/server-render.test.ts drives the real bundle in Chromium.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, constants } from 'node:zlib';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerClient } from '../../src/server/plugins/client.js';
import { pageHtml, serverRender, type StreamedPage } from '../../src/server/plugins/server-render.js';
import {
  HYDRATION_STATE_ID,
  MODULES_TEMPLATE_ID,
  SERVER_RENDER_DIR,
  type ServerRenderResult,
} from '../../src/shared/server-render.js';

const INDEX = `<!doctype html>
<html lang="en" dir="ltr">
  <head><title>Ananas</title><script type="module" src="/assets/index-Ab12.js"></script></head>
  <body><div id="root"><!--app--><div class="boot">Ananas</div><!--/app--></div></body>
</html>`;

const page: ServerRenderResult = {
  html: '<main>rows</main>',
  styles: '<style data-emotion="css abc">.css-abc{color:red}</style>',
  state: { language: 'fa', queries: { note: '</script><script>alert(1)</script>' }, chunks: ['portfolio-table-page'] },
  lang: 'fa',
  dir: 'rtl',
  scheme: 'dark',
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

/** The page as the visitor gets it: both parts. */
const whole = async (streamed: StreamedPage | null) => streamed && streamed.head + (await streamed.rest);

describe('the server render', () => {
  it('puts the page in place of the boot screen, behind it; styles before #root; the data in a block no data can leave', () => {
    const html = pageHtml(INDEX, page);
    expect(html).toContain('<html lang="fa" dir="rtl" data-boot="dark">');
    // The boot screen comes first, before #root (index.html's style hides it once #root is in).
    expect(html).toContain(`<body><div class="boot">Ananas</div>${page.styles}<div id="root"><main>rows</main></div>`);
    expect(html.match(/class="boot"/g)).toHaveLength(1);
    expect(html).toContain('<script type="module" src="/assets/index-Ab12.js"></script>');
    const block = new RegExp(`<script type="application/json" id="${HYDRATION_STATE_ID}">(.*?)</script>`).exec(html);
    expect(JSON.parse(block![1]!)).toEqual(page.state);
    expect(html).not.toContain('<script>alert(1)');
    expect(() => pageHtml('<html><body></body></html>', page)).toThrow(/<!--app-->/);
  });

  it('asks the bundle only with both cookies and for a path it renders; renders what it answers', async () => {
    const app = Fastify();
    const dir = clientWith(
      bundle(
        `(await import('node:fs')).appendFileSync(${JSON.stringify(path.join(os.tmpdir(), 'x'))}.replace('x', 'ananas-render-asked-' + process.pid), request.url + '\\n'); return ${JSON.stringify(page)};`,
      ),
    );
    const askedFile = path.join(os.tmpdir(), `ananas-render-asked-${process.pid}`);
    rmSync(askedFile, { force: true });
    const asked = () => (existsSync(askedFile) ? readFileSync(askedFile, 'utf8').split('\n').filter(Boolean) : []);
    const render = serverRender(app, dir);
    expect(await render(request('/property-portfolio', 'ananas_session=%7B%7D'))).toBeNull();
    expect(await render(request('/property-portfolio', 'ananas_view=%7B%7D'))).toBeNull();
    expect(await render(request('/property-facts', SIGNED_IN))).toBeNull();
    expect(asked()).toEqual([]);
    expect(await whole(await render(request('/property-portfolio?x=1', SIGNED_IN)))).toBe(pageHtml(INDEX, page));
    expect(asked()).toEqual(['/property-portfolio?x=1']);
    rmSync(askedFile, { force: true });
    await app.close();
  });

  it("a render's API calls are answered by the server in process, for the visitor", async () => {
    const app = Fastify();
    app.get('/api/echo/', (req) => ({ auth: req.headers.authorization, ip: req.ip }));
    const dir = clientWith(
      bundle(`const r = await request.fetch(new Request('http://x.invalid/api/echo/', { headers: { authorization: 'Token t' } }));
        const seen = await r.json();
        return { ...${JSON.stringify(page)}, html: '<main>' + r.status + ' ' + seen.auth + ' ' + seen.ip + '</main>' };`),
    );
    const visitor = { ...request('/property-portfolio', SIGNED_IN), ip: '203.0.113.9' } as unknown as FastifyRequest;
    expect(await whole(await serverRender(app, dir)(visitor))).toContain('<main>200 Token t 203.0.113.9</main>');
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
      expect(await serverRender(app, clientWith(source), 300)(request('/property-portfolio', SIGNED_IN))).toBeNull();
    // A render that fails after it went ahead (its head is out): index.html's own #root and scripts
    // follow, boot screen and all, and the browser renders.
    for (const source of [
      bundle(`request.head({ lang: 'fa', dir: 'rtl', scheme: 'dark' }); throw new Error('render failed');`),
      bundle(
        `request.head({ lang: 'fa', dir: 'rtl', scheme: 'dark' }); await new Promise((r) => setTimeout(r, 500)); return ${JSON.stringify(page)};`,
      ),
    ]) {
      const streamed = await serverRender(app, clientWith(source), 300)(request('/property-portfolio', SIGNED_IN));
      expect(streamed!.head).toContain('<html lang="fa" dir="rtl" data-boot="dark">');
      expect(await streamed!.rest).toBe(INDEX.slice(INDEX.indexOf('<div id="root">')));
    }
    // A worker that runs out of its heap ends; the next render has a new one.
    const dir = clientWith(
      bundle(
        `if (request.url.includes('grow')) { const a = []; for (;;) a.push(new Array(1e6).fill(1)); } return ${JSON.stringify(page)};`,
      ),
    );
    const render = serverRender(app, dir, 30_000);
    expect(await render(request('/property-portfolio?grow', SIGNED_IN))).toBeNull();
    expect(await whole(await render(request('/property-portfolio', SIGNED_IN)))).toBe(pageHtml(INDEX, page));
    await app.close();
  });

  it("names a rendered page's chunks in an inert template in its head, for after its first frame; a page the browser renders gets them in a Link header", async () => {
    const dir = clientWith(
      bundle(`request.head({ lang: 'en', dir: 'ltr', scheme: 'light' }); return ${JSON.stringify(page)};`),
    );
    const files = ['/assets/index-Ab12.js', '/assets/main-Cd34.js', '/assets/portfolio-table-page-Ef56.js'];
    writeFileSync(
      path.join(dir, 'route-preloads.json'),
      JSON.stringify([{ path: '/property-portfolio', access: 'user', files }]),
    );
    const app = Fastify();
    await registerClient(app, dir);
    const links = files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('');
    const rendered = await app.inject({ url: '/property-portfolio', headers: { cookie: SIGNED_IN } });
    expect(rendered.body).toContain(`<template id="${MODULES_TEMPLATE_ID}">${links}</template></head>`);
    expect(rendered.body).toContain('<main>rows</main>');
    // In a header the browser would fetch and compile them as the page arrives.
    expect(rendered.headers.link).toBeUndefined();
    // Without the view cookie the browser renders the page: it needs its chunks at once.
    const plain = await app.inject({ url: '/property-portfolio', headers: { cookie: 'ananas_session=%7B%7D' } });
    expect(plain.headers.link).toBe(files.map((f) => `<${f}>; rel=modulepreload`).join(', '));
    expect(plain.body).not.toContain(MODULES_TEMPLATE_ID);
    expect(plain.body).toContain('<div class="boot">Ananas</div>');
    await app.close();
    // A name is written as an attribute, whatever it holds.
    expect(pageHtml(INDEX, page, ['/assets/a"><script>x.js'])).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/a&#34;&#62;&#60;script&#62;x.js">',
    );
  });

  it('sends the head and the boot screen while the page is rendered, compressed or not; the rest when it ends', async () => {
    const release = path.join(mkdtempSync(path.join(os.tmpdir(), 'ananas-release-')), 'go');
    dirs.push(path.dirname(release));
    // The render tells its head, then waits until the test has read the first part.
    const dir = clientWith(
      bundle(`request.head({ lang: 'fa', dir: 'rtl', scheme: 'dark' });
        const { existsSync } = await import('node:fs');
        while (!existsSync(${JSON.stringify(release)})) await new Promise((r) => setTimeout(r, 5));
        return ${JSON.stringify(page)};`),
    );
    const app = Fastify();
    await registerClient(app, dir);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    for (const encoding of ['br', 'identity']) {
      rmSync(release, { force: true });
      const { first, all, headers } = await new Promise<{
        first: Buffer;
        all: Buffer;
        headers: http.IncomingHttpHeaders;
      }>((resolve, reject) => {
        http
          .get(
            {
              port,
              host: '127.0.0.1',
              path: '/property-portfolio',
              headers: { cookie: SIGNED_IN, 'accept-encoding': encoding },
            },
            (res) => {
              const chunks: Buffer[] = [];
              let first: Buffer | undefined;
              res.on('data', (chunk: Buffer) => {
                chunks.push(chunk);
                if (first) return;
                first = Buffer.concat(chunks);
                writeFileSync(release, '');
              });
              res.on('end', () => resolve({ first: first!, all: Buffer.concat(chunks), headers: res.headers }));
              res.on('error', reject);
            },
          )
          .on('error', reject);
      });
      const read = (b: Buffer) =>
        encoding === 'br'
          ? brotliDecompressSync(b, { finishFlush: constants.BROTLI_OPERATION_FLUSH }).toString()
          : b.toString();
      expect(headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined);
      expect(headers['cache-control']).toBe('private, no-store');
      // Only the head and the boot screen were out before the render was let go on.
      expect(read(first)).toBe(pageHtml(INDEX, page).slice(0, pageHtml(INDEX, page).indexOf(page.styles)));
      expect(read(first)).toContain('<html lang="fa" dir="rtl" data-boot="dark">');
      expect(read(all)).toBe(pageHtml(INDEX, page));
    }
    await app.close();
  });
});
