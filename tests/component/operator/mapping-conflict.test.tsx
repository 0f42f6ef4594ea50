import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { MappingPage } from '../../../src/client/pages/operator/mapping-page';
import { sessionStore } from '../../../src/client/session/session';
import type { User } from '../../../src/shared/generated/client-types';
import type { HotelMappingWire } from '../../../src/shared/generated/wire-types';
import { answer } from '../fake-server';
import { renderInApp } from '../render';

/**
 * Issue 38 §1: a hotel code another hotel of the operator has already is refused (409) with the
 * field at fault beside the sentence; the error sits at the hotel-code field the user typed in,
 * and nothing reads "Override code: …".
 */
describe('a mapping whose hotel code is taken', () => {
  afterEach(() => sessionStore.clear());

  it('marks the hotel-code field and says why above the form', async () => {
    sessionStore.save('token', { id: 9, email: 'owner@tours.example', manager: null } as unknown as User);
    const mapping: HotelMappingWire = {
      id: null,
      user: 9,
      hotel: 5,
      hotel_name: 'Sol Mar',
      override_code: null,
      local_id: null,
      external_id: null,
      supplying_name: null,
      free_event_code: null,
      open_event_code: null,
      stop_event_code: null,
      request_event_code: null,
      block_event_code: null,
      updated_at: null,
      rooms: [],
    };
    answer('GET', '/api/tour-operator/mapping/hotel/get/5/', mapping);
    answer('POST', '/api/tour-operator/mapping/hotel/create/', () =>
      Response.json(
        {
          detail: 'The hotel code PMI-SOL is already used for Sol Playa.',
          override_code: ['Already used for Sol Playa.'],
        },
        { status: 409 },
      ),
    );
    const { user } = renderInApp(
      <Routes>
        <Route path="/datamapping/:id" element={<MappingPage />} />
      </Routes>,
      { path: '/datamapping/5' },
    );
    const code = await screen.findByRole('textbox', { name: /^Hotel code/ }, { timeout: 10_000 });
    await user.type(code, 'PMI-SOL');
    await user.click(screen.getByRole('button', { name: 'Save mapping' }));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Already used for Sol Playa.').length).toBeGreaterThan(0);
    expect(screen.getAllByText('The hotel code PMI-SOL is already used for Sol Playa.').length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toContain('Override code');
  });
});
