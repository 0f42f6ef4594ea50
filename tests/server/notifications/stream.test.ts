/**
 * The live badge's stream (server-sent events) on a real port, read as a browser's EventSource
 * would: a single-use ticket opens it, the state comes at once and again on every change, the
 * stream ends with the session, and on PostgreSQL news written by another process arrives through
 * LISTEN/NOTIFY.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../../../src/server/app.js';
import { openDatabase } from '../../../src/server/db/connect.js';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { emit, SseReader, type Json } from '../../helpers/fixtures/notifications.js';

async function listen(app: App): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
}

async function ticketOf(t: TestApp, as: Account): Promise<Json> {
  const res = await t.api('POST', '/api/notification/stream/ticket/', { token: as.token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Json>();
}

async function open(url: string, path: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${url}${path}`, { headers, signal: controller.signal });
  return { res, reader: res.ok && res.body ? new SseReader(res.body) : undefined, abort: () => controller.abort() };
}

/**
 * The first state the stream sends that `match`es. The stream sends only changes, but a change
 * made just before (the news's own follow-up writes) may arrive after the step the test waits
 * for, on a loaded machine; what matters is that the stream gets to the state, by itself.
 */
async function stateWhere(reader: SseReader, match: (data: Json) => boolean): Promise<Json | undefined> {
  for (let event = await reader.next(); event; event = await reader.next()) if (match(event.data)) return event.data;
  return undefined;
}

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`notification stream (${dialect})`, () => {
    let t: TestApp;
    let url: string;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      // Held open for the test (the test apps' default is 0: answer and end).
      t.services.config.notifications = { streamMs: 30_000, heartbeatMs: 200 };
      url = await listen(t);
    });
    afterAll(() => t.stop());

    it('opens with a ticket, sends the state at once and again when news comes; the ticket works once', async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      const ticket = await ticketOf(t, a);
      expect(ticket.stream).toBe(`/api/notification/stream/?ticket=${ticket.ticket}`);
      const s = await open(url, ticket.stream as string);
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(await s.reader!.next()).toMatchObject({
        event: 'notifications',
        data: { unread: 0, total: 0, latest: null },
      });

      await emit(t, {
        type: 'partnership_request',
        accountId: a.id,
        message: 'Sol Tours proposed a contract',
        link: '/contract-view/3',
        extraId: 3,
      });
      const news = await s.reader!.next();
      expect(news?.data).toMatchObject({
        unread: 1,
        total: 1,
        latest: { message: 'Sol Tours proposed a contract', link: '/contract-view/3', is_read: false },
      });
      // Another user's news is not this stream's.
      await emit(t, { type: 'partnership_request', accountId: b.id, message: 'for b', link: null });
      // Read in another tab: the badge falls here too.
      const id = (news!.data.latest as Json).id as number;
      await t.api('PATCH', '/api/notification/edit/', { token: a.token, body: [{ id, action: 'read' }] });
      expect(await stateWhere(s.reader!, (d) => d.unread === 0)).toMatchObject({ unread: 0, total: 1 });
      await t.api('POST', '/api/notification/delete/', { token: a.token });
      expect(await stateWhere(s.reader!, (d) => d.total === 0)).toMatchObject({ unread: 0, total: 0, latest: null });

      // Used once: the same ticket opens nothing.
      expect((await open(url, ticket.stream as string)).res.status).toBe(401);
      s.abort();
    });

    it('refuses a lapsed ticket, a made-up one and none; a token in the header works (callers that can send one)', async () => {
      const a = await signUp(t);
      const ticket = await ticketOf(t, a);
      t.clock.advance(61_000);
      expect((await open(url, ticket.stream as string)).res.status).toBe(401);
      expect((await open(url, '/api/notification/stream/?ticket=' + 'x'.repeat(43))).res.status).toBe(401);
      expect((await open(url, '/api/notification/stream/')).res.status).toBe(401);
      const byToken = await open(url, '/api/notification/stream/', { authorization: `Token ${a.token}` });
      expect(byToken.res.status).toBe(200);
      expect((await byToken.reader!.next())?.data).toMatchObject({ unread: 0 });
      byToken.abort();
    });

    it('ends when the session ends (sign-out), and a ticket of an ended session opens nothing', async () => {
      const a = await signUp(t);
      const first = await ticketOf(t, a);
      const spare = await ticketOf(t, a);
      const s = await open(url, first.stream as string);
      expect((await s.reader!.next())?.event).toBe('notifications');
      expect((await t.api('POST', '/api/auth/token/logout/', { token: a.token })).statusCode).toBe(204);
      expect(await s.reader!.waitEnd()).toBe(true);
      expect((await open(url, spare.stream as string)).res.status).toBe(401);
    });

    it('closes open streams when the app stops, so stopping never hangs', async () => {
      const other = await startTestApp(dialect);
      other.services.config.notifications = { streamMs: 60_000, heartbeatMs: 60_000 };
      const otherUrl = await listen(other);
      const a = await signUp(other);
      const s = await open(otherUrl, (await ticketOf(other, a)).stream as string);
      expect((await s.reader!.next())?.event).toBe('notifications');
      expect(other.services.live.listening).toBe(1);
      await other.stop();
      expect(await s.reader!.waitEnd()).toBe(true);
    });

    if (dialect === 'postgres')
      it('news written by another process reaches the stream through LISTEN/NOTIFY', async () => {
        // A second app process on the same database: it writes, the first one's stream hears it.
        const second = await buildApp({
          config: t.services.config,
          db: openDatabase({
            dataDir: t.testDb.dataDir,
            databaseUrl: t.testDb.databaseUrl,
            pgSchema: t.testDb.pgSchema,
          }),
          clock: t.clock,
          mailer: t.mail,
          logger: false,
          worker: false,
        });
        try {
          const a = await signUp(t);
          // No heartbeat look-up during the test: only the NOTIFY can bring the news.
          t.services.config.notifications = { streamMs: 30_000, heartbeatMs: 60_000 };
          const s = await open(url, (await ticketOf(t, a)).stream as string);
          expect((await s.reader!.next())?.data).toMatchObject({ unread: 0 });
          await second.services.db.kysely.transaction().execute(async (trx) => {
            const { tell } = await import('../../../src/server/features/notifications/tell.js');
            await tell(second.services, trx, {
              type: 'facts_changed',
              accountId: a.id,
              message: () => 'from the other process',
              link: '/fact-sheet',
            });
          });
          expect((await s.reader!.next(10_000))?.data).toMatchObject({
            unread: 1,
            latest: { message: 'from the other process' },
          });
          s.abort();
        } finally {
          t.services.config.notifications = { streamMs: 30_000, heartbeatMs: 200 };
          await second.close();
          await second.services.db.close();
        }
      });
  });
}

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`notification stream headers (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('keeps every header the app set before the stream wrote its own head (issue 34 §2)', async () => {
      const a = await signUp(t);
      const res = await t.api('GET', '/api/notification/stream/?property=abc&page=2', { token: a.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(res.headers['x-ignored-fields']).toBe('property, page');
      // The security headers every answer carries (set before the handler runs).
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cache-control']).toBe('no-store, no-transform');
    });
  });
}
