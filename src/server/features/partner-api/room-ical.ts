import { notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { warningHeader } from './headers.js';
import { reach } from './reach.js';
import { checkRange, feedRange, partnerChart, runBounds } from './stop-sale.js';
import { roomCalendar } from './stop-sale-feeds.js';

/** One room's stop-sale days as an iCalendar feed, with the warnings that concern that room. */
export async function roomIcal(
  services: Services,
  auth: AuthContext,
  params: { id: number; room: number },
  query: { from?: string; to?: string },
): Promise<{ ics: string; warning: string | undefined }> {
  const { from, to } = feedRange(services.clock.now().toISOString().slice(0, 10), query.from, query.to);
  checkRange(from, to);
  const r = await reach(services, auth, params.id);
  const { chart, warnings } = await partnerChart(services, r, from, to);
  const room = chart.rooms.find((x) => x.id === params.room);
  if (!room) throw notFound();
  const warning = warningHeader(warnings.filter((w) => w.startsWith(`Room ${room.id}:`)));
  const host = new URL(services.config.publicUrl).hostname;
  const bounds = await runBounds(services, r, chart, room.id);
  return { ics: roomCalendar(chart, room, host, bounds), warning };
}
