import type { FastifyReply } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import type { NotificationStreamEventWire, StreamTicketWire } from '../../../shared/generated/wire-types.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { randomToken, sha256 } from '../auth/index.js';
import { toNotificationWire } from './store.js';

/** How long a stream ticket may wait before it opens the stream. */
export const TICKET_MS = 60_000;
export const STREAM_PATH = '/api/notification/stream/';

/** A single-use ticket for the caller's session (see createTicketAuthenticate). */
export async function issueTicket(services: Services, auth: AuthContext): Promise<StreamTicketWire> {
  const db = services.db.kysely;
  const ticket = randomToken();
  const now = services.clock.now();
  const expires = new Date(now.getTime() + TICKET_MS).toISOString();
  // Spent and lapsed tickets of this user go as new ones come: the table stays small.
  await db
    .deleteFrom('notification_tickets')
    .where('user_id', '=', auth.user.id)
    .where('expires_at', '<=', now.toISOString())
    .execute();
  await db
    .insertInto('notification_tickets')
    .values({
      ticket_hash: sha256(ticket),
      user_id: auth.user.id,
      token_id: auth.tokenId,
      expires_at: expires,
      used_at: null,
    })
    .execute();
  return { ticket, expires_at: expires, stream: `${STREAM_PATH}?ticket=${ticket}` };
}

/**
 * Spends a stream ticket: the session it was asked with, once, within TICKET_MS; undefined when it
 * is unknown, spent or lapsed. The sign-in side (auth's ticket authenticate) is handed this, so
 * the tickets' table is written by its owner alone.
 */
export async function claimStreamTicket(services: Services, ticket: string): Promise<number | undefined> {
  const now = services.clock.now().toISOString();
  const used = await services.db.kysely
    .updateTable('notification_tickets')
    .set({ used_at: now })
    .where('ticket_hash', '=', sha256(ticket))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('token_id')
    .executeTakeFirst();
  return used?.token_id;
}

/** What the badge needs: the unread count, how many there are, the newest. */
export async function streamState(services: Services, userId: number): Promise<NotificationStreamEventWire> {
  const db = services.db.kysely;
  const counts = await db
    .selectFrom('notifications')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('is_read', '=', false).then(1).else(0).end()).as('unread'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const latest = await db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    unread: Number(counts?.unread ?? 0),
    total: Number(counts?.total ?? 0),
    latest: latest ? toNotificationWire(latest) : null,
  };
}

async function sessionValid(services: Services, auth: AuthContext): Promise<boolean> {
  const row = await services.db.kysely
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select(['auth_tokens.expires_at', 'users.is_active'])
    .where('auth_tokens.id', '=', auth.tokenId)
    .executeTakeFirst();
  return !!row && !!row.is_active && row.expires_at > services.clock.now().toISOString();
}

/**
 * The live stream (server-sent events), written by hand on the hijacked reply: one
 * `notifications` event at once and then whenever the caller's state changes (woken by the
 * LiveHub, and checked again on every heartbeat, so a lost signal is only late), a comment line
 * as heartbeat, and an end after config.notifications.streamMs or when the session ends.
 */
export async function openStream(services: Services, auth: AuthContext, reply: FastifyReply): Promise<void> {
  const { streamMs, heartbeatMs } = services.config.notifications;
  const raw = reply.raw;
  // The headers the app set before this (security headers, X-Ignored-Fields for a parameter it
  // did not know...) live on the Fastify reply, which a hijacked answer never sends: write them
  // in the head with the stream's own.
  const earlier = Object.fromEntries(
    Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined),
  ) as OutgoingHttpHeaders;
  reply.hijack();
  raw.writeHead(200, {
    ...earlier,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise buffer the events.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  let sent = '';
  let seq = 0;
  let closed = false;
  let busy = false;
  let again = false;
  const push = async (): Promise<void> => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        const state = await streamState(services, auth.user.id);
        const signature = JSON.stringify(state);
        if (signature !== sent && !closed) {
          sent = signature;
          raw.write(`event: notifications\nid: ${++seq}\ndata: ${signature}\n\n`);
        }
      } while (again && !closed);
    } catch (e) {
      services.log.warn({ err: e }, 'notification stream: state not read');
    } finally {
      busy = false;
    }
  };
  // The browser reconnects by itself after this long if the connection drops.
  raw.write('retry: 5000\n\n');
  await push();
  if (streamMs === 0) {
    raw.end();
    return;
  }
  const timers: NodeJS.Timeout[] = [];
  const end = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    for (const t of timers) clearTimeout(t);
    raw.end();
  };
  const unsubscribe = services.live.subscribe(auth.user.id, { wake: () => void push(), close: end });
  raw.on('close', end);
  timers.push(setTimeout(end, streamMs));
  timers.push(
    setInterval(() => {
      void sessionValid(services, auth).then((ok) => {
        if (!ok) return end();
        if (!closed) raw.write(': ping\n\n');
        return push();
      }, end);
    }, heartbeatMs),
  );
}
