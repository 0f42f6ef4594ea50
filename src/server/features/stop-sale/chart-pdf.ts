import type { StopSaleMonthWire } from '../../../shared/generated/wire-types.js';
import { fontFaces } from '../../pdf/printer.js';
import type { Services } from '../../services.js';
import { monthRange } from './dates.js';
import { STOP_SALE_STATES } from './store.js';

/** The spec's state colours (000 §4: primary, success, danger, warning, dark), as the chart paints them. */
export const STATE_COLOURS = ['#1976d2', '#2e7d32', '#d32f2f', '#ed6c02', '#212121'] as const;
/** Short marks printed in the cells, so a grey print (and pdftotext) still tells the states apart. */
export const STATE_MARKS = ['FS', 'OS', 'SS', 'RQ', 'BL'] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const monthName = (month: string): string => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

const CSS = `
@page { size: A4 landscape; margin: 10mm; }
* { box-sizing: border-box; }
body { font-family: 'Noto Sans', sans-serif; color: #212121; font-size: 9px; margin: 0; }
h1 { font-size: 16px; margin: 0 0 2px; }
.month { font-size: 12px; margin: 0 0 8px; color: #555; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { border: 1px solid #ccc; text-align: center; padding: 2px 0; }
th.room, td.room { text-align: left; padding: 2px 4px; width: 24%; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
th.weekend, td.weekend { background: #f2f2f2; }
td.s { color: #fff; font-weight: 600; font-size: 7px; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
tr { page-break-inside: avoid; }
thead { display: table-header-group; }
.legend { display: flex; gap: 14px; margin: 10px 0 0; font-size: 10px; }
.legend span.box { display: inline-block; width: 10px; height: 10px; margin-right: 4px; vertical-align: middle; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
`;

/** The whole HTML document of a month chart: rooms × days in the states' colours, the legend, the property and month. */
export async function chartHtml(chart: StopSaleMonthWire): Promise<string> {
  const { to } = monthRange(chart.date);
  const count = Number(to.slice(8, 10));
  const y = Number(chart.date.slice(0, 4));
  const m = Number(chart.date.slice(5, 7));
  const days = Array.from({ length: count }, (_, i) => ({ n: i + 1, date: `${chart.date.slice(0, 8)}${String(i + 1).padStart(2, '0')}`, weekday: new Date(Date.UTC(y, m - 1, i + 1)).getUTCDay() }));
  const weekend = (w: number) => (w === 0 || w === 6 ? ' class="weekend"' : '');
  const head = `<tr><th class="room">Room</th>${days.map((d) => `<th${weekend(d.weekday)}>${WEEKDAYS[d.weekday]}<br>${d.n}</th>`).join('')}</tr>`;
  const rows = chart.rooms
    .map((room) => {
      const byDate = new Map(room.events.map((e) => [e.date, e.color]));
      const cells = days
        .map((d) => {
          const c = byDate.get(d.date);
          return c === undefined ? `<td${weekend(d.weekday)}></td>` : `<td class="s" style="background:${STATE_COLOURS[c]}">${STATE_MARKS[c]}</td>`;
        })
        .join('');
      return `<tr><td class="room">${escapeHtml(room.room_name)}</td>${cells}</tr>`;
    })
    .join('');
  const legend = STOP_SALE_STATES.map((label, i) => `<div><span class="box" style="background:${STATE_COLOURS[i]}"></span>${STATE_MARKS[i]} ${label}</div>`).join('');
  const title = escapeHtml(`Availability: ${chart.hotel_name}`);
  const body = `<h1>${title}</h1><p class="month">${monthName(chart.date)}</p>${chart.rooms.length ? `<table><thead>${head}</thead><tbody>${rows}</tbody></table>` : '<p>This property has no rooms yet.</p>'}<div class="legend">${legend}</div>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><style>${await fontFaces()}${CSS}</style></head><body>${body}</body></html>`;
}

/** Print a month chart to PDF in this process's Chromium. */
export async function chartPdf(services: Services, chart: StopSaleMonthWire, timeoutMs = 60_000): Promise<Buffer> {
  // No assets: the HTML alone decides the bytes.
  return services.printer.print({ html: await chartHtml(chart), fingerprint: '', timeoutMs });
}
