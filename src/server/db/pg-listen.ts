import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/** PostgreSQL's LISTEN over a connection of its own, opened again by itself whenever it drops. */

/** Waits between attempts to open the LISTEN connection again: quick at first, then every 2 s. */
const RELISTEN_MS = [100, 250, 500, 1000, 2000];

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/** The Db's `listen` (connect.ts) for this database; `logOf` answers where to write, once the app set it. */
export function pgListen(databaseUrl: string, searchPath: string | undefined, logOf: () => Log | undefined) {
  return async (channel: string, onNotify: (payload: string) => void, onReconnect?: () => void) => {
    let client: pg.Client | undefined;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let tries = 0;
    const open = async (): Promise<void> => {
      const c = new pg.Client({ connectionString: databaseUrl, options: searchPath, keepAlive: true });
      const drop = (err?: Error) => {
        if (client !== c) return;
        client = undefined;
        c.end().catch(() => undefined);
        if (stopped) return;
        logOf()?.warn({ channel, cause: err?.message }, 'LISTEN connection lost; polling until it is back');
        again();
      };
      c.on('error', drop);
      c.on('end', () => drop());
      try {
        await c.connect();
        c.on('notification', (n) => {
          if (n.channel === channel) onNotify(n.payload ?? '');
        });
        await c.query(`listen ${c.escapeIdentifier(channel)}`);
      } catch (e) {
        c.removeAllListeners('error').on('error', () => undefined);
        await c.end().catch(() => undefined);
        throw e;
      }
      if (stopped) {
        await c.end().catch(() => undefined);
        return;
      }
      client = c;
    };
    // Back in the background, however long the database is away; wake-ups resume when it answers.
    const again = () => {
      timer = setTimeout(
        () => {
          open().then(
            () => {
              tries = 0;
              if (stopped) return;
              logOf()?.info({ channel }, 'LISTEN connection back');
              onReconnect?.();
            },
            () => {
              tries++;
              if (!stopped) again();
            },
          );
        },
        RELISTEN_MS[Math.min(tries, RELISTEN_MS.length - 1)],
      );
      timer.unref();
    };
    try {
      await open();
    } catch (e) {
      logOf()?.warn({ channel, cause: e instanceof Error ? e.message : String(e) }, 'LISTEN unavailable; trying again');
      again();
    }
    return async () => {
      stopped = true;
      clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    };
  };
}
