import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SignupPage } from '../../../src/client/pages/signup/signup-page';
import { answer } from '../fake-server';
import { renderInApp } from '../render';

/**
 * The sign-up's refusal (issue 38 §1): the server names its field re_password; the list above
 * the form names it as the form labels it, and the message also sits at that field.
 */
describe('the sign-up form’s refusal', () => {
  it('names the repeated password as the form labels it', async () => {
    answer('POST', '/api/auth/users/', () =>
      Response.json({ re_password: ["The two password fields didn't match."] }, { status: 400 }),
    );
    const { user } = renderInApp(<SignupPage />, { path: '/signup' });
    await user.type(screen.getByRole('textbox', { name: /first name/i }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: /last name/i }), 'Ruiz');
    await user.type(screen.getByRole('textbox', { name: /company/i }), 'Sol Hotels');
    await user.type(screen.getByRole('textbox', { name: /e-mail/i }), 'ana@example.com');
    await user.type(screen.getByLabelText(/^password/i), 'long-enough-1');
    await user.type(screen.getByLabelText(/^repeat password/i), 'long-enough-2');
    await user.click(screen.getByRole('checkbox', { name: /accept/i }));
    await user.click(screen.getByRole('button', { name: /create|sign up/i }));
    expect(await screen.findByText("Repeat password: The two password fields didn't match.")).toBeTruthy();
    expect(screen.queryByText(/Re password/)).toBeNull();
    expect(screen.getByLabelText(/^repeat password/i).getAttribute('aria-invalid')).toBe('true');
  });
});
