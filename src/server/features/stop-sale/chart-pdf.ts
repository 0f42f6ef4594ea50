import { isolated, translated } from '../../../shared/fact-sheet/index.js';
import { formatMonth, formatNumber, formatWeekday } from '../../../shared/i18n/format.js';
import { directionOf, type Language } from '../../../shared/i18n/languages.js';
import type { StopSaleMonthWire } from '../../../shared/generated/wire-types.js';
import type { Services } from '../../services.js';
import { t } from '../../i18n/index.js';
import { downloadName } from '../../routing/download-name.js';
import { monthRange } from './dates.js';
import { STOP_SALE_STATES } from '../../../shared/generated/value-lists.js';

/** The spec's state colours (000 §4: primary, success, danger, warning, dark), as the chart paints them. */
export const STATE_COLOURS = STOP_SALE_STATES.map((s) => s.colour);
/** Short marks printed in the cells, so a grey print (and pdftotext) still tells the states apart. */
export const STATE_MARKS = STOP_SALE_STATES.map((s) => s.mark);

const utc = (month: string, day = 1) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, day));

/** The chart PDF's name (download and mail attachment): the hotel, "availability" in `lang`, the month as YYYY-MM. */
export const chartFileName = (lang: Language, hotel: string, month: string): string =>
  downloadName(t(lang, 'file.availability', { hotel, month: month.slice(0, 7) }), 'pdf');

/** The stop-sale states' names in `lang` (the schema's value list, stop-sale/event.schema.json). */
export function stateLabels(services: Services, lang: Language): string[] {
  const texts = services.schemas.resolved('stop-sale/event.schema.json#/$defs/state')['x-texts'];
  return STOP_SALE_STATES.map((s, i) => translated(s.label, texts, lang, `values.${i}`));
}

/**
 * The chart as the print template (src/server/pdf/templates/availability-chart.typ) reads it: the
 * month's days with their weekdays, each room's state per day (null: none), the states' marks,
 * names (`labels`, in `lang`: stateLabels) and colours, and the words around them, in `lang`.
 */
export function chartPrintData(
  chart: StopSaleMonthWire,
  lang: Language = 'en',
  labels: readonly string[] = STOP_SALE_STATES.map((s) => s.label),
) {
  const { to } = monthRange(chart.date);
  const count = Number(to.slice(8, 10));
  const days = Array.from({ length: count }, (_, i) => {
    const weekday = utc(chart.date, i + 1).getUTCDay();
    return {
      n: i + 1,
      date: `${chart.date.slice(0, 8)}${String(i + 1).padStart(2, '0')}`,
      weekday: formatWeekday(lang, weekday),
      weekend: weekday === 0 || weekday === 6,
    };
  });
  return {
    language: lang,
    dir: directionOf(lang),
    title: t(lang, 'pdf.chart.title', { hotel: isolated(chart.hotel_name) }),
    month: formatMonth(lang, utc(chart.date)),
    room: t(lang, 'pdf.chart.room'),
    empty: t(lang, 'pdf.chart.empty'),
    days: days.map(({ n, weekday, weekend }) => ({ n: formatNumber(lang, n), weekday, weekend })),
    rooms: chart.rooms.map((room) => {
      const byDate = new Map(room.events.map((e) => [e.date, e.color]));
      return { name: isolated(room.room_name), cells: days.map((d) => byDate.get(d.date) ?? null) };
    }),
    states: STOP_SALE_STATES.map(({ mark, colour }, i) => ({ mark, label: labels[i]!, colour })),
  };
}

/** A month chart's PDF in `lang`: from the PDF cache when the same chart was printed, else compiled by Typst. */
export function chartPdf(
  services: Services,
  chart: StopSaleMonthWire,
  lang: Language = 'en',
  timeoutMs = 60_000,
): Promise<Buffer> {
  const data = chartPrintData(chart, lang, stateLabels(services, lang));
  return services.pdfCache.get(`availability-chart ${JSON.stringify(data)}`, () =>
    services.printer.print({ template: 'availability-chart', data, tagged: false, timeoutMs }),
  );
}
