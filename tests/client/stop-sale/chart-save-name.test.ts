import { describe, expect, it } from 'vitest';
import { chartSaveName } from '../../../src/client/pages/stop-sale/chart-pdf';
import { englishT } from '../english-t';

/**
 * The API names the chart Stopsale-{id}.pdf (spec 000 §7; tests/server/stop-sale/chart-pdf.test.ts);
 * the portal saves it under what it holds, as the mailed chart is named.
 */
describe("the availability chart's saved name", () => {
  it('is the hotel, "availability" and the month, as the mail attachment', () => {
    expect(chartSaveName(englishT, 'Hotel Sol', '2026-12-01')).toBe('hotel-sol-availability-2026-12.pdf');
    expect(chartSaveName(englishT, 'Hôtel Gráfico', '2027-01')).toBe('hôtel-gráfico-availability-2027-01.pdf');
  });
});
