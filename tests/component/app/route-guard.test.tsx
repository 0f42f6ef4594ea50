import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../../src/shared/generated/client-types';
import { RouteGuard } from '../../../src/client/app/route-guard';
import type { Audience } from '../../../src/client/app/audience';
import { sessionStore } from '../../../src/client/session/session';
import { answer, resetServer } from '../fake-server';
import { renderInApp } from '../render';

const hotelOwner = { id: 7, email: 'owner@hotel.example', accountType: 'accommodation', manager: null };
const hotelMember = { id: 8, email: 'member@hotel.example', accountType: 'accommodation', manager: 7 };

/** A guarded page at /page, and the sign-in page it may send a visitor to. */
function openGuarded(audience?: Audience) {
  return renderInApp(
    <Routes>
      <Route path="/login" element={<p>The sign-in page</p>} />
      <Route
        path="/page"
        element={
          <RouteGuard access="user" audience={audience}>
            <p>The page itself</p>
          </RouteGuard>
        }
      />
    </Routes>,
    { path: '/page' },
  );
}

/**
 * What the route says before the page opens (spec 000 §2): refused with the reason and a way back,
 * never a page whose calls the server would refuse (the reasons' words: tests/client/audience.test.ts).
 */
describe('a guarded route', () => {
  beforeEach(() => resetServer());
  afterEach(() => sessionStore.clear());

  it("refuses a hotel a tour operator's page, says why and leads back to the dashboard", async () => {
    sessionStore.save('token', hotelOwner as unknown as User);
    openGuarded({ type: 'to' });
    expect(await screen.findByRole('heading', { name: 'Not available to you' })).toBeTruthy();
    expect(screen.getByText(/^This page is for tour operators/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /dashboard/i }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('The page itself')).toBeNull();
  });

  it("opens a hotel's page to the hotel", async () => {
    sessionStore.save('token', hotelOwner as unknown as User);
    openGuarded({ type: 'accommodation' });
    expect(await screen.findByText('The page itself')).toBeTruthy();
  });

  it('refuses an authorized user without the permission, naming it, once the flags have come', async () => {
    answer('GET', '/api/auth/permissions/8/', { properties: false, photos: true });
    sessionStore.save('token', hotelMember as unknown as User);
    openGuarded({ flag: 'properties' });
    expect(await screen.findByRole('heading', { name: 'Not available to you' })).toBeTruthy();
    expect(screen.getByText(/needs the .*permission/)).toBeTruthy();
    expect(screen.queryByText('The page itself')).toBeNull();
  });

  it('sends a signed-out visitor to the sign-in page', async () => {
    openGuarded({ type: 'accommodation' });
    expect(await screen.findByText('The sign-in page')).toBeTruthy();
    expect(screen.queryByText('The page itself')).toBeNull();
  });
});
