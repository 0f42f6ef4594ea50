import type { Services } from '../services.js';
import { enqueueExport } from '../features/operator-exports/store.js';

/**
 * The operator's export centre as a demo: one export of the demo hotel (fact sheet, JSON, CSV)
 * waiting in the queue, so the first start's job worker builds it and /toexportcentre shows it
 * ready to download (and the hotel's bell says its fact sheet was exported).
 */
export async function seedOperatorExports(
  services: Services,
  ids: { operator: number; property: number },
): Promise<void> {
  const db = services.db.kysely;
  const user = await db.selectFrom('users').select('email').where('id', '=', ids.operator).executeTakeFirstOrThrow();
  await db.transaction().execute((trx) =>
    enqueueExport(services, trx, {
      accountId: ids.operator,
      userId: ids.operator,
      email: user.email,
      hotels: [ids.property],
      contents: ['pdf', 'json', 'csv'],
      layout: '',
      language: 'en',
    }).then(() => undefined),
  );
}
