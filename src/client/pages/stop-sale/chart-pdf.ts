import { downloadChart, saveFile } from '../exports/exports-api';

/** Generate Chart: the month's availability chart as a PDF download. */
export async function downloadChartPdf(hotel: number, month: string): Promise<void> {
  try {
    const file = await downloadChart(hotel, month, () => undefined);
    if (!file.blob) throw new Error('no file');
    saveFile(file.blob, file.filename);
  } catch {
    // Spec 000 §8: a chart failure is only logged.
    console.error('Failed to download the availability chart');
  }
}
