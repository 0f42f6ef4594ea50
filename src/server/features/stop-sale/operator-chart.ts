import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { requireOperatorAccess } from '../partners/index.js';
import { hotelName } from '../properties/index.js';
import { monthChart, operatorCodes } from './chart.js';

/** The tour operator's read-only view of a contracted hotel's stop-sale month. */
export async function operatorMonthChart(services: Services, auth: AuthContext, id: number, date: string) {
  const db = services.db.kysely;
  const access = await requireOperatorAccess(services, auth, id);
  const property = { id: access.propertyId, hotel_name: await hotelName(db, access.propertyId) };
  const chart = await monthChart(
    services,
    property,
    date,
    await operatorCodes(db, access.operatorAccountId, access.propertyId),
  );
  // The operator sees the days, not the hotel's other partners' deadlines.
  return { ...chart, deadline_hours: null };
}
