import { flattenErrors, type FieldLabeler } from '../../shared/errors';
import { translate } from '../i18n/current';

export const NETWORK_MESSAGE = 'The server cannot be reached. Check your connection and try again.';
export const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/** A call that did not succeed: its HTTP status (0 when the server was not reached) and body. */
export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

type Result<T> = { data?: T; error?: unknown; response: Response };

/** The data of a successful call, or an ApiFailure carrying the server's error body. */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await call;
  } catch {
    throw new ApiFailure(0, { detail: NETWORK_MESSAGE });
  }
  if (!result.response.ok) throw new ApiFailure(result.response.status, result.error);
  return result.data as T;
}

/**
 * What a failure's body says in words. A refusal (400) says it field by field; any other answer
 * says it in its `detail`, and its other keys are data for the page (a conflict's field at fault,
 * a contract's status, a section's current version), not words: flattened, they read "Override
 * code: Already used for Sol Playa." or "Status: A" after the sentence that already said so.
 */
function wordsOf(error: ApiFailure): unknown {
  const body = error.body as { detail?: unknown } | null | undefined;
  return error.status !== 400 && typeof body?.detail === 'string' ? { detail: body.detail } : error.body;
}

/**
 * Every message of a failure, flattened as the spec says (000 §5), never an empty list. `label`
 * names a field as the form labels it ("Repeat password"), else its name is made readable
 * ("Re password").
 */
export function errorMessages(error: unknown, label?: FieldLabeler): string[] {
  const body = error instanceof ApiFailure ? wordsOf(error) : undefined;
  const list = body === undefined ? [] : flattenErrors(body, label);
  // The two messages the client makes up itself, in the interface's language.
  return list.length
    ? list.map((m) => (m === NETWORK_MESSAGE ? translate('common.network_error') : m))
    : [translate('common.something_went_wrong')];
}

/** Field name -> its messages, for top-level fields of a 400 body (shown at the field). */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiFailure) || error.status !== 400 || !error.body || typeof error.body !== 'object')
    return out;
  for (const [key, value] of Object.entries(error.body as Record<string, unknown>)) {
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) out[key] = value.join(' ');
  }
  return out;
}
