/**
 * The built client over the wire: the build's stored brotli and gzip variants go out with the
 * right Content-Encoding and Vary, hashed assets are cached for a year (immutable), index.html and
 * the history fallback are revalidated every visit, and nothing is compressed that should not be.
 * The files are made here and compressed by the build's own step (scripts/vite-precompress.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { precompressFile } from '../../scripts/vite-precompress.js';
import { createTestDb, type TestDb } from '../helpers/db.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Text that compresses like real code: repeated, but not one character. */
const code = (name: string) =>
  Array.from({ length: 400 }, (_, i) => `export const ${name}${i} = () => "${name} ${i % 17}";`).join('\n');

describe('the client as served: precompressed, cached by kind', () => {
  let dir: string;
  let testDb: TestDb;
  let built: App;
  const files: Record<string, string | Buffer> = {
    'index.html': `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- pad -->'.repeat(200)}</body></html>`,
    'assets/index-Ab12Cd34.js': code('entry'),
    'assets/index-Ef56Gh78.css': Array.from(
      { length: 300 },
      (_, i) => `.c${i}{margin:${i}px;color:#${(i * 4099).toString(16).padStart(6, '0').slice(0, 6)}}`,
    ).join('\n'),
    'assets/tiny-Zz99Yy88.js': 'export const tiny = 1;',
    'assets/noto-sans-Qq11Ww22.woff2': Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)),
    // As scripts/vite-route-preloads.ts writes it: per route, the entry's chunks, then the page's.
    'route-preloads.json': JSON.stringify([
      { path: '/login', access: 'login', files: ['/assets/index-Ab12Cd34.js', '/assets/login-page-Aa11Bb22.js'] },
      {
        path: '/property-portfolio',
        access: 'user',
        files: ['/assets/index-Ab12Cd34.js', '/assets/portfolio-Cc33Dd44.js', '/assets/shell-Ee55Ff66.js'],
      },
      {
        path: '/property/:id/:currentTab',
        access: 'user',
        files: ['/assets/index-Ab12Cd34.js', '/assets/editor-Gg77Hh88.js'],
      },
      { path: '/about', access: 'public', files: ['/assets/index-Ab12Cd34.js', '/assets/about-Ii99Jj00.js'] },
    ]),
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ananas-client-'));
    for (const [name, body] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), body);
      await precompressFile(path.join(dir, name));
    }
    // The client's files do not touch the database: one dialect is enough.
    testDb = await createTestDb('sqlite');
    const config = {
      ...loadConfig({ LOG_LEVEL: 'silent', ANANAS_DEMO: '0' }),
      dataDir: testDb.dataDir,
      clientDir: dir,
    };
    built = await buildApp({ config, db: testDb.db, logger: false, worker: false });
  });
  afterAll(async () => {
    await built.close();
    await testDb.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => built.app.inject({ method: 'GET', url, headers });
  const decoded = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
    res.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(res.rawPayload)
      : res.headers['content-encoding'] === 'gzip'
        ? gunzipSync(res.rawPayload)
        : res.rawPayload;

  it('the build step stores brotli and gzip beside text files, and leaves small and binary files alone', () => {
    for (const name of ['index.html', 'assets/index-Ab12Cd34.js', 'assets/index-Ef56Gh78.css']) {
      const original = readFileSync(path.join(dir, name));
      expect(brotliDecompressSync(readFileSync(path.join(dir, `${name}.br`))).equals(original)).toBe(true);
      expect(gunzipSync(readFileSync(path.join(dir, `${name}.gz`))).equals(original)).toBe(true);
      expect(readFileSync(path.join(dir, `${name}.br`)).length).toBeLessThan(original.length / 3);
    }
    for (const name of ['assets/tiny-Zz99Yy88.js', 'assets/noto-sans-Qq11Ww22.woff2']) {
      expect(existsSync(path.join(dir, `${name}.br`))).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`))).toBe(false);
    }
  });

  it('a hashed script goes out as brotli, gzip or plain as the browser accepts, cached for a year, varying by Accept-Encoding', async () => {
    const original = readFileSync(path.join(dir, 'assets/index-Ab12Cd34.js'));
    const cases: Array<[string | undefined, string | undefined, string]> = [
      ['gzip, deflate, br, zstd', 'br', 'index-Ab12Cd34.js.br'],
      ['gzip, deflate', 'gzip', 'index-Ab12Cd34.js.gz'],
      ['br;q=0, gzip', 'gzip', 'index-Ab12Cd34.js.gz'],
      ['identity', undefined, 'index-Ab12Cd34.js'],
      [undefined, undefined, 'index-Ab12Cd34.js'],
    ];
    for (const [accept, encoding, stored] of cases) {
      const res = await get('/assets/index-Ab12Cd34.js', accept ? { 'accept-encoding': accept } : {});
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(Number(res.headers['content-length'])).toBe(readFileSync(path.join(dir, 'assets', stored)).length);
      expect(decoded(res).equals(original), String(accept)).toBe(true);
    }
  });

  it('stylesheets too; a file stored without variants goes out plain; fonts are never encoded and do not vary', async () => {
    const css = await get('/assets/index-Ef56Gh78.css', { 'accept-encoding': 'br' });
    expect(css.headers).toMatchObject({
      'content-encoding': 'br',
      'cache-control': IMMUTABLE,
      vary: 'Accept-Encoding',
    });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(decoded(css).toString()).toBe(files['assets/index-Ef56Gh78.css']);

    const tiny = await get('/assets/tiny-Zz99Yy88.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['cache-control']).toBe(IMMUTABLE);
    expect(tiny.body).toBe(files['assets/tiny-Zz99Yy88.js']);

    const font = await get('/assets/noto-sans-Qq11Ww22.woff2', { 'accept-encoding': 'br, gzip' });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers.vary).toBeUndefined();
    expect(font.headers['cache-control']).toBe(IMMUTABLE);
    expect(font.rawPayload.equals(files['assets/noto-sans-Qq11Ww22.woff2'] as Buffer)).toBe(true);
  });

  it("a build file carries the headers that act on it, not the page's policies; the page carries them all", async () => {
    const script = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' });
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['strict-transport-security']).toContain('max-age=');
    for (const policy of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
    ])
      expect(script.headers[policy], policy).toBeUndefined();
    for (const url of ['/', '/login']) {
      const page = await get(url);
      expect(page.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(page.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('index.html, at the root and as the history fallback, is compressed and revalidated on every visit (304 when unchanged)', async () => {
    for (const url of ['/', '/property/3/rooms', '/login?next=%2Fdashboard']) {
      const res = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      // The Link header of the page names the chunks a session cookie leads to.
      expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
      expect(decoded(res).toString()).toBe(files['index.html']);
      const again = await get(url, {
        'accept-encoding': 'gzip, deflate, br',
        'if-none-match': String(res.headers.etag),
      });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    const plain = await get('/dashboard');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(files['index.html']);
  });

  it('an API address or a missing file is a 404 in the API shape, never the app or a stored variant', async () => {
    for (const url of ['/api/no-such-call/', '/assets/missing-00000000.js']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it("names the page's chunks in a modulepreload Link header: the page a path shows, or sign-in for a signed-out visitor to a signed-in page", async () => {
    const link = async (url: string, cookie?: string) =>
      (await get(url, cookie ? { cookie } : {})).headers.link as string | undefined;
    const session = `theme=dark; ananas_session=${encodeURIComponent(JSON.stringify({ token: 'x' }))}`;
    expect(await link('/property-portfolio', session)).toBe(
      '</assets/index-Ab12Cd34.js>; rel=modulepreload, </assets/portfolio-Cc33Dd44.js>; rel=modulepreload, </assets/shell-Ee55Ff66.js>; rel=modulepreload',
    );
    // A route's :params match one segment; the query and a trailing slash do not matter.
    expect(await link('/property/3/rooms?from=portfolio', session)).toContain('</assets/editor-Gg77Hh88.js>');
    expect(await link('/property-portfolio/', session)).toContain('portfolio-Cc33Dd44');
    expect(await link('/property/3', session)).toBeUndefined();
    expect(await link('/property/3/rooms/extra', session)).toBeUndefined();
    // Without a session the app shows sign-in there: its chunks, not the portfolio's.
    expect(await link('/property-portfolio')).toBe(
      '</assets/index-Ab12Cd34.js>; rel=modulepreload, </assets/login-page-Aa11Bb22.js>; rel=modulepreload',
    );
    expect(await link('/property-portfolio', 'ananas_session_old=1')).toContain('login-page');
    expect(await link('/about')).toContain('about-Ii99Jj00');
    expect(await link('/no-such-page', session)).toBeUndefined();
    // Files are not pages: no header on them.
    expect(await link('/assets/index-Ab12Cd34.js', session)).toBeUndefined();
  });
});
