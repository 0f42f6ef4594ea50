import { MONTH_NAMES as MONTHS, WEEKDAY_LETTERS as WEEKDAYS } from '../../../shared/calendar-names.js';
import { isolated } from '../../../shared/fact-sheet/index.js';
import type { StopSaleMonthWire } from '../../../shared/generated/wire-types.js';
import type { Services } from '../../services.js';
import { monthRange } from './dates.js';
import { STOP_SALE_STATES } from '../../../shared/generated/value-lists.js';

/** The spec's state colours (000 §4: primary, success, danger, warning, dark), as the chart paints them. */
export const STATE_COLOURS = STOP_SALE_STATES.map((s) => s.colour);
/** Short marks printed in the cells, so a grey print (and pdftotext) still tells the states apart. */
export const STATE_MARKS = STOP_SALE_STATES.map((s) => s.mark);

export const monthName = (month: string): string => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/**
 * The chart as the print template (src/server/pdf/templates/availability-chart.typ) reads it: the
 * month's days with their weekdays, each room's state per day (null: none), the states' marks,
 * names and colours, and the words around them.
 */
export function chartPrintData(chart: StopSaleMonthWire) {
  const { to } = monthRange(chart.date);
  const count = Number(to.slice(8, 10));
  const y = Number(chart.date.slice(0, 4));
  const m = Number(chart.date.slice(5, 7));
  const days = Array.from({ length: count }, (_, i) => {
    const weekday = new Date(Date.UTC(y, m - 1, i + 1)).getUTCDay();
    return {
      n: i + 1,
      date: `${chart.date.slice(0, 8)}${String(i + 1).padStart(2, '0')}`,
      weekday: WEEKDAYS[weekday]!,
      weekend: weekday === 0 || weekday === 6,
    };
  });
  return {
    language: 'en',
    dir: 'ltr',
    title: `Availability: ${isolated(chart.hotel_name)}`,
    month: monthName(chart.date),
    room: 'Room',
    empty: 'This property has no rooms yet.',
    days: days.map(({ n, weekday, weekend }) => ({ n, weekday, weekend })),
    rooms: chart.rooms.map((room) => {
      const byDate = new Map(room.events.map((e) => [e.date, e.color]));
      return { name: isolated(room.room_name), cells: days.map((d) => byDate.get(d.date) ?? null) };
    }),
    states: STOP_SALE_STATES.map(({ mark, label, colour }) => ({ mark, label, colour })),
  };
}

/** A month chart's PDF: from the PDF cache when the same chart was printed, else compiled by Typst. */
export function chartPdf(services: Services, chart: StopSaleMonthWire, timeoutMs = 60_000): Promise<Buffer> {
  const data = chartPrintData(chart);
  return services.pdfCache.get(`availability-chart ${JSON.stringify(data)}`, () =>
    services.printer.print({ template: 'availability-chart', data, tagged: false, timeoutMs }),
  );
}
