import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FactSheetListPage } from '../../../src/client/pages/operator/fact-sheet-list-page';
import { OperatorExportPage } from '../../../src/client/pages/operator-exports/operator-export-page';
import { sessionStore } from '../../../src/client/session/session';
import type { User } from '../../../src/shared/generated/client-types';
import type { ContractedPropertyPageWire } from '../../../src/shared/generated/wire-types';
import { answer } from '../fake-server';
import { renderInApp } from '../render';

/**
 * Issue 38 §1: an operator's lists mark a hotel its hotel never published ("Not yet published",
 * not the hotel's own "Draft"), name a hotel by the operator's override with the hotel's own name
 * under it (and say so on the page), and the export centre says before an export how many of the
 * chosen hotels it will leave out.
 */
type Row = ContractedPropertyPageWire['results'][number];

const row = (id: number, over: Partial<Row>): Row => ({
  id,
  hotel_name: `Hotel ${id}`,
  hotel_own_name: null,
  country: 'ES',
  state: 'PM',
  city: 'Palma',
  publish_date: null,
  last_change: '2026-11-30T10:00:00.000Z',
  partner: 3,
  partner_name: 'Sol Hotels',
  contract: 4,
  publication: null,
  completeness: null,
  unseen: false,
  mapped: false,
  rooms: 0,
  rooms_mapped: 0,
  overrides_pending: 0,
  overrides_drift: 0,
  ...over,
});

const LIVE = row(1, {
  hotel_name: 'Sunny Sol Beach',
  hotel_own_name: 'Hotel Sol',
  publish_date: '2026-11-01T09:00:00.000Z',
  publication: 1,
  completeness: 90,
});
const DRAFT = row(2, { hotel_name: 'Hotel Luna' });

function serve(results: Row[], count = results.length, unpublished = results.filter((r) => !r.publication).length) {
  const page: ContractedPropertyPageWire = { count, unpublished, next: null, previous: null, results };
  answer('POST', '/api/partners/partners-properties/', page);
  answer('GET', '/api/tour-operator/exports/', []);
}

const operator = () =>
  sessionStore.save('token', {
    id: 9,
    email: 'owner@tours.example',
    manager: null,
    accountType: 'to',
    language: 'en',
  } as unknown as User);

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe("the operator's lists", () => {
  afterEach(() => sessionStore.clear());

  it('mark the unpublished hotel and name a hotel by the operator’s name, the hotel’s own under it', async () => {
    operator();
    serve([LIVE, DRAFT]);
    renderInApp(<FactSheetListPage />, { path: '/fact-sheet' });
    await screen.findByText('Sunny Sol Beach', {}, { timeout: 10_000 });
    expect(within(rowOf('Sunny Sol Beach')).getByText("Hotel's name: Hotel Sol")).toBeTruthy();
    expect(within(rowOf('Sunny Sol Beach')).queryByText('Not yet published')).toBeNull();
    expect(within(rowOf('Hotel Luna')).getByText('Not yet published')).toBeTruthy();
    expect(within(rowOf('Hotel Luna')).queryByTestId('hotel-own-name')).toBeNull();
    expect(screen.getByTestId('names-note').textContent).toContain('the name you gave it');
  });
});

describe('the export centre', () => {
  afterEach(() => sessionStore.clear());

  it('says how many chosen hotels an export leaves out, before it starts', async () => {
    operator();
    serve([LIVE, DRAFT]);
    const { user } = renderInApp(<OperatorExportPage />, { path: '/toexportcentre' });
    const pick = async (name: string) =>
      user.click(await screen.findByRole('checkbox', { name: `Export ${name}` }, { timeout: 10_000 }));
    await pick('Sunny Sol Beach');
    expect(screen.queryByTestId('left-out')).toBeNull();
    await pick('Hotel Luna');
    expect(screen.getByTestId('left-out').textContent).toBe(
      '1 of the 2 chosen hotels is not published yet and will be left out of the export.',
    );
    expect(screen.getByRole('button', { name: /^Export 2 hotels/ }).hasAttribute('disabled')).toBe(false);
    // Only the draft: nothing to export, and the button says no.
    await pick('Sunny Sol Beach');
    expect(screen.getByTestId('left-out').textContent).toContain('The chosen hotel is not published yet');
    expect(screen.getByRole('button', { name: /^Export 1 hotel/ }).hasAttribute('disabled')).toBe(true);
  });

  it('counts the unpublished of every matching hotel from the server', async () => {
    operator();
    serve([LIVE, DRAFT], 30, 7);
    const { user } = renderInApp(<OperatorExportPage />, { path: '/toexportcentre' });
    await user.click(await screen.findByRole('button', { name: /^Select all 30/ }, { timeout: 10_000 }));
    await waitFor(() =>
      expect(screen.getByTestId('left-out').textContent).toBe(
        '7 of the 30 chosen hotels are not published yet and will be left out of the export.',
      ),
    );
  });
});
