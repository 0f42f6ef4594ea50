import type { ExportSendWire } from '../../../shared/generated/wire-types.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { sendWires } from './sends.js';

/** The export centre's history: the account's latest sends, of the properties the caller may see. */

const HISTORY_SIZE = 50;

export async function sendHistory(
  services: Services,
  auth: AuthContext,
  propertyId: number | undefined,
): Promise<ExportSendWire[]> {
  let q = services.db.kysely.selectFrom('export_sends').selectAll().where('account_id', '=', auth.accountId);
  if (propertyId !== undefined) q = q.where('property_id', '=', propertyId);
  if (auth.properties !== 'all') {
    if (!auth.properties.length) return [];
    q = q.where('property_id', 'in', [...auth.properties]);
  }
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(HISTORY_SIZE).execute();
  return sendWires(services, auth, rows);
}
