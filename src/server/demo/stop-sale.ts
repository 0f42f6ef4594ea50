import type { Services } from '../services.js';
import { dateOfDay, dayNumber, monthOf } from '../features/stop-sale/dates.js';
import { propertyRooms, writeStopSaleDays, type DayWrite, type StopSaleColor } from '../features/stop-sale/store.js';

/**
 * A month and a half of availability on the demo hotel from the first of this month: open sale on
 * weekdays, free sale at weekends, a stop-sale week on the first room, on request days on the
 * second and a blocked weekend on the last, so the chart and the operator's tab show every state.
 */
export async function seedStopSale(
  services: Services,
  ids: { hotel: number; property: number },
  now: string,
): Promise<void> {
  const db = services.db.kysely;
  const rooms = await propertyRooms(db, ids.property);
  if (!rooms.length) return;
  const first = dayNumber(monthOf(new Date(now)))!;
  const writes: DayWrite[] = [];
  for (const [i, room] of rooms.entries()) {
    for (let d = first; d < first + 45; d++) {
      const offset = d - first;
      const weekday = new Date(d * 86_400_000).getUTCDay();
      let color: StopSaleColor = weekday === 0 || weekday === 6 ? 0 : 1;
      if (i === 0 && offset >= 9 && offset <= 15) color = 2;
      if (i === 1 && offset >= 18 && offset <= 21) color = 3;
      if (i === rooms.length - 1 && rooms.length > 1 && offset >= 24 && offset <= 26) color = 4;
      writes.push({ roomId: room.id, date: dateOfDay(d), color });
    }
  }
  await writeStopSaleDays(db, ids.property, writes, ids.hotel, now);
}
