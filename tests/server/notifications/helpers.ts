import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/tables.js';
import { tell, type NotificationEvent } from '../../../src/server/features/notifications/tell.js';
import type { TestApp } from '../../helpers/app.js';
import type { Account } from '../../helpers/accounts.js';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A feature's call: tell() inside a transaction of its own. */
export function emit(t: TestApp, event: NotificationEvent, inside?: (trx: Kysely<Database>) => Promise<void>) {
  return t.services.db.kysely.transaction().execute(async (trx) => {
    await inside?.(trx);
    return tell(t.services, trx, event);
  });
}

export async function bell(t: TestApp, as: Account): Promise<Json[]> {
  const res = await t.api('GET', '/api/notification/', { token: as.token });
  return res.json<Json[]>();
}

/** One server-sent event as the stream wrote it. */
export interface SseEvent {
  event: string;
  id?: string;
  data: Json;
}

/** Reads a text/event-stream body event by event (what EventSource does in a browser). */
export class SseReader {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder = new TextDecoder();
  #buffer = '';
  ended = false;

  constructor(body: ReadableStream<Uint8Array>) {
    this.#reader = body.getReader();
  }

  /** The next named event, or undefined when the stream ended (or `timeoutMs` passed). */
  async next(timeoutMs = 10_000): Promise<SseEvent | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const at = this.#buffer.indexOf('\n\n');
      if (at >= 0) {
        const block = this.#buffer.slice(0, at);
        this.#buffer = this.#buffer.slice(at + 2);
        const lines = block.split('\n');
        const field = (name: string) =>
          lines.filter((l) => l.startsWith(`${name}: `)).map((l) => l.slice(name.length + 2));
        const [event] = field('event');
        if (!event) continue; // retry: and comment lines
        return { event, id: field('id')[0], data: JSON.parse(field('data').join('\n')) as Json };
      }
      if (this.ended) return undefined;
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        this.#reader.read(),
        new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), left);
        }),
      ]);
      clearTimeout(timer);
      if (chunk === 'timeout') return undefined;
      if (chunk.done) this.ended = true;
      else this.#buffer += this.#decoder.decode(chunk.value, { stream: true });
    }
  }

  /** Wait until the server ends the stream; true when it did within the time. */
  async waitEnd(timeoutMs = 10_000): Promise<boolean> {
    while (!this.ended) if ((await this.next(timeoutMs)) === undefined && !this.ended) return false;
    return true;
  }

  async cancel(): Promise<void> {
    await this.#reader.cancel().catch(() => undefined);
  }
}
