import { caller, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { keyUsageSince } from './key-store.js';
import type { KeyCalls } from './key-calls.js';

const DAYS = 30;

/** The account's calls of the last DAYS days per key and day, and their total. */
async function apiStatistics(services: Services, calls: KeyCalls, accountId: number) {
  // The calls this node counted and has not written yet are in the figures too.
  await calls.flush();
  const from = new Date(services.clock.now().getTime() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const rows = await keyUsageSince(services.db.kysely, accountId, from);
  const days = rows.map((r) => ({
    date: r.day,
    key: r.key_id,
    title: r.title,
    prefix: r.prefix,
    calls: Number(r.calls),
  }));
  return { days, total: days.reduce((n, d) => n + d.calls, 0) };
}

/** GET api/reports/api-statistics/: partner API calls of the account's keys per key and day. */
export function statisticsHandlers(services: Services, calls: KeyCalls): HandlerMap {
  return {
    async reportsApiStatistics(ctx) {
      return ok(await apiStatistics(services, calls, caller(ctx).accountId));
    },
  };
}
