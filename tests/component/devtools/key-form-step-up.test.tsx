import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeysSection } from '../../../src/client/pages/devtools/keys-section';
import { onStepUp, STEP_UP_REQUIRED } from '../../../src/client/api/step-up';
import { answer, calls, resetServer } from '../fake-server';
import { renderInApp } from '../render';

const PAST = 'The expiry must be today or later.';
const CREATE = 'POST /api/settings/api-key/create/';

/**
 * Issue 38 §2: the server answers a wrong key form's 400 before it asks for the step-up proof, so
 * the form shows the field's error and no one is asked for a password; a valid form still is.
 */
describe('the API key form and the step-up', () => {
  let asked: number;
  let stopAsking: () => void;
  beforeEach(() => {
    resetServer();
    asked = 0;
    // Stands in for the shell's "Confirm it is you" dialog: counts the asks and takes the proof.
    stopAsking = onStepUp(async () => {
      asked += 1;
      return true;
    });
    answer('GET', '/api/settings/api-keys/', []);
    answer('GET', '/api/settings/whitelists/', [
      { id: 1, name: 'Office', domain: '127.0.0.1', entries: ['127.0.0.1'], date_created: '2026-01-01T00:00:00Z' },
    ]);
  });
  afterEach(() => stopAsking());

  async function submitWithExpiry(expiry: string) {
    const { user } = renderInApp(<KeysSection />);
    await user.click(await screen.findByRole('button', { name: 'New API key' }));
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Feed');
    fireEvent.change(screen.getByLabelText('Expires'), { target: { value: expiry } });
    await user.click(screen.getByRole('button', { name: 'Create key' }));
  }

  it('shows an expiry in the past at the field, without asking for the password', async () => {
    answer('POST', '/api/settings/api-key/create/', Response.json({ expires_at: [PAST] }, { status: 400 }));
    await submitWithExpiry('2020-01-01');
    expect(await screen.findByText(PAST)).toBeTruthy();
    expect(asked).toBe(0);
    expect(calls.filter((c) => c === CREATE)).toHaveLength(1);
  });

  it('asks for the password for a valid form and sends it again after the proof', async () => {
    let sent = 0;
    answer('POST', '/api/settings/api-key/create/', () =>
      ++sent === 1
        ? Response.json(
            { detail: 'Confirm it is you: enter your password.', code: STEP_UP_REQUIRED, proof: 'password' },
            { status: 403 },
          )
        : Response.json({ id: 5, title: 'Feed', domain: 1, token: 'ak_secret', prefix: 'ak_' }, { status: 201 }),
    );
    await submitWithExpiry('2099-12-31');
    await waitFor(() => expect(sent).toBe(2));
    expect(asked).toBe(1);
  });
});
