import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OperatorReports } from '../../../src/client/pages/dashboard/operator-reports';
import type { OperatorFeedWire, OperatorReportDataWire } from '../../../src/shared/generated/wire-types';
import { answer } from '../fake-server';
import { renderInApp } from '../render';

/**
 * Issue 38 §1: the operator's dashboard names a property as its fact-sheet list does (the
 * operator's override of the hotel name, the hotel's own under it) and marks one its hotel never
 * published.
 */
const byProperty = (
  property: number,
  over: Partial<OperatorReportDataWire['by_property'][number]>,
): OperatorReportDataWire['by_property'][number] => ({
  property,
  property_name: `Hotel ${property}`,
  property_own_name: null,
  published: true,
  company: 'Sol Hotels',
  mapped: true,
  rooms: 2,
  mapped_rooms: 2,
  pending_overrides: 0,
  link: `/datamapping/${property}`,
  ...over,
});

describe("the operator dashboard's properties", () => {
  it('show the operator’s name with the hotel’s own, and mark the unpublished', async () => {
    const report: OperatorReportDataWire = {
      hotels: 1,
      properties: 2,
      mapped_properties: 2,
      rooms: { mapped: 4, unmapped: 0 },
      overrides: [],
      exports: [],
      by_property: [
        byProperty(1, { property_name: 'Sunny Sol Beach', property_own_name: 'Hotel Sol' }),
        byProperty(2, { property_name: 'Hotel Luna', published: false }),
      ],
    };
    const feed: OperatorFeedWire = { results: [] };
    answer('GET', '/api/reports/operator-report-data/', report);
    answer('GET', '/api/reports/operator-feed/', feed);
    renderInApp(<OperatorReports />);
    const rows = await screen.findAllByTestId('mapping-row', {}, { timeout: 10_000 });
    expect(within(rows[0]!).getByText("Hotel's name: Hotel Sol")).toBeTruthy();
    expect(within(rows[0]!).queryByText('Not yet published')).toBeNull();
    expect(within(rows[1]!).getByText('Not yet published')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('hotel-own-name')).toBeNull();
  });
});
