import { caller, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { keyUsageSince } from './key-store.js';

const DAYS = 30;

/** The account's calls of the last DAYS days per key and day, and their total. */
async function apiStatistics(services: Services, accountId: number) {
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
export function statisticsHandlers(services: Services): HandlerMap {
  return {
    async reportsApiStatistics(ctx) {
      return ok(await apiStatistics(services, caller(ctx).accountId));
    },
  };
}
