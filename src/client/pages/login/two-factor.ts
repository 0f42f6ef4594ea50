import { ApiFailure } from '../../api/errors';

/**
 * Whether a refused sign-in asks for the second factor: the password was right and two-factor
 * sign-in is on (400 with two_factor_required), so the code step shows.
 */
export function needsSecondFactor(error: unknown): boolean {
  if (!(error instanceof ApiFailure) || error.status !== 400) return false;
  const body = error.body;
  return !!body && typeof body === 'object' && (body as Record<string, unknown>).two_factor_required === true;
}
