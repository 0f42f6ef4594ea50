/** The spec's words (000 §8), spelling included. */
export const MESSAGES = {
  downloaded: 'Facts sheet downloaded succeessfully',
  notPublished: 'Accommodation not published for live view',
  failed: 'Failed to download the fact sheet.',
  selectGroup: 'Please Select Group Mail',
  chartFailed: 'Failed to download the availability chart',
};
