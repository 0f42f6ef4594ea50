import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../../src/shared/generated/client-types';
import { lastPropertyKey, usePropertyChoice } from '../../../src/client/components/use-property-choice';
import { ExportCentrePage } from '../../../src/client/pages/exports/export-centre-page';
import { FactSectionPage } from '../../../src/client/pages/facts/fact-section-page';
import { StopSalePage } from '../../../src/client/pages/stop-sale/stop-sale-page';
import { sessionStore } from '../../../src/client/session/session';
import { answer, calls } from '../fake-server';
import { renderInApp } from '../render';

/**
 * Issue 38 §3: "the availability chart and the export centre open on the first property
 * alphabetically (a draft without rooms)". They open on the last used, else the first published.
 */

const owner = { id: 7, email: 'owner@hotel.example', accountType: 'accommodation', manager: null, language: 'en' };
const place = { city: 'Palma', country: 'ES', state: 'PM', hotel_logo: null, photo_count: 0 };
const draft = { ...place, id: 3, hotel_name: 'Aaa Draft', publish_state: 'draft', publish_date: null };
const otherDraft = { ...place, id: 5, hotel_name: 'Bbb Draft', publish_state: 'draft', publish_date: null };
const thirdDraft = { ...place, id: 6, hotel_name: 'Ccc Draft', publish_state: 'draft', publish_date: null };
const published = {
  ...place,
  id: 9,
  hotel_name: 'Hotel Playa',
  publish_state: 'published',
  publish_date: '2026-11-01T10:00:00Z',
};

function signedIn(properties: unknown[]) {
  sessionStore.save('token', owner as unknown as User);
  answer('GET', '/api/facts/properties/', properties);
}

/** The hook alone, as a page uses it: the chosen id, and a button per property to choose it. */
function Picker({ rooms = false }: { rooms?: boolean }) {
  const { list, property, choose } = usePropertyChoice('probe', { rooms });
  return (
    <div>
      <output aria-label="chosen">{property === undefined ? 'waiting' : String(property)}</output>
      {list.map((p) => (
        <button key={p.id} type="button" onClick={() => choose(p.id)}>
          {p.hotel_name}
        </button>
      ))}
    </div>
  );
}

const chosen = () => screen.getByRole('status', { name: 'chosen' });

describe('the property a picker page opens on', () => {
  afterEach(() => sessionStore.clear());

  it('opens on the first published property, not the draft first by name, and remembers a change', async () => {
    signedIn([draft, published]);
    const first = renderInApp(<Picker />);
    expect(await screen.findByText('Hotel Playa')).toBeTruthy();
    expect(chosen().textContent).toBe('9');
    await first.user.click(screen.getByRole('button', { name: 'Aaa Draft' }));
    expect(chosen().textContent).toBe('3');
    expect(window.localStorage.getItem(lastPropertyKey('probe', 7))).toBe('3');
    first.unmount();

    // The next visit opens on it; another user of this browser does not.
    const again = renderInApp(<Picker />);
    await screen.findByText('Hotel Playa');
    expect(chosen().textContent).toBe('3');
    again.unmount();
    sessionStore.save('token', { ...owner, id: 8 } as unknown as User);
    renderInApp(<Picker />);
    await screen.findByText('Hotel Playa');
    expect(chosen().textContent).toBe('9');
  });

  it("forgets the remembered property once it left the list, and lets the URL's ?property win", async () => {
    window.localStorage.setItem(lastPropertyKey('probe', 7), '42');
    signedIn([draft, otherDraft, published]);
    const first = renderInApp(<Picker />);
    await screen.findByText('Hotel Playa');
    expect(chosen().textContent).toBe('9');
    first.unmount();

    window.localStorage.setItem(lastPropertyKey('probe', 7), '9');
    renderInApp(<Picker />, { path: '/?property=5' });
    await screen.findByText('Hotel Playa');
    expect(chosen().textContent).toBe('5');
  });

  it('without a published property, waits for the rooms and opens on the first with rooms', async () => {
    signedIn([draft, otherDraft]);
    answer('GET', '/api/facts/rooms/3/', []);
    answer('GET', '/api/facts/rooms/5/', [{ id: 1, room_name: 'Double' }]);
    renderInApp(<Picker rooms />);
    await screen.findByText('Bbb Draft');
    await screen.findByText('5', { selector: 'output' });
    expect(calls).toContain('GET /api/facts/rooms/3/');
  });

  it('asks no rooms when a published property decides', async () => {
    signedIn([draft, published]);
    renderInApp(<Picker rooms />);
    await screen.findByText('9', { selector: 'output' });
    expect(calls.filter((c) => c.includes('/rooms/'))).toEqual([]);
  });

  it('opens the export centre on the published property, and on the chosen one next time', async () => {
    signedIn([draft, published]);
    answer('GET', '/api/settings/preferences/', { pdf_layout: '' });
    const page = renderInApp(<ExportCentrePage />);
    const picker = await screen.findByRole('combobox', { name: 'Property' });
    expect(picker.textContent).toBe('Hotel Playa');
    await page.user.click(picker);
    await page.user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Aaa Draft (not published)' }),
    );
    expect(window.localStorage.getItem(lastPropertyKey('exports', 7))).toBe('3');
    page.unmount();

    renderInApp(<ExportCentrePage />);
    expect((await screen.findByRole('combobox', { name: 'Property' })).textContent).toBe('Aaa Draft (not published)');
  });

  /**
   * The three ways a page opens, each on a fresh render: ?property= (over the one last used),
   * else the last used, else the first published; none of them the first of the list.
   */
  async function opensOn(page: () => ReactElement, key: string, path: string) {
    signedIn([draft, otherDraft, thirdDraft, published]);
    const picker = () => screen.findByRole('combobox', { name: 'Property' });
    const remember = (id: number) => window.localStorage.setItem(lastPropertyKey(key, 7), String(id));
    remember(6);
    const named = renderInApp(page(), { path: `${path}?property=5`, dataRouter: true });
    expect((await picker()).textContent).toBe('Bbb Draft');
    named.unmount();
    const remembered = renderInApp(page(), { path, dataRouter: true });
    expect((await picker()).textContent).toBe('Ccc Draft');
    remembered.unmount();
    window.localStorage.removeItem(lastPropertyKey(key, 7));
    renderInApp(page(), { path, dataRouter: true });
    expect((await picker()).textContent).toBe('Hotel Playa');
  }

  it('opens a fact section page on ?property=, else the one last used there, else the first published', async () => {
    await opensOn(() => <FactSectionPage />, 'fact-sections', '/main-facts');
  });

  // The chart's leave guard blocks navigation (useBlocker): a data router, as the app's.
  it('opens the availability chart on ?property=, else the one last used there, else the first published', async () => {
    await opensOn(() => <StopSalePage />, 'stop-sale', '/property-stopsale');
  });
});
