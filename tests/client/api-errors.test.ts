import { describe, expect, it } from 'vitest';
import {
  ApiFailure,
  FALLBACK_MESSAGE,
  NETWORK_MESSAGE,
  errorMessages,
  fieldErrors,
  unwrap,
} from '../../src/client/api/errors';
import { banEndFrom } from '../../src/client/pages/login/login-ban';

const response = (status: number) => new Response(null, { status });

describe('server errors on forms', () => {
  it('flattens a DRF 400 body and keeps field messages for their fields', () => {
    const failure = new ApiFailure(400, {
      email: ['A user with that email already exists.'],
      non_field_errors: ['Check the form.'],
    });
    expect(errorMessages(failure)).toEqual(['Email: A user with that email already exists.', 'Check the form.']);
    expect(fieldErrors(failure)).toEqual({
      email: 'A user with that email already exists.',
      non_field_errors: 'Check the form.',
    });
  });

  it('names a field as the form labels it, when the form says how', () => {
    const failure = new ApiFailure(400, { re_password: ["The two password fields didn't match."] });
    expect(errorMessages(failure)).toEqual(["Re password: The two password fields didn't match."]);
    const labels: Record<string, string> = { re_password: 'Repeat password' };
    expect(errorMessages(failure, (path) => labels[path[path.length - 1]!])).toEqual([
      "Repeat password: The two password fields didn't match.",
    ]);
  });

  it('says a conflict in its detail alone: its other keys are data for the page, not words', () => {
    const taken = new ApiFailure(409, {
      detail: 'The hotel code PMI-SOL is already used for Sol Playa.',
      override_code: ['Already used for Sol Playa.'],
    });
    expect(errorMessages(taken)).toEqual(['The hotel code PMI-SOL is already used for Sol Playa.']);
    expect(errorMessages(new ApiFailure(409, { detail: 'This change is approved already.', status: 'A' }))).toEqual([
      'This change is approved already.',
    ]);
  });

  it('shows a 401 detail as it is, and never an empty list', () => {
    expect(errorMessages(new ApiFailure(401, { detail: 'Invalid token.' }))).toEqual(['Invalid token.']);
    expect(errorMessages(new ApiFailure(500, undefined))).toEqual([FALLBACK_MESSAGE]);
    expect(errorMessages(new Error('boom'))).toEqual([FALLBACK_MESSAGE]);
    expect(fieldErrors(new ApiFailure(401, { detail: 'x' }))).toEqual({});
  });

  it('unwrap: data on success, ApiFailure with the body otherwise, a network message when unreachable', async () => {
    await expect(unwrap(Promise.resolve({ data: { ok: 1 }, response: response(200) }))).resolves.toEqual({ ok: 1 });
    const failed = await unwrap(Promise.resolve({ error: { detail: 'Not found.' }, response: response(404) })).catch(
      (e: unknown) => e,
    );
    expect(failed).toMatchObject({ name: 'ApiFailure', status: 404, body: { detail: 'Not found.' } });
    const offline = await unwrap(Promise.reject(new TypeError('Failed to fetch'))).catch((e: unknown) => e);
    expect(errorMessages(offline)).toEqual([NETWORK_MESSAGE]);
  });

  it('a sign-in ban ends at ban_ends_at, else after Retry-After, else in 15 minutes', () => {
    const now = Date.parse('2026-11-21T09:00:00Z');
    expect(banEndFrom({ detail: 'x', ban_ends_at: '2026-11-21T09:15:00.000Z' }, '900', now)).toBe(
      Date.parse('2026-11-21T09:15:00Z'),
    );
    expect(banEndFrom({ detail: 'x' }, '120', now)).toBe(now + 120_000);
    expect(banEndFrom(undefined, null, now)).toBe(now + 15 * 60_000);
  });
});
