import { caller, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';

const DAYS = 30;

/** GET api/reports/api-statistics/: partner API calls of the account's keys per key and day. */
export function statisticsHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  return {
    async reportsApiStatistics(ctx) {
      const auth = caller(ctx);
      const from = new Date(services.clock.now().getTime() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
      const rows = await db
        .selectFrom('api_key_usage as u')
        .innerJoin('api_keys as k', 'k.id', 'u.key_id')
        .select(['u.day', 'u.key_id', 'u.calls', 'k.title', 'k.prefix'])
        .where('u.account_id', '=', auth.accountId)
        .where('u.day', '>=', from)
        .orderBy('u.day', 'desc')
        .orderBy('u.key_id')
        .execute();
      const days = rows.map((r) => ({
        date: r.day,
        key: r.key_id,
        title: r.title,
        prefix: r.prefix,
        calls: Number(r.calls),
      }));
      return ok({ days, total: days.reduce((n, d) => n + d.calls, 0) });
    },
  };
}
