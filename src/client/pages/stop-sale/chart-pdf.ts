import { downloadName } from '../../../shared/download-name';
import type { Translate } from '../../i18n/use-t';
import { downloadChart, saveFile } from '../../api/exports';

/**
 * The name the portal saves the chart under: the hotel, "availability" in the interface's
 * language, the month (as the mailed chart is named). The API names the file Stopsale-{id}.pdf
 * (spec 000 §7), which tells a person's downloads folder nothing.
 */
export const chartSaveName = (t: Translate, hotel: string, month: string): string =>
  downloadName(t('file.availability', { hotel, month: month.slice(0, 7) }), 'pdf');

/** Generate Chart: the month's availability chart as a PDF download. */
export async function downloadChartPdf(
  hotel: { id: number; name: string },
  month: string,
  t: Translate,
): Promise<void> {
  try {
    const file = await downloadChart(hotel.id, month, () => undefined);
    if (!file.blob) throw new Error('no file');
    saveFile(file.blob, chartSaveName(t, hotel.name, month));
  } catch {
    // Spec 000 §8: a chart failure is only logged.
    console.error('Failed to download the availability chart');
  }
}
