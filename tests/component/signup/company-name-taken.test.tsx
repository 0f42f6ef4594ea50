import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SignupPage } from '../../../src/client/pages/signup/signup-page';
import { answer, calls } from '../fake-server';
import { renderInApp } from '../render';

const TAKEN = /Another company is already registered under this name/;

/**
 * Issue 38 §2: leaving the company name field checks the name; a taken one is a warning under the
 * field (the form still signs up), gone again while the name is retyped.
 */
describe('the sign-up’s company name', () => {
  it('warns under the field once the person leaves it, when another company holds the name', async () => {
    const sent: unknown[] = [];
    answer('POST', '/api/auth/company-name-taken/', (body: unknown) => {
      sent.push(body);
      return { taken: (body as { company: string }).company.toLowerCase() === 'casa limonaia' };
    });
    const { user } = renderInApp(<SignupPage />, { path: '/signup' });
    const field = screen.getByRole('textbox', { name: /company/i });
    await user.type(field, '  Casa Limonaia ');
    expect(screen.queryByText(TAKEN)).toBeNull();
    await user.click(screen.getByRole('textbox', { name: /e-mail/i }));
    expect(await screen.findByText(TAKEN)).toBeTruthy();
    expect(sent).toEqual([{ company: 'Casa Limonaia' }]);
    // A warning, not an error: the field is not marked invalid.
    expect(field.getAttribute('aria-invalid')).toBe('false');
    // Typing again withdraws it; a free name leaves the usual help.
    await user.type(field, ' Due');
    expect(screen.queryByText(TAKEN)).toBeNull();
    await user.tab();
    await screen.findByText(/as tour operators will find it/);
    expect(sent).toHaveLength(2);
    expect(screen.queryByText(TAKEN)).toBeNull();
  });

  it('says nothing when the check fails or is refused, and sends no empty name', async () => {
    answer('POST', '/api/auth/company-name-taken/', () =>
      Response.json({ detail: 'Too many name checks.' }, { status: 429 }),
    );
    const { user } = renderInApp(<SignupPage />, { path: '/signup' });
    const field = screen.getByRole('textbox', { name: /company/i });
    await user.click(field);
    await user.tab();
    expect(calls.filter((c) => c.includes('company-name-taken'))).toEqual([]);
    await user.type(field, 'Casa Limonaia');
    await user.tab();
    await expect.poll(() => calls.filter((c) => c.includes('company-name-taken')).length).toBe(1);
    expect(screen.queryByText(TAKEN)).toBeNull();
    expect(screen.queryByText(/Too many/)).toBeNull();
  });
});
